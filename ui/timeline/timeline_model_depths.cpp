// TimelineModel's depth levels and slots: nested slices of a lane get one level each (sliceDepths),
// and rows stack in slots so the value axis, hit tests and scrolling all count the same units.
#include <algorithm>
#include <limits>

#include "ui/timeline/slice_depths.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

void TimelineModel::buildDepths(LaneIndex& lane) {
    const auto depths = sliceDepths(trace_->events, lane.events);
    const auto most = std::max_element(depths.begin(), depths.end());
    if (most == depths.end() || *most == 0)
        return;  // flat: level 0 is the lane itself, no copy
    lane.levels.assign(static_cast<std::size_t>(*most) + 1, Track{});
    // Depths are kept per event only once a lane nests: a trace without nesting pays nothing.
    if (depth_.empty())
        depth_.assign(trace_->events.size(), 0);
    // The lane's order (by start) carries over to each level, which then needs no sort.
    for (std::size_t k = 0; k < lane.events.size(); ++k) {
        depth_[lane.events[k]] = depths[k];
        lane.levels[depths[k]].events.push_back(lane.events[k]);
    }
    for (auto& level : lane.levels)
        indexTrack(level);
}

const TimelineModel::Track* TimelineModel::track(std::uint16_t lane, int depth) const {
    if (!trace_ || lane >= lanes_.size() || depth < 0)
        return nullptr;
    const auto& L = lanes_[lane];
    if (L.levels.empty())
        return depth == 0 ? &L : nullptr;
    return static_cast<std::size_t>(depth) < L.levels.size()
               ? &L.levels[static_cast<std::size_t>(depth)]
               : nullptr;
}

std::uint16_t TimelineModel::depthOf(std::uint32_t event) const {
    return event < depth_.size() ? depth_[event] : 0;
}

int TimelineModel::depthCount(std::uint16_t lane) const {
    if (lane >= lanes_.size())
        return 1;
    return std::max<int>(1, static_cast<int>(lanes_[lane].levels.size()));
}

int TimelineModel::rowTop(int row) const {
    if (row_top_.empty())
        return 0;
    return row_top_[static_cast<std::size_t>(
        std::clamp(row, 0, static_cast<int>(row_top_.size()) - 1))];
}

int TimelineModel::rowSpan(int row) const {
    if (row < 0 || row >= rowCount())
        return 0;
    return rowTop(row + 1) - rowTop(row);
}

int TimelineModel::rowAtSlot(double slot) const {
    if (slot < 0 || slot >= slotCount())
        return -1;
    // The last row whose top is at or above the slot.
    const auto it = std::upper_bound(row_top_.begin(), row_top_.end(), slot,
                                     [](double s, int top) { return s < top; });
    return static_cast<int>(it - row_top_.begin()) - 1;
}

int TimelineModel::slotOf(std::uint32_t event) const {
    if (!trace_ || event >= trace_->events.size())
        return -1;
    const int row = rowOfLane(trace_->events[event].lane);
    if (row < 0)
        return -1;
    return rowTop(row) + (rowByDepth(row) ? depthOf(event) : 0);
}

}  // namespace syncscope
