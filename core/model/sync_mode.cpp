#include "core/model/sync_mode.h"

#include <array>

#include "core/model/translatable.h"

namespace syncscope {

namespace {

// Facts from docs/semantics.md sections 1, 2 and 11. Keep the texts short enough for a
// tooltip-sized panel.
constexpr std::array<SyncModeInfo, kSyncModeCount> kCatalogue{{
    {SyncMode::None, "none", SYNCSCOPE_TR_NOOP("SyncMode", "No sync"), "—", "—",
     SYNCSCOPE_TR_NOOP("SyncMode", "nobody"), SYNCSCOPE_TR_NOOP("SyncMode", "nothing"),
     SYNCSCOPE_TR_NOOP("SyncMode",
                       "The host enqueues work and carries on. Kernels run asynchronously; nothing "
                       "waits for them "
                       "until the program ends or some later call synchronizes implicitly."),
     false},
    {SyncMode::CpuSynchronize, "cpu-synchronize", "torch.cpu.synchronize()",
     SYNCSCOPE_TR_NOOP("SyncMode", "no call at all"), "torch.cpu.synchronize()",
     SYNCSCOPE_TR_NOOP("SyncMode", "nobody (a common misconception)"),
     SYNCSCOPE_TR_NOOP("SyncMode", "nothing"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "torch.cpu.synchronize() has an empty body: it exists so device-agnostic code can call "
         "synchronize() on the CPU. Its device argument is ignored. It returns at once and waits "
         "for "
         "no "
         "GPU kernel; the GPU work it was meant to wait for is still running after it returns."),
     false, "torch.cpu.synchronize({arg})", ""},
    {SyncMode::Device, "device", SYNCSCOPE_TR_NOOP("SyncMode", "Device synchronize"),
     "cudaDeviceSynchronize()", "torch.cuda.synchronize()", SYNCSCOPE_TR_NOOP("SyncMode", "host"),
     SYNCSCOPE_TR_NOOP("SyncMode", "every task enqueued on the device, all streams"),
     SYNCSCOPE_TR_NOOP("SyncMode",
                       "The host thread blocks until every operation previously enqueued on the "
                       "current device, on "
                       "every stream, has completed. It covers one device, not all GPUs. How the "
                       "thread waits (spin, "
                       "yield or sleep) depends on the schedule policy."),
     true, "torch.cuda.synchronize()", "cudaDeviceSynchronize();"},
    {SyncMode::Stream, "stream", SYNCSCOPE_TR_NOOP("SyncMode", "Stream synchronize"),
     "cudaStreamSynchronize(s)", "torch.cuda.Stream.synchronize()",
     SYNCSCOPE_TR_NOOP("SyncMode", "host, for one stream"),
     SYNCSCOPE_TR_NOOP("SyncMode", "all work already enqueued in s"),
     SYNCSCOPE_TR_NOOP("SyncMode",
                       "The host thread blocks until everything already enqueued in stream s has "
                       "completed. Work on "
                       "other non-blocking streams may still be running when it returns."),
     true, "{s}.synchronize()", "cudaStreamSynchronize({cs});"},
    {SyncMode::Event, "event", SYNCSCOPE_TR_NOOP("SyncMode", "Event synchronize"),
     "cudaEventRecord + cudaEventSynchronize", "torch.cuda.Event.synchronize()",
     SYNCSCOPE_TR_NOOP("SyncMode", "host, for captured work"),
     SYNCSCOPE_TR_NOOP("SyncMode", "the work captured by the most recent record of the event"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "An event captures everything enqueued in its stream before cudaEventRecord. "
         "cudaEventSynchronize blocks the host until that captured work is done, not later work "
         "and "
         "not other streams. Without cudaEventBlockingSync the thread busy-waits; an event never "
         "recorded returns at once."),
     true, "{e}.synchronize()", "cudaEventSynchronize({e});"},
    {SyncMode::StreamWaitEvent, "stream-wait-event",
     SYNCSCOPE_TR_NOOP("SyncMode", "Stream waits for event"),
     "cudaEventRecord + cudaStreamWaitEvent", "Stream.wait_event() / Event.wait()",
     SYNCSCOPE_TR_NOOP("SyncMode", "the waiting stream only"),
     SYNCSCOPE_TR_NOOP("SyncMode", "the event's captured work at the time of the call"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "cudaStreamWaitEvent makes future work on the waiting stream wait, on the GPU, for one "
         "event's captured work. The host call returns at once and never blocks. It waits for one "
         "event, not all events of a stream; re-recording the event later does not change a wait "
         "already issued."),
     false, "{s}.wait_event({e})", "cudaStreamWaitEvent({cs}, {e}, 0);"},
    {SyncMode::WaitStream, "wait-stream", SYNCSCOPE_TR_NOOP("SyncMode", "Stream waits for stream"),
     "cudaEventRecord(other) + cudaStreamWaitEvent(self)", "Stream.wait_stream(other)",
     SYNCSCOPE_TR_NOOP("SyncMode", "the waiting stream only"),
     SYNCSCOPE_TR_NOOP("SyncMode", "everything enqueued on the other stream at call time"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "wait_stream records an event on the other stream and makes this stream wait for it: "
         "later "
         "work here starts only after everything queued on the other stream so far has finished. "
         "The host does not block."),
     false, "{s}.wait_stream({o})",
     "cudaEventRecord(tmp, {co}); cudaStreamWaitEvent({cs}, tmp, 0);"},
    {SyncMode::EventQueryPoll, "event-query-poll", SYNCSCOPE_TR_NOOP("SyncMode", "Poll an event"),
     "cudaEventQuery loop", "Event.query() loop", SYNCSCOPE_TR_NOOP("SyncMode", "host, spinning"),
     SYNCSCOPE_TR_NOOP("SyncMode", "the event's captured work, by polling"),
     SYNCSCOPE_TR_NOOP("SyncMode",
                       "The host asks again and again whether the event has completed. Each query "
                       "returns at once; "
                       "the loop burns a CPU core and notices completion only at its next poll."),
     true, "while not {e}.query(): time.sleep({us} / 1e6)",
     "while (cudaEventQuery({e}) == cudaErrorNotReady) usleep({us});"},
    {SyncMode::HostCallback, "host-callback",
     SYNCSCOPE_TR_NOOP("SyncMode", "Host function in stream"), "cudaLaunchHostFunc(s, fn)", "—",
     SYNCSCOPE_TR_NOOP("SyncMode", "the stream, until the callback returns"),
     SYNCSCOPE_TR_NOOP("SyncMode", "prior work in s"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "A host function enqueued in a stream runs on a driver thread after earlier work in the "
         "stream ends; later work in the stream waits until it returns. The enqueuing host thread "
         "does not block."),
     false},
    {SyncMode::BlockingCopy, "blocking-copy",
     SYNCSCOPE_TR_NOOP("SyncMode", "Blocking copy to host"), "cudaMemcpy D2H",
     "tensor.item(), .cpu(), .to('cpu')", SYNCSCOPE_TR_NOOP("SyncMode", "host (hidden sync)"),
     SYNCSCOPE_TR_NOOP("SyncMode", "the stream up to the copy, then the copy"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "Copying a result to the host waits for everything queued before it on the stream and "
         "then "
         "for the copy itself. It is a synchronize hidden inside an innocent-looking call; "
         "tensor.item() in a loop serializes host and GPU."),
     true},
    {SyncMode::ImplicitAlloc, "implicit-alloc",
     SYNCSCOPE_TR_NOOP("SyncMode", "cudaMalloc / cudaFree between streams"),
     "cudaMalloc / cudaFree", "—", SYNCSCOPE_TR_NOOP("SyncMode", "device-wide ordering"),
     SYNCSCOPE_TR_NOOP("SyncMode",
                       "all earlier work on the device (cudaFree); cross-stream overlap is cut"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "cudaMalloc and cudaFree may synchronize implicitly: work on different streams cannot "
         "overlap across them, and cudaFree waits for the device. Stream-ordered "
         "cudaMallocAsync/cudaFreeAsync avoid this."),
     true},
    {SyncMode::LegacyDefaultStream, "legacy-default-stream",
     SYNCSCOPE_TR_NOOP("SyncMode", "Work on the legacy default stream"),
     SYNCSCOPE_TR_NOOP("SyncMode", "kernel on stream 0"),
     SYNCSCOPE_TR_NOOP("SyncMode", "the default stream"),
     SYNCSCOPE_TR_NOOP("SyncMode", "all blocking streams (on the GPU)"),
     SYNCSCOPE_TR_NOOP("SyncMode", "all earlier work on every blocking stream"),
     SYNCSCOPE_TR_NOOP(
         "SyncMode",
         "Work on the legacy NULL stream waits for all earlier work on every blocking stream, and "
         "later work on blocking streams waits for it. Non-blocking streams "
         "(cudaStreamNonBlocking, "
         "PyTorch's side streams) are not affected."),
     false},
}};

}  // namespace

std::span<const SyncModeInfo> syncModeCatalogue() {
    return kCatalogue;
}

const SyncModeInfo& syncModeInfo(SyncMode mode) {
    return kCatalogue.at(static_cast<std::size_t>(mode));
}

std::optional<SyncMode> syncModeFromId(std::string_view id) {
    for (const auto& info : kCatalogue) {
        if (info.id == id)
            return info.mode;
    }
    return std::nullopt;
}

std::string syncModeCode(std::string_view pattern,
                         std::initializer_list<std::pair<std::string_view, std::string>> values) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const std::size_t close = pattern[i] == '{' ? pattern.find('}', i) : std::string_view::npos;
        if (close == std::string_view::npos) {
            out.push_back(pattern[i]);
            continue;
        }
        const std::string_view name = pattern.substr(i + 1, close - i - 1);
        for (const auto& [key, value] : values)
            if (key == name)
                out += value;
        i = close;
    }
    return out;
}

}  // namespace syncscope
