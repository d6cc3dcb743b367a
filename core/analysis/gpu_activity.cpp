#include "core/analysis/gpu_activity.h"

#include <algorithm>

namespace syncscope {

bool GpuActivity::isBusyWork(EventKind kind) {
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

bool GpuActivity::keepsGpuBusy(const Trace& trace, const TraceEvent& e) {
    return isBusyWork(e.kind) && e.lane < trace.lanes.size() &&
           isGpuLane(trace.lanes[e.lane].kind) && e.end_ns > e.start_ns;
}

// Times come from files: sums and differences saturate (core/model/checked_math.h).
GpuActivity::GpuActivity(const Trace& trace) {
    struct Edge {
        TimeNs t;
        int delta;  // -1 end, +1 start: ends sort first so touching ops do not overlap
        std::uint16_t lane;
    };
    // Counted first and reserved once: at 10 M events the edges are 160 MB, and grown by doubling
    // they took a 256 MiB block and copied 128 MiB on the way (issue 14: the window's memory per
    // event, which this counts while the stats of a new document are being built).
    std::size_t busy_count = 0;
    for (const auto& e : trace.events)
        busy_count += keepsGpuBusy(trace, e) ? 1 : 0;
    std::vector<Edge> edges;
    edges.reserve(2 * busy_count);
    for (const auto& e : trace.events) {
        if (!keepsGpuBusy(trace, e))
            continue;
        edges.push_back({e.start_ns, +1, e.lane});
        edges.push_back({e.end_ns, -1, e.lane});
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
        return a.t != b.t ? a.t < b.t : a.delta < b.delta;
    });
    // Two ops on one lane that overlap (imports can have them) still make one busy lane.
    std::vector<int> per_lane(trace.lanes.size(), 0);
    int busy_lanes = 0;
    TimeNs previous = 0;
    for (const Edge& edge : edges) {
        if (busy_lanes >= 2)
            overlap_ns_ = saturatingAdd(overlap_ns_, saturatingSub(edge.t, previous));
        previous = edge.t;
        int& count = per_lane[edge.lane];
        // Work that starts where the last busy stretch ended continues it: no zero-length gap.
        if (edge.delta > 0 && count++ == 0 && busy_lanes++ == 0 &&
            (busy_.empty() || busy_.back().end_ns < edge.t))
            busy_.push_back({edge.t, edge.t});
        if (edge.delta < 0 && --count == 0 && --busy_lanes == 0)
            busy_.back().end_ns = edge.t;
    }
    for (std::size_t k = 0; k < busy_.size(); ++k) {
        busy_ns_ = saturatingAdd(busy_ns_, saturatingSub(busy_[k].end_ns, busy_[k].start_ns));
        if (k > 0)
            gaps_.push_back({busy_[k - 1].end_ns, busy_[k].start_ns});
    }
    if (!busy_.empty())
        span_ns_ = saturatingSub(busy_.back().end_ns, busy_.front().start_ns);
}

}  // namespace syncscope
