#include "core/analysis/trace_index.h"

#include <algorithm>
#include <utility>

#include "core/analysis/trace_tolerances.h"
#include "core/model/api_names.h"
#include "core/model/torch_call.h"

namespace syncscope {

namespace {}  // namespace

TraceIndex::TraceIndex(const Trace& trace) : trace_(trace) {
    indexCorrelations();
    indexStreams();
    indexRecords();
    indexWaits();
}

bool TraceIndex::isGpuOp(EventKind kind) {
    switch (kind) {
        case EventKind::Kernel:
        case EventKind::Memcpy:
        case EventKind::Memset:
        case EventKind::EventMarker:
        case EventKind::StreamWait:
        case EventKind::HostCallback:
        case EventKind::MemoryOp:
            return true;
        default:
            return false;
    }
}

bool TraceIndex::isStreamLane(std::uint32_t lane) const {
    return lane < trace_.lanes.size() && trace_.lanes[lane].kind == LaneKind::Stream;
}

bool TraceIndex::isGpuLane(std::uint32_t lane) const {
    return lane < trace_.lanes.size() && syncscope::isGpuLane(trace_.lanes[lane].kind);
}

void TraceIndex::indexCorrelations() {
    const auto& events = trace_.events;
    const auto n = static_cast<std::uint32_t>(events.size());
    call_of_.assign(n, kNone);
    op_of_.assign(n, kNone);
    // (correlation, call) sorted: a GPU op finds its call by binary search, O(n log n) overall.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> calls;
    for (std::uint32_t i = 0; i < n; ++i) {
        const auto& e = events[i];
        if (isTorchCallEvent(e) && e.kind != EventKind::HostWait)
            torch_calls_.push_back(i);
        if (e.kind == EventKind::ApiCall) {
            api_calls_.push_back(i);
            if (e.correlation != kNone) {
                calls.emplace_back(e.correlation, i);
                first_api_correlation_ = std::min(first_api_correlation_, e.correlation);
            }
        } else if (e.kind == EventKind::HostWait) {
            host_waits_.push_back(i);
        }
    }
    std::sort(calls.begin(), calls.end());
    sortIndicesBy(api_calls_, [&](std::uint32_t i) { return events[i].start_ns; });
    sortIndicesBy(host_waits_, [&](std::uint32_t i) { return events[i].start_ns; });
    sortIndicesBy(torch_calls_, [&](std::uint32_t i) { return events[i].start_ns; });
    for (const std::uint32_t i : torch_calls_)
        torch_calls_by_thread_[hostThreadOf(events[i].lane)].push_back(i);
    if (calls.empty())
        return;
    for (std::uint32_t i = 0; i < n; ++i) {
        const auto& e = events[i];
        if (!isGpuOp(e.kind) || e.correlation == kNone || !isGpuLane(e.lane))
            continue;
        const auto it = std::lower_bound(calls.begin(), calls.end(),
                                         std::make_pair(e.correlation, std::uint32_t{0}));
        if (it == calls.end() || it->first != e.correlation)
            continue;
        call_of_[i] = it->second;
        if (op_of_[it->second] == kNone)
            op_of_[it->second] = i;
    }
}

void TraceIndex::indexStreams() {
    const auto& events = trace_.events;
    per_lane_.resize(trace_.lanes.size());
    for (std::uint32_t i = 0; i < events.size(); ++i) {
        if (call_of_[i] == kNone)
            continue;
        all_.ops.push_back(i);
        if (isStreamLane(events[i].lane))
            per_lane_[events[i].lane].ops.push_back(i);
    }
    auto build = [&](OpSequence& seq) {
        sortIndicesBy(seq.ops, [&](std::uint32_t i) { return enq(i); });
        const std::size_t m = seq.ops.size();
        seq.enq.resize(m);
        seq.prefix_latest.resize(m);
        seq.suffix_earliest.resize(m);
        for (std::size_t k = 0; k < m; ++k) {
            seq.enq[k] = enq(seq.ops[k]);
            const std::uint32_t op = seq.ops[k];
            seq.prefix_latest[k] =
                (k > 0 && events[seq.prefix_latest[k - 1]].end_ns >= events[op].end_ns)
                    ? seq.prefix_latest[k - 1]
                    : op;
        }
        for (std::size_t k = m; k-- > 0;) {
            const std::uint32_t op = seq.ops[k];
            seq.suffix_earliest[k] =
                (k + 1 < m && events[seq.suffix_earliest[k + 1]].start_ns <= events[op].start_ns)
                    ? seq.suffix_earliest[k + 1]
                    : op;
        }
    };
    build(all_);
    for (auto& seq : per_lane_)
        build(seq);
}

std::uint16_t TraceIndex::hostThreadOf(std::uint16_t lane) const {
    const auto& lanes = trace_.lanes;
    if (lane >= lanes.size())
        return lane;
    const Lane& l = lanes[lane];
    if ((l.kind == LaneKind::HostWaits || l.kind == LaneKind::Annotation) &&
        l.parent < lanes.size())
        return l.parent;
    return lane;
}

std::uint32_t TraceIndex::torchCallAround(std::uint32_t event) const {
    if (torch_calls_.empty() || event >= trace_.events.size())
        return kNone;
    const TraceEvent& e = trace_.events[event];
    const auto it = torch_calls_by_thread_.find(hostThreadOf(e.lane));
    if (it == torch_calls_by_thread_.end())
        return kNone;
    const auto& calls = it->second;
    // Marked calls of one thread do not nest (only the outermost is marked): the candidate is the
    // last one starting by then.
    auto pos =
        std::upper_bound(calls.begin(), calls.end(), e.start_ns,
                         [&](TimeNs t, std::uint32_t i) { return t < trace_.events[i].start_ns; });
    while (pos != calls.begin()) {
        const std::uint32_t call = *--pos;
        if (call == event)
            continue;
        return trace_.events[call].end_ns >= e.end_ns ? call : kNone;
    }
    return kNone;
}

bool TraceIndex::launchedBeforeTrace(std::uint32_t op) const {
    if (op >= trace_.events.size() || call_of_[op] != kNone)
        return false;
    const TraceEvent& e = trace_.events[op];
    return isGpuOp(e.kind) && e.correlation != kNone && first_api_correlation_ != kNone &&
           e.correlation < first_api_correlation_;
}

const TraceIndex::OpSequence& TraceIndex::streamOps(std::uint32_t lane) const {
    return lane < per_lane_.size() ? per_lane_[lane] : empty_;
}

std::uint32_t TraceIndex::latestEndingBefore(const OpSequence& seq, TimeNs t) const {
    const auto k = std::lower_bound(seq.enq.begin(), seq.enq.end(), t) - seq.enq.begin();
    return k == 0 ? kNone : seq.prefix_latest[static_cast<std::size_t>(k - 1)];
}

std::uint32_t TraceIndex::earliestStartingAfter(const OpSequence& seq, TimeNs t) const {
    const auto k = std::upper_bound(seq.enq.begin(), seq.enq.end(), t) - seq.enq.begin();
    return static_cast<std::size_t>(k) == seq.ops.size()
               ? kNone
               : seq.suffix_earliest[static_cast<std::size_t>(k)];
}

void TraceIndex::indexRecords() {
    const auto& events = trace_.events;
    for (const std::uint32_t i : api_calls_) {  // already by start
        const auto& e = events[i];
        if (e.api == ApiId::EventRecord && e.cuda_event != kNone &&
            (e.flags & event_flags::kFailed) == 0)
            records_[e.cuda_event].push_back(i);
    }
    for (std::uint32_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        if (e.kind == EventKind::EventMarker && e.cuda_event != kNone)
            event_names_.emplace(e.cuda_event, i);
    }
}

std::uint32_t TraceIndex::recordBefore(std::uint32_t cuda_event, TimeNs t) const {
    const auto it = records_.find(cuda_event);
    if (it == records_.end())
        return kNone;
    const auto& list = it->second;
    const auto pos = std::lower_bound(list.begin(), list.end(), t, [&](std::uint32_t i, TimeNs v) {
        return trace_.events[i].start_ns < v;
    });
    return pos == list.begin() ? kNone : *(pos - 1);
}

std::uint16_t TraceIndex::targetLane(std::uint32_t call) const {
    const auto& e = trace_.events[call];
    if (isStreamLane(e.target_lane))
        return e.target_lane;
    const std::uint32_t op = op_of_[call];
    if (op != kNone && isStreamLane(trace_.events[op].lane))
        return trace_.events[op].lane;
    return kNoLane;
}

TraceIndex::Done TraceIndex::doneOf(std::uint32_t record_call) const {
    const auto& rec = trace_.events[record_call];
    const std::uint16_t lane = targetLane(record_call);
    if (lane == kNoLane)
        return {rec.start_ns, kNone};
    std::uint32_t last = latestEndingBefore(streamOps(lane), rec.start_ns);
    // A record on the legacy default stream also captures the earlier work of every blocking
    // stream (and per-thread default stream): the legacy stream waits for it (docs/semantics.md
    // section 2).
    if (trace_.lanes[lane].stream_kind == StreamKind::LegacyDefault) {
        for (std::uint16_t l = 0; l < trace_.lanes.size(); ++l) {
            const Lane& other = trace_.lanes[l];
            if (l == lane || other.kind != LaneKind::Stream ||
                (other.stream_kind != StreamKind::Blocking &&
                 other.stream_kind != StreamKind::PerThreadDefault))
                continue;
            const std::uint32_t op = latestEndingBefore(streamOps(l), rec.start_ns);
            if (op != kNone &&
                (last == kNone || trace_.events[op].end_ns > trace_.events[last].end_ns))
                last = op;
        }
    }
    if (last == kNone)
        return {rec.start_ns, kNone};
    return {trace_.events[last].end_ns, last};
}

TraceIndex::Done TraceIndex::firedOf(std::uint32_t record_call) const {
    const Done done = doneOf(record_call);
    const std::uint32_t marker = op_of_[record_call];
    if (marker != kNone && trace_.events[marker].kind == EventKind::EventMarker &&
        trace_.events[marker].start_ns > done.t)
        return {trace_.events[marker].start_ns, marker};
    return done;
}

std::string TraceIndex::eventName(std::uint32_t cuda_event) const {
    const auto it = event_names_.find(cuda_event);
    if (it != event_names_.end()) {
        auto name = trace_.nameOf(trace_.events[it->second]);
        // Engines name markers "record <event>" (docs/trace-conventions.md); the event is <event>.
        if (name.rfind("record ", 0) == 0)
            name.remove_prefix(7);
        if (!name.empty())
            return std::string(name);
    }
    return "#" + std::to_string(cuda_event);
}

void TraceIndex::indexWaits() {
    const auto& events = trace_.events;
    const auto& lanes = trace_.lanes;
    std::vector<std::vector<std::uint32_t>> calls_by_lane(lanes.size());
    std::uint16_t only_thread = kNoLane;
    const TimeNs tolerance = TraceTolerances::of(trace_).epsilon_ns;
    for (std::uint16_t l = 0; l < lanes.size(); ++l) {
        if (lanes[l].kind != LaneKind::HostThread)
            continue;
        ++host_threads_;
        only_thread = l;
    }
    for (const std::uint32_t i : api_calls_)
        if (events[i].lane < lanes.size())
            calls_by_lane[events[i].lane].push_back(i);
    for (const std::uint32_t w : host_waits_) {
        const auto& wait = events[w];
        std::uint16_t thread = wait.lane < lanes.size() ? lanes[wait.lane].parent : kNoLane;
        if (thread == kNoLane && host_threads_ == 1)
            thread = only_thread;
        if (thread >= lanes.size())
            continue;
        const auto& calls = calls_by_lane[thread];
        // Calls of one thread do not overlap: the candidate is the last one starting by then.
        // A recorder may time the wait and the call with different records (CUPTI
        // SYNCHRONIZATION vs RUNTIME), so both ends get the clock tolerance.
        auto pos =
            std::upper_bound(calls.begin(), calls.end(), saturatingAdd(wait.start_ns, tolerance),
                             [&](TimeNs v, std::uint32_t i) { return v < events[i].start_ns; });
        if (pos == calls.begin())
            continue;
        const std::uint32_t call = *(pos - 1);
        if (saturatingAdd(events[call].end_ns, tolerance) < wait.end_ns)
            continue;
        call_of_wait_.emplace(w, call);
        wait_of_call_.emplace(call, w);
    }
}

std::uint32_t TraceIndex::callOfWait(std::uint32_t wait) const {
    const auto it = call_of_wait_.find(wait);
    return it == call_of_wait_.end() ? kNone : it->second;
}

std::uint32_t TraceIndex::waitOfCall(std::uint32_t call) const {
    const auto it = wait_of_call_.find(call);
    return it == wait_of_call_.end() ? kNone : it->second;
}

std::string_view TraceIndex::kindWord(EventKind kind) {
    switch (kind) {
        case EventKind::Kernel:
            return "kernel";
        case EventKind::Memcpy:
            return "copy";
        case EventKind::Memset:
            return "memset";
        case EventKind::EventMarker:
            return "event record";
        case EventKind::StreamWait:
            return "stream wait";
        case EventKind::HostCallback:
            return "host function";
        case EventKind::MemoryOp:
            return "memory operation";
        case EventKind::ApiCall:
            return "call";
        case EventKind::HostWait:
            return "host wait";
        case EventKind::HostWork:
            return "host work";
        default:
            return "event";
    }
}

std::string TraceIndex::streamName(std::uint32_t lane) const {
    if (lane >= trace_.lanes.size())
        return "an unknown lane";
    const auto& l = trace_.lanes[lane];
    if (l.kind != LaneKind::Stream)
        return l.name.empty() ? "lane " + std::to_string(lane) : l.name;
    if (l.name.empty())
        return "stream " + std::to_string(l.stream_id != kNone ? l.stream_id : lane);
    if (l.name.rfind("stream", 0) == 0 || l.name.rfind("Stream", 0) == 0)
        return l.name;
    return "stream " + l.name;
}

std::string TraceIndex::describeOp(std::uint32_t op) const {
    const auto& e = trace_.events[op];
    std::string text(kindWord(e.kind));
    const auto name = trace_.nameOf(e);
    if (!name.empty()) {
        text += ' ';
        text += name;
    }
    text += " on ";
    text += streamName(e.lane);
    return text;
}

std::string TraceIndex::callName(std::uint32_t call) const {
    const auto& e = trace_.events[call];
    // An import names the call as the program made it: cudaStreamCreateWithFlags is not the
    // cudaStreamCreateWithPriority its ApiId is spelled as, cuLaunchKernel not cudaLaunchKernel.
    if (const auto own = stripApiVersionSuffix(trace_.nameOf(e)); own.substr(0, 2) == "cu")
        return std::string(own);
    const auto cuda = apiName(e.api);
    if (!cuda.empty())
        return std::string(cuda);
    const auto name = trace_.nameOf(e);
    return name.empty() ? std::string("an API call") : std::string(name);
}

}  // namespace syncscope
