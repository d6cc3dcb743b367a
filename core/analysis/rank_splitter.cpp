#include "core/analysis/rank_splitter.h"

#include <algorithm>
#include <map>

namespace syncscope {

std::vector<RankSplitter::Part> RankSplitter::split(const Trace& trace) {
    // kNone sorts last, so the unranked lanes of a mixed trace come after the ranks.
    std::map<std::uint32_t, std::size_t> part_of_rank;
    for (const Lane& lane : trace.lanes)
        part_of_rank.emplace(lane.rank, 0);
    if (part_of_rank.size() < 2)
        return {};
    std::vector<Part> parts(part_of_rank.size());
    std::size_t next = 0;
    for (auto& [rank, part] : part_of_rank) {
        part = next++;
        Part& p = parts[part];
        p.rank = rank;
        p.trace.title = trace.title;
        p.trace.source = trace.source;
        p.trace.device = trace.device;
        p.trace.clock = trace.clock;
        p.trace.rank = rank;
        p.trace.scenario = trace.scenario;
        // Names stay valid as they are: every part carries the whole table.
        p.trace.strings = trace.strings;
    }

    // Where each lane and event of the merged trace went: its part and its index there.
    std::vector<std::size_t> lane_part(trace.lanes.size());
    std::vector<std::uint16_t> lane_index(trace.lanes.size(), kNoLane);
    for (std::size_t i = 0; i < trace.lanes.size(); ++i) {
        lane_part[i] = part_of_rank[trace.lanes[i].rank];
        Trace& t = parts[lane_part[i]].trace;
        lane_index[i] = static_cast<std::uint16_t>(t.lanes.size());
        t.lanes.push_back(trace.lanes[i]);
    }
    auto laneIn = [&](std::uint16_t lane, std::size_t part) -> std::uint16_t {
        if (lane >= trace.lanes.size() || lane_part[lane] != part)
            return kNoLane;
        return lane_index[lane];
    };
    for (Part& p : parts)
        for (Lane& lane : p.trace.lanes)
            if (lane.parent != kNoLane)
                lane.parent = laneIn(lane.parent, &p - parts.data());

    std::vector<std::size_t> event_part(trace.events.size());
    std::vector<std::uint32_t> event_index(trace.events.size());
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const std::uint16_t lane = trace.events[i].lane;
        event_part[i] = lane < trace.lanes.size() ? lane_part[lane] : 0;
        Part& p = parts[event_part[i]];
        event_index[i] = static_cast<std::uint32_t>(p.trace.events.size());
        p.events.push_back(static_cast<std::uint32_t>(i));
        p.trace.events.push_back(trace.events[i]);
    }
    for (std::size_t part = 0; part < parts.size(); ++part) {
        Part& p = parts[part];
        for (TraceEvent& e : p.trace.events) {
            e.lane = laneIn(e.lane, part);
            if (e.target_lane != kNoLane)
                e.target_lane = laneIn(e.target_lane, part);
            if (e.awaited != kNone)
                e.awaited = e.awaited < trace.events.size() && event_part[e.awaited] == part
                                ? event_index[e.awaited]
                                : kNone;
        }
    }
    for (const Flow& f : trace.flows) {
        if (f.from >= trace.events.size() || f.to >= trace.events.size() ||
            event_part[f.from] != event_part[f.to])
            continue;
        parts[event_part[f.from]].trace.flows.push_back(
            Flow{event_index[f.from], event_index[f.to], f.kind});
    }
    return parts;
}

}  // namespace syncscope
