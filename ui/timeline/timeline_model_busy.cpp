// TimelineModel::busyBeforeEach: the busy time before many times at once, for drawing.
#include <algorithm>
#include <limits>

#include "ui/timeline/prefetch.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {

// How many times ahead the sweep prefetches: enough to cover a memory latency with the searches
// in between, few enough that the prefetched lines are still in L1 when they are read.
constexpr std::size_t kAhead = 8;
// A bucket's candidates are prefetched up to this many values (8 lines); a denser bucket (a burst
// of events) is searched without them, as before.
constexpr std::size_t kPrefetchValues = 64;

// upperBound(t) is lowerBound(t + 1); the largest time has nothing after it.
TimeNs justAfter(TimeNs t) {
    return t == std::numeric_limits<TimeNs>::max() ? t : t + 1;
}

}  // namespace

void TimelineModel::busyBeforeEach(std::uint16_t lane, int depth, const std::vector<TimeNs>& times,
                                   std::vector<TimeNs>& out) const {
    const Track* level = track(lane, depth);
    if (!level) {
        out.assign(times.size(), 0);
        return;
    }
    busyBeforeEach(*level, times, out);
}

const BusySummary* TimelineModel::busySummary(std::uint16_t lane) const {
    return trace_ && lane < lanes_.size() ? &lanes_[lane].busy : nullptr;
}

const BusySummary* TimelineModel::busySummary(std::uint16_t lane, int depth) const {
    const Track* level = track(lane, depth);
    return level ? &level->busy : nullptr;
}

void TimelineModel::busyBeforeEach(const Track& L, const std::vector<TimeNs>& times,
                                   std::vector<TimeNs>& out) {
    out.assign(times.size(), 0);
    if (L.events.empty())
        return;
    const auto& starts = L.starts;
    const std::size_t n = times.size();
    const std::size_t size = starts.size();
    auto bounds = [&](TimeNs t) {
        if (t == std::numeric_limits<TimeNs>::max())
            return std::pair<std::size_t, std::size_t>{size, size};
        return L.byStart.candidates(t + 1);
    };
    // Pass 1: the first position starting after each time (busyBefore's search), kept in `out`.
    // Times are sorted, so each search starts where the last one ended.
    std::size_t cursor = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i + kAhead < n) {
            const auto [lo, hi] = bounds(times[i + kAhead]);
            for (std::size_t p = lo; p < hi && p < lo + kPrefetchValues; p += 8)
                prefetch(starts.data() + p);
        }
        const auto [lo0, hi0] = bounds(times[i]);
        const std::size_t lo = std::max(lo0, cursor);
        const std::size_t hi = std::max(hi0, lo);
        cursor = static_cast<std::size_t>(
            std::lower_bound(starts.begin() + static_cast<std::ptrdiff_t>(lo),
                             starts.begin() + static_cast<std::ptrdiff_t>(hi),
                             justAfter(times[i])) -
            starts.begin());
        out[i] = static_cast<TimeNs>(cursor);
    }
    // Pass 2: busyBefore from the running max end and union length at those positions (see
    // busyBefore in timeline_model.cpp); the block each one is recomputed from is fetched a few
    // times ahead.
    for (std::size_t i = 0; i < n; ++i) {
        if (i + kAhead < n && out[i + kAhead] > 0) {
            const auto ahead = static_cast<std::size_t>(out[i + kAhead]) - 1;
            const std::size_t block = ahead / kBlock;
            prefetch(L.maxEnd.data() + block * kBlock);
            prefetch(L.maxEnd.data() + ahead);
            prefetch(starts.data() + block * kBlock);
            prefetch(starts.data() + ahead);
            if (block > 0)
                prefetch(L.blockBusy.data() + block - 1);
        }
        const auto j = static_cast<std::size_t>(out[i]);
        if (j == 0)
            continue;
        const TimeNs t = times[i];
        const TimeNs over = L.maxEnd[j - 1] > t ? saturatingSub(L.maxEnd[j - 1], t) : 0;
        const TimeNs upTo = busyUpTo(L, j - 1);
        out[i] = upTo - std::min(over, upTo);
    }
}

void TimelineModel::addBusy(TimeNs start, TimeNs end, std::size_t& firstChanged) {
    // busy_ is sorted and disjoint, touching intervals joined (GpuActivity's union).
    const auto it = std::lower_bound(busy_.begin(), busy_.end(), start,
                                     [](const IdleSpan& b, TimeNs t) { return b.end < t; });
    const auto i = static_cast<std::size_t>(it - busy_.begin());
    if (i < busy_.size() && busy_[i].start <= start && busy_[i].end >= end)
        return;  // already busy then: nothing changes
    firstChanged = std::min(firstChanged, i);
    if (i == busy_.size() || busy_[i].start > end) {
        busy_.insert(it, IdleSpan{start, end});
        return;
    }
    std::size_t j = i;
    TimeNs last = end;
    while (j < busy_.size() && busy_[j].start <= end) {
        last = std::max(last, busy_[j].end);
        ++j;
    }
    busy_[i] = {std::min(start, busy_[i].start), last};
    busy_.erase(busy_.begin() + static_cast<std::ptrdiff_t>(i + 1),
                busy_.begin() + static_cast<std::ptrdiff_t>(j));
}

void TimelineModel::rebuildGaps(std::size_t fromBusy) {
    // The gap before busy interval `fromBusy` and every one after it may have changed.
    const std::size_t from = std::min(gaps_.size(), fromBusy == 0 ? 0 : fromBusy - 1);
    gaps_.resize(from);
    for (std::size_t k = from; k + 1 < busy_.size(); ++k)
        gaps_.push_back({busy_[k].end, busy_[k + 1].start});
    const std::size_t firstBlock = from / kGapBlock;
    gap_block_max_.resize(std::min(gap_block_max_.size(), firstBlock));
    for (std::size_t b = firstBlock * kGapBlock; b < gaps_.size(); b += kGapBlock) {
        TimeNs m = 0;
        for (std::size_t k = b; k < std::min(gaps_.size(), b + kGapBlock); ++k)
            m = std::max(m, gaps_[k].end - gaps_[k].start);
        gap_block_max_.push_back(m);
    }
}

}  // namespace syncscope
