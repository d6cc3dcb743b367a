#include "core/analysis/rank_summary.h"

#include <map>
#include <set>

#include "core/analysis/collective_matcher.h"
#include "core/analysis/trace_stats.h"

namespace syncscope {

std::vector<std::uint32_t> ranksOf(const Trace& trace) {
    std::set<std::uint32_t> ranks;
    for (const Lane& lane : trace.lanes)
        if (lane.rank != kNone)
            ranks.insert(lane.rank);
    return {ranks.begin(), ranks.end()};
}

Trace rankSubTrace(const Trace& trace, std::uint32_t rank) {
    Trace out;
    out.title = trace.title;
    out.source = trace.source;
    out.device = trace.device;
    out.clock = trace.clock;
    out.rank = rank;
    std::vector<std::uint16_t> lane_map(trace.lanes.size(), kNoLane);
    for (std::size_t l = 0; l < trace.lanes.size(); ++l)
        if (trace.lanes[l].rank == rank)
            lane_map[l] = out.addLane(trace.lanes[l]);
    for (Lane& lane : out.lanes)
        if (lane.parent != kNoLane)
            lane.parent = lane.parent < lane_map.size() ? lane_map[lane.parent] : kNoLane;
    for (const TraceEvent& e : trace.events) {
        if (e.lane >= lane_map.size() || lane_map[e.lane] == kNoLane)
            continue;
        TraceEvent copy = e;
        copy.lane = lane_map[e.lane];
        copy.target_lane = e.target_lane < lane_map.size() ? lane_map[e.target_lane] : kNoLane;
        // Indices into the whole trace mean nothing here; names are shared through the table.
        copy.awaited = kNone;
        copy.name = out.strings.intern(trace.nameOf(e));
        out.addEvent(copy);
    }
    return out;
}

std::vector<RankSummary> summarizeRanks(const Trace& trace) {
    std::map<std::uint32_t, TimeNs> waits;
    for (const Collective& c : CollectiveMatcher::match(trace))
        for (const CollectiveArrival& a : c.arrivals)
            waits[a.rank] = saturatingAdd(waits[a.rank], a.wait_ns);
    std::vector<RankSummary> out;
    for (const std::uint32_t rank : ranksOf(trace)) {
        const Trace sub = rankSubTrace(trace, rank);
        const TraceStats s = computeStats(sub);
        RankSummary row;
        row.rank = rank;
        row.events = sub.events.size();
        row.first_ns = s.first_ns;
        row.makespan_ns = s.makespan_ns;
        row.gpu_busy_ns = s.gpu_busy_ns;
        row.host_blocked_ns = s.host_blocked_ns;
        for (const TraceEvent& e : sub.events)
            if (e.kind == EventKind::Kernel && !CollectiveMatcher::kindOf(sub.nameOf(e)).empty())
                row.nccl_ns = saturatingAdd(row.nccl_ns, e.duration());
        row.collective_wait_ns = waits[rank];
        out.push_back(row);
    }
    return out;
}

}  // namespace syncscope
