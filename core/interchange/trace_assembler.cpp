#include "core/interchange/trace_assembler.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <type_traits>

#include "core/interchange/held_call_waits.h"
#include "core/interchange/torch_call_marker.h"

namespace syncscope {

bool isGpuOp(EventKind kind) {
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

TraceAssembler::TraceAssembler(std::string engine) {
    trace_.device.engine = std::move(engine);
}

std::uint16_t TraceAssembler::newLane(Lane lane, LaneKey key) {
    key.order = static_cast<std::uint32_t>(keys_.size());
    keys_.push_back(key);
    return trace_.addLane(std::move(lane));
}

namespace {

// Profilers write 32-bit thread ids as signed numbers (PyTorch's Kineto: "tid": -549452224 for
// thread 3745515072): the id is the unsigned value. -1 stands for "no thread" (kNone).
std::uint32_t threadIdOf(std::int64_t tid) {
    if (tid >= std::numeric_limits<std::int32_t>::min() && tid < 0)
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(tid));
    return static_cast<std::uint32_t>(tid);
}

std::string threadIdText(std::uint32_t id) {
    return id == kNone ? std::string("(no id)") : std::to_string(id);
}

}  // namespace

std::uint16_t TraceAssembler::hostLane(std::int64_t pid, std::int64_t tid) {
    if (auto it = host_lanes_.find({pid, tid}); it != host_lanes_.end())
        return it->second;
    Lane lane;
    lane.kind = LaneKind::HostThread;
    lane.thread_id = threadIdOf(tid);
    // A process id past 32 bits is a recorder's packed id (nsys), not the OS's: unknown.
    if (pid >= 0 && pid < kNone)
        lane.process_id = static_cast<std::uint32_t>(pid);
    // Ids past 32 bits (nsys packs pid and tid into one number) are shown whole.
    lane.name = "host thread " + (tid > std::numeric_limits<std::uint32_t>::max()
                                      ? std::to_string(tid)
                                      : threadIdText(lane.thread_id));
    const auto id = newLane(std::move(lane), {0, pid, tid, 0, 0});
    host_lanes_.emplace(std::make_pair(pid, tid), id);
    return id;
}

std::uint16_t TraceAssembler::hostWaitsLane(std::uint16_t host_lane) {
    if (auto it = waits_lanes_.find(host_lane); it != waits_lanes_.end())
        return it->second;
    const auto& parent = trace_.lanes[host_lane];
    Lane lane;
    lane.kind = LaneKind::HostWaits;
    lane.name = parent.kind == LaneKind::HostThread ? "host waits " + threadIdText(parent.thread_id)
                                                    : parent.name + " waits";
    lane.parent = host_lane;
    lane.thread_id = parent.thread_id;
    LaneKey key = keys_[host_lane];
    key.sub = 1;
    const auto id = newLane(std::move(lane), key);
    keys_[id].order = keys_[host_lane].order;
    waits_lanes_.emplace(host_lane, id);
    return id;
}

std::uint16_t TraceAssembler::streamLane(std::int64_t device, std::int64_t stream) {
    if (auto it = stream_lanes_.find({device, stream}); it != stream_lanes_.end())
        return it->second;
    Lane lane;
    lane.kind = LaneKind::Stream;
    lane.name = (device != 0 ? "GPU " + std::to_string(device) + " " : std::string()) + "stream " +
                std::to_string(stream);
    lane.stream_id = static_cast<std::uint32_t>(stream);
    if (device >= 0 && device < kNone)
        lane.device = static_cast<std::uint32_t>(device);
    // CUDA's legacy default stream is id 0 in CUPTI; everything else is unknown to us: say
    // non-blocking.
    lane.stream_kind = stream == 0 ? StreamKind::LegacyDefault : StreamKind::NonBlocking;
    const auto id = newLane(std::move(lane), {1, device, stream, 0, 0});
    stream_lanes_.emplace(std::make_pair(device, stream), id);
    return id;
}

std::uint16_t TraceAssembler::annotationLane(std::uint16_t parent_lane) {
    if (auto it = annotation_lanes_.find(parent_lane); it != annotation_lanes_.end())
        return it->second;
    Lane lane;
    lane.kind = LaneKind::Annotation;
    lane.name = trace_.lanes[parent_lane].name + " annotations";
    lane.parent = parent_lane;
    lane.thread_id = trace_.lanes[parent_lane].thread_id;
    LaneKey key = keys_[parent_lane];
    key.sub = key.group == 0 ? 2 : 1;
    const auto id = newLane(std::move(lane), key);
    keys_[id].order = keys_[parent_lane].order;
    annotation_lanes_.emplace(parent_lane, id);
    return id;
}

std::uint16_t TraceAssembler::otherLane(std::string_view name, bool bookkeeping) {
    if (auto it = other_lanes_.find(name); it != other_lanes_.end())
        return it->second;
    Lane lane;
    lane.kind = LaneKind::Other;
    lane.name = std::string(name);
    lane.bookkeeping = bookkeeping;
    const auto id = newLane(std::move(lane), {2, 0, 0, 0, 0});
    other_lanes_.emplace(std::string(name), id);
    return id;
}

void TraceAssembler::nameHostThread(std::int64_t pid, std::int64_t tid, std::string_view name) {
    trace_.lanes[hostLane(pid, tid)].name = std::string(name);
}

// The GPU ops' ids span a range not much wider than the trace: two bits per id (the first op
// with the id was seen; a flow asked for the id) replace an index of the ops by id, which would
// hold as much memory as a tenth of the events.
void TraceAssembler::linkDenseLaunches(ImportStats& stats, std::uint32_t first, std::size_t range) {
    std::vector<bool> seen(range, false), requested(range, false);
    std::uint64_t requests_in_range = 0, linked_requests = 0;
    for (const auto corr : launch_requests_)
        if (corr >= first && corr - first < range) {
            requested[corr - first] = true;
            ++requests_in_range;
        }
    // Ops in index order: the first op with an id is the one linked, as in linkSparseLaunches.
    for (std::uint32_t i = 0; i < trace_.events.size(); ++i) {
        const auto& op = trace_.events[i];
        if (op.correlation == kNone || !isGpuOp(op.kind))
            continue;
        const std::size_t slot = op.correlation - first;
        if (seen[slot])
            continue;
        seen[slot] = true;
        const bool wanted = requested[slot];
        if (!wanted && !link_all_)
            continue;
        const std::uint32_t api = api_by_corr_.find(op.correlation);
        if (api == kNone)
            continue;
        trace_.flows.push_back({api, i, FlowKind::Launch});
        trace_.events[api].target_lane = op.lane;
        if (wanted)
            ++linked_requests;
    }
    stats.unresolved_flows += launch_requests_.size() - requests_in_range;
    stats.unresolved_flows += requests_in_range - linked_requests;
}

// Ids too sparse for bits (hostile input, an odd producer): the ops by id, densely where it can.
void TraceAssembler::linkSparseLaunches(ImportStats& stats) {
    std::uint32_t first = kNone;
    for (const auto& e : trace_.events)
        if (e.correlation != kNone && isGpuOp(e.kind))
            first = std::min(first, e.correlation);
    CorrelationIndex gpu_by_corr(trace_.events.size(), first == kNone ? 0 : first);
    for (std::uint32_t i = 0; i < trace_.events.size(); ++i) {
        const auto& e = trace_.events[i];
        if (e.correlation != kNone && isGpuOp(e.kind))
            gpu_by_corr.add(e.correlation, i);
    }
    auto link = [&](std::uint32_t corr) {
        const std::uint32_t api = api_by_corr_.find(corr);
        const std::uint32_t gpu = gpu_by_corr.find(corr);
        if (api == kNone || gpu == kNone)
            return false;
        trace_.flows.push_back({api, gpu, FlowKind::Launch});
        trace_.events[api].target_lane = trace_.events[gpu].lane;
        return true;
    };
    if (link_all_)
        gpu_by_corr.forEach([&](std::uint32_t corr, std::uint32_t) { link(corr); });
    for (const auto corr : launch_requests_)
        if (!link(corr))
            ++stats.unresolved_flows;
}

void TraceAssembler::resolveLaunches(ImportStats& stats) {
    // Each index's id range first, so that its dense part is sized once.
    std::uint32_t api_first = kNone, api_last = 0, gpu_first = kNone, gpu_last = 0;
    for (const auto& e : trace_.events) {
        if (e.correlation == kNone)
            continue;
        if (e.kind == EventKind::ApiCall) {
            api_first = std::min(api_first, e.correlation);
            api_last = std::max(api_last, e.correlation);
        } else if (isGpuOp(e.kind)) {
            gpu_first = std::min(gpu_first, e.correlation);
            gpu_last = std::max(gpu_last, e.correlation);
        }
    }
    first_api_correlation_ = api_first;
    const auto events = trace_.events.size();
    api_by_corr_ = api_first == kNone ? CorrelationIndex(events)
                                      : CorrelationIndex(events, api_first, api_last);
    for (std::uint32_t i = 0; i < trace_.events.size(); ++i) {
        const auto& e = trace_.events[i];
        if (e.correlation != kNone && e.kind == EventKind::ApiCall)
            api_by_corr_.add(e.correlation, i);
    }
    std::sort(launch_requests_.begin(), launch_requests_.end());
    launch_requests_.erase(std::unique(launch_requests_.begin(), launch_requests_.end()),
                           launch_requests_.end());
    const std::uint64_t gpu_range =
        gpu_first == kNone ? 0 : std::uint64_t{gpu_last} - gpu_first + 1;
    if (gpu_range <= std::max<std::uint64_t>(std::uint64_t{events} * 32, 1u << 16))
        linkDenseLaunches(stats, gpu_first, static_cast<std::size_t>(gpu_range));
    else
        linkSparseLaunches(stats);
    // Deterministic order whatever the hash map did.
    std::sort(trace_.flows.begin(), trace_.flows.end(), [](const Flow& a, const Flow& b) {
        return std::tie(a.from, a.to) < std::tie(b.from, b.to);
    });
    trace_.flows.erase(std::unique(trace_.flows.begin(), trace_.flows.end(),
                                   [](const Flow& a, const Flow& b) {
                                       return a.from == b.from && a.to == b.to && a.kind == b.kind;
                                   }),
                       trace_.flows.end());
}

namespace {

// GPU ops of one stream (or one device) by enqueue time, with the running latest end, so "the op
// that finished last among those enqueued before t" is a binary search.
struct OpIndex {
    std::vector<TimeNs> enq;
    std::vector<std::uint32_t> best;  // event index with the latest end among ops [0..i]
};

}  // namespace

void TraceAssembler::resolveWaits() {
    if (waits_.empty())
        return;
    auto enqueueTime = [&](std::uint32_t op) {
        const auto& e = trace_.events[op];
        if (const std::uint32_t api = api_by_corr_.find(e.correlation); api != kNone)
            return trace_.events[api].start_ns;
        // Launched before the trace began: enqueued before every call the trace shows, so a
        // sync covers it (a sync at the window's start waits for the work queued before).
        if (e.correlation != kNone && first_api_correlation_ != kNone &&
            e.correlation < first_api_correlation_)
            return std::numeric_limits<TimeNs>::min();
        return e.start_ns;
    };
    std::map<std::uint16_t, std::pair<std::int64_t, std::int64_t>> stream_of_lane;
    for (const auto& [key, lane] : stream_lanes_)
        stream_of_lane.emplace(lane, key);
    auto build = [&](std::vector<std::pair<TimeNs, std::uint32_t>>& ops) {
        std::sort(ops.begin(), ops.end());
        OpIndex index;
        index.enq.reserve(ops.size());
        index.best.reserve(ops.size());
        for (const auto& [t, op] : ops) {
            std::uint32_t best = op;
            if (!index.best.empty() &&
                trace_.events[index.best.back()].end_ns >= trace_.events[op].end_ns)
                best = index.best.back();
            index.enq.push_back(t);
            index.best.push_back(best);
        }
        std::vector<std::pair<TimeNs, std::uint32_t>>().swap(ops);  // its memory goes now
        return index;
    };
    // The GPU ops by stream, then by device: one grouping at a time, each freed group by group as
    // its index is built, so that the two never hold every op at once.
    auto indexBy = [&](auto keyOf, auto& out) {
        std::map<std::decay_t<decltype(keyOf(std::pair<std::int64_t, std::int64_t>{}))>,
                 std::vector<std::pair<TimeNs, std::uint32_t>>>
            raw;
        for (std::uint32_t i = 0; i < trace_.events.size(); ++i) {
            const auto& e = trace_.events[i];
            if (!isGpuOp(e.kind))
                continue;
            const auto it = stream_of_lane.find(e.lane);
            if (it != stream_of_lane.end())
                raw[keyOf(it->second)].emplace_back(enqueueTime(i), i);
        }
        for (auto& [key, ops] : raw)
            out.emplace(key, build(ops));
    };
    std::map<std::pair<std::int64_t, std::int64_t>, OpIndex> by_stream;
    std::map<std::int64_t, OpIndex> by_device;
    indexBy([](const std::pair<std::int64_t, std::int64_t>& k) { return k; }, by_stream);
    indexBy([](const std::pair<std::int64_t, std::int64_t>& k) { return k.first; }, by_device);

    auto latest = [](const OpIndex& index, TimeNs cutoff) -> std::uint32_t {
        const auto it = std::upper_bound(index.enq.begin(), index.enq.end(), cutoff);
        if (it == index.enq.begin())
            return kNone;
        return index.best[static_cast<std::size_t>(it - index.enq.begin()) - 1];
    };

    call_has_wait_.assign(trace_.events.size(), false);
    for (const auto& w : waits_) {
        auto& wait = trace_.events[w.wait];
        const std::uint32_t call = api_by_corr_.find(w.call_correlation);
        if (call != kNone && wait.kind == EventKind::HostWait)
            call_has_wait_[call] = true;
        if (w.lane_from_call) {
            wait.lane = call != kNone ? hostWaitsLane(trace_.events[call].lane)
                                      : hostWaitsLane(otherLane("unattributed syncs"));
        }
        TimeNs cutoff = call != kNone ? trace_.events[call].start_ns : wait.start_ns;
        std::uint32_t record = kNone;
        if (w.scope == WaitScope::Event) {
            record = api_by_corr_.find(w.record_correlation);
            if (record != kNone)
                cutoff = trace_.events[record].start_ns;
            else if (w.record_start_ns >= 0)
                cutoff = w.record_start_ns;
            else
                continue;  // an event never recorded (or unknown): nothing was waited for
        }
        std::uint32_t awaited = kNone;
        if (w.scope == WaitScope::Device) {
            if (auto it = by_device.find(w.device); it != by_device.end())
                awaited = latest(it->second, cutoff);
        } else if (auto it = by_stream.find({w.device, w.stream}); it != by_stream.end()) {
            awaited = latest(it->second, cutoff);
        }
        if (record != kNone)
            trace_.flows.push_back({record, w.wait, FlowKind::Record});
        if (awaited != kNone) {
            wait.awaited = awaited;
            trace_.flows.push_back({w.wait, awaited, FlowKind::Awaited});
        }
    }
}

void TraceAssembler::resolveStreamWaitLinks() {
    std::map<std::uint32_t, std::uint32_t> event_of_record;  // record call -> event id
    for (const auto& link : stream_wait_links_) {
        const std::uint32_t call = api_by_corr_.find(link.call_correlation);
        if (call == kNone)
            continue;
        if (link.waiting_stream >= 0)
            trace_.events[call].target_lane = streamLane(link.device, link.waiting_stream);
        const std::uint32_t record = api_by_corr_.find(link.record_correlation);
        if (record == kNone)
            continue;
        auto& rec = trace_.events[record];
        if (rec.target_lane == kNoLane && link.recorded_stream >= 0)
            rec.target_lane = streamLane(link.device, link.recorded_stream);
        const auto id =
            event_of_record.try_emplace(record, static_cast<std::uint32_t>(event_of_record.size()))
                .first->second;
        rec.cuda_event = id;
        trace_.events[call].cuda_event = id;
        trace_.flows.push_back({record, call, FlowKind::Record});
    }
    stream_wait_links_.clear();
}

void TraceAssembler::orderLanes() {
    std::vector<std::uint16_t> order(trace_.lanes.size());
    std::iota(order.begin(), order.end(), std::uint16_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint16_t a, std::uint16_t b) { return keys_[a] < keys_[b]; });
    std::vector<std::uint16_t> new_index(order.size());
    for (std::uint16_t i = 0; i < order.size(); ++i)
        new_index[order[i]] = i;
    std::vector<Lane> lanes;
    lanes.reserve(order.size());
    for (const auto old : order) {
        Lane lane = std::move(trace_.lanes[old]);
        if (lane.parent != kNoLane)
            lane.parent = new_index[lane.parent];
        lanes.push_back(std::move(lane));
    }
    trace_.lanes = std::move(lanes);
    for (auto& e : trace_.events) {
        e.lane = new_index[e.lane];
        if (e.target_lane != kNoLane)
            e.target_lane = new_index[e.target_lane];
    }
}

void TraceAssembler::normalizeTimes() {
    TimeNs origin = std::numeric_limits<TimeNs>::max();
    for (const auto& e : trace_.events)
        origin = std::min(origin, e.start_ns);
    for (const auto& m : trace_.memory)
        origin = std::min(origin, m.t_ns);
    if (origin == std::numeric_limits<TimeNs>::max())
        return;
    // Kept so that traces of several ranks can be laid on one clock again (RankMerger).
    trace_.clock.origin_ns = origin;
    for (auto& e : trace_.events) {
        e.start_ns -= origin;
        e.end_ns -= origin;
    }
    for (auto& m : trace_.memory)
        m.t_ns -= origin;
}

Trace TraceAssembler::finish(ImportStats& stats, bool normalize) {
    resolveLaunches(stats);
    resolveWaits();
    resolveStreamWaitLinks();
    const std::size_t held = HeldCallWaits::add(
        trace_, call_has_wait_, [this](std::uint16_t lane) { return hostWaitsLane(lane); });
    stats.host_waits += held;
    stats.held_calls += held;
    stats.torch_calls += TorchCallMarker::mark(trace_);
    orderLanes();
    if (normalize)
        normalizeTimes();
    std::stable_sort(trace_.memory.begin(), trace_.memory.end(),
                     [](const MemorySample& a, const MemorySample& b) { return a.t_ns < b.t_ns; });
    api_by_corr_ = CorrelationIndex();
    std::vector<bool>().swap(call_has_wait_);
    Trace out = std::move(trace_);
    trace_ = Trace{};
    return out;
}

}  // namespace syncscope
