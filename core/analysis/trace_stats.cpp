#include "core/analysis/trace_stats.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "core/analysis/trace_index.h"
#include "core/analysis/wait_attribution.h"

namespace syncscope {

bool isSyncCall(const TraceEvent& event) {
    if (event.kind != EventKind::ApiCall)
        return false;
    if ((event.flags & event_flags::kImplicitSync) != 0)
        return true;
    switch (event.api) {
        case ApiId::DeviceSynchronize:
        case ApiId::StreamSynchronize:
        case ApiId::EventSynchronize:
        case ApiId::StreamWaitEvent:
        case ApiId::EventQuery:
        case ApiId::StreamQuery:
        case ApiId::CpuSynchronize:
            return true;
        default:
            return false;
    }
}

// Times come from files: every sum and difference below saturates (core/model/checked_math.h), so
// an event at INT64_MAX gives the largest makespan, never a negative one.

namespace {

void peak(std::int64_t& best, std::int64_t value) {
    if (value >= 0)
        best = std::max(best, value);
}

// Busy and overlap time of GPU work, by a sweep over sorted interval endpoints.
void sweepGpu(const Trace& trace, TraceStats& stats) {
    struct Edge {
        TimeNs t;
        int delta;  // -1 end, +1 start: ends sort first so touching ops do not overlap
        std::uint16_t lane;
    };
    std::vector<Edge> edges;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const auto& e : trace.events) {
        if (!TraceIndex::isGpuWork(e.kind) || e.lane >= trace.lanes.size())
            continue;
        const auto kind = trace.lanes[e.lane].kind;
        if (kind != LaneKind::Stream && kind != LaneKind::CopyEngine)
            continue;
        first = std::min(first, e.start_ns);
        last = std::max(last, e.end_ns);
        if (e.end_ns <= e.start_ns)
            continue;
        edges.push_back({e.start_ns, +1, e.lane});
        edges.push_back({e.end_ns, -1, e.lane});
    }
    if (first > last)
        return;
    stats.gpu_span_ns = saturatingSub(last, first);
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
        return a.t != b.t ? a.t < b.t : a.delta < b.delta;
    });
    std::vector<int> per_lane(trace.lanes.size(), 0);
    int busy_lanes = 0;
    TimeNs previous = first;
    for (const Edge& edge : edges) {
        const TimeNs span = saturatingSub(edge.t, previous);
        if (busy_lanes >= 1)
            stats.gpu_busy_ns = saturatingAdd(stats.gpu_busy_ns, span);
        if (busy_lanes >= 2)
            stats.stream_overlap_ns = saturatingAdd(stats.stream_overlap_ns, span);
        previous = edge.t;
        int& count = per_lane[edge.lane];
        if (edge.delta > 0 && count++ == 0)
            ++busy_lanes;
        if (edge.delta < 0 && --count == 0)
            --busy_lanes;
    }
    stats.gpu_idle_ns = saturatingSub(stats.gpu_span_ns, stats.gpu_busy_ns);
    if (stats.gpu_busy_ns > 0)
        stats.stream_overlap_ratio =
            static_cast<double>(stats.stream_overlap_ns) / static_cast<double>(stats.gpu_busy_ns);
}

}  // namespace

TraceStats computeStats(const Trace& trace) {
    TraceStats stats;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const auto& e : trace.events) {
        first = std::min(first, e.start_ns);
        last = std::max(last, e.end_ns);
        ++stats.events_by_kind[static_cast<std::size_t>(e.kind)];
        if ((e.flags & event_flags::kInstrumentation) != 0)
            continue;
        if (e.kind == EventKind::HostWait) {
            stats.host_blocked_ns = saturatingAdd(stats.host_blocked_ns, e.duration());
            if (e.cpu_ns >= 0)
                stats.host_cpu_burnt_ns = saturatingAdd(stats.host_cpu_burnt_ns, e.cpu_ns);
            else
                ++stats.waits_cpu_unknown;
        } else if (isSyncCall(e)) {
            ++stats.sync_calls_by_api[static_cast<std::size_t>(e.api)];
            ++stats.sync_calls;
        }
    }
    if (first <= last) {
        stats.first_ns = first;
        stats.makespan_ns = saturatingSub(last, first);
    }
    for (const auto& s : trace.memory) {
        peak(stats.peak_device_used, s.device_used);
        peak(stats.peak_pool_reserved, s.pool_reserved);
        peak(stats.peak_pool_used, s.pool_used);
        peak(stats.peak_allocated, s.allocated);
        peak(stats.peak_reserved, s.reserved);
    }
    sweepGpu(trace, stats);
    if (stats.gpu_idle_ns > 0) {
        const WaitAttribution attribution(trace);
        for (const auto& gap : attribution.idleGaps())
            if (gap.cause == IdleGap::Cause::HostSync)
                stats.gpu_idle_from_syncs_ns =
                    saturatingAdd(stats.gpu_idle_from_syncs_ns, gap.duration());
    }
    return stats;
}

}  // namespace syncscope
