#include "core/model/sync_mode.h"

#include <array>

namespace syncscope {

namespace {

// Facts from SYNC-SEMANTICS.md §1, §2 and §7. Keep the texts short enough for a tooltip-sized
// panel.
constexpr std::array<SyncModeInfo, kSyncModeCount> kCatalogue{{
    {SyncMode::None, "none", "No sync", "—", "—", "nobody", "nothing",
     "The host enqueues work and carries on. Kernels run asynchronously; nothing waits for them "
     "until the program ends or some later call synchronizes implicitly.",
     false},
    {SyncMode::CpuSynchronize, "cpu-synchronize", "torch.cpu.synchronize()", "no call at all",
     "torch.cpu.synchronize()", "nobody (a common misconception)", "nothing",
     "torch.cpu.synchronize() has an empty body: it exists so device-agnostic code can call "
     "synchronize() on the CPU. Its device argument is ignored. It returns at once and waits for "
     "no "
     "GPU kernel; the GPU work it was meant to wait for is still running after it returns.",
     false},
    {SyncMode::Device, "device", "Device synchronize", "cudaDeviceSynchronize()",
     "torch.cuda.synchronize()", "host", "every task enqueued on the device, all streams",
     "The host thread blocks until every operation previously enqueued on the current device, on "
     "every stream, has completed. It covers one device, not all GPUs. How the thread waits (spin, "
     "yield or sleep) depends on the schedule policy.",
     true},
    {SyncMode::Stream, "stream", "Stream synchronize", "cudaStreamSynchronize(s)",
     "torch.cuda.Stream.synchronize()", "host, for one stream", "all work already enqueued in s",
     "The host thread blocks until everything already enqueued in stream s has completed. Work on "
     "other non-blocking streams may still be running when it returns.",
     true},
    {SyncMode::Event, "event", "Event synchronize", "cudaEventRecord + cudaEventSynchronize",
     "torch.cuda.Event.synchronize()", "host, for captured work",
     "the work captured by the most recent record of the event",
     "An event captures everything enqueued in its stream before cudaEventRecord. "
     "cudaEventSynchronize blocks the host until that captured work is done, not later work and "
     "not other streams. Without cudaEventBlockingSync the thread busy-waits; an event never "
     "recorded returns at once.",
     true},
    {SyncMode::StreamWaitEvent, "stream-wait-event", "Stream waits for event",
     "cudaEventRecord + cudaStreamWaitEvent", "Stream.wait_event() / Event.wait()",
     "the waiting stream only", "the event's captured work at the time of the call",
     "cudaStreamWaitEvent makes future work on the waiting stream wait, on the GPU, for one "
     "event's captured work. The host call returns at once and never blocks. It waits for one "
     "event, not all events of a stream; re-recording the event later does not change a wait "
     "already issued.",
     false},
    {SyncMode::WaitStream, "wait-stream", "Stream waits for stream",
     "cudaEventRecord(other) + cudaStreamWaitEvent(self)", "Stream.wait_stream(other)",
     "the waiting stream only", "everything enqueued on the other stream at call time",
     "wait_stream records an event on the other stream and makes this stream wait for it: later "
     "work here starts only after everything queued on the other stream so far has finished. "
     "The host does not block.",
     false},
    {SyncMode::EventQueryPoll, "event-query-poll", "Poll an event", "cudaEventQuery loop",
     "Event.query() loop", "host, spinning", "the event's captured work, by polling",
     "The host asks again and again whether the event has completed. Each query returns at once; "
     "the loop burns a CPU core and notices completion only at its next poll.",
     true},
    {SyncMode::HostCallback, "host-callback", "Host function in stream",
     "cudaLaunchHostFunc(s, fn)", "—", "the stream, until the callback returns", "prior work in s",
     "A host function enqueued in a stream runs on a driver thread after earlier work in the "
     "stream ends; later work in the stream waits until it returns. The enqueuing host thread "
     "does not block.",
     false},
    {SyncMode::BlockingCopy, "blocking-copy", "Blocking copy to host", "cudaMemcpy D2H",
     "tensor.item(), .cpu(), .to('cpu')", "host (hidden sync)",
     "the stream up to the copy, then the copy",
     "Copying a result to the host waits for everything queued before it on the stream and then "
     "for the copy itself. It is a synchronize hidden inside an innocent-looking call; "
     "tensor.item() in a loop serializes host and GPU.",
     true},
    {SyncMode::ImplicitAlloc, "implicit-alloc", "cudaMalloc / cudaFree between streams",
     "cudaMalloc / cudaFree", "—", "device-wide ordering",
     "all earlier work on the device (cudaFree); cross-stream overlap is cut",
     "cudaMalloc and cudaFree may synchronize implicitly: work on different streams cannot "
     "overlap across them, and cudaFree waits for the device. Stream-ordered "
     "cudaMallocAsync/cudaFreeAsync avoid this.",
     true},
    {SyncMode::LegacyDefaultStream, "legacy-default-stream", "Work on the legacy default stream",
     "kernel on stream 0", "the default stream", "all blocking streams (on the GPU)",
     "all earlier work on every blocking stream",
     "Work on the legacy NULL stream waits for all earlier work on every blocking stream, and "
     "later work on blocking streams waits for it. Non-blocking streams (cudaStreamNonBlocking, "
     "PyTorch's side streams) are not affected.",
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

}  // namespace syncscope
