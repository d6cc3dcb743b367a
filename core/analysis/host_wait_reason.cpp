#include "core/analysis/host_wait_reason.h"

#include <array>

namespace syncscope {

namespace {

bool has(const TraceEvent& e, std::uint8_t flag) {
    return (e.flags & flag) != 0;
}

// Calls that only enqueue work: a long one was held, not waiting by design.
bool isEnqueue(ApiId api) {
    switch (api) {
        case ApiId::LaunchKernel:
        case ApiId::MemcpyAsync:
        case ApiId::MemsetAsync:
        case ApiId::EventRecord:
        case ApiId::StreamWaitEvent:
        case ApiId::LaunchHostFunc:
        case ApiId::MallocAsync:
        case ApiId::FreeAsync:
            return true;
        default:
            return false;
    }
}

bool isAllocation(ApiId api) {
    switch (api) {
        case ApiId::Malloc:
        case ApiId::Free:
        case ApiId::EmptyCache:
        case ApiId::TensorAlloc:
        case ApiId::TensorFree:
        case ApiId::MemPoolTrimTo:
            return true;
        default:
            return false;
    }
}

constexpr std::array<std::string_view, kHostWaitReasonCount> kKeys{
    "sync",        "poll",       "pageable-copy", "sync-copy",   "host-to-host-copy",
    "sync-memset", "allocation", "queue-full",    "held-launch", "long-call"};

}  // namespace

HostWaitReason hostWaitReason(const TraceIndex& index, std::uint32_t wait) {
    const TraceEvent& w = index.event(wait);
    if (w.mode == SyncMode::EventQueryPoll || w.api == ApiId::EventQuery ||
        w.api == ApiId::StreamQuery)
        return HostWaitReason::Poll;
    const std::uint32_t call = index.callOfWait(wait);
    const TraceEvent* c = call != kNone ? &index.event(call) : nullptr;
    const std::uint32_t op = call != kNone ? index.opOf(call) : kNone;
    const ApiId api = c != nullptr ? c->api : w.api;
    if (has(w, event_flags::kQueueFull) || (c != nullptr && has(*c, event_flags::kQueueFull)))
        return HostWaitReason::QueueFull;
    if (!has(w, event_flags::kImplicitSync) &&
        (api == ApiId::DeviceSynchronize || api == ApiId::StreamSynchronize ||
         api == ApiId::EventSynchronize || api == ApiId::None || api == ApiId::CpuSynchronize))
        return HostWaitReason::Sync;
    const bool copy = api == ApiId::Memcpy || api == ApiId::MemcpyAsync;
    if (copy) {
        const bool pageable = has(w, event_flags::kPageable) ||
                              (c != nullptr && has(*c, event_flags::kPageable)) ||
                              (op != kNone && has(index.event(op), event_flags::kPageable));
        if (pageable)
            return HostWaitReason::PageableCopy;
        if (api == ApiId::Memcpy)
            return HostWaitReason::SyncCopy;
        if (w.mode == SyncMode::BlockingCopy)
            return HostWaitReason::HostToHostCopy;
    }
    if (api == ApiId::Memset)
        return HostWaitReason::SyncMemset;
    if (w.mode == SyncMode::ImplicitAlloc || isAllocation(api))
        return HostWaitReason::Allocation;
    if (isEnqueue(api))
        return HostWaitReason::HeldLaunch;
    if (!has(w, event_flags::kImplicitSync))
        return HostWaitReason::Sync;
    return HostWaitReason::LongCall;
}

std::string_view toString(HostWaitReason reason) {
    return kKeys.at(static_cast<std::size_t>(reason));
}

TrText describe(HostWaitReason reason) {
    constexpr const char* kContext = "HostWaitReason";
    switch (reason) {
        case HostWaitReason::Sync:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason", "a sync"));
        case HostWaitReason::Poll:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason", "a query loop"));
        case HostWaitReason::PageableCopy:
            return TrText(kContext,
                          SYNCSCOPE_TR_NOOP("HostWaitReason",
                                            "a copy of pageable host memory, which the driver "
                                            "stages through pinned buffers while the host waits"));
        case HostWaitReason::SyncCopy:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason", "a synchronous copy"));
        case HostWaitReason::HostToHostCopy:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason",
                                                      "a host-to-host copy, synchronous in every "
                                                      "form"));
        case HostWaitReason::SyncMemset:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason", "a synchronous memset"));
        case HostWaitReason::Allocation:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason",
                                                      "the implicit sync of an allocation or "
                                                      "free"));
        case HostWaitReason::QueueFull:
            return TrText(kContext,
                          SYNCSCOPE_TR_NOOP("HostWaitReason", "a launch queue that was full"));
        case HostWaitReason::HeldLaunch:
            return TrText(kContext,
                          SYNCSCOPE_TR_NOOP("HostWaitReason",
                                            "a launch held inside the call (a full queue, lazy "
                                            "module loading, or the thread descheduled)"));
        case HostWaitReason::LongCall:
            return TrText(kContext, SYNCSCOPE_TR_NOOP("HostWaitReason",
                                                      "a long call; the trace does not say why"));
    }
    return TrText(std::string());
}

}  // namespace syncscope
