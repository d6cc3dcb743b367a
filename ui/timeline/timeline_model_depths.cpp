// TimelineModel's depth levels and slots: nested slices of a lane get one level each (sliceDepths),
// and rows stack in slots so the value axis, hit tests and scrolling all count the same units.
#include <algorithm>
#include <limits>
#include <mutex>

#include "core/model/huge_pages.h"
#include "ui/timeline/lane_order.h"
#include "ui/timeline/slice_depths.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

void TimelineModel::indexTrack(Track& track, std::size_t from) const {
    const auto& events = trace_->events;
    const auto& idx = track.events;
    from = std::min(from, idx.size());
    if (from == 0) {  // a build: sized once, on huge pages where the OS has them
        HugePages::reserve(track.starts, idx.size());
        HugePages::reserve(track.maxEnd, idx.size());
    }
    // Appended rather than resized and overwritten: no pass of zeros over millions of entries.
    track.starts.resize(from);
    track.maxEnd.resize(from);
    TimeNs running = from > 0 ? track.maxEnd[from - 1] : std::numeric_limits<TimeNs>::min();
    for (std::size_t k = from; k < idx.size(); ++k) {
        const auto& e = events[idx[k]];
        track.starts.push_back(e.start_ns);
        running = std::max(running, std::max(e.end_ns, e.start_ns));
        track.maxEnd.push_back(running);
    }
    indexTimes(track, from);
}

void TimelineModel::indexTimes(Track& track, std::size_t from) {
    const auto& idx = track.events;
    // The union's length at the end of each whole block, from the first block that changed.
    const std::size_t firstBlock = from / kBlock;
    track.blockBusy.resize(firstBlock);
    if (from == 0)  // a build reserves once; a live run's appends grow it by doubling
        HugePages::reserve(track.blockBusy, idx.size() / kBlock);
    for (std::size_t b = firstBlock; (b + 1) * kBlock <= idx.size(); ++b)
        track.blockBusy.push_back(busyUpTo(track, (b + 1) * kBlock - 1));
    track.byStart.truncate(from);
    track.byStart.extend(track.starts);
    track.byMaxEnd.truncate(from);
    track.byMaxEnd.extend(track.maxEnd);
    if (idx.empty()) {
        track.busy.clear();
        return;
    }
    const TimeNs changedFrom =
        from < idx.size() ? track.starts[from] : std::numeric_limits<TimeNs>::max();
    track.busy.update(idx.size(), track.starts.front(), track.maxEnd.back(), changedFrom,
                      [&track](const std::vector<TimeNs>& times, std::vector<TimeNs>& out) {
                          busyBeforeEach(track, times, out);
                      });
}

TimeNs TimelineModel::busyUpTo(const Track& track, std::size_t k) {
    // Sorted by start, so each event adds to the union only its part past the running end of
    // those before it, which is maxEnd[i] - max(start, maxEnd[i - 1]) when positive.
    const std::size_t block = k / kBlock;
    TimeNs busy = block > 0 ? track.blockBusy[block - 1] : 0;
    for (std::size_t i = block * kBlock; i <= k; ++i) {
        const TimeNs begin =
            i == 0 ? track.starts[0] : std::max(track.starts[i], track.maxEnd[i - 1]);
        if (track.maxEnd[i] > begin)
            busy = saturatingAdd(busy, saturatingSub(track.maxEnd[i], begin));
    }
    return busy;
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

void TimelineModel::redoDepths(LaneIndex& lane, std::size_t from) {
    const auto& events = trace_->events;
    const auto& idx = lane.events;
    const LaneOrder order{&events};
    // Depths after a point where every earlier slice has ended (and nothing starts with the last
    // of them) do not depend on what came before: restart there. Host threads, whose calls follow
    // one another, restart right at the new events.
    std::size_t q = from;
    while (q > 0 && q < idx.size() &&
           !(lane.starts[q - 1] < lane.starts[q] && lane.maxEnd[q - 1] <= lane.starts[q]))
        --q;
    std::vector<std::uint32_t> tail;  // a copy only when restarting past the lane's start
    if (q > 0)
        tail.assign(idx.begin() + static_cast<std::ptrdiff_t>(q), idx.end());
    const auto& redo = q > 0 ? tail : idx;
    const auto depths = sliceDepths(events, redo);
    const std::uint16_t most =
        depths.empty() ? std::uint16_t{0} : *std::max_element(depths.begin(), depths.end());
    if (lane.levels.empty() && most == 0)
        return;  // still flat: level 0 is the lane itself, no copy, and its depths are all 0
    // The first lane to nest gives every event a depth; the others', all 0, were implied so far.
    ensureDepths();
    for (std::size_t k = 0; k < redo.size(); ++k)
        depth_[redo[k]] = depths[k];
    if (lane.levels.empty()) {
        // The lane starts to nest: every earlier event was on level 0.
        lane.levels.assign(static_cast<std::size_t>(most) + 1, Track{});
        std::vector<std::size_t> perLevel(lane.levels.size(), 0);
        for (const auto k : idx)
            ++perLevel[depth_[k]];
        for (std::size_t d = 0; d < lane.levels.size(); ++d)
            HugePages::reserve(lane.levels[d].events, perLevel[d]);
        for (const auto k : idx)
            lane.levels[depth_[k]].events.push_back(k);
        for (auto& level : lane.levels)
            indexTrack(level);
        return;
    }
    // Each level keeps its events before the restart and takes the redone ones, in lane order.
    std::vector<std::size_t> kept(lane.levels.size());
    for (std::size_t d = 0; d < lane.levels.size(); ++d) {
        auto& level = lane.levels[d].events;
        kept[d] = q == 0 ? 0 : LaneOrder::countUpTo(level, idx[q - 1], order);
        level.resize(kept[d]);
    }
    if (static_cast<std::size_t>(most) + 1 > lane.levels.size()) {
        kept.resize(static_cast<std::size_t>(most) + 1, 0);
        lane.levels.resize(static_cast<std::size_t>(most) + 1);
    }
    for (const auto k : redo)
        lane.levels[depth_[k]].events.push_back(k);
    // A re-sorted tail can leave the deepest levels empty; a fresh build would not have them.
    while (lane.levels.size() > 1 && lane.levels.back().events.empty())
        lane.levels.pop_back();
    if (lane.levels.size() == 1) {
        lane.levels.clear();
        return;
    }
    for (std::size_t d = 0; d < lane.levels.size(); ++d)
        indexTrack(lane.levels[d], kept[d]);
}

void TimelineModel::ensureDepths() {
    std::unique_lock<std::mutex> lock;
    if (depths_lock_ != nullptr)
        lock = std::unique_lock<std::mutex>(*depths_lock_);
    if (depth_.empty()) {
        HugePages::reserve(depth_, indexed_events_);
        depth_.assign(indexed_events_, 0);
    }
}

}  // namespace syncscope
