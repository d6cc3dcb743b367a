#include "ui/timeline/timeline_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/huge_pages.h"
#include "ui/timeline/prefetch.h"

namespace syncscope {

namespace {

// A search's bucket is prefetched up to this many values (8 lines); a denser bucket (a burst of
// events) is searched without them.
constexpr std::size_t kPrefetchValues = 64;

bool isGpuOp(EventKind k) {
    return k == EventKind::Kernel || k == EventKind::Memcpy || k == EventKind::Memset ||
           k == EventKind::HostCallback;
}

}  // namespace

TimelineModel::TimelineModel(std::shared_ptr<const Trace> trace) : trace_(std::move(trace)) {
    if (trace_)
        labels_ = StepLabelText(*trace_);
    if (!trace_)
        return;
    // Counting pass first so each lane's vector is allocated once (millions of events).
    lanes_.resize(trace_->lanes.size());
    std::vector<std::size_t> counts(lanes_.size(), 0);
    for (const auto& e : trace_->events)
        if (e.lane < counts.size())
            ++counts[e.lane];
    // Huge pages: the build writes and then re-reads every index of millions of entries, and on
    // small VMs both the first touch and a later first read of a 4 KiB page are slow (HugePages).
    for (std::size_t l = 0; l < lanes_.size(); ++l)
        HugePages::reserve(lanes_[l].events, counts[l]);
    // A build is an append of everything: one code path, so a live model equals a fresh one.
    append();
}

void TimelineModel::buildRows() {
    const auto& lanes = trace_->lanes;
    std::vector<bool> placed(lanes.size(), false);
    // A timeline of several ranks reads rank by rank, each laid out as a trace of its own; lanes
    // without a rank (every one-process trace) are one such block.
    std::vector<std::uint32_t> ranks;
    for (const auto& lane : lanes)
        if (std::find(ranks.begin(), ranks.end(), lane.rank) == ranks.end())
            ranks.push_back(lane.rank);
    std::sort(ranks.begin(), ranks.end());
    for (const std::uint32_t rank : ranks) {
        auto place = [&](std::size_t l) {
            if (placed[l] || lanes[l].rank != rank)
                return;
            placed[l] = true;
            natural_.push_back(static_cast<std::uint16_t>(l));
        };
        for (std::size_t l = 0; l < lanes.size(); ++l) {
            if (lanes[l].kind != LaneKind::HostThread)
                continue;
            place(l);
            // The waits sub-lane goes right under its thread so a sync never hides behind the
            // kernel it waits for (docs/architecture.md section 11, kineto #1356).
            for (std::size_t w = 0; w < lanes.size(); ++w)
                if (lanes[w].kind == LaneKind::HostWaits && lanes[w].parent == l)
                    place(w);
        }
        for (std::size_t l = 0; l < lanes.size(); ++l)
            if (lanes[l].kind == LaneKind::HostWaits)
                place(l);  // orphans
        for (std::size_t l = 0; l < lanes.size(); ++l)
            if (lanes[l].kind == LaneKind::Stream)
                place(l);
        for (std::size_t l = 0; l < lanes.size(); ++l)
            if (lanes[l].kind == LaneKind::CopyEngine)
                place(l);
        for (std::size_t l = 0; l < lanes.size(); ++l)
            place(l);  // annotation, other
    }
    std::vector<std::vector<std::uint16_t>> rows;
    rows.reserve(natural_.size());
    for (const auto l : natural_)
        rows.push_back({l});
    arrangeRows(rows);
}

void TimelineModel::arrangeRows(const std::vector<std::vector<std::uint16_t>>& rows,
                                const std::vector<bool>& flat) {
    const std::size_t laneCount = trace_ ? trace_->lanes.size() : 0;
    rows_.clear();
    row_lanes_.clear();
    row_flat_.clear();
    row_of_lane_.assign(laneCount, -1);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        std::vector<std::uint16_t> kept;
        for (const auto l : row)
            if (l < laneCount && row_of_lane_[l] < 0) {
                row_of_lane_[l] = static_cast<int>(rows_.size());
                kept.push_back(l);
            }
        if (kept.empty())
            continue;
        rows_.push_back(kept.front());
        row_lanes_.push_back(std::move(kept));
        row_flat_.push_back(r < flat.size() && flat[r]);
    }
    row_top_.assign(1, 0);
    for (int row = 0; row < static_cast<int>(row_lanes_.size()); ++row)
        row_top_.push_back(row_top_.back() + (rowByDepth(row)
                                                  ? depthCount(row_lanes_[std::size_t(row)].front())
                                                  : 1));
    first_gpu_row_ = 0;
    while (first_gpu_row_ < static_cast<int>(rows_.size())) {
        const auto kind = trace_->lanes[rows_[static_cast<std::size_t>(first_gpu_row_)]].kind;
        if (kind != LaneKind::HostThread && kind != LaneKind::HostWaits)
            break;
        ++first_gpu_row_;
    }
}

const std::vector<std::uint16_t>& TimelineModel::lanesOfRow(int row) const {
    static const std::vector<std::uint16_t> none;
    if (row < 0 || row >= static_cast<int>(row_lanes_.size()))
        return none;
    return row_lanes_[static_cast<std::size_t>(row)];
}

int TimelineModel::rowOfLane(std::uint16_t lane) const {
    return lane < row_of_lane_.size() ? row_of_lane_[lane] : -1;
}

std::optional<std::uint16_t> TimelineModel::laneOfRow(int row) const {
    if (row < 0 || row >= static_cast<int>(rows_.size()))
        return std::nullopt;
    return rows_[static_cast<std::size_t>(row)];
}

const std::vector<std::uint32_t>& TimelineModel::laneEvents(std::uint16_t lane) const {
    static const std::vector<std::uint32_t> empty;
    return lane < lanes_.size() ? lanes_[lane].events : empty;
}

std::uint32_t TimelineModel::laneStyles(std::uint16_t lane) const {
    return lane < lanes_.size() ? lanes_[lane].styles : 0;
}

std::size_t TimelineModel::firstEndingAtOrAfter(std::uint16_t lane, TimeNs t) const {
    if (lane >= lanes_.size())
        return 0;
    return lanes_[lane].byMaxEnd.lowerBound(lanes_[lane].maxEnd, t);
}

std::size_t TimelineModel::firstStartingAfter(std::uint16_t lane, TimeNs t) const {
    if (lane >= lanes_.size())
        return 0;
    return lanes_[lane].byStart.upperBound(lanes_[lane].starts, t);
}

std::optional<std::uint32_t> TimelineModel::eventAt(std::uint16_t lane, TimeNs t,
                                                    TimeNs slopNs) const {
    if (!trace_ || lane >= lanes_.size())
        return std::nullopt;
    return nearestEvent(lanes_[lane], t, slopNs);
}

std::optional<std::uint32_t> TimelineModel::eventAt(std::uint16_t lane, int depth, TimeNs t,
                                                    TimeNs slopNs) const {
    const Track* level = track(lane, depth);
    return level ? nearestEvent(*level, t, slopNs) : std::nullopt;
}

std::optional<std::uint32_t> TimelineModel::nearestEvent(const Track& track, TimeNs t,
                                                         TimeNs slopNs) const {
    const auto& idx = track.events;
    const auto& events = trace_->events;
    const auto first = track.byMaxEnd.lowerBound(track.maxEnd, saturatingSub(t, slopNs));
    const auto last = track.byStart.upperBound(track.starts, saturatingAdd(t, slopNs));
    std::optional<std::uint32_t> best;
    TimeNs bestDuration = 0;
    TimeNs bestDistance = 0;
    // Candidates are bounded by the slop window; the cap keeps a hover over a million sub-pixel
    // events cheap (any of them is a fair answer then).
    const std::size_t cap = 4096;
    for (std::size_t k = first; k < last && k < first + cap; ++k) {
        const auto& e = events[idx[k]];
        const TimeNs end = std::max(e.end_ns, e.start_ns);
        if (end < t - slopNs)
            continue;
        const TimeNs distance = t < e.start_ns ? e.start_ns - t : (t > end ? t - end : 0);
        const TimeNs duration = end - e.start_ns;
        if (!best || distance < bestDistance ||
            (distance == bestDistance && duration < bestDuration)) {
            best = idx[k];
            bestDistance = distance;
            bestDuration = duration;
        }
    }
    return best;
}

void TimelineModel::itemsInView(std::uint16_t lane, const TimeMapping& map, double minPx,
                                std::vector<DrawItem>& out) const {
    if (trace_ && lane < lanes_.size())
        foldItems(lanes_[lane], map, minPx, out);
}

void TimelineModel::itemsInView(std::uint16_t lane, int depth, const TimeMapping& map, double minPx,
                                std::vector<DrawItem>& out) const {
    if (const Track* level = track(lane, depth))
        foldItems(*level, map, minPx, out);
}

void TimelineModel::foldItems(const Track& L, const TimeMapping& map, double minPx,
                              std::vector<DrawItem>& out) const {
    const auto& events = trace_->events;
    const auto n = L.events.size();
    const TimeNs t0 = static_cast<TimeNs>(std::floor(map.t0()));
    const TimeNs t1 = static_cast<TimeNs>(std::ceil(map.t1()));
    const TimeNs minVisNs = map.spanNs(minPx);
    auto endAt = [&](std::size_t k) {
        const auto& e = events[L.events[k]];
        return std::max(e.end_ns, e.start_ns);
    };
    auto k = L.byMaxEnd.lowerBound(L.maxEnd, t0);
    while (k < n && L.starts[k] <= t1) {
        const TimeNs s = L.starts[k];
        const TimeNs e = endAt(k);
        if (e - s >= minVisNs) {
            out.push_back({s, e, L.events[k], 1});
            ++k;
            continue;
        }
        // A narrow event opens a fold. Jump (binary search on the running max end) over every event
        // that ends within one minimum-visible width of the fold, then take the next event in if it
        // is narrow too and close by; so the work per fold is logarithmic, not linear.
        const std::size_t first = k;
        TimeNs foldEnd = e;
        TimeNs nextTime = e + minVisNs;
        for (;;) {
            // maxEnd is sorted: the first at or after k reaching nextTime is the first overall,
            // unless that lies before k. The bucket index finds it without a search of the lane.
            const std::size_t prev = k;
            // The bucket's lines are requested together before the search probes them: one
            // memory latency per step instead of one per probe (at 10 M events every step lands
            // in lines no earlier step read). starts[k] lies in the same span.
            const auto [lo0, hi0] = L.byMaxEnd.candidates(nextTime);
            const std::size_t lo = std::max(lo0, k);
            const std::size_t hi = std::max(hi0, lo);
            for (std::size_t p = lo; p < hi && p < lo + kPrefetchValues; p += 8) {
                prefetch(L.maxEnd.data() + p);
                prefetch(L.starts.data() + p);
            }
            k = static_cast<std::size_t>(
                std::lower_bound(L.maxEnd.begin() + static_cast<std::ptrdiff_t>(lo),
                                 L.maxEnd.begin() + static_cast<std::ptrdiff_t>(hi), nextTime) -
                L.maxEnd.begin());
            // Found by the search, k is where the running end first reaches nextTime, so event k
            // itself ends at maxEnd[k]: no read of the trace's event, which at 10 M events is a
            // cache and TLB miss per step (the search has just read maxEnd around k).
            const bool crossed = k != prev;
            if (!crossed)
                ++k;
            foldEnd = std::max(foldEnd, std::min(L.maxEnd[k - 1], nextTime));
            if (k >= n)
                break;
            const TimeNs ns = L.starts[k];
            const TimeNs ne = crossed ? L.maxEnd[k] : endAt(k);
            // Stop at the view's end: a fold must never walk the rest of the trace.
            if (ns > t1 || ns - foldEnd > minVisNs || ne - ns >= minVisNs)
                break;
            foldEnd = std::max(foldEnd, ne);
            nextTime = ne + minVisNs;
            // A dense fold steps about one minimum width at a time, each step a search that
            // misses the cache at 10 M events: start loading the bucket the step after this one
            // will most likely search, so its misses overlap this step's.
            const auto [aheadLo, aheadHi] =
                L.byMaxEnd.candidates(saturatingAdd(nextTime, minVisNs));
            if (aheadLo < n) {
                prefetch(L.maxEnd.data() + (aheadLo + std::min(aheadHi, n)) / 2);
                prefetch(L.starts.data() + aheadLo);
            }
        }
        const auto count = static_cast<std::uint32_t>(k - first);
        if (count == 1) {
            out.push_back({s, e, L.events[first], 1});
        } else {
            out.push_back({s, std::max(foldEnd, s + 1), L.events[first], count});
        }
    }
}

TimeNs TimelineModel::busyBefore(const Track& lane, TimeNs t) const {
    // Every event starting at or before t that reaches past t contains t, so the union's part
    // after t is the single span [t, maxEnd]: subtract it from the union up to that event.
    const auto j = lane.byStart.upperBound(lane.starts, t);
    if (j == 0)
        return 0;
    const TimeNs over = lane.maxEnd[j - 1] > t ? saturatingSub(lane.maxEnd[j - 1], t) : 0;
    const TimeNs upTo = busyUpTo(lane, j - 1);
    return upTo - std::min(over, upTo);
}

TimeNs TimelineModel::busyNs(std::uint16_t lane, TimeNs t0, TimeNs t1) const {
    if (lane >= lanes_.size() || t1 <= t0)
        return 0;
    return std::max<TimeNs>(0, busyBefore(lanes_[lane], t1) - busyBefore(lanes_[lane], t0));
}

TimeNs TimelineModel::busyNs(std::uint16_t lane, int depth, TimeNs t0, TimeNs t1) const {
    const Track* level = track(lane, depth);
    if (!level || t1 <= t0)
        return 0;
    return std::max<TimeNs>(0, busyBefore(*level, t1) - busyBefore(*level, t0));
}

void TimelineModel::instantsInView(std::uint16_t lane, const TimeMapping& map, double minPx,
                                   std::vector<std::uint32_t>& out) const {
    if (!trace_ || lane >= lanes_.size())
        return;
    const auto& L = lanes_[lane];
    const auto& events = trace_->events;
    const TimeNs span = map.spanNs(minPx);
    const auto t0 = static_cast<TimeNs>(std::floor(map.t0())) - span;
    const auto t1 = static_cast<TimeNs>(std::ceil(map.t1()));
    const auto startOf = [&](std::size_t k) { return events[L.instants[k]].start_ns; };
    auto k = L.byInstantStart.lowerBound(t0, startOf);
    while (k < L.instants.size() && startOf(k) <= t1) {
        const auto& e = events[L.instants[k]];
        const TimeNs end = std::max(e.end_ns, e.start_ns);
        if (e.kind != EventKind::EventMarker && end - e.start_ns >= span) {
            ++k;  // wide enough to read as its bar
            continue;
        }
        if (end >= t0 + span)
            out.push_back(L.instants[k]);
        // One marker per marker width: skip whatever would be drawn on top of this one.
        const TimeNs next = saturatingAdd(e.start_ns, span);
        // The search after this one, at about one marker width on, starts at its bucket's middle
        // and quarters: fetched now, they arrive while this search waits for its own events.
        {
            const auto [lo, hi] = L.byInstantStart.candidates(saturatingAdd(next, span));
            if (hi > lo) {
                const std::size_t w = hi - lo;
                __builtin_prefetch(&events[L.instants[lo + w / 2]]);
                __builtin_prefetch(&events[L.instants[lo + w / 4]]);
                __builtin_prefetch(&events[L.instants[lo + 3 * w / 4]]);
            }
        }
        k = std::max(k + 1, L.byInstantStart.lowerBound(next, startOf));
    }
}

std::vector<std::uint32_t> TimelineModel::gpuOpsRunningAt(TimeNs t) const {
    std::vector<std::uint32_t> out;
    if (!trace_)
        return out;
    const auto& events = trace_->events;
    for (std::size_t l = 0; l < lanes_.size(); ++l) {
        if (!isGpuLane(trace_->lanes[l].kind))
            continue;
        const auto lane = static_cast<std::uint16_t>(l);
        const std::size_t last = firstStartingAfter(lane, t);
        // Bounded: only events whose running end passes t; the cap keeps a pathological import
        // (millions of overlapping ops) from stalling a frame.
        const std::size_t first = firstEndingAtOrAfter(lane, t + 1);
        for (std::size_t k = first; k < last && k < first + 4096; ++k) {
            const auto& e = events[lanes_[l].events[k]];
            if (isGpuOp(e.kind) && e.start_ns <= t && e.end_ns > t)
                out.push_back(lanes_[l].events[k]);
        }
    }
    return out;
}

TimelineModel::QueuedWork TimelineModel::gpuWorkQueuedAt(std::uint32_t call) const {
    QueuedWork out;
    if (!trace_ || call >= trace_->events.size())
        return out;
    const auto& events = trace_->events;
    const TraceEvent& c = events[call];
    // The thread's last CUDA call that started before this one: its correlation id bounds the
    // ids of the work launched before.
    std::uint32_t bound = kNone;
    std::uint16_t thread = c.lane;
    if (thread < trace_->lanes.size() && trace_->lanes[thread].parent != kNoLane &&
        trace_->lanes[thread].kind != LaneKind::HostThread)
        thread = trace_->lanes[thread].parent;
    if (thread < lanes_.size()) {
        const auto& mine = lanes_[thread].events;
        std::size_t k = firstStartingAfter(thread, c.start_ns - 1);
        for (int steps = 0; k > 0 && steps < 4096; ++steps) {
            const TraceEvent& e = events[mine[--k]];
            if (e.kind == EventKind::ApiCall && e.correlation != kNone && mine[k] != call) {
                bound = e.correlation;
                break;
            }
        }
    }
    for (std::size_t l = 0; l < lanes_.size(); ++l) {
        if (!isGpuLane(trace_->lanes[l].kind))
            continue;
        const auto lane = static_cast<std::uint16_t>(l);
        const auto& ops = lanes_[l].events;
        for (std::size_t k = firstEndingAtOrAfter(lane, c.end_ns + 1), n = 0;
             k < ops.size() && n < 4096; ++k, ++n) {
            const TraceEvent& e = events[ops[k]];
            if (!isGpuOp(e.kind) || e.end_ns <= c.end_ns)
                continue;
            const bool before = e.correlation != kNone && bound != kNone ? e.correlation <= bound
                                                                         : e.start_ns <= c.start_ns;
            if (!before)
                break;  // a stream runs its work in launch order: the rest came later
            ++out.ops;
            out.left_ns = std::max(out.left_ns, e.end_ns - c.end_ns);
        }
    }
    return out;
}

void TimelineModel::idleGapsInView(TimeNs t0, TimeNs t1, TimeNs minNs,
                                   std::vector<IdleSpan>& out) const {
    // Gaps are disjoint and sorted, so both their starts and ends are sorted. Both ends of the
    // range are searched first, so that a block of gaps too short to see is skipped by its
    // maximum alone, without reading its gaps (at 10 M events the first frame after an open read
    // one cold page of gaps per block: milliseconds).
    auto it = std::lower_bound(gaps_.begin(), gaps_.end(), t0,
                               [](const IdleSpan& g, TimeNs t) { return g.end < t; });
    auto k = static_cast<std::size_t>(it - gaps_.begin());
    const auto last = static_cast<std::size_t>(
        std::upper_bound(it, gaps_.end(), t1,
                         [](TimeNs t, const IdleSpan& g) { return t < g.start; }) -
        gaps_.begin());
    while (k < last) {
        if (k % kGapBlock == 0 && gap_block_max_[k / kGapBlock] < minNs) {
            k += kGapBlock;  // the whole block is too short to see
            continue;
        }
        if (gaps_[k].end - gaps_[k].start >= minNs)
            out.push_back(gaps_[k]);
        ++k;
    }
}

std::vector<std::uint32_t> TimelineModel::flowsOf(std::uint32_t event) const {
    std::vector<std::uint32_t> out;
    if (!trace_)
        return out;
    const auto& flows = trace_->flows;
    for (auto k = flows_by_from_.partitionPoint([&](auto f) { return flows[f].from < event; });
         k < flows_by_from_.size() && flows[flows_by_from_[k]].from == event; ++k)
        out.push_back(flows_by_from_[k]);
    for (auto k = flows_by_to_.partitionPoint([&](auto f) { return flows[f].to < event; });
         k < flows_by_to_.size() && flows[flows_by_to_[k]].to == event; ++k)
        out.push_back(flows_by_to_[k]);
    return out;
}

bool TimelineModel::flowsInView(TimeNs t0, TimeNs t1, std::size_t limit,
                                std::vector<std::uint32_t>& out) const {
    // The first flow whose running max of later end reaches t0: its block by the blocks' maxima,
    // then the running max again inside the block (the one before it ends below t0).
    const auto block = static_cast<std::size_t>(
        std::lower_bound(flow_block_hi_max_.begin(), flow_block_hi_max_.end(), t0) -
        flow_block_hi_max_.begin());
    std::size_t k = std::min(block * kFlowBlock, flows_by_time_.size());
    if (block < flow_block_hi_max_.size()) {
        TimeNs running =
            block > 0 ? flow_block_hi_max_[block - 1] : std::numeric_limits<TimeNs>::min();
        for (; k < flows_by_time_.size(); ++k) {
            running = std::max(running, flowTimeHi(flows_by_time_[k]));
            if (running >= t0)
                break;
        }
    }
    std::size_t taken = 0;
    for (; k < flows_by_time_.size() && flowTimeLo(flows_by_time_[k]) <= t1; ++k) {
        if (taken == limit)
            return false;
        out.push_back(flows_by_time_[k]);
        ++taken;
    }
    return true;
}

TimeNs TimelineModel::flowTimeLo(std::uint32_t flow) const {
    // Read through the events rather than kept per flow: the loop above stops at the first flow
    // past the view, so a frame reads only the flows it draws (and 8 B per flow are saved).
    const auto& f = trace_->flows[flow];
    return std::min(trace_->events[f.from].start_ns, trace_->events[f.to].start_ns);
}

TimeNs TimelineModel::flowTimeHi(std::uint32_t flow) const {
    const auto& f = trace_->flows[flow];
    return std::max(trace_->events[f.from].end_ns, trace_->events[f.to].end_ns);
}

}  // namespace syncscope
