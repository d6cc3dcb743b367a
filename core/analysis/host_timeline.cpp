#include "core/analysis/host_timeline.h"

#include <algorithm>

#include "core/analysis/host_activity.h"
#include "core/analysis/host_wait_reason.h"

namespace syncscope {

namespace {

bool blocksHost(const TraceEvent& e) {
    return (e.flags & event_flags::kImplicitSync) != 0 || e.api == ApiId::DeviceSynchronize ||
           e.api == ApiId::StreamSynchronize || e.api == ApiId::EventSynchronize;
}

bool isLaunchApi(ApiId api) {
    return api == ApiId::LaunchKernel || api == ApiId::MemcpyAsync || api == ApiId::MemsetAsync ||
           api == ApiId::Memcpy || api == ApiId::Memset || api == ApiId::LaunchHostFunc;
}

bool isHostLane(LaneKind kind) {
    return kind == LaneKind::HostThread || kind == LaneKind::Other;
}

bool byStart(const HostTimeline::Span& a, const HostTimeline::Span& b) {
    return a.start != b.start ? a.start < b.start : a.end > b.end;
}

IdleCause causeOf(HostActivity activity) {
    return activity == HostActivity::Startup ? IdleCause::Startup : IdleCause::ProfilerOverhead;
}

std::vector<TimeNs> reachOf(const std::vector<HostTimeline::Span>& spans) {
    std::vector<TimeNs> reach(spans.size());
    for (std::size_t k = 0; k < spans.size(); ++k)
        reach[k] = k == 0 ? spans[k].end : std::max(reach[k - 1], spans[k].end);
    return reach;
}

// The latest-starting span of a start-sorted list that covers t (the innermost of nested ones);
// a few steps back suffice for stacks of any real depth.
const HostTimeline::Span* innermost(const std::vector<HostTimeline::Span>& spans, TimeNs t) {
    auto it = std::upper_bound(spans.begin(), spans.end(), t,
                               [](TimeNs v, const HostTimeline::Span& s) { return v < s.start; });
    for (int steps = 0; it != spans.begin() && steps < 256; ++steps) {
        --it;
        if (it->end > t)
            return &*it;
    }
    return nullptr;
}

}  // namespace

HostTimeline::HostTimeline(const TraceIndex& index) : index_(index) {
    const Trace& trace = index.trace();
    threads_.resize(trace.lanes.size());
    std::vector<std::vector<RawBusy>> raw_busy(trace.lanes.size());
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        add(i, raw_busy);
    for (std::size_t t = 0; t < threads_.size(); ++t) {
        Thread& thread = threads_[t];
        for (auto* list : {&thread.waits, &thread.python, &thread.ranges, &thread.overlays})
            std::sort(list->begin(), list->end(), byStart);
        mergeBusy(thread, raw_busy[t]);
        thread.overlay_reach = reachOf(thread.overlays);
    }
    std::sort(recorder_rows_.begin(), recorder_rows_.end(), byStart);
    recorder_reach_ = reachOf(recorder_rows_);
}

void HostTimeline::add(std::uint32_t i, std::vector<std::vector<RawBusy>>& raw_busy) {
    const Trace& trace = index_.trace();
    const TraceEvent& e = trace.events[i];
    if (e.lane >= trace.lanes.size() || e.end_ns < e.start_ns)
        return;
    const LaneKind lane_kind = trace.lanes[e.lane].kind;
    const std::uint16_t t = index_.hostThreadOf(e.lane);
    if (t >= threads_.size())
        return;
    Thread& thread = threads_[t];
    Span span{e.start_ns, e.end_ns, i, IdleCause::HostSync, false};
    switch (e.kind) {
        case EventKind::HostWait: {
            const HostWaitReason reason = hostWaitReason(index_, i);
            span.overridable =
                reason == HostWaitReason::HeldLaunch || reason == HostWaitReason::LongCall;
            thread.waits.push_back(span);
            return;
        }
        case EventKind::ApiCall: {
            if (e.end_ns <= e.start_ns)
                return;
            const HostActivity activity = hostActivityOf(trace.nameOf(e));
            if (activity == HostActivity::Startup || activity == HostActivity::ProfilerOverhead)
                thread.overlays.push_back({e.start_ns, e.end_ns, i, causeOf(activity), false});
            // A sync, or a call that synchronizes implicitly, drawn without a wait of its own:
            // the call is the block.
            if (blocksHost(e) && index_.waitOfCall(i) == kNone) {
                thread.waits.push_back(span);
                return;
            }
            const bool launched = index_.opOf(i) != kNone || isLaunchApi(e.api);
            raw_busy[t].push_back({span, launched, false});
            return;
        }
        case EventKind::Generic:
        case EventKind::HostWork:
        case EventKind::Annotation:
            break;
        default:
            return;
    }
    if (e.end_ns <= e.start_ns)
        return;
    const std::string_view name = trace.nameOf(e);
    if (isRecorderOverheadRow(name)) {
        // CUPTI's rows about itself sit on a row of their own (pid -1 in Kineto's JSON).
        recorder_rows_.push_back({e.start_ns, e.end_ns, i, causeOf(hostActivityOf(name)), false});
        return;
    }
    const bool host_lane = e.kind == EventKind::Generic
                               ? isHostLane(lane_kind)
                               : lane_kind != LaneKind::Stream && !isGpuLane(trace.lanes[t].kind);
    if (!host_lane)
        return;
    const HostActivity activity = hostActivityOf(name);
    span.cause = IdleCause::HostElsewhere;
    switch (activity) {
        case HostActivity::Startup:
        case HostActivity::ProfilerOverhead:
            thread.overlays.push_back({e.start_ns, e.end_ns, i, causeOf(activity), false});
            thread.ranges.push_back(span);
            return;
        case HostActivity::Python:
            span.cause = IdleCause::Python;
            thread.python.push_back(span);
            return;
        case HostActivity::Step:
        case HostActivity::DataLoader:
            thread.ranges.push_back(span);
            return;
        case HostActivity::Work:
            if (e.kind == EventKind::Generic)
                raw_busy[t].push_back({span, false, true});  // an op (aten::conv2d)
            else
                thread.ranges.push_back(span);
            return;
    }
}

// Disjoint busy stretches: each run of nested or overlapping ops and calls is one, named by its
// outermost. It launched if a call in it enqueued GPU work; an op that launched nothing was the
// host computing.
void HostTimeline::mergeBusy(Thread& thread, std::vector<RawBusy>& raw) {
    std::sort(raw.begin(), raw.end(),
              [](const RawBusy& a, const RawBusy& b) { return byStart(a.span, b.span); });
    bool launched = false, op = false;
    auto close = [&] {
        if (!thread.busy.empty())
            thread.busy.back().cause =
                op && !launched ? IdleCause::HostCompute : IdleCause::LaunchBound;
    };
    for (const RawBusy& r : raw) {
        auto& busy = thread.busy;
        if (!busy.empty() && r.span.start < busy.back().end) {
            busy.back().end = std::max(busy.back().end, r.span.end);
        } else {
            close();
            busy.push_back(r.span);
            launched = false;
            op = false;
        }
        launched = launched || r.launched;
        op = op || r.op;
    }
    close();
}

const HostTimeline::Thread* HostTimeline::thread(std::uint16_t lane) const {
    return lane < threads_.size() ? &threads_[lane] : nullptr;
}

const HostTimeline::Span* HostTimeline::waitAt(const Thread& thread, TimeNs t) const {
    // Waits of one thread do not nest: the last one starting at or before t holds it or none does.
    auto it = std::upper_bound(thread.waits.begin(), thread.waits.end(), t,
                               [](TimeNs v, const Span& s) { return v < s.start; });
    if (it == thread.waits.begin())
        return nullptr;
    --it;
    return it->end > t ? &*it : nullptr;
}

HostTimeline::Context HostTimeline::contextAt(const Thread& thread, TimeNs t) const {
    Context out;
    const Span* frame = innermost(thread.python, t);
    const Span* range = innermost(thread.ranges, t);
    const Span* inner = frame == nullptr                                  ? range
                        : range == nullptr || frame->start > range->start ? frame
                                                                          : range;
    out.event = inner != nullptr ? inner->event : kNone;
    // In a Python program, the host outside its ops runs Python, unless the innermost range says
    // it was the data loader's.
    const bool loader = range != nullptr && range == inner &&
                        hostActivityOf(index_.trace().nameOf(index_.event(range->event))) ==
                            HostActivity::DataLoader;
    out.cause = frame != nullptr && !loader ? IdleCause::Python : IdleCause::HostElsewhere;
    return out;
}

std::vector<HostTimeline::Span> HostTimeline::overlaysIn(const Thread& thread, TimeNs from,
                                                         TimeNs to) const {
    std::vector<Span> found;
    auto collect = [&](const std::vector<Span>& list, const std::vector<TimeNs>& reach) {
        // From the first span whose run of spans reaches past `from` to the last one starting
        // before `to`.
        auto k = static_cast<std::size_t>(std::upper_bound(reach.begin(), reach.end(), from) -
                                          reach.begin());
        for (; k < list.size() && list[k].start < to; ++k)
            if (list[k].end > from)
                found.push_back({std::max(from, list[k].start), std::min(to, list[k].end),
                                 list[k].event, list[k].cause, false});
    };
    collect(thread.overlays, thread.overlay_reach);
    collect(recorder_rows_, recorder_reach_);
    std::sort(found.begin(), found.end(), byStart);
    std::vector<Span> out;
    for (Span s : found) {
        if (!out.empty())
            s.start = std::max(s.start, out.back().end);
        if (s.end > s.start)
            out.push_back(s);
    }
    return out;
}

}  // namespace syncscope
