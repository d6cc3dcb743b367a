// TimelineModel::append: indexing what a growing trace gained since the last build or append, in
// O(new) amortized, so a live run costs what it adds and not what it has. The constructor is an
// append of everything, so a model grown delta by delta and one built at once share every step.
#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <mutex>
#include <utility>

#include "core/analysis/gpu_activity.h"
#include "core/model/huge_pages.h"
#include "core/model/torch_call.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/busy_union.h"
#include "ui/timeline/key_sort.h"
#include "ui/timeline/lane_order.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/slice_depths.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {

// Kinds whose events can be instants or a few µs long and still carry a lesson ("launches are
// async", "the record came first"): they get a marker when too narrow to see as a bar.
bool isInstantKind(EventKind k) {
    return k == EventKind::ApiCall || k == EventKind::HostWait || k == EventKind::EventMarker ||
           k == EventKind::MemoryOp || k == EventKind::Error;
}

}  // namespace

void TimelineModel::append() {
    if (!trace_)
        return;
    const auto& events = trace_->events;
    const bool fresh = indexed_events_ == 0;
    const bool newLanes = trace_->lanes.size() > lanes_.size() || (fresh && natural_.empty());
    if (trace_->lanes.size() > lanes_.size())
        lanes_.resize(trace_->lanes.size());
    std::vector<std::size_t> before(lanes_.size());
    for (std::size_t l = 0; l < lanes_.size(); ++l)
        before[l] = lanes_[l].events.size();
    std::size_t firstBusyChanged = std::numeric_limits<std::size_t>::max();
    for (auto i = static_cast<std::uint32_t>(indexed_events_); i < events.size(); ++i) {
        const auto& e = events[i];
        if (e.lane >= lanes_.size())
            continue;  // an event on an unknown lane is not drawable
        lanes_[e.lane].events.push_back(i);
        lanes_[e.lane].styles |= 1u << static_cast<unsigned>(legendStyleOf(e));
        const TimeNs end = std::max(e.end_ns, e.start_ns);
        lo_ = any_time_ ? std::min(lo_, e.start_ns) : e.start_ns;
        hi_ = any_time_ ? std::max(hi_, end) : end;
        any_time_ = true;
        // A recorder's own rows (a profiler's "Record Window End", hidden unless asked for) do not
        // count: a real profiler trace (BERT on an H100) ends its work at 5 ms and that marker
        // at 8.4 ms.
        if (!trace_->lanes[e.lane].bookkeeping) {
            event_lo_ = any_event_ ? std::min(event_lo_, e.start_ns) : e.start_ns;
            event_hi_ = any_event_ ? std::max(event_hi_, end) : end;
            any_event_ = true;
        }
        if (isCpuSynchronizeCall(e)) {
            const auto at = std::upper_bound(
                cpu_syncs_.begin(), cpu_syncs_.end(), e.start_ns,
                [&events](TimeNs t, std::uint32_t k) { return t < events[k].start_ns; });
            cpu_syncs_.insert(at, i);
        }
        if (!fresh && GpuActivity::keepsGpuBusy(*trace_, e))
            addBusy(e.start_ns, e.end_ns, firstBusyChanged);
    }
    for (std::size_t m = seen_memory_; m < trace_->memory.size(); ++m) {
        const TimeNs t = trace_->memory[m].t_ns;
        lo_ = any_time_ ? std::min(lo_, t) : t;
        hi_ = any_time_ ? std::max(hi_, t) : t;
        any_time_ = true;
    }
    seen_memory_ = trace_->memory.size();
    begin_ = any_time_ ? std::min<TimeNs>(lo_, 0) : 0;
    end_ = any_time_ && hi_ > begin_ ? hi_ : begin_ + 1;
    indexed_events_ = events.size();
    if (!depth_.empty())
        depth_.resize(events.size(), 0);

    // The lanes' indexes are independent of one another, and the flows' need the events only: a
    // build of many events runs them as tasks on two threads (issue 14: the machine class has two
    // cores), biggest first so that neither thread is left with a big one at the end. Each task
    // writes only its lane (or the flows' indexes); depth_, which nesting lanes share, is
    // allocated under a lock (ensureDepths) and written at their own events only.
    std::vector<std::uint16_t> grown;
    for (std::size_t l = 0; l < lanes_.size(); ++l)
        if (lanes_[l].events.size() > before[l])
            grown.push_back(static_cast<std::uint16_t>(l));
    const bool parallel = fresh && events.size() >= kParallelBuildFrom;
    if (parallel) {
        constexpr std::size_t kFlows = std::numeric_limits<std::size_t>::max();
        std::vector<std::pair<std::size_t, std::size_t>> tasks;  // (size, lane or kFlows)
        tasks.reserve(grown.size() + 1);
        for (const auto l : grown)
            tasks.emplace_back(lanes_[l].events.size(), l);
        tasks.emplace_back(trace_->flows.size() - std::min(seen_flows_, trace_->flows.size()),
                           kFlows);
        std::sort(tasks.begin(), tasks.end(), std::greater<>());
        std::mutex depthsLock;
        depths_lock_ = &depthsLock;
        try {
            JobTracker::shared().parallelFor(tasks.size(), [&](std::size_t k) {
                if (tasks[k].second == kFlows)
                    addFlows(seen_flows_);
                else
                    appendToLane(static_cast<std::uint16_t>(tasks[k].second),
                                 before[tasks[k].second]);
            });
        } catch (...) {
            depths_lock_ = nullptr;
            throw;
        }
        depths_lock_ = nullptr;
    } else {
        for (const auto l : grown)
            appendToLane(l, before[l]);
    }
    if (newLanes) {
        natural_.clear();
        buildRows();
    } else {
        const auto rows = row_lanes_;  // depth counts may have grown: slots follow
        arrangeRows(rows);
    }
    if (fresh) {
        // The gaps drawn are GpuActivity's, the same the stats sum into "GPU idle" and the hover
        // explains (computed from the lanes, which are sorted by now); appends then extend its
        // union of busy intervals the same way.
        std::vector<const std::vector<std::uint32_t>*> gpuLanes;
        for (std::size_t l = 0; l < lanes_.size(); ++l)
            if (isGpuLane(trace_->lanes[l].kind))
                gpuLanes.push_back(&lanes_[l].events);
        const auto busy = busyUnionOfSortedLanes(events, gpuLanes);
        busy_.clear();
        HugePages::reserve(busy_, busy.size());
        for (const auto& b : busy)
            busy_.push_back({b.start_ns, b.end_ns});
        gaps_.clear();
        HugePages::reserve(gaps_, busy_.size());
        gap_block_max_.clear();
        rebuildGaps(0);
    } else if (firstBusyChanged != std::numeric_limits<std::size_t>::max()) {
        rebuildGaps(firstBusyChanged);
    }
    if (!parallel)
        addFlows(seen_flows_);
    seen_flows_ = trace_->flows.size();
}

bool TimelineModel::indexLaneInOrder(LaneIndex& lane) const {
    // One pass over the events checks their order and gathers the starts, the running ends and
    // the marker candidates. Each event read is a cache miss at 10M events (the lane's events lie
    // among all the others'), and the four passes this replaces (the order, the starts and ends,
    // the candidates' count, the candidates) were a third of the model build (perf, bench_model).
    const auto& events = trace_->events;
    const auto& idx = lane.events;
    const std::size_t n = idx.size();
    HugePages::reserve(lane.starts, n);
    HugePages::reserve(lane.maxEnd, n);
    lane.starts.clear();
    lane.maxEnd.clear();
    std::vector<bool> instant(n);
    std::size_t instants = 0;
    TimeNs running = std::numeric_limits<TimeNs>::min();
    for (std::size_t k = 0; k < n; ++k) {
        const auto& e = events[idx[k]];
        // LaneOrder: by start, then end; index order among equals holds by construction.
        if (k > 0 && (e.start_ns < lane.starts.back() ||
                      (e.start_ns == lane.starts.back() && e.end_ns < events[idx[k - 1]].end_ns)))
            return false;
        lane.starts.push_back(e.start_ns);
        running = std::max(running, std::max(e.end_ns, e.start_ns));
        lane.maxEnd.push_back(running);
        const bool candidate = isInstantKind(e.kind);
        instant[k] = candidate;
        instants += candidate ? 1 : 0;
    }
    indexTimes(lane, 0);
    // Reserved exactly, or doubling leaves up to half of millions of entries unused (issue 14:
    // 100 B per event); a live run's appends keep the amortized growth.
    lane.instants.clear();
    HugePages::reserve(lane.instants, instants);
    for (std::size_t k = 0; k < n; ++k)
        if (instant[k])
            lane.instants.push_back(idx[k]);
    lane.byInstantStart.truncate(0);
    lane.byInstantStart.extend(lane.instants.size(),
                               [&](std::size_t k) { return events[lane.instants[k]].start_ns; });
    return true;
}

void TimelineModel::appendToLane(std::uint16_t laneId, std::size_t before) {
    const auto& events = trace_->events;
    auto& lane = lanes_[laneId];
    auto& idx = lane.events;
    const LaneOrder order{&events};
    if (before == 0 && indexLaneInOrder(lane)) {
        if (hasNestedSlices(trace_->lanes[laneId].kind))
            redoDepths(lane, 0);
        return;
    }
    // From where the lane's order changed: the new events when they come in order (the usual
    // case), else from the first old event that sorts after the earliest new one.
    std::size_t from = before;
    const auto tail = idx.begin() + static_cast<std::ptrdiff_t>(before == 0 ? 0 : before - 1);
    if (!std::is_sorted(tail, idx.end(), order)) {
        const auto oldEnd = idx.begin() + static_cast<std::ptrdiff_t>(before);
        const auto earliest = *std::min_element(oldEnd, idx.end(), order);
        from = static_cast<std::size_t>(std::upper_bound(idx.begin(), oldEnd, earliest, order) -
                                        idx.begin());
        // Stable: old events keep their order among equals and come before the new ones, which
        // follow in index order, as a sort of the whole lane would have it.
        std::stable_sort(idx.begin() + static_cast<std::ptrdiff_t>(from), idx.end(), order);
    }
    indexTrack(lane, from);

    const std::size_t keptInstants =
        from == 0 ? 0 : LaneOrder::countUpTo(lane.instants, idx[from - 1], order);
    lane.instants.resize(keptInstants);
    if (from == 0) {
        // A build: reserve exactly, or doubling leaves up to half of millions of entries unused
        // (issue 14: 100 B per event); a live run's appends keep the amortized growth.
        const auto count =
            static_cast<std::size_t>(std::count_if(idx.begin(), idx.end(), [&](std::uint32_t i) {
                return isInstantKind(events[i].kind);
            }));
        HugePages::reserve(lane.instants, count);
    }
    for (std::size_t k = from; k < idx.size(); ++k) {
        if (isInstantKind(events[idx[k]].kind))
            lane.instants.push_back(idx[k]);
    }
    lane.byInstantStart.truncate(keptInstants);
    lane.byInstantStart.extend(lane.instants.size(),
                               [&](std::size_t k) { return events[lane.instants[k]].start_ns; });
    if (hasNestedSlices(trace_->lanes[laneId].kind))
        redoDepths(lane, from);
}

bool TimelineModel::flowIsIndexable(std::uint32_t f) const {
    const auto& flow = trace_->flows[f];
    return flow.from < indexed_events_ && flow.to < indexed_events_;
}

void TimelineModel::addFlows(std::size_t fromFlow) {
    const auto& flows = trace_->flows;
    const auto& events = trace_->events;
    // A flow can arrive before the event it points to; it waits until both ends are indexed.
    std::vector<std::uint32_t> added;
    std::vector<std::uint32_t> waiting;
    // Sized once: a build takes millions of flows here, and doubling leaves the freed halves in
    // the heap (issue 14: 100 B per event).
    HugePages::reserve(added,
                       pending_flows_.size() + (flows.size() - std::min(fromFlow, flows.size())));
    for (const auto f : pending_flows_)
        (flowIsIndexable(f) ? added : waiting).push_back(f);
    for (auto f = static_cast<std::uint32_t>(fromFlow); f < flows.size(); ++f)
        (flowIsIndexable(f) ? added : waiting).push_back(f);
    pending_flows_ = std::move(waiting);
    if (added.empty())
        return;
    // Each index takes the new flows sorted, merged in from where the first of them goes: the
    // cost is the new flows and the tail they land in (the end, in a live run).
    auto mergeIn = [&](FlowOrder& index, auto key) {
        // Ties go by flow index: one order whatever the arrival, so a grown model equals a
        // fresh one (flowsInView's running maximum depends on the order).
        auto less = [&](std::uint32_t a, std::uint32_t b) {
            const auto ka = key(a), kb = key(b);
            return ka != kb ? ka < kb : a < b;
        };
        sortByKeyThenIndex(added, key);
        return index.merge(added, less);
    };
    mergeIn(flows_by_from_, [&](std::uint32_t f) { return flows[f].from; });
    mergeIn(flows_by_to_, [&](std::uint32_t f) { return flows[f].to; });
    const std::size_t at = mergeIn(flows_by_time_, [&](std::uint32_t f) {
        return std::min(events[flows[f].from].start_ns, events[flows[f].to].start_ns);
    });
    indexFlowsByTime(at);
}

void TimelineModel::indexFlowsByTime(std::size_t from) {
    // The block holding `from` and every later one change; the ones before stay.
    const std::size_t firstBlock = from / kFlowBlock;
    flow_block_hi_max_.resize(std::min(flow_block_hi_max_.size(), firstBlock));
    TimeNs running =
        firstBlock > 0 ? flow_block_hi_max_[firstBlock - 1] : std::numeric_limits<TimeNs>::min();
    for (std::size_t k = firstBlock * kFlowBlock; k < flows_by_time_.size(); ++k) {
        running = std::max(running, flowTimeHi(flows_by_time_[k]));
        if (k % kFlowBlock == kFlowBlock - 1 || k + 1 == flows_by_time_.size())
            flow_block_hi_max_.push_back(running);
    }
}

}  // namespace syncscope

namespace syncscope {

std::size_t TimelineModel::memoryFootprint() const {
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    auto trackBytes = [&](const Track& t) {
        return bytes(t.events) + bytes(t.starts) + bytes(t.maxEnd) + bytes(t.blockBusy) +
               (t.byStart.bucketCount() + t.byMaxEnd.bucketCount()) * sizeof(std::uint32_t) +
               t.busy.memoryFootprint();
    };
    std::size_t total = bytes(depth_) + bytes(gaps_) + bytes(busy_) + bytes(gap_block_max_) +
                        bytes(cpu_syncs_) + bytes(pending_flows_) +
                        flows_by_from_.memoryFootprint() + flows_by_to_.memoryFootprint() +
                        flows_by_time_.memoryFootprint() + bytes(flow_block_hi_max_);
    for (const auto& lane : lanes_) {
        total += trackBytes(lane) + bytes(lane.instants) +
                 lane.byInstantStart.bucketCount() * sizeof(std::uint32_t);
        for (const auto& level : lane.levels)
            total += trackBytes(level);
    }
    return total;
}

}  // namespace syncscope
