// TimelineModel's depth levels and slots: nested slices of a lane get one level each (sliceDepths),
// and rows stack in slots so the value axis, hit tests and scrolling all count the same units.
#include <algorithm>
#include <limits>

#include "core/model/huge_pages.h"
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

}  // namespace syncscope
