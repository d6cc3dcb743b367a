#include "core/analysis/wait_attribution.h"

#include <algorithm>
#include <cctype>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/time_format.h"

namespace syncscope {

namespace {

std::string capitalized(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

bool hostBlockingCall(const TraceEvent& e) {
    if ((e.flags & event_flags::kImplicitSync) != 0)
        return true;
    return e.api == ApiId::DeviceSynchronize || e.api == ApiId::StreamSynchronize ||
           e.api == ApiId::EventSynchronize;
}

// Intervals sorted by start with a running "ends last" so that "what covers t?" is one binary
// search even when intervals of several threads overlap.
class Coverage {
public:
    template <typename Keep>
    Coverage(const Trace& trace, const std::vector<std::uint32_t>& by_start, Keep keep)
        : trace_(trace) {
        for (const std::uint32_t i : by_start) {
            if (!keep(trace.events[i]))
                continue;
            const bool later =
                latest_.empty() || trace.events[i].end_ns > trace.events[latest_.back()].end_ns;
            starts_.push_back(trace.events[i].start_ns);
            latest_.push_back(later ? i : latest_.back());
        }
    }
    // An interval with start <= t < end, or kNone.
    std::uint32_t at(TimeNs t) const {
        const auto pos = std::upper_bound(starts_.begin(), starts_.end(), t);
        if (pos == starts_.begin())
            return kNone;
        const std::uint32_t best = latest_[static_cast<std::size_t>(pos - starts_.begin() - 1)];
        return trace_.events[best].end_ns > t ? best : kNone;
    }

private:
    const Trace& trace_;
    std::vector<TimeNs> starts_;
    std::vector<std::uint32_t> latest_;
};

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

std::string WaitAttribution::describeWork(std::uint32_t op) const {
    const auto& e = index_.event(op);
    if (e.kind == EventKind::EventMarker && e.cuda_event != kNone)
        return "event " + index_.eventName(e.cuda_event) + " on " + index_.streamName(e.lane);
    std::string text(TraceIndex::kindWord(e.kind));
    const auto name = index_.trace().nameOf(e);
    if (!name.empty())
        text += " " + std::string(name);
    if (e.batch != kNone)
        text += " (batch " + std::to_string(e.batch) + ")";
    return text + " on " + index_.streamName(e.lane);
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
    info.cpu_ns = w.cpu_ns;
    info.call = index_.callOfWait(wait);
    const TraceEvent* call = info.call != kNone ? &index_.event(info.call) : nullptr;
    info.api = call != nullptr ? call->api : ApiId::None;
    info.cuda_event = w.cuda_event != kNone ? w.cuda_event
                      : call != nullptr     ? call->cuda_event
                                            : kNone;

    // The engine names what released the wait; without that, derive it from the call (§8).
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
    } else if (call != nullptr) {
        op = index_.opOf(info.call);  // a blocking copy or memset waits for its own op
    }
    op = workOf(op);
    info.awaited_op = op;

    std::string where;
    if (call != nullptr)
        where = index_.callName(info.call);
    else if (w.mode == SyncMode::EventQueryPoll)
        where = "a cudaEventQuery loop";
    else
        where = "a host sync";
    const bool on_event = info.cuda_event != kNone &&
                          (info.api == ApiId::EventSynchronize || info.api == ApiId::EventQuery ||
                           w.mode == SyncMode::EventQueryPoll);
    const bool names_event = op != kNone && index_.event(op).kind == EventKind::EventMarker;
    if (on_event && !names_event)
        where += " on event " + index_.eventName(info.cuda_event);

    std::vector<std::string> how;
    if (info.spinning)
        how.emplace_back("spinning");
    if (info.sleeping)
        how.emplace_back("sleeping");
    if (info.cpu_ns >= 0)
        how.push_back(formatDuration(info.cpu_ns) + " of CPU burnt");
    std::string manner;
    for (std::size_t k = 0; k < how.size(); ++k)
        manner += (k == 0 ? " (" : ", ") + how[k];
    if (!manner.empty())
        manner += ")";

    if (op == kNone) {
        info.sentence = "The host waited " + formatDuration(info.duration_ns) + " in " + where +
                        manner + "; the trace does not show which GPU work it waited for.";
        return info;
    }
    const auto& o = index_.event(op);
    info.awaited_end_ns = o.end_ns;
    info.wake_ns = saturatingSub(w.end_ns, o.end_ns);
    const std::string ended = o.kind == EventKind::EventMarker
                                  ? std::string("the event fired")
                                  : "the " + std::string(TraceIndex::kindWord(o.kind)) + " ended";
    std::string when;
    if (o.end_ns <= w.start_ns)  // recorders may name work that was done before the wait began
        when = "; " + ended + " " + formatDuration(saturatingSub(w.start_ns, o.end_ns)) +
               " before the wait began";
    else
        when = "; it woke " + formatDuration(std::abs(info.wake_ns)) +
               (info.wake_ns >= 0 ? " after " : " before ") + ended;
    info.sentence = "The host waited " + formatDuration(info.duration_ns) + " in " + where +
                    " for " + describeWork(op) + when + manner + ".";
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

    std::string where = call == nullptr                      ? "a stream wait"
                        : call->mode == SyncMode::WaitStream ? "Stream.wait_stream"
                                                             : index_.callName(info.call);
    std::string text = capitalized(index_.streamName(w.lane)) + " stalled " +
                       formatDuration(info.duration_ns) + " in " + where;
    const bool wait_stream = call != nullptr && call->mode == SyncMode::WaitStream;
    if (info.awaited_op != kNone) {
        const auto& o = index_.event(info.awaited_op);
        info.awaited_end_ns = o.end_ns;
        info.wake_ns = saturatingSub(w.end_ns, o.end_ns);
    }
    // wait_stream's event is a hidden one: name the work it stood for instead.
    if (wait_stream && info.awaited_op != kNone)
        text += " until " + describeWork(info.awaited_op) + " ended";
    else if (info.cuda_event != kNone)
        text += " for event " + index_.eventName(info.cuda_event);
    if (!wait_stream && info.awaited_op != kNone)
        text += ", which completed when " + describeWork(info.awaited_op) + " ended";
    info.sentence = text + ".";
    return info;
}

std::vector<IdleGap> WaitAttribution::idleGaps() const {
    const auto& trace = index_.trace();
    // Which stretches are gaps is GpuActivity's call (the same the stats and the timeline use);
    // only the cause is decided here.
    const GpuActivity activity(trace);

    const Coverage waits(trace, index_.hostWaits(), [](const TraceEvent&) { return true; });
    const Coverage syncs(trace, index_.apiCalls(), hostBlockingCall);
    std::vector<std::uint32_t> host_by_start = index_.apiCalls();
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (trace.events[i].kind == EventKind::HostWork)
            host_by_start.push_back(i);
    sortIndicesBy(host_by_start, [&](std::uint32_t i) { return trace.events[i].start_ns; });
    const Coverage busy(trace, host_by_start, [](const TraceEvent&) { return true; });

    std::vector<IdleGap> gaps;
    gaps.reserve(activity.gaps().size());
    for (const auto& idle : activity.gaps()) {
        IdleGap gap;
        gap.start_ns = idle.start_ns;
        gap.end_ns = idle.end_ns;
        const std::string span = "The GPU was idle " + formatDuration(gap.duration()) + " from " +
                                 formatMicros(gap.start_ns) + " to " + formatMicros(gap.end_ns);
        if ((gap.wait = waits.at(gap.start_ns)) != kNone) {
            gap.cause = IdleGap::Cause::HostSync;
            gap.call = index_.callOfWait(gap.wait);
        } else if ((gap.call = syncs.at(gap.start_ns)) != kNone) {
            gap.cause = IdleGap::Cause::HostSync;
        } else if ((gap.call = busy.at(gap.start_ns)) != kNone) {
            gap.cause = IdleGap::Cause::HostBusy;
        }
        switch (gap.cause) {
            case IdleGap::Cause::HostSync:
                gap.sentence = span + " because the host was blocked in " +
                               (gap.call != kNone ? index_.callName(gap.call)
                                : trace.events[gap.wait].mode == SyncMode::EventQueryPoll
                                    ? std::string("a cudaEventQuery loop")
                                    : std::string("a sync")) +
                               ".";
                break;
            case IdleGap::Cause::HostBusy: {
                const auto& h = trace.events[gap.call];
                gap.sentence = span + " while the host was busy in " +
                               (h.kind == EventKind::ApiCall
                                    ? index_.callName(gap.call)
                                    : "host work" + (trace.nameOf(h).empty()
                                                         ? std::string()
                                                         : " " + std::string(trace.nameOf(h)))) +
                               ".";
                break;
            }
            case IdleGap::Cause::Unknown:
                gap.sentence = span + "; no host activity was recorded then.";
                break;
        }
        gaps.push_back(std::move(gap));
    }
    return gaps;
}

}  // namespace syncscope
