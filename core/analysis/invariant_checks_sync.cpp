// I5–I9, I33, I34: host-blocking syncs, explicit and implicit. For each sync call the awaited work
// is found by binary search in the enqueue-ordered prefix maxima of TraceIndex: O(log n) per call.
#include "core/analysis/invariant_checks.h"
#include "core/analysis/time_format.h"

namespace syncscope::invariant_checks {

namespace {

bool failed(const TraceEvent& e) {
    return (e.flags & event_flags::kFailed) != 0;
}

// What a sync call waited for: the latest end among the awaited ops, and one op that ends then.
struct Awaited {
    TimeNs end = 0;
    std::uint32_t op = kNone;
    std::string what;  // "kernel k on stream 1" or "its captured work (kernel k on stream 1)"
};

// I8: −ε ≤ ret − max(awaited end) ≤ L when the awaited work ends after the call starts. The lower
// side is the call's own invariant (I5/I6/I7); this is the upper side.
void checkWakeUp(Context& ctx, std::uint32_t call, const Awaited& awaited) {
    const auto& c = ctx.index.event(call);
    const auto bound = ctx.wakeBoundFor(ctx.index.waitOfCall(call));
    if (!bound || awaited.op == kNone || awaited.end <= c.start_ns)
        return;
    const TimeNs wake = c.end_ns - awaited.end;
    if (wake <= *bound)
        return;
    ctx.sink.add("I8",
                 ctx.index.callName(call) + " returned at " + at(c.end_ns) + ", " +
                     formatDuration(wake) + " after " + awaited.what + " ended at " +
                     at(awaited.end) + "; the wake-up bound is " + formatDuration(*bound) + ".",
                 {call, awaited.op}, ctx.measured);
}

void checkAwaitedEnded(Context& ctx, std::string_view id, std::uint32_t call,
                       const Awaited& awaited) {
    const auto& c = ctx.index.event(call);
    if (awaited.op == kNone)
        return;
    if (awaited.end > c.end_ns + ctx.eps) {
        ctx.sink.add(id,
                     ctx.index.callName(call) + " returned at " + at(c.end_ns) + " but " +
                         awaited.what + " ended at " + at(awaited.end) + ".",
                     {call, awaited.op});
        return;
    }
    checkWakeUp(ctx, call, awaited);
}

Awaited latestOp(const TraceIndex& index, const TraceIndex::OpSequence& seq, TimeNs before) {
    const std::uint32_t op = index.latestEndingBefore(seq, before);
    if (op == kNone)
        return {};
    return {index.event(op).end_ns, op, index.describeOp(op)};
}

void checkEventSync(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    if (c.cuda_event == kNone)
        return;
    const std::uint32_t rec = index.recordBefore(c.cuda_event, c.start_ns);
    if (rec == kNone) {
        const std::uint32_t wait = index.waitOfCall(call);
        if (wait != kNone)
            ctx.sink.add("I7",
                         "cudaEventSynchronize on event " + index.eventName(c.cuda_event) +
                             ", which was never recorded, waited " +
                             formatDuration(index.event(wait).duration()) + " from " +
                             at(index.event(wait).start_ns) + " instead of returning at once.",
                         {call, wait});
        return;
    }
    const auto done = index.doneOf(rec);
    if (done.op == kNone)
        return;
    Awaited awaited{done.t, done.op,
                    "the captured work of event " + index.eventName(c.cuda_event) + " (" +
                        index.describeOp(done.op) + ")"};
    if (awaited.end > c.end_ns + ctx.eps) {
        checkAwaitedEnded(ctx, "I7", call, awaited);  // reports I7
        return;
    }
    // The wake-up is measured from when the event fired, which may be after its captured work
    // ended (TraceIndex::firedOf). Only I8 uses it, to be lenient: the lower bounds follow
    // docs/semantics.md section 7's done(e), since a marker's device stamp and kernel ends come
    // from different records.
    const auto fired = index.firedOf(rec);
    if (fired.op != done.op)
        awaited = {fired.t, fired.op,
                   "event " + index.eventName(c.cuda_event) + " (fired on " +
                       index.streamName(index.event(fired.op).lane) + ")"};
    checkWakeUp(ctx, call, awaited);
}

// I9: torch.cpu.synchronize() is no CUDA call: no host wait, and no return that tracks GPU work.
void checkCpuSync(Context& ctx, std::uint32_t call) {
    const auto& index = ctx.index;
    const auto& c = index.event(call);
    const std::uint32_t wait = index.waitOfCall(call);
    if (wait != kNone) {
        ctx.sink.add("I9",
                     "torch.cpu.synchronize at " + at(c.start_ns) + " contains a host wait of " +
                         formatDuration(index.event(wait).duration()) +
                         "; it calls no CUDA API and waits for nothing.",
                     {call, wait});
        return;
    }
    const auto pending = latestOp(index, index.allOps(), c.start_ns);
    if (pending.op == kNone || pending.end <= c.start_ns)
        return;
    if (c.duration() >= ctx.options.api_bound_ns && c.end_ns >= pending.end - ctx.eps)
        ctx.sink.add("I9",
                     "torch.cpu.synchronize took " + formatDuration(c.duration()) +
                         " and returned at " + at(c.end_ns) + ", after " + pending.what +
                         " ended at " + at(pending.end) +
                         "; its duration must not depend on pending GPU work.",
                     {call, pending.op});
}

// I8 for the waits of other host syncs (blocking copies, cudaFree...): the engine names the op
// that released the wait; the host must not wake before it ended, nor later than L after.
void checkImplicitSyncWakeUp(Context& ctx, std::uint32_t wait) {
    const auto& index = ctx.index;
    const auto& w = index.event(wait);
    const std::uint32_t call = index.callOfWait(wait);
    if (call == kNone || w.awaited == kNone || w.awaited >= index.trace().events.size())
        return;
    switch (index.event(call).api) {
        case ApiId::DeviceSynchronize:
        case ApiId::StreamSynchronize:
        case ApiId::EventSynchronize:
        case ApiId::CpuSynchronize:
        case ApiId::EventQuery:
        case ApiId::StreamQuery:
            return;  // checked from the call, or no wake-up involved
        default:
            break;
    }
    const auto& op = index.event(w.awaited);
    if (!TraceIndex::isGpuOp(op.kind))
        return;
    if (op.end_ns > w.end_ns + ctx.eps) {
        ctx.sink.add("I8",
                     "The host wait in " + index.callName(call) + " ended at " + at(w.end_ns) +
                         " but the awaited " + index.describeOp(w.awaited) + " ended at " +
                         at(op.end_ns) + ".",
                     {call, wait, w.awaited}, ctx.measured);
    } else if (const auto bound = ctx.wakeBoundFor(wait);
               bound && op.end_ns > w.start_ns && w.end_ns - op.end_ns > *bound) {
        ctx.sink.add("I8",
                     "The host wait in " + index.callName(call) + " ended at " + at(w.end_ns) +
                         ", " + formatDuration(w.end_ns - op.end_ns) + " after the awaited " +
                         index.describeOp(w.awaited) + " ended at " + at(op.end_ns) +
                         "; the wake-up bound is " + formatDuration(*bound) + ".",
                     {call, wait, w.awaited}, ctx.measured);
    }
}

}  // namespace

void checkHostSyncs(Context& ctx) {
    const auto& index = ctx.index;
    for (const std::uint32_t call : index.apiCalls()) {
        const auto& c = index.event(call);
        if (failed(c))
            continue;
        switch (c.api) {
            case ApiId::DeviceSynchronize:
                checkAwaitedEnded(ctx, "I5", call, latestOp(index, index.allOps(), c.start_ns));
                break;
            case ApiId::StreamSynchronize: {
                const std::uint16_t lane = index.targetLane(call);
                if (lane != kNoLane)
                    checkAwaitedEnded(ctx, "I6", call,
                                      latestOp(index, index.streamOps(lane), c.start_ns));
                break;
            }
            case ApiId::EventSynchronize:
                checkEventSync(ctx, call);
                break;
            case ApiId::CpuSynchronize:
                checkCpuSync(ctx, call);
                break;
            default:
                break;
        }
    }
    // An import's torch.cpu.synchronize() is a Python frame or an annotation, not an API call.
    for (const std::uint32_t call : index.torchCalls())
        if (index.event(call).kind != EventKind::ApiCall &&
            index.event(call).api == ApiId::CpuSynchronize)
            checkCpuSync(ctx, call);
    for (const std::uint32_t wait : index.hostWaits())
        checkImplicitSyncWakeUp(ctx, wait);
}

// I33 and I34 need to know what a call did, which only the scenario says: the expanded program's
// step of each call.
void checkImplicitSyncCalls(Context& ctx, const std::vector<Step>& steps) {
    const auto& index = ctx.index;
    enum class Owner : std::uint8_t { Cuda, Pool };
    std::vector<Owner> owners;  // by buffer: who allocated it last
    for (const std::uint32_t call : index.apiCalls()) {
        const auto& c = index.event(call);
        if (failed(c) || c.step >= steps.size())
            continue;
        const Step& step = steps[c.step];
        if (step.buffer != kNone && step.buffer >= owners.size())
            owners.resize(std::size_t{step.buffer} + 1, Owner::Cuda);
        if (c.api == ApiId::MallocAsync && step.kind == StepKind::MallocAsync) {
            owners[step.buffer] = Owner::Pool;
        } else if (c.api == ApiId::Malloc && step.kind == StepKind::Malloc) {
            owners[step.buffer] = Owner::Cuda;
        } else if (c.api == ApiId::Free) {
            // I33: cudaFree of cudaMalloc memory (a buffer, or a segment PyTorch's allocator
            // gives back) waits for the whole device; of pool memory it does not.
            const bool device_memory =
                (step.kind == StepKind::Free && owners[step.buffer] == Owner::Cuda) ||
                step.kind == StepKind::TensorAlloc || step.kind == StepKind::EmptyCache;
            if (!device_memory)
                continue;
            const Awaited pending = latestOp(index, index.allOps(), c.start_ns);
            if (pending.op != kNone && pending.end > c.end_ns + ctx.eps)
                ctx.sink.add("I33",
                             "cudaFree returned at " + at(c.end_ns) + " but " + pending.what +
                                 ", enqueued before it, ended at " + at(pending.end) +
                                 "; cudaFree of cudaMalloc memory synchronizes the device.",
                             {call, pending.op});
        } else if (c.api == ApiId::Memcpy && step.kind == StepKind::Memcpy && !step.async) {
            // I34: cudaMemcpy returns after its copy ended; a pageable host-to-device copy once
            // its data is staged, never before the copy started; device to device does not
            // block the host.
            const std::uint32_t op = index.opOf(call);
            if (op == kNone || step.direction == CopyDirection::DeviceToDevice)
                continue;
            const auto& o = index.event(op);
            const bool staged = step.direction == CopyDirection::HostToDevice && !step.pinned;
            const TimeNs must = staged ? o.start_ns : o.end_ns;
            if (must > c.end_ns + ctx.eps)
                ctx.sink.add("I34",
                             "cudaMemcpy returned at " + at(c.end_ns) + " but its " +
                                 index.describeOp(op) + (staged ? " started" : " ended") +
                                 " only at " + at(must) +
                                 (staged ? "; a pageable copy returns once its data is staged, "
                                           "after the copy started."
                                         : "; a synchronous copy returns after it completed."),
                             {call, op});
        }
    }
}

}  // namespace syncscope::invariant_checks
