// KinetoImport's last steps: our own export read back verbatim, or a foreign trace's waits,
// thread names and device resolved once every record has been seen.
#include <unordered_set>

#include "core/interchange/chrome/own_export_reader.h"
#include "core/interchange/kineto/kineto_import.h"

namespace syncscope::kineto {

std::string KinetoImport::finishSyncscope() {
    auto& trace = assembler_.trace();
    const auto n = trace.events.size();
    for (const auto& e : trace.events)
        if (e.awaited != kNone && e.awaited >= n)
            return source_ + ": an event's \"awaited\" names no event";
    for (const auto& f : trace.flows)
        if (f.from >= n || f.to >= n)
            return source_ + ": a flow names no event";
    std::stable_sort(trace.memory.begin(), trace.memory.end(),
                     [](const MemorySample& a, const MemorySample& b) { return a.t_ns < b.t_ns; });
    return {};
}

void KinetoImport::addWaitsForUnrecordedSyncs() {
    const std::int64_t device = first_gpu_device_ >= 0 ? first_gpu_device_ : 0;
    for (const std::uint32_t index : sync_calls_) {
        TraceEvent wait = assembler_.trace().events[index];
        if (synced_calls_.count(wait.correlation) != 0)
            continue;
        // Without a sync record the whole call is the wait (how the thread waited is unknown).
        wait.kind = EventKind::HostWait;
        wait.lane = 0;  // placed on the caller's waits lane when the waits are resolved
        wait.flags = 0;
        wait.setCpuNs(-1);
        PendingWait pending;
        pending.device = device;
        pending.call_correlation = wait.correlation;
        pending.lane_from_call = true;
        if (wait.api == ApiId::DeviceSynchronize) {
            pending.scope = WaitScope::Device;
        } else if (wait.api == ApiId::StreamSynchronize) {
            // The runtime record does not say which stream; with one stream there is no doubt.
            pending.scope = WaitScope::Stream;
            const auto& streams = streams_by_device_[device];
            if (streams.size() == 1)
                pending.stream = *streams.begin();
        } else {
            pending.scope = WaitScope::Event;  // which record is unknown: no attribution
        }
        pending.wait = assembler_.addEvent(wait);
        assembler_.addWait(pending);
        ++result_.stats.host_waits;
    }
}

void KinetoImport::finishKineto() {
    addWaitsForUnrecordedSyncs();
    auto& trace = assembler_.trace();
    // A cuda_sync record behind cudaEventQuery is a poll that found the event done or not: not a
    // wait. Finding the queries is a pass over every event: skipped when no such record came.
    std::unordered_set<std::uint32_t> queries;
    if (!query_waits_.empty())
        for (const auto& e : trace.events)
            if (e.kind == EventKind::ApiCall &&
                (e.api == ApiId::EventQuery || e.api == ApiId::StreamQuery) &&
                e.correlation != kNone)
                queries.insert(e.correlation);
    for (const auto index : query_waits_) {
        auto& wait = trace.events[index];
        if (wait.correlation != kNone && queries.count(wait.correlation) != 0) {
            wait.mode = SyncMode::EventQueryPoll;
            wait.api = ApiId::EventQuery;
        }
    }
    for (const auto& [pid, tid, name] : thread_names_)
        assembler_.nameHostThread(pid, tid, name);
    const std::int64_t device_id = first_gpu_device_ >= 0 ? first_gpu_device_ : 0;
    auto device = devices_.find(device_id);
    if (device == devices_.end())
        device = devices_.begin();
    if (device != devices_.end()) {
        trace.device.name = device->second.name;
        trace.device.sm_count = device->second.sms;
        trace.device.memory_bytes = device->second.memory;
    }
}

}  // namespace syncscope::kineto
