// TimelineModel's tracks: events of a lane (or a depth level) sorted by start, with the running
// maximum of end and the union's length kept per block of kBlock events. Starts and ends are read
// from the trace, so the per-event arrays are the 4-byte indices alone; a query recomputes the
// part of one block it lands in (at most kBlock reads, next to each other in the index).
#include <algorithm>
#include <limits>

#include "ui/timeline/timeline_model.h"

namespace syncscope {

TimeNs TimelineModel::startAt(const Track& track, std::size_t k) const {
    return trace_->events[track.events[k]].start_ns;
}

TimeNs TimelineModel::endAt(const Track& track, std::size_t k) const {
    const auto& e = trace_->events[track.events[k]];
    return std::max(e.end_ns, e.start_ns);
}

void TimelineModel::indexTrack(Track& track) const {
    const std::size_t n = track.events.size();
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    track.blockMaxEnd.assign(blocks, 0);
    track.blockBusy.assign(blocks, 0);
    TimeNs running = std::numeric_limits<TimeNs>::min();
    TimeNs busy = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const TimeNs start = startAt(track, k);
        const TimeNs end = endAt(track, k);
        // Sorted by start, so the union only grows by the part past the running end.
        const TimeNs from = k == 0 ? start : std::max(start, running);
        if (end > from)
            busy = saturatingAdd(busy, saturatingSub(end, from));
        running = std::max(running, end);
        if (k % kBlock == kBlock - 1 || k + 1 == n) {
            track.blockMaxEnd[k / kBlock] = running;
            track.blockBusy[k / kBlock] = busy;
        }
    }
}

TimeNs TimelineModel::maxEndAt(const Track& track, std::size_t k) const {
    const std::size_t b = k / kBlock;
    TimeNs running = b > 0 ? track.blockMaxEnd[b - 1] : std::numeric_limits<TimeNs>::min();
    for (std::size_t i = b * kBlock; i <= k; ++i)
        running = std::max(running, endAt(track, i));
    return running;
}

TimeNs TimelineModel::busyUpToAt(const Track& track, std::size_t k) const {
    const std::size_t b = k / kBlock;
    TimeNs running = b > 0 ? track.blockMaxEnd[b - 1] : std::numeric_limits<TimeNs>::min();
    TimeNs busy = b > 0 ? track.blockBusy[b - 1] : 0;
    // The same steps as indexTrack, from the block's start.
    for (std::size_t i = b * kBlock; i <= k; ++i) {
        const TimeNs start = startAt(track, i);
        const TimeNs end = endAt(track, i);
        const TimeNs from = i == 0 ? start : std::max(start, running);
        if (end > from)
            busy = saturatingAdd(busy, saturatingSub(end, from));
        running = std::max(running, end);
    }
    return busy;
}

std::size_t TimelineModel::firstMaxEndAtLeast(const Track& track, std::size_t from,
                                              TimeNs t) const {
    const std::size_t n = track.events.size();
    if (from >= n)
        return n;
    // The running max only grows: the first block reaching t holds the answer (or `from` does).
    const auto& m = track.blockMaxEnd;
    const auto b = static_cast<std::size_t>(
        std::lower_bound(m.begin() + static_cast<std::ptrdiff_t>(from / kBlock), m.end(), t) -
        m.begin());
    if (b >= m.size())
        return n;
    std::size_t k = std::max(from, b * kBlock);
    TimeNs running = k == b * kBlock ? (b > 0 ? m[b - 1] : std::numeric_limits<TimeNs>::min())
                                     : maxEndAt(track, k - 1);
    for (; k < n; ++k) {
        running = std::max(running, endAt(track, k));
        if (running >= t)
            return k;
    }
    return n;
}

std::size_t TimelineModel::firstStartAfter(const Track& track, TimeNs t) const {
    const auto& events = trace_->events;
    return static_cast<std::size_t>(
        std::partition_point(track.events.begin(), track.events.end(),
                             [&](std::uint32_t i) { return events[i].start_ns <= t; }) -
        track.events.begin());
}

}  // namespace syncscope
