// I1, I2, I3, I4, I15, I24: ordering of GPU ops. Each check walks ops in enqueue order once,
// keeping the op that ends last among strictly earlier enqueues (equal enqueue times are not
// ordered), so it is O(n) after the O(n log n) sort of TraceIndex.
#include "core/analysis/invariant_checks.h"
#include "core/analysis/time_format.h"

namespace syncscope::invariant_checks {

namespace {

bool laterEnding(const TraceIndex& index, std::uint32_t candidate, std::uint32_t best) {
    return best == kNone || index.event(candidate).end_ns > index.event(best).end_ns;
}

bool laterStarting(const TraceIndex& index, std::uint32_t candidate, std::uint32_t best) {
    return best == kNone || index.event(candidate).start_ns > index.event(best).start_ns;
}

// Programmatic dependent launch (CUDA Programming Guide; docs/semantics.md "Stream order"): on
// compute capability 9.0+ a kernel launched with programmatic stream serialization may start
// before the kernel before it on its stream has ended, never before it started. A trace that does
// not say how its kernels were launched gets the benefit of the doubt for such a pair only.
bool programmaticLaunch(const Context& ctx, const TraceEvent& earlier, const TraceEvent& later) {
    return !ctx.knows_launch_attributes && earlier.kind == EventKind::Kernel &&
           later.kind == EventKind::Kernel && later.start_ns >= earlier.start_ns;
}

// Calls fn(k_begin, k_end) for each run of equal enqueue times in a sequence.
template <typename Fn>
void forEachEnqueueGroup(const TraceIndex::OpSequence& seq, Fn fn) {
    std::size_t k = 0;
    while (k < seq.ops.size()) {
        std::size_t end = k + 1;
        while (end < seq.ops.size() && seq.enq[end] == seq.enq[k])
            ++end;
        fn(k, end);
        k = end;
    }
}

void checkFifo(Context& ctx, const TraceIndex::OpSequence& seq) {
    const auto& index = ctx.index;
    std::uint32_t latest = kNone;         // any op
    std::uint32_t latest_work = kNone;    // any op but markers (marker pairs are I24's)
    std::uint32_t latest_marker = kNone;  // by start: when the stream reached the record
    forEachEnqueueGroup(seq, [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t b = seq.ops[k];
            const auto& eb = index.event(b);
            const bool marker = eb.kind == EventKind::EventMarker;
            const std::uint32_t a = marker ? latest_work : latest;
            if (a != kNone && index.event(a).end_ns > eb.start_ns + ctx.eps) {
                const auto& ea = index.event(a);
                if (programmaticLaunch(ctx, ea, eb)) {
                    ctx.sink.add("I1",
                                 index.describeOp(b) + " started at " + at(eb.start_ns) +
                                     ", inside " + index.describeOp(a) + " (" + at(ea.start_ns) +
                                     " to " + at(ea.end_ns) +
                                     "), which was enqueued before it: overlap on one stream, "
                                     "programmatic dependent launch?",
                                 {a, b}, Violation::Severity::Observation);
                    continue;
                }
                const bool host_fn =
                    ea.kind == EventKind::HostCallback || eb.kind == EventKind::HostCallback;
                ctx.sink.add(host_fn ? "I15" : "I1",
                             index.describeOp(b) + ", enqueued at " + at(seq.enq[k]) +
                                 ", started at " + at(eb.start_ns) + " but " + index.describeOp(a) +
                                 ", enqueued earlier at " + at(index.enq(a)) + ", ended only at " +
                                 at(ea.end_ns) +
                                 (host_fn ? "; a host function must run strictly in stream order."
                                          : "; a stream runs its work in enqueue order."),
                             {a, b});
            }
            if (marker && latest_marker != kNone) {
                const auto& em = index.event(latest_marker);
                const TimeNs slack = ctx.options.event_timing_resolution_ns + ctx.eps;
                if (eb.start_ns < em.start_ns - slack)
                    ctx.sink.add("I24",
                                 "Event " + index.eventName(eb.cuda_event) + " on " +
                                     index.streamName(eb.lane) + ", recorded after event " +
                                     index.eventName(em.cuda_event) + ", fired at " +
                                     at(eb.start_ns) + ", " +
                                     formatDuration(em.start_ns - eb.start_ns) + " before it (at " +
                                     at(em.start_ns) + "); their elapsed time would be negative.",
                                 {latest_marker, b});
            }
        }
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t op = seq.ops[k];
            if (laterEnding(index, op, latest))
                latest = op;
            if (index.event(op).kind == EventKind::EventMarker) {
                if (laterStarting(index, op, latest_marker))
                    latest_marker = op;
            } else if (laterEnding(index, op, latest_work)) {
                latest_work = op;
            }
        }
    });
}

void checkCausality(Context& ctx) {
    const auto& index = ctx.index;
    for (const std::uint32_t op : index.allOps().ops) {
        const auto& e = index.event(op);
        const TimeNs enq = index.enq(op);
        if (e.start_ns >= enq - ctx.eps)
            continue;
        const std::uint32_t call = index.callOf(op);
        ctx.sink.add("I2",
                     index.describeOp(op) + " started at " + at(e.start_ns) + " but its " +
                         index.callName(call) + " call was only issued at " + at(enq) + ".",
                     {call, op});
    }
}

StreamKind kindOf(const TraceIndex& index, std::uint32_t op) {
    return index.trace().lanes[index.event(op).lane].stream_kind;
}

bool blockingKind(StreamKind kind) {
    return kind == StreamKind::Blocking || kind == StreamKind::PerThreadDefault;
}

// I3/I4: the legacy stream waits for earlier work of every blocking stream, and blocking streams
// wait for earlier legacy work. Per-thread default streams count as blocking (I4).
void checkLegacyStream(Context& ctx) {
    const auto& index = ctx.index;
    const auto& seq = index.allOps();
    std::uint32_t latest_blocking = kNone;
    std::uint32_t latest_legacy = kNone;
    forEachEnqueueGroup(seq, [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t op = seq.ops[k];
            if (!index.isStreamLane(index.event(op).lane))
                continue;
            const StreamKind kind = kindOf(index, op);
            const auto& e = index.event(op);
            if (kind == StreamKind::LegacyDefault && latest_blocking != kNone &&
                index.event(latest_blocking).end_ns > e.start_ns + ctx.eps) {
                const bool per_thread =
                    kindOf(index, latest_blocking) == StreamKind::PerThreadDefault;
                ctx.sink.add(per_thread ? "I4" : "I3",
                             index.describeOp(op) + " on the legacy default stream started at " +
                                 at(e.start_ns) + " but " + index.describeOp(latest_blocking) +
                                 (per_thread ? " (per-thread default stream, which is blocking)"
                                             : " (a blocking stream)") +
                                 ", enqueued earlier, ended only at " +
                                 at(index.event(latest_blocking).end_ns) + ".",
                             {latest_blocking, op});
            } else if (blockingKind(kind) && latest_legacy != kNone &&
                       index.event(latest_legacy).end_ns > e.start_ns + ctx.eps) {
                const bool per_thread = kind == StreamKind::PerThreadDefault;
                ctx.sink.add(per_thread ? "I4" : "I3",
                             index.describeOp(op) +
                                 (per_thread ? " (per-thread default stream, which is blocking)"
                                             : " (a blocking stream)") +
                                 " started at " + at(e.start_ns) + " but " +
                                 index.describeOp(latest_legacy) +
                                 " on the legacy default stream, enqueued earlier, ended only at " +
                                 at(index.event(latest_legacy).end_ns) + ".",
                             {latest_legacy, op});
            }
        }
        for (std::size_t k = begin; k < end; ++k) {
            const std::uint32_t op = seq.ops[k];
            if (!index.isStreamLane(index.event(op).lane))
                continue;
            const StreamKind kind = kindOf(index, op);
            if (kind == StreamKind::LegacyDefault && laterEnding(index, op, latest_legacy))
                latest_legacy = op;
            if (blockingKind(kind) && laterEnding(index, op, latest_blocking))
                latest_blocking = op;
        }
    });
}

}  // namespace

void checkStreamOrder(Context& ctx) {
    const auto& lanes = ctx.index.trace().lanes;
    for (std::uint32_t lane = 0; lane < lanes.size(); ++lane)
        if (lanes[lane].kind == LaneKind::Stream)
            checkFifo(ctx, ctx.index.streamOps(lane));
    checkCausality(ctx);
    checkLegacyStream(ctx);
}

}  // namespace syncscope::invariant_checks
