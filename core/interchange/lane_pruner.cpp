#include "core/interchange/lane_pruner.h"

#include <vector>

namespace syncscope {

std::size_t LanePruner::pruneEmptyLanes(Trace& trace) {
    std::vector<bool> used(trace.lanes.size(), false);
    for (const TraceEvent& e : trace.events)
        if (e.lane < used.size()) used[e.lane] = true;
    // A host lane stays while its waits sub-lane stays, so the sub-lane keeps its parent.
    for (std::size_t i = 0; i < trace.lanes.size(); ++i)
        if (used[i] && trace.lanes[i].parent < used.size()) used[trace.lanes[i].parent] = true;

    std::vector<std::uint16_t> remap(trace.lanes.size(), kNoLane);
    std::vector<Lane> kept;
    kept.reserve(trace.lanes.size());
    for (std::size_t i = 0; i < trace.lanes.size(); ++i) {
        if (!used[i]) continue;
        remap[i] = static_cast<std::uint16_t>(kept.size());
        kept.push_back(std::move(trace.lanes[i]));
    }
    const std::size_t removed = trace.lanes.size() - kept.size();
    if (removed == 0) {
        trace.lanes = std::move(kept);
        return 0;
    }
    for (Lane& lane : kept)
        if (lane.parent != kNoLane) lane.parent = lane.parent < remap.size() ? remap[lane.parent] : kNoLane;
    for (TraceEvent& e : trace.events) {
        e.lane = remap[e.lane];
        if (e.target_lane != kNoLane)
            e.target_lane = e.target_lane < remap.size() ? remap[e.target_lane] : kNoLane;
    }
    trace.lanes = std::move(kept);
    return removed;
}

}  // namespace syncscope
