#include "core/analysis/idle_attribution.h"

#include <algorithm>
#include <array>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/time_format.h"
#include "core/analysis/wait_attribution.h"
#include "core/model/torch_call.h"

namespace syncscope {

namespace {

constexpr std::array<std::string_view, kIdleCauseCount> kKeys{
    "host-sync",      "launch-bound", "host-compute",      "python",
    "host-elsewhere", "startup",      "profiler-overhead", "stream-dependency",
    "gpu-latency",    "late-rank",    "unexplained"};

constexpr const char* kContext = "IdleAttribution";

TrText phrase(const char* pattern, std::vector<TrText> args = {}) {
    return TrText(kContext, pattern, std::move(args));
}

bool blocksHost(const TraceEvent& e) {
    return (e.flags & event_flags::kImplicitSync) != 0 || e.api == ApiId::DeviceSynchronize ||
           e.api == ApiId::StreamSynchronize || e.api == ApiId::EventSynchronize;
}

// Causes a recorded setup or profiler stretch replaces: what the host was guessed to be doing.
bool recordedWins(IdleCause cause) {
    return cause == IdleCause::LaunchBound || cause == IdleCause::HostCompute ||
           cause == IdleCause::Python || cause == IdleCause::HostElsewhere ||
           cause == IdleCause::Unexplained;
}

}  // namespace

std::string_view toString(IdleCause cause) {
    return kKeys.at(static_cast<std::size_t>(cause));
}

IdleAttribution::IdleAttribution(const WaitAttribution& waits)
    : waits_(waits), host_(waits.index()) {
    const Trace& trace = waits_.index().trace();
    const GpuActivity activity(trace);
    if (activity.busy().empty())
        return;
    // The GPU work by start, to find the op that ended each gap.
    std::vector<std::pair<TimeNs, std::uint32_t>> starts;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (GpuActivity::keepsGpuBusy(trace, trace.events[i]))
            starts.emplace_back(trace.events[i].start_ns, i);
    std::sort(starts.begin(), starts.end());
    gaps_.reserve(activity.gaps().size());
    for (const auto& gap : activity.gaps()) {
        // Among the ops that start the next busy stretch, one whose launch the trace shows.
        auto it = std::lower_bound(starts.begin(), starts.end(),
                                   std::make_pair(gap.end_ns, std::uint32_t{0}));
        std::uint32_t next = it != starts.end() ? it->second : kNone;
        for (auto k = it; k != starts.end() && k->first == gap.end_ns; ++k)
            if (waits_.index().hasEnqueue(k->second)) {
                next = k->second;
                break;
            }
        explain(gap.start_ns, gap.end_ns, next);
    }
    TimeNs first = activity.busy().front().start_ns, last = activity.busy().back().end_ns;
    TimeNs trace_first = first, trace_last = last;
    // The program's span, as the makespan has it: a recorder's own rows (the profiler's "Record
    // Window End") are not the program's.
    for (const auto& e : trace.events) {
        if (e.lane < trace.lanes.size() && trace.lanes[e.lane].bookkeeping)
            continue;
        trace_first = std::min(trace_first, e.start_ns);
        trace_last = std::max(trace_last, e.end_ns);
    }
    before_first_ns_ = saturatingSub(first, trace_first);
    after_last_ns_ = saturatingSub(trace_last, last);
    axis_span_ns_ = saturatingSub(trace_last, trace_first);
}

void IdleAttribution::add(TimeNs from, TimeNs to, IdleCause cause, std::uint32_t event) {
    if (to <= from)
        return;
    ExplainedGap& gap = gaps_.back();
    if (gap.piece_count > 0) {
        IdlePiece& last = pieces_.back();
        if (last.cause == cause && last.event == event && last.end_ns == from) {
            last.end_ns = to;
            return;
        }
    }
    pieces_.push_back({from, to, cause, event});
    ++gap.piece_count;
}

void IdleAttribution::addRecorded(const HostTimeline::Thread* thread, TimeNs from, TimeNs to,
                                  IdleCause cause, std::uint32_t event) {
    if (to <= from)
        return;
    if (thread == nullptr || (!recordedWins(cause) && cause != IdleCause::HostSync)) {
        add(from, to, cause, event);
        return;
    }
    TimeNs cursor = from;
    for (const HostTimeline::Span& recorded : host_.overlaysIn(*thread, from, to)) {
        add(cursor, recorded.start, cause, event);
        add(recorded.start, recorded.end, recorded.cause, recorded.event);
        cursor = recorded.end;
    }
    add(cursor, to, cause, event);
}

// The host side of a gap on one thread: its waits, the time in calls and ops, and the rest.
void IdleAttribution::hostSide(std::uint16_t thread, TimeNs from, TimeNs to, bool known_launch) {
    if (to <= from)
        return;
    const HostTimeline::Thread* t = host_.thread(thread);
    auto notWaiting = [&](TimeNs a, TimeNs b) {
        if (b <= a)
            return;
        if (t == nullptr || !known_launch) {
            addRecorded(t, a, b, IdleCause::Unexplained, kNone);
            return;
        }
        auto elsewhere = [&](TimeNs x, TimeNs y) {
            const HostTimeline::Context c = host_.contextAt(*t, x + (y - x) / 2);
            addRecorded(t, x, y, c.cause, c.event);
        };
        auto it =
            std::upper_bound(t->busy.begin(), t->busy.end(), a,
                             [](TimeNs v, const HostTimeline::Span& s) { return v < s.start; });
        if (it != t->busy.begin() && std::prev(it)->end > a)
            --it;
        TimeNs cursor = a;
        for (; it != t->busy.end() && it->start < b; ++it) {
            if (it->start > cursor)
                elsewhere(cursor, it->start);
            const TimeNs from_busy = std::max(cursor, it->start);
            const TimeNs to_busy = std::min(b, it->end);
            // Still inside a sync call around its wait (entering it, returning from it): blocked.
            const TraceEvent& e = waits_.index().event(it->event);
            if (e.kind == EventKind::ApiCall && blocksHost(e)) {
                const std::uint32_t wait = waits_.index().waitOfCall(it->event);
                add(from_busy, to_busy, IdleCause::HostSync, wait != kNone ? wait : it->event);
            } else {
                addRecorded(t, from_busy, to_busy, it->cause, it->event);
            }
            cursor = std::max(cursor, to_busy);
        }
        if (cursor < b)
            elsewhere(cursor, b);
    };
    TimeNs cursor = from;
    if (t != nullptr) {
        auto it =
            std::upper_bound(t->waits.begin(), t->waits.end(), from,
                             [](TimeNs v, const HostTimeline::Span& s) { return v < s.start; });
        if (it != t->waits.begin() && std::prev(it)->end > from)
            --it;
        for (; it != t->waits.end() && it->start < to; ++it) {
            if (it->end <= cursor)
                continue;
            notWaiting(cursor, std::max(cursor, it->start));
            const TimeNs a = std::max(cursor, it->start), b = std::min(to, it->end);
            // A launch held while modules loaded waited for the loading, not for GPU work.
            if (it->overridable)
                addRecorded(t, a, b, IdleCause::HostSync, it->event);
            else
                add(a, b, IdleCause::HostSync, it->event);
            cursor = std::max(cursor, b);
        }
    }
    notWaiting(cursor, to);
}

// The wait that held the next op's stream: a StreamWait just before it (runs), or the last
// cudaStreamWaitEvent aimed at its stream with no op enqueued there in between (imports).
std::uint32_t IdleAttribution::streamWaitBefore(std::uint32_t op) const {
    const TraceIndex& index = waits_.index();
    const Trace& trace = index.trace();
    if (op == kNone || !index.hasEnqueue(op))
        return kNone;
    const auto& seq = index.streamOps(trace.events[op].lane);
    const auto at = std::find(seq.ops.begin(), seq.ops.end(), op);
    if (at == seq.ops.begin() || at == seq.ops.end())
        return kNone;
    const std::uint32_t previous = *std::prev(at);
    if (trace.events[previous].kind == EventKind::StreamWait)
        return previous;
    const TimeNs after = index.enq(previous), before = index.enq(op);
    const auto& calls = index.apiCalls();
    auto it = std::lower_bound(calls.begin(), calls.end(), before, [&](std::uint32_t c, TimeNs t) {
        return trace.events[c].start_ns < t;
    });
    while (it != calls.begin()) {
        const TraceEvent& c = trace.events[*--it];
        if (c.start_ns <= after)
            break;
        if (c.api == ApiId::StreamWaitEvent && c.target_lane == trace.events[op].lane)
            return *it;
    }
    return kNone;
}

void IdleAttribution::explain(TimeNs g0, TimeNs g1, std::uint32_t next) {
    const TraceIndex& index = waits_.index();
    const Trace& trace = index.trace();
    ExplainedGap gap;
    gap.start_ns = g0;
    gap.end_ns = g1;
    gap.next_op = next;
    gap.first_piece = static_cast<std::uint32_t>(pieces_.size());
    gaps_.push_back(gap);

    const std::uint32_t call = next != kNone && index.hasEnqueue(next) ? index.callOf(next) : kNone;
    if (call == kNone) {
        // Who launched the work is unknown: a thread's waits still explain what they cover,
        // unless the work was queued before the wait began and the GPU, not the wait, held it.
        for (std::uint16_t lane = 0; lane < host_.threadCount(); ++lane) {
            const HostTimeline::Span* wait = host_.waitAt(*host_.thread(lane), g0);
            if (wait == nullptr)
                continue;
            if (queuedBeforeWait(next, *wait))
                add(g0, g1,
                    g1 - g0 <= kLaunchLatencyNs ? IdleCause::GpuLatency : IdleCause::Unexplained,
                    g1 - g0 <= kLaunchLatencyNs ? next : kNone);
            else
                hostSide(lane, g0, g1, false);
            glue();
            return;
        }
        hostSide(kNoLane, g0, g1, false);
        return;
    }
    const TraceEvent& launch = trace.events[call];
    const std::uint16_t thread = index.hostThreadOf(launch.lane);
    const TimeNs enq = std::clamp(launch.start_ns, g0, g1);
    hostSide(thread, g0, enq, true);
    if (enq >= g1) {
        glue();
        return;
    }
    // Enqueued, not started: the launch call itself (less what held it), then its latency or a
    // dependency.
    const TimeNs returned = std::clamp(launch.end_ns, enq, g1);
    if (returned > enq) {
        const std::size_t before = pieces_.size();
        hostSide(thread, enq, returned, true);
        // Inside the launch call the host was launching, whatever the call sits in, unless the
        // trace records what held it there (module loading, the profiler's buffers).
        for (std::size_t k = before; k < pieces_.size(); ++k)
            if (pieces_[k].cause != IdleCause::HostSync && pieces_[k].cause != IdleCause::Startup &&
                pieces_[k].cause != IdleCause::ProfilerOverhead) {
                pieces_[k].cause = IdleCause::LaunchBound;
                pieces_[k].event = call;
            }
    }
    if (returned < g1) {
        const std::uint32_t dependency = streamWaitBefore(next);
        if (dependency != kNone)
            add(returned, g1, IdleCause::StreamDependency, dependency);
        else if (launch.end_ns >= g0 && g1 - launch.end_ns <= kLaunchLatencyNs)
            add(returned, g1, IdleCause::LaunchBound, call);  // the launch's own latency
        else if (launch.end_ns < g0 && g1 - g0 <= kLaunchLatencyNs)
            add(returned, g1, IdleCause::GpuLatency, next);  // queued: the GPU's own latency
        else
            add(returned, g1, IdleCause::Unexplained, kNone);
    }
    glue();
}

// Work launched before a sync began is not held by it (correlation ids are issued in call order;
// work from before the trace came before every call in it).
bool IdleAttribution::queuedBeforeWait(std::uint32_t next, const HostTimeline::Span& wait) const {
    const TraceIndex& index = waits_.index();
    if (next == kNone || index.event(next).correlation == kNone)
        return false;
    if (index.launchedBeforeTrace(next))
        return true;
    const TraceEvent& w = index.event(wait.event);
    const std::uint32_t call =
        w.kind == EventKind::ApiCall ? wait.event : index.callOfWait(wait.event);
    return call != kNone && index.event(call).correlation != kNone &&
           index.event(call).correlation > index.event(next).correlation;
}

// The Python between two launches is launching (and between two computing ops, computing): short
// stretches in Python or elsewhere next to such stretches join them.
void IdleAttribution::glue() {
    ExplainedGap& g = gaps_.back();
    auto joins = [](IdleCause c) {
        return c == IdleCause::LaunchBound || c == IdleCause::HostCompute;
    };
    for (std::uint32_t k = g.first_piece; k < g.first_piece + g.piece_count; ++k) {
        IdlePiece& p = pieces_[k];
        if ((p.cause != IdleCause::HostElsewhere && p.cause != IdleCause::Python) ||
            p.duration() >= kGlueNs)
            continue;
        const bool before = k + 1 < g.first_piece + g.piece_count && joins(pieces_[k + 1].cause);
        const bool after = k > g.first_piece && joins(pieces_[k - 1].cause);
        if (before || after) {
            const IdlePiece& by = before ? pieces_[k + 1] : pieces_[k - 1];
            p.cause = by.cause;
            p.event = by.event;
        }
    }
}

const ExplainedGap* IdleAttribution::gapAt(TimeNs t) const {
    auto it = std::upper_bound(gaps_.begin(), gaps_.end(), t,
                               [](TimeNs v, const ExplainedGap& g) { return v < g.start_ns; });
    if (it == gaps_.begin())
        return nullptr;
    --it;
    return t < it->end_ns ? &*it : nullptr;
}

IdleBreakdown IdleAttribution::breakdown(TimeNs from, TimeNs to) const {
    IdleBreakdown out;
    auto it = std::upper_bound(gaps_.begin(), gaps_.end(), from,
                               [](TimeNs v, const ExplainedGap& g) { return v < g.start_ns; });
    if (it != gaps_.begin() && std::prev(it)->end_ns > from)
        --it;
    for (; it != gaps_.end() && it->start_ns < to; ++it)
        for (std::uint32_t k = it->first_piece; k < it->first_piece + it->piece_count; ++k) {
            const IdlePiece& p = pieces_[k];
            const TimeNs a = std::max(p.start_ns, from), b = std::min(p.end_ns, to);
            if (b <= a)
                continue;
            TimeNs& slot = out.ns[static_cast<std::size_t>(p.cause)];
            slot = saturatingAdd(slot, saturatingSub(b, a));
            out.total_ns = saturatingAdd(out.total_ns, saturatingSub(b, a));
        }
    if (from == std::numeric_limits<TimeNs>::min() && to == std::numeric_limits<TimeNs>::max()) {
        out.before_first_ns = before_first_ns_;
        out.after_last_ns = after_last_ns_;
    }
    return out;
}

std::uint32_t IdleAttribution::mainCause(const ExplainedGap& gap) const {
    std::uint32_t best = kNone;
    TimeNs longest = -1;
    for (std::uint32_t k = gap.first_piece; k < gap.first_piece + gap.piece_count; ++k)
        if (pieces_[k].event != kNone && pieces_[k].duration() > longest) {
            longest = pieces_[k].duration();
            best = pieces_[k].event;
        }
    return best;
}

TrText IdleAttribution::pieceText(const IdlePiece& piece) const {
    const TraceIndex& index = waits_.index();
    const Trace& trace = index.trace();
    const std::string d = formatDuration(piece.duration());
    const TraceEvent* e = piece.event != kNone ? &trace.events[piece.event] : nullptr;
    switch (piece.cause) {
        case IdleCause::HostSync: {
            // The torch-level call first, then the CUDA call: "Tensor.item()
            // (cudaStreamSynchronize)". The block is a HostWait, or a sync call drawn without one.
            const std::uint32_t call =
                e->kind == EventKind::ApiCall ? piece.event : index.callOfWait(piece.event);
            TrText where =
                call != kNone ? TrText(index.callName(call)) : TrText(std::string(apiName(e->api)));
            if (call == kNone && e->mode == SyncMode::EventQueryPoll)
                where = phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "a cudaEventQuery loop"));
            else if (where.text().empty())
                where = phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "a sync"));
            const std::uint32_t torch = index.torchCallAround(call != kNone ? call : piece.event);
            if (torch != kNone) {
                const TorchCall which = torchCallOf(trace, trace.events[torch]);
                if (which != TorchCall::None)
                    where = phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "%1() (%2)"),
                                   {std::string(torchCallName(which)), where});
            }
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "the host was blocked %1 in %2"),
                          {d, where});
        }
        case IdleCause::LaunchBound:
            if (e == nullptr)
                return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                                "the host spent %1 launching the next work"),
                              {d});
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                            "the host spent %1 launching the next work (%2)"),
                          {d, e->kind == EventKind::ApiCall ? index.callName(piece.event)
                                                            : std::string(trace.nameOf(*e))});
        case IdleCause::HostCompute:
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                            "the host spent %1 computing in %2, which launched "
                                            "nothing"),
                          {d, e != nullptr ? std::string(trace.nameOf(*e)) : std::string("?")});
        case IdleCause::Python:
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                            "the host spent %1 in Python (%2) with nothing queued"),
                          {d, e != nullptr ? std::string(trace.nameOf(*e)) : std::string("?")});
        case IdleCause::Startup:
            return phrase(
                SYNCSCOPE_TR_NOOP("IdleAttribution", "the host spent %1 in one-time setup (%2)"),
                {d, e != nullptr ? std::string(trace.nameOf(*e)) : std::string("?")});
        case IdleCause::ProfilerOverhead:
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                            "the profiler took %1 of the host for itself (%2)"),
                          {d, e != nullptr ? std::string(trace.nameOf(*e)) : std::string("?")});
        case IdleCause::HostElsewhere:
            if (e == nullptr)
                return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution",
                                                "the host spent %1 in code the trace does not "
                                                "show, with nothing queued"),
                              {d});
            return phrase(
                SYNCSCOPE_TR_NOOP("IdleAttribution", "the host spent %1 in %2 with nothing queued"),
                {d, std::string(trace.nameOf(*e))});
        case IdleCause::StreamDependency: {
            const TrText what =
                e != nullptr && e->cuda_event != kNone
                    ? phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "event %1"),
                             {index.eventName(e->cuda_event)})
                    : phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "another stream"));
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "the next work waited %1 for %2"),
                          {d, what});
        }
        case IdleCause::GpuLatency:
            return phrase(
                SYNCSCOPE_TR_NOOP("IdleAttribution", "the GPU took %1 to start work queued before"),
                {d});
        case IdleCause::LateRank:
            return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "%1 waiting for a late rank"), {d});
        case IdleCause::Unexplained:
            break;
    }
    return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "%1 the trace does not explain"), {d});
}

TrText IdleAttribution::describe(const ExplainedGap& gap) const {
    TrText list;
    for (std::uint32_t k = gap.first_piece; k < gap.first_piece + gap.piece_count; ++k) {
        const TrText piece = pieceText(pieces_[k]);
        list = k == gap.first_piece
                   ? piece
                   : phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "%1, then %2"), {list, piece});
    }
    // Where the gap lies, in the unit the timeline's axis shows the trace in.
    return phrase(SYNCSCOPE_TR_NOOP("IdleAttribution", "GPU idle %1 from %2 to %3: %4."),
                  {formatDuration(gap.duration()), formatOnAxis(gap.start_ns, axis_span_ns_),
                   formatOnAxis(gap.end_ns, axis_span_ns_), list});
}

}  // namespace syncscope
