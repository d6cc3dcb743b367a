// I10–I14, I16, I23: calls that must not wait for GPU work, and the device side of stream waits.
// "Waited" needs evidence, because any CUDA call may take long for internal reasons
// (docs/semantics.md section 1): a host wait inside the call, or a call of at least api_bound_ns
// that returned only after the work it would have waited for had ended.
#include "core/analysis/invariant_checks.h"
#include "core/analysis/time_format.h"

namespace syncscope::invariant_checks {

namespace {

bool has(const TraceEvent& e, std::uint8_t flag) {
    return (e.flags & flag) != 0;
}

// A call of at least api_bound that returned after `done`, which was still ahead when it started.
bool trackedWork(const Context& ctx, const TraceEvent& c, TimeNs done) {
    return c.duration() >= ctx.options.api_bound_ns && done > c.start_ns &&
           c.end_ns >= done - ctx.eps;
}

void checkStreamWaitEvent(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    const std::string who = "cudaStreamWaitEvent at " + at(c.start_ns);

    // I23: the host interval of a stream wait is API-sized whatever the event's state.
    if (c.duration() >= ctx.options.api_bound_ns)
        ctx.sink.add("I23",
                     who + " took " + formatDuration(c.duration()) +
                         "; a stream wait is an API-sized host interval (under " +
                         formatDuration(ctx.options.api_bound_ns) + ").",
                     {call});
    const std::uint32_t wait = index.waitOfCall(call);
    if (wait != kNone)
        ctx.sink.add("I10",
                     "The host waited " + formatDuration(index.event(wait).duration()) + " in " +
                         who + "; only the stream waits, never the host.",
                     {call, wait});

    if (c.cuda_event == kNone)
        return;
    const std::uint32_t rec = index.recordBefore(c.cuda_event, c.start_ns);
    if (rec == kNone)
        return;  // a never-recorded event: the wait is a no-op
    const auto done = index.doneOf(rec);
    if (done.op == kNone)
        return;
    const std::string event = "event " + index.eventName(c.cuda_event);
    const std::string captured = index.describeOp(done.op);

    // I10: it does not wait for the captured work.
    const TimeNs pending = done.t - c.start_ns;
    if (wait == kNone && pending >= ctx.options.api_bound_ns &&
        c.duration() >= ctx.options.api_bound_ns &&
        (c.end_ns >= done.t - ctx.eps || pending >= ctx.options.long_pending_ns))
        ctx.sink.add("I10",
                     who + " took " + formatDuration(c.duration()) + " and returned at " +
                         at(c.end_ns) + " while " + event + " had " + formatDuration(pending) +
                         " of captured work pending (" + captured + ", ending at " + at(done.t) +
                         "); it must return without waiting.",
                     {call, done.op});

    // I11 / I12: the device side, against done(e) of docs/semantics.md section 7.
    const bool wait_stream = c.mode == SyncMode::WaitStream;
    const std::string id = wait_stream ? "I12" : "I11";
    const std::string what = wait_stream ? "Stream.wait_stream" : "cudaStreamWaitEvent";
    const std::uint16_t lane = index.targetLane(call);
    const std::uint32_t stall = index.opOf(call);
    if (stall != kNone && index.event(stall).kind == EventKind::StreamWait &&
        index.event(stall).end_ns < done.t - ctx.eps)
        ctx.sink.add(id,
                     "The " + what + " on " + index.streamName(index.event(stall).lane) +
                         " let the stream go on at " + at(index.event(stall).end_ns) + " but " +
                         event + " completed only at " + at(done.t) + " (" + captured + ").",
                     {call, stall, done.op});
    if (lane == kNoLane)
        return;
    const std::uint32_t next = index.earliestStartingAfter(index.streamOps(lane), c.start_ns);
    if (next == kNone || index.event(next).start_ns >= done.t - ctx.eps)
        return;
    ctx.sink.add(id,
                 index.describeOp(next) + ", enqueued after the " + what + " at " + at(c.start_ns) +
                     ", started at " + at(index.event(next).start_ns) + " but " + event +
                     " completed only at " + at(done.t) + " (" + captured + ").",
                 {call, next, done.op});
}

// I13: asynchronous enqueues return before their (long) op ends, unless the launch queue was full.
void checkAsyncReturn(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    if (has(c, event_flags::kQueueFull))
        return;
    if (c.api == ApiId::MemcpyAsync &&
        (has(c, event_flags::kPageable) || has(c, event_flags::kImplicitSync)))
        return;  // pageable or host-to-host copies may be synchronous (docs/semantics.md section 2)
    const std::uint32_t op = index.opOf(call);
    if (op == kNone)
        return;
    const auto& o = index.event(op);
    if (o.end_ns - c.start_ns < ctx.options.api_bound_ns || c.end_ns < o.end_ns + ctx.eps)
        return;
    const bool observed = ctx.held_call != Violation::Severity::Error;
    ctx.sink.add("I13",
                 index.callName(call) + " at " + at(c.start_ns) + " returned at " + at(c.end_ns) +
                     ", after the " + index.describeOp(op) + " it enqueued had ended at " +
                     at(o.end_ns) +
                     (observed ? "; the host was held inside the call (a full queue, lazy module "
                                 "loading, or the thread descheduled)."
                               : "; it must return before its work ends."),
                 {call, op}, ctx.held_call);
}

void checkQuery(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    const bool ready = has(c, event_flags::kQueryReady);
    TimeNs done = 0;
    std::uint32_t done_op = kNone;
    std::string what;
    if (c.api == ApiId::EventQuery) {
        if (c.cuda_event == kNone)
            return;
        what = "event " + index.eventName(c.cuda_event);
        const std::uint32_t rec = index.recordBefore(c.cuda_event, c.start_ns);
        if (rec == kNone) {
            if (!ready)
                ctx.sink.add("I14",
                             "cudaEventQuery on " + what + " at " + at(c.start_ns) +
                                 " did not report ready, but a never-recorded event queries as "
                                 "complete.",
                             {call});
            return;
        }
        const auto d = index.doneOf(rec);
        done = d.t;
        done_op = d.op;
    } else {
        const std::uint16_t lane = index.targetLane(call);
        if (lane == kNoLane)
            return;
        what = index.streamName(lane);
        done_op = index.latestEndingBefore(index.streamOps(lane), c.start_ns);
        if (done_op != kNone)
            done = index.event(done_op).end_ns;
    }
    if (done_op == kNone)
        return;
    if (ready && done > c.end_ns + ctx.eps)
        ctx.sink.add("I14",
                     index.callName(call) + " on " + what + " reported ready at " + at(c.end_ns) +
                         " but " + index.describeOp(done_op) + ", which it covers, ended only at " +
                         at(done) + ".",
                     {call, done_op});
    else if (trackedWork(ctx, c, done))
        ctx.sink.add("I14",
                     index.callName(call) + " on " + what + " took " +
                         formatDuration(c.duration()) + " and returned at " + at(c.end_ns) +
                         ", after " + index.describeOp(done_op) + " ended at " + at(done) +
                         "; a query must not block.",
                     {call, done_op});
}

void checkDestroy(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    const std::uint32_t wait = index.waitOfCall(call);
    if (wait != kNone) {
        ctx.sink.add("I16",
                     "The host waited " + formatDuration(index.event(wait).duration()) + " in " +
                         index.callName(call) + " at " + at(c.start_ns) +
                         "; destroying a stream or event never waits for pending work.",
                     {call, wait});
        return;
    }
    std::uint32_t pending = kNone;
    if (c.api == ApiId::StreamDestroy) {
        const std::uint16_t lane = index.targetLane(call);
        if (lane != kNoLane)
            pending = index.latestEndingBefore(index.streamOps(lane), c.start_ns);
    } else if (c.cuda_event != kNone) {
        const std::uint32_t rec = index.recordBefore(c.cuda_event, c.start_ns);
        if (rec != kNone)
            pending = index.doneOf(rec).op;
    }
    if (pending == kNone || !trackedWork(ctx, c, index.event(pending).end_ns))
        return;
    ctx.sink.add("I16",
                 index.callName(call) + " took " + formatDuration(c.duration()) +
                     " and returned at " + at(c.end_ns) + ", after the pending " +
                     index.describeOp(pending) + " ended at " + at(index.event(pending).end_ns) +
                     "; destroying a stream or event never waits for pending work.",
                 {call, pending});
}

}  // namespace

void checkNonBlockingCalls(Context& ctx) {
    for (const std::uint32_t call : ctx.index.apiCalls()) {
        const auto& c = ctx.index.event(call);
        if (has(c, event_flags::kFailed))
            continue;
        switch (c.api) {
            case ApiId::StreamWaitEvent:
                checkStreamWaitEvent(ctx, call);
                break;
            case ApiId::LaunchKernel:
            case ApiId::MemcpyAsync:
            case ApiId::MemsetAsync:
                checkAsyncReturn(ctx, call);
                break;
            case ApiId::EventQuery:
            case ApiId::StreamQuery:
                checkQuery(ctx, call);
                break;
            case ApiId::StreamDestroy:
            case ApiId::EventDestroy:
                checkDestroy(ctx, call);
                break;
            default:
                break;
        }
    }
}

}  // namespace syncscope::invariant_checks
