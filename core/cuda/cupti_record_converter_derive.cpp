// CuptiRecordConverter: what the records do not say directly, derived per the conventions —
// GPU events of each stream call (markers, stream waits, callbacks, memory ops), host waits and
// what they awaited, memory samples in time order.
#include <algorithm>
#include <string>

#include "core/cuda/converter_rules.h"
#include "core/cuda/cupti_record_converter.h"
#include "core/cuda/runtime_api_map.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

using namespace converter_rules;

std::uint32_t CuptiRecordConverter::emitGpuSide(std::uint32_t step, const Step& st, ApiId api,
                                                const ApiRecord& call, std::uint32_t stream,
                                                std::uint32_t cuda_event,
                                                const StepBucket& bucket) {
    TraceEvent ev;
    ev.step = step;
    ev.batch = st.batch;
    ev.mode = modeOfStep(st);
    const TimeNs call_start = fromRecord(call.start);
    const TimeNs reached =
        std::max(call_start, stream_tails_[stream].end);  // when the stream got to it

    switch (api) {
        case ApiId::LaunchKernel:
        case ApiId::Memcpy:
        case ApiId::MemcpyAsync:
        case ApiId::Memset:
        case ApiId::MemsetAsync: {
            const auto it = gpu_.find(call.correlation);
            if (it == gpu_.end())
                return kNone;
            const GpuOpRecord& op = it->second;
            stream_map_[op.stream_id] = stream;
            ev.start_ns = fromRecord(op.start);
            ev.end_ns = fromRecord(op.end);
            ev.setBytes(op.bytes);
            if (op.kind == GpuOpRecord::Kind::Kernel) {
                ev.kind = EventKind::Kernel;
                ev.name = intern(st.label.empty() ? std::string(toString(st.kernel)) + " kernel"
                                                  : st.label.en);
                if (st.kernel == KernelKind::Memory)
                    ev.setBytes(st.bytes);
            } else if (op.kind == GpuOpRecord::Kind::Memcpy) {
                ev.kind = EventKind::Memcpy;
                ev.name = intern(st.label.empty() ? copyName(op.copy_kind, st) : st.label.en);
                if (!st.pinned)
                    ev.flags |= event_flags::kPageable;
            } else {
                ev.kind = EventKind::Memset;
                ev.name = intern(st.label.empty() ? std::string("memset") : st.label.en);
            }
            return addStreamEvent(ev, stream);
        }
        case ApiId::EventRecord: {
            ev.kind = EventKind::EventMarker;
            ev.cuda_event = cuda_event;
            ev.name =
                intern("record " + eventName(cuda_event));  // "record (wait_stream)" when hidden
            TimeNs at = reached;
            if (const auto it = cuda_events_.find(call.correlation); it != cuda_events_.end()) {
                stream_map_[it->second.stream_id] = stream;
                // Use the device-side stamp only when it is on our axis (plausibly after the call).
                const TimeNs device = fromRecord(it->second.device_timestamp);
                if (it->second.device_timestamp != 0 && device >= call_start &&
                    device - call_start < kMaxMarkerDelayNs)
                    at = device;
            }
            ev.start_ns = ev.end_ns = at;
            const Tail captured = stream_tails_[stream];
            const std::uint32_t index = addStreamEvent(ev, stream);
            Marker marker;
            marker.index = index;
            marker.done = captured.index == kNone ? at : captured.end;
            marker.done_op = captured.index == kNone ? index : captured.index;
            markers_[cuda_event] = marker;
            return index;
        }
        case ApiId::StreamWaitEvent: {
            ev.kind = EventKind::StreamWait;
            ev.cuda_event = cuda_event;
            ev.name = intern(cuda_event < scenario_.events.size() ? "wait " + eventName(cuda_event)
                                                                  : std::string("wait_stream"));
            ev.start_ns = reached;
            ev.end_ns = reached;
            const auto it = markers_.find(cuda_event);
            if (it != markers_.end()) {
                ev.end_ns = std::max(reached, it->second.done);
                ev.awaited = it->second.index;
            }
            const std::uint32_t index = addStreamEvent(ev, stream);
            if (it != markers_.end())
                trace_.flows.push_back({it->second.index, index, FlowKind::Record});
            return index;
        }
        case ApiId::LaunchHostFunc: {
            const HostStamp* cb = stampOf(bucket, HostStamp::Kind::HostCallback);
            if (cb == nullptr)
                return kNone;
            ev.kind = EventKind::HostCallback;
            ev.name = intern(st.label.empty() ? std::string("host callback") : st.label.en);
            ev.start_ns = fromHost(cb->start);
            ev.end_ns = fromHost(cb->end);
            ev.setCpuNs(cb->cpu_ns);
            return addStreamEvent(ev, stream);
        }
        case ApiId::MallocAsync:
        case ApiId::FreeAsync: {
            ev.kind = EventKind::MemoryOp;
            const std::string buffer =
                st.buffer < scenario_.buffers.size() ? " " + scenario_.buffers[st.buffer].name : "";
            ev.name = intern((api == ApiId::MallocAsync ? "malloc_async" : "free_async") + buffer);
            ev.setBytes(st.bytes);
            TimeNs at = reached;
            if (const auto it = memory_ops_.find(call.correlation); it != memory_ops_.end()) {
                stream_map_[it->second.stream_id] = stream;
                if (it->second.bytes != 0)
                    ev.setBytes(it->second.bytes);
                if (it->second.timestamp != 0)
                    at = std::max(at, fromRecord(it->second.timestamp));
            }
            ev.start_ns = ev.end_ns = at;
            return addStreamEvent(ev, stream);
        }
        default:
            return kNone;
    }
}

// Only a call that actually waited gets a HostWait: the awaited work ended after the call began
// and (within the clock tolerance) before it returned. A synchronous device-to-device copy behind
// a kernel on a blocking stream returned 2 ms before its copy ran (H200): the host waited for
// nothing there.
bool CuptiRecordConverter::waitedFor(std::uint32_t awaited, const TraceEvent& wait) const {
    if (awaited == kNone)
        return false;
    const TimeNs end = trace_.events[awaited].end_ns;
    return end > wait.start_ns &&
           end <= wait.end_ns + std::max<TimeNs>(0, trace_.device.clock_tolerance_ns);
}

void CuptiRecordConverter::emitHostWait(std::uint32_t step, const Step& st,
                                        const StepBucket& bucket, std::uint32_t own_gpu_event,
                                        std::uint32_t call_index) {
    const HostStamp* stamp = stampOf(bucket, HostStamp::Kind::Step);
    TraceEvent wait;
    wait.kind = EventKind::HostWait;
    wait.lane = kWaitLane;
    wait.step = step;
    wait.batch = st.batch;
    wait.mode = modeOfStep(st);
    bool have_interval = false;

    if (st.kind == StepKind::EventQueryPoll) {
        for (const ApiRecord& call : bucket.api) {
            if (apiFromRuntimeCbid(call.cbid) != ApiId::EventQuery)
                continue;
            if (!have_interval)
                wait.start_ns = fromRecord(call.start);
            wait.end_ns = fromRecord(call.end);
            have_interval = true;
        }
    } else {
        for (const ApiRecord& call : bucket.api) {
            if (!isHostSyncApi(apiFromRuntimeCbid(call.cbid)))
                continue;
            wait.start_ns = fromRecord(call.start);
            wait.end_ns = fromRecord(call.end);
            // SYNCHRONIZATION records time the wait itself; they match the call when present.
            if (const auto it = sync_.find(call.correlation);
                it != sync_.end() && it->second.type != SyncRecord::StreamWaitEvent) {
                wait.start_ns = fromRecord(it->second.start);
                wait.end_ns = fromRecord(it->second.end);
            }
            have_interval = true;
        }
    }
    if (!have_interval && stamp != nullptr) {
        wait.start_ns = fromHost(stamp->start);
        wait.end_ns = fromHost(stamp->end);
        have_interval = true;
    }
    if (!have_interval)
        return;

    // awaited: the GPU event whose end released the host (the simulator's choice per kind).
    std::uint32_t awaited = kNone;
    switch (st.kind) {
        case StepKind::DeviceSync:
        case StepKind::Free:
            awaited = device_tail_.index;
            break;
        case StepKind::StreamSync:
            if (st.stream < stream_tails_.size())
                awaited = stream_tails_[st.stream].index;
            break;
        case StepKind::EventSync:
        case StepKind::EventQueryPoll:
            // The marker: the point where the captured work was done. Never recorded: no wait.
            if (const auto it = markers_.find(st.event); it != markers_.end())
                awaited = it->second.index;
            break;
        default:
            awaited = own_gpu_event;
            break;
    }
    if (!waitedFor(awaited, wait))
        return;

    if (call_index != kNone) {
        const TraceEvent& call = trace_.events[call_index];
        wait.api = call.api;
        wait.name = call.name;
        wait.target_lane = call.target_lane;
        wait.cuda_event = call.cuda_event;
    } else {
        wait.name = intern("wait");
    }
    wait.awaited = awaited;
    if (stamp != nullptr)
        wait.setCpuNs(stamp->cpu_ns);
    wait.flags |= st.kind == StepKind::EventQueryPoll ? event_flags::kSpinning : waitStyle(stamp);
    if (isImplicitSync(st))
        wait.flags |= event_flags::kImplicitSync;
    const std::uint32_t index = trace_.addEvent(wait);
    trace_.flows.push_back({index, awaited, FlowKind::Awaited});
}

// The GPU op that ended last at or before `t` (the allocator's events are its bookkeeping and
// not in the trace, so this is the work whose end let its cudaEventSynchronize return). Looks at
// the most recent events only: the op a wait ends on was enqueued shortly before it.
std::uint32_t CuptiRecordConverter::latestGpuOpEndingBy(TimeNs t) const {
    constexpr std::size_t kLookBack = 65536;
    std::uint32_t best = kNone;
    const std::size_t n = trace_.events.size();
    for (std::size_t k = 0; k < std::min(n, kLookBack); ++k) {
        const auto i = static_cast<std::uint32_t>(n - 1 - k);
        const TraceEvent& e = trace_.events[i];
        const bool op = e.kind == EventKind::Kernel || e.kind == EventKind::Memcpy ||
                        e.kind == EventKind::Memset || e.kind == EventKind::HostCallback;
        if (op && e.end_ns <= t && (best == kNone || e.end_ns > trace_.events[best].end_ns))
            best = i;
    }
    return best;
}

// CPU/wall near 1 = spinning, near 0 = sleeping (docs/semantics.md section 5). A step with several
// waits (an allocator op) has one ratio for all of them.
std::uint8_t CuptiRecordConverter::waitStyle(const HostStamp* stamp) {
    if (stamp == nullptr || stamp->cpu_ns < 0 || stamp->end <= stamp->start)
        return 0;
    const double ratio =
        static_cast<double>(stamp->cpu_ns) / static_cast<double>(stamp->end - stamp->start);
    return ratio >= 0.5 ? event_flags::kSpinning : event_flags::kSleeping;
}

// The implicit sync a call of `st` made: a HostWait from the call's start to `end` for `awaited`,
// when the host did wait for it.
void CuptiRecordConverter::addImplicitWait(const TraceEvent& call, const Step& st,
                                           const StepBucket& bucket, TimeNs end, SyncMode mode,
                                           std::uint32_t awaited) {
    TraceEvent wait;
    wait.kind = EventKind::HostWait;
    wait.lane = kWaitLane;
    wait.step = call.step;
    wait.batch = st.batch;
    wait.mode = mode;
    wait.api = call.api;
    wait.name = call.name;
    wait.target_lane = call.target_lane;
    wait.start_ns = call.start_ns;
    wait.end_ns = end;
    if (wait.end_ns <= wait.start_ns || !waitedFor(awaited, wait))
        return;
    wait.awaited = awaited;
    wait.flags |= event_flags::kImplicitSync | waitStyle(stampOf(bucket, HostStamp::Kind::Step));
    const std::uint32_t index = trace_.addEvent(wait);
    trace_.flows.push_back({index, awaited, FlowKind::Awaited});
}

void CuptiRecordConverter::emitAllocatorWait(const Step& st, const StepBucket& bucket,
                                             std::uint32_t call_index) {
    const TraceEvent& call = trace_.events[call_index];
    // cudaFree of cudaMalloc memory waits for the whole device; cudaEventSynchronize for the
    // point where a held tensor's other stream was when the tensor died.
    const std::uint32_t awaited =
        call.api == ApiId::Free
            ? device_tail_.index
            : latestGpuOpEndingBy(call.end_ns +
                                  std::max<TimeNs>(0, trace_.device.clock_tolerance_ns));
    addImplicitWait(call, st, bucket, call.end_ns, st.mode, awaited);
}

void CuptiRecordConverter::emitBlockingCopyWait(const Step& st, const StepBucket& bucket,
                                                std::uint32_t call_index, std::uint32_t copy_index,
                                                std::uint32_t stream_before) {
    const TraceEvent& call = trace_.events[call_index];
    const TraceEvent& copy = trace_.events[copy_index];
    // As the simulator labels it. Staging starts once the stream's earlier work is done: the
    // host waited for that work, then copied into the staging buffers (its own work, no wait).
    if (asyncCopyStages(st))
        addImplicitWait(call, st, bucket, std::min(call.end_ns, copy.start_ns),
                        SyncMode::BlockingCopy, stream_before);
    else
        addImplicitWait(call, st, bucket, call.end_ns, SyncMode::BlockingCopy, copy_index);
}

void CuptiRecordConverter::flushMemory(bool final) {
    if (pending_memory_.empty())
        return;
    std::stable_sort(pending_memory_.begin(), pending_memory_.end(),
                     [](const MemorySample& a, const MemorySample& b) { return a.t_ns < b.t_ns; });
    std::size_t taken = 0;
    for (const MemorySample& sample : pending_memory_) {
        if (!final && sample.t_ns > watermark_)
            break;
        ++taken;
        if (sample.t_ns < 0)
            continue;  // set-up before the run's origin
        if (!trace_.memory.empty() && sample.t_ns < trace_.memory.back().t_ns)
            continue;  // keep time order
        trace_.memory.push_back(sample);
    }
    pending_memory_.erase(pending_memory_.begin(),
                          pending_memory_.begin() + static_cast<std::ptrdiff_t>(taken));
}

}  // namespace syncscope
