#include "core/analysis/wait_attribution.h"

#include <algorithm>
#include <cctype>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/idle_attribution.h"
#include "core/analysis/time_format.h"
#include "core/model/torch_call.h"

namespace syncscope {

namespace {

std::string capitalized(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

// The words of the sentences below, in one context for the translators.
constexpr const char* kContext = "WaitAttribution";

TrText phrase(const char* pattern, std::vector<TrText> args = {}) {
    return TrText(kContext, pattern, std::move(args));
}

// TraceIndex::kindWord, translatable.
TrText kindText(EventKind kind) {
    switch (kind) {
        case EventKind::Kernel:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "kernel"));
        case EventKind::Memcpy:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "copy"));
        case EventKind::Memset:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "memset"));
        case EventKind::EventMarker:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "event record"));
        case EventKind::StreamWait:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "stream wait"));
        case EventKind::HostCallback:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "host function"));
        case EventKind::MemoryOp:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "memory operation"));
        case EventKind::ApiCall:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "call"));
        case EventKind::HostWait:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "host wait"));
        case EventKind::HostWork:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "host work"));
        default:
            return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "event"));
    }
}

// The parts of a lane's name the engines wrote, translatable as the timeline's LaneLabel does:
// "host thread", "<stream> (non-blocking)". A name from a file stays as it is.
TrText engineLaneName(const Lane& lane, const std::string& name) {
    if (lane.kind == LaneKind::HostThread && name == "host thread")
        return TrText("LaneLabel", SYNCSCOPE_TR_NOOP("LaneLabel", "host thread"));
    if (lane.kind == LaneKind::HostWaits && name == "host waits")
        return TrText("LaneLabel", SYNCSCOPE_TR_NOOP("LaneLabel", "host waits"));
    if (lane.kind != LaneKind::Stream)
        return name;
    const char* kind = nullptr;
    switch (lane.stream_kind) {
        case StreamKind::NonBlocking:
            kind = SYNCSCOPE_TR_NOOP("LaneLabel", "non-blocking");
            break;
        case StreamKind::Blocking:
            kind = SYNCSCOPE_TR_NOOP("LaneLabel", "blocking");
            break;
        case StreamKind::LegacyDefault:
            kind = SYNCSCOPE_TR_NOOP("LaneLabel", "legacy-default");
            break;
        case StreamKind::PerThreadDefault:
            kind = SYNCSCOPE_TR_NOOP("LaneLabel", "per-thread-default");
            break;
    }
    const std::string suffix = " (" + std::string(toString(lane.stream_kind)) + ")";
    if (kind == nullptr || name.size() <= suffix.size() || !name.ends_with(suffix))
        return name;
    return TrText("LaneLabel", SYNCSCOPE_TR_NOOP("LaneLabel", "%1 (%2)"),
                  {name.substr(0, name.size() - suffix.size()), TrText("LaneLabel", kind)});
}

}  // namespace

WaitAttribution::WaitAttribution(const Trace& trace) : index_(trace) {}

std::optional<WaitInfo> WaitAttribution::attribute(std::uint32_t wait_event) const {
    if (wait_event >= index_.trace().events.size())
        return std::nullopt;
    const auto kind = index_.event(wait_event).kind;
    if (kind == EventKind::HostWait)
        return attributeHostWait(wait_event);
    if (kind == EventKind::StreamWait)
        return attributeStreamWait(wait_event);
    return std::nullopt;
}

std::optional<WaitInfo> WaitAttribution::explain(std::uint32_t event) const {
    const auto& events = index_.trace().events;
    if (event >= events.size())
        return std::nullopt;
    const TraceEvent& e = events[event];
    if (e.kind == EventKind::HostWait || e.kind == EventKind::StreamWait)
        return attribute(event);
    if (e.kind == EventKind::ApiCall && !isTorchCallEvent(e)) {
        const std::uint32_t wait = index_.waitOfCall(event);
        return wait != kNone ? attribute(wait) : std::nullopt;
    }
    if (!isTorchCallEvent(e))
        return std::nullopt;
    // The first wait on the call's thread that lies inside it.
    const auto& waits = index_.hostWaits();
    const std::uint16_t thread = index_.hostThreadOf(e.lane);
    auto it = std::lower_bound(waits.begin(), waits.end(), e.start_ns,
                               [&](std::uint32_t w, TimeNs t) { return events[w].start_ns < t; });
    for (; it != waits.end() && events[*it].start_ns <= e.end_ns; ++it)
        if (index_.hostThreadOf(events[*it].lane) == thread && events[*it].end_ns <= e.end_ns)
            return attribute(*it);
    return std::nullopt;
}

std::uint32_t WaitAttribution::workOf(std::uint32_t op) const {
    if (op == kNone || index_.event(op).kind != EventKind::EventMarker)
        return op;
    const std::uint32_t rec = index_.callOf(op);
    if (rec == kNone)
        return op;
    // The marker stands for its captured work only when that work is what it waited for; a
    // record delayed by something else (legacy-stream ordering) is shown as the record itself.
    const auto done = index_.doneOf(rec);
    if (done.op == kNone || index_.event(done.op).end_ns < index_.event(op).start_ns)
        return op;
    return done.op;
}

// An event sync whose event the trace does not name (no sync record links it): the event is the
// one the thread recorded last before it, on the stream it last launched work on, and the sync
// waited for the op that ends last among those enqueued there before that record
// (docs/semantics.md section 7, done(e)). kNone when the trace shows no such record or work, or
// when that work ended after the sync returned (then it was not this event's).
std::uint32_t WaitAttribution::awaitedByUnnamedEvent(std::uint32_t sync) const {
    const TraceEvent& s = index_.event(sync);
    const std::uint16_t thread = index_.hostThreadOf(s.lane);
    const auto& calls = index_.apiCalls();
    auto it =
        std::lower_bound(calls.begin(), calls.end(), s.start_ns,
                         [&](std::uint32_t c, TimeNs t) { return index_.event(c).start_ns < t; });
    std::uint32_t record = kNone;
    std::uint16_t lane = kNoLane;
    // Back from the sync: the last record on this thread, then the last launch before it; a
    // bounded look back, as a record sits next to its sync in real programs.
    for (int steps = 0; it != calls.begin() && steps < 4096; ++steps) {
        const std::uint32_t c = *--it;
        const TraceEvent& e = index_.event(c);
        if (index_.hostThreadOf(e.lane) != thread || c == sync)
            continue;
        if (record == kNone) {
            if (e.api == ApiId::EventRecord) {
                record = c;
                lane = index_.targetLane(c);
                if (lane != kNoLane)
                    break;
            }
            continue;
        }
        if (const std::uint32_t op = index_.opOf(c); op != kNone) {
            lane = index_.event(op).lane;
            break;
        }
    }
    if (record == kNone || lane == kNoLane || !index_.isStreamLane(lane))
        return kNone;
    const std::uint32_t op =
        index_.latestEndingBefore(index_.streamOps(lane), index_.event(record).start_ns);
    if (op == kNone || index_.event(op).end_ns > s.end_ns)
        return kNone;
    return op;
}

// TraceIndex::streamName, translatable; names from the trace stay as they are.
TrText WaitAttribution::streamText(std::uint32_t lane, bool capital) const {
    const auto& lanes = index_.trace().lanes;
    if (lane >= lanes.size())
        return capital ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "An unknown lane"))
                       : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "an unknown lane"));
    const auto& l = lanes[lane];
    const bool named = !l.name.empty();
    const bool is_stream = l.kind == LaneKind::Stream;
    if ((!is_stream && named) ||
        (is_stream && (l.name.rfind("stream", 0) == 0 || l.name.rfind("Stream", 0) == 0)))
        return engineLaneName(l, capital ? capitalized(l.name) : l.name);
    if (!is_stream)
        return capital
                   ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "Lane %1"), {std::to_string(lane)})
                   : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "lane %1"),
                            {std::to_string(lane)});
    const TrText id = named ? engineLaneName(l, l.name)
                            : TrText(std::to_string(l.stream_id != kNone ? l.stream_id : lane));
    return capital ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "Stream %1"), {id})
                   : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "stream %1"), {id});
}

TrText WaitAttribution::describeWork(std::uint32_t op) const {
    const auto& e = index_.event(op);
    const TrText on = streamText(e.lane);
    if (e.kind == EventKind::EventMarker && e.cuda_event != kNone)
        return phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "event %1 on %2"),
                      {index_.eventName(e.cuda_event), on});
    const std::string name(index_.trace().nameOf(e));
    const TrText kind = kindText(e.kind);
    if (e.batch == kNone)
        return name.empty()
                   ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 on %2"), {kind, on})
                   : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 %2 on %3"), {kind, name, on});
    const std::string batch = std::to_string(e.batch);
    return name.empty() ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 (batch %2) on %3"),
                                 {kind, batch, on})
                        : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 %2 (batch %3) on %4"),
                                 {kind, name, batch, on});
}

WaitInfo WaitAttribution::attributeHostWait(std::uint32_t wait) const {
    const auto& w = index_.event(wait);
    WaitInfo info;
    info.wait = wait;
    info.kind = EventKind::HostWait;
    info.start_ns = w.start_ns;
    info.end_ns = w.end_ns;
    info.duration_ns = w.duration();
    info.spinning = (w.flags & event_flags::kSpinning) != 0;
    info.sleeping = (w.flags & event_flags::kSleeping) != 0;
    info.cpu_ns = w.cpuNs();
    info.call = index_.callOfWait(wait);
    const TraceEvent* call = info.call != kNone ? &index_.event(info.call) : nullptr;
    info.api = call != nullptr ? call->api : ApiId::None;
    info.cuda_event = w.cuda_event != kNone ? w.cuda_event
                      : call != nullptr     ? call->cuda_event
                                            : kNone;

    // The engine names what released the wait; without that, derive it from the call
    // (docs/semantics.md section 7).
    std::uint32_t op = kNone;
    if (w.awaited < index_.trace().events.size() &&
        TraceIndex::isGpuOp(index_.event(w.awaited).kind)) {
        op = w.awaited;
    } else if (call != nullptr && call->api == ApiId::DeviceSynchronize) {
        op = index_.latestEndingBefore(index_.allOps(), call->start_ns);
    } else if (call != nullptr && call->api == ApiId::StreamSynchronize) {
        const auto lane = index_.targetLane(info.call);
        if (lane != kNoLane)
            op = index_.latestEndingBefore(index_.streamOps(lane), call->start_ns);
    } else if (info.cuda_event != kNone) {
        const std::uint32_t rec =
            index_.recordBefore(info.cuda_event, call != nullptr ? call->start_ns : w.start_ns);
        if (rec != kNone)
            op = index_.doneOf(rec).op;
    } else if (call != nullptr && call->api == ApiId::EventSynchronize) {
        op = awaitedByUnnamedEvent(info.call);
    } else if (call != nullptr) {
        op = index_.opOf(info.call);  // a blocking copy or memset waits for its own op
    }
    op = workOf(op);
    info.awaited_op = op;
    info.reason = hostWaitReason(index_, wait);
    info.torch_call = index_.torchCallAround(info.call != kNone ? info.call : wait);
    info.awaited_launched_before_trace = op != kNone && index_.launchedBeforeTrace(op);

    TrText where;
    if (call != nullptr)
        where = index_.callName(info.call);
    else if (w.mode == SyncMode::EventQueryPoll)
        where = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "a cudaEventQuery loop"));
    else
        where = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "a host sync"));
    // The call the user wrote first, the CUDA call it made after: "Tensor.item()
    // (cudaMemcpyAsync)".
    if (info.torch_call != kNone) {
        const TorchCall torch = torchCallOf(index_.trace(), index_.event(info.torch_call));
        if (torch != TorchCall::None)
            where = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1() (%2)"),
                           {std::string(torchCallName(torch)), where});
    }
    const bool on_event = info.cuda_event != kNone &&
                          (info.api == ApiId::EventSynchronize || info.api == ApiId::EventQuery ||
                           w.mode == SyncMode::EventQueryPoll);
    const bool names_event = op != kNone && index_.event(op).kind == EventKind::EventMarker;
    if (on_event && !names_event)
        where = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 on event %2"),
                       {where, index_.eventName(info.cuda_event)});

    std::vector<TrText> how;
    if (info.spinning)
        how.push_back(phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "spinning")));
    if (info.sleeping)
        how.push_back(phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "sleeping")));
    if (info.cpu_ns >= 0)
        how.push_back(phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 of CPU burnt"),
                             {formatDuration(info.cpu_ns)}));
    TrText manner = std::string();
    if (!how.empty()) {
        TrText list = how[0];
        for (std::size_t k = 1; k < how.size(); ++k)
            list = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1, %2"), {list, how[k]});
        manner = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", " (%1)"), {list});
    }

    const std::string waited = formatDuration(info.duration_ns);
    // Copies, memsets and allocations wait for their own op or the device: the sentences below
    // say so. Other holds are no wait "for" something.
    const bool held =
        info.reason == HostWaitReason::PageableCopy || info.reason == HostWaitReason::HeldLaunch ||
        info.reason == HostWaitReason::QueueFull || info.reason == HostWaitReason::LongCall;
    if (held) {
        // Held inside a call that is not a sync: say why, and what GPU work (if any) it waited
        // for on the way.
        TrText then = std::string();
        if (op != kNone) {
            const auto& o = index_.event(op);
            info.awaited_end_ns = o.end_ns;
            then = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution",
                                            "; it waited for %1, which ended %2 into the call"),
                          {describeWork(op), formatDuration(saturatingSub(o.end_ns, w.start_ns))});
        }
        info.text =
            phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "The host was held %1 in %2: %3%4%5."),
                   {waited, where, describe(info.reason), then, manner});
        info.sentence = info.text.english();
        return info;
    }
    if (op == kNone) {
        info.text = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution",
                                             "The host waited %1 in %2%3; the trace does not show "
                                             "which GPU work it waited for."),
                           {waited, where, manner});
        info.sentence = info.text.english();
        return info;
    }
    const auto& o = index_.event(op);
    info.awaited_end_ns = o.end_ns;
    info.wake_ns = saturatingSub(w.end_ns, o.end_ns);
    info.wake_known = o.end_ns > w.start_ns;
    const TrText ended =
        o.kind == EventKind::EventMarker
            ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "the event fired"))
            : phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "the %1 ended"), {kindText(o.kind)});
    TrText when;
    if (o.end_ns <= w.start_ns)  // recorders may name work that was done before the wait began
        when = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "; %1 %2 before the wait began"),
                      {ended, formatDuration(saturatingSub(w.start_ns, o.end_ns))});
    else if (info.wake_ns > kLateWakeNs) {
        // Never call this a wake-up latency: the trace does not show what the host waited for.
        info.late_wake = true;
        when = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution",
                                        "; it woke only %1 after %2, and the trace shows no GPU "
                                        "work it could have waited for in between"),
                      {formatDuration(info.wake_ns), ended});
    } else if (info.wake_ns >= 0)
        when = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "; it woke %1 after %2"),
                      {formatDuration(info.wake_ns), ended});
    else
        when = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "; it woke %1 before %2"),
                      {formatDuration(std::abs(info.wake_ns)), ended});
    const TrText work =
        info.awaited_launched_before_trace
            ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1, launched before the trace began"),
                     {describeWork(op)})
            : describeWork(op);
    info.text = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "The host waited %1 in %2 for %3%4%5."),
                       {waited, where, work, when, manner});
    info.sentence = info.text.english();
    return info;
}

WaitInfo WaitAttribution::attributeStreamWait(std::uint32_t wait) const {
    const auto& w = index_.event(wait);
    WaitInfo info;
    info.wait = wait;
    info.kind = EventKind::StreamWait;
    info.start_ns = w.start_ns;
    info.end_ns = w.end_ns;
    info.duration_ns = w.duration();
    info.call = index_.callOf(wait);
    const TraceEvent* call = info.call != kNone ? &index_.event(info.call) : nullptr;
    info.api = call != nullptr ? call->api : ApiId::None;

    std::uint32_t rec = kNone;
    if (w.awaited < index_.trace().events.size() &&
        index_.event(w.awaited).kind == EventKind::EventMarker) {
        info.cuda_event = index_.event(w.awaited).cuda_event;
        rec = index_.callOf(w.awaited);
    } else {
        info.cuda_event = w.cuda_event != kNone ? w.cuda_event
                          : call != nullptr     ? call->cuda_event
                                                : kNone;
        if (info.cuda_event != kNone && call != nullptr)
            rec = index_.recordBefore(info.cuda_event, call->start_ns);
    }
    if (rec != kNone)
        info.awaited_op = index_.doneOf(rec).op;

    const TrText where = call == nullptr
                             ? phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "a stream wait"))
                         : call->mode == SyncMode::WaitStream ? TrText("Stream.wait_stream")
                                                              : TrText(index_.callName(info.call));
    const bool wait_stream = call != nullptr && call->mode == SyncMode::WaitStream;
    if (info.awaited_op != kNone) {
        const auto& o = index_.event(info.awaited_op);
        info.awaited_end_ns = o.end_ns;
        info.wake_ns = saturatingSub(w.end_ns, o.end_ns);
    }
    // wait_stream's event is a hidden one: name the work it stood for instead.
    TrText what = std::string();
    if (wait_stream && info.awaited_op != kNone)
        what = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", " until %1 ended"),
                      {describeWork(info.awaited_op)});
    else if (info.cuda_event != kNone)
        what = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", " for event %1"),
                      {index_.eventName(info.cuda_event)});
    TrText released = std::string();
    if (!wait_stream && info.awaited_op != kNone)
        released = phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", ", which completed when %1 ended"),
                          {describeWork(info.awaited_op)});
    info.text =
        phrase(SYNCSCOPE_TR_NOOP("WaitAttribution", "%1 stalled %2 in %3%4%5."),
               {streamText(w.lane, true), formatDuration(info.duration_ns), where, what, released});
    info.sentence = info.text.english();
    return info;
}

namespace {

// The host was doing something else than waiting: launching, computing, in Python or elsewhere,
// setting up, or held by the profiler.
bool isHostSide(IdleCause cause) {
    switch (cause) {
        case IdleCause::LaunchBound:
        case IdleCause::HostCompute:
        case IdleCause::Python:
        case IdleCause::HostElsewhere:
        case IdleCause::Startup:
        case IdleCause::ProfilerOverhead:
            return true;
        default:
            return false;
    }
}

}  // namespace

std::vector<IdleGap> WaitAttribution::idleGaps() const {
    const IdleAttribution idle(*this);
    const auto& pieces = idle.pieces();
    std::vector<IdleGap> gaps;
    gaps.reserve(idle.gaps().size());
    for (const ExplainedGap& g : idle.gaps()) {
        IdleGap gap;
        gap.start_ns = g.start_ns;
        gap.end_ns = g.end_ns;
        gap.cause_event = idle.mainCause(g);
        // The summary: blocked when the gap began so; else starved by a busy host when that is
        // most of it.
        TimeNs host = 0, unexplained = 0;
        for (std::uint32_t k = g.first_piece; k < g.first_piece + g.piece_count; ++k) {
            const IdlePiece& p = pieces[k];
            if (isHostSide(p.cause))
                host += p.duration();
            else if (p.cause == IdleCause::Unexplained)
                unexplained += p.duration();
        }
        if (g.piece_count > 0 && pieces[g.first_piece].cause == IdleCause::HostSync) {
            gap.cause = IdleGap::Cause::HostSync;
            // A HostWait, or a blocking call drawn without one.
            const std::uint32_t block = pieces[g.first_piece].event;
            const bool call = index_.event(block).kind == EventKind::ApiCall;
            gap.wait = call ? kNone : block;
            gap.call = call ? block : index_.callOfWait(block);
        } else if (host > 0 && host >= unexplained) {
            gap.cause = IdleGap::Cause::HostBusy;
            for (std::uint32_t k = g.first_piece; k < g.first_piece + g.piece_count; ++k)
                if (isHostSide(pieces[k].cause)) {
                    gap.call = pieces[k].event;
                    break;
                }
        }
        gap.text = idle.describe(g);
        gap.sentence = gap.text.english();
        gaps.push_back(std::move(gap));
    }
    return gaps;
}

}  // namespace syncscope
