// I17–I21: memory. Samples are walked once in time order; the calls a change may coincide with are
// found by binary search over call intervals sorted by start with prefix maxima of their ends.
#include <algorithm>
#include <limits>
#include <unordered_map>

#include "core/analysis/invariant_checks.h"
#include "core/analysis/time_format.h"

namespace syncscope::invariant_checks {

namespace {

std::string bytes(std::int64_t n) {
    return std::to_string(n) + " bytes";
}

// Host call intervals of some APIs, to ask "did anything in [lo, hi] overlap one of them?".
class CallIntervals {
public:
    CallIntervals(const TraceIndex& index, std::initializer_list<ApiId> apis) : index_(index) {
        for (const std::uint32_t call : index.apiCalls()) {  // already by start
            const auto& c = index.event(call);
            if ((c.flags & event_flags::kFailed) != 0)
                continue;
            if (std::find(apis.begin(), apis.end(), c.api) == apis.end())
                continue;
            calls_.push_back(call);
            const bool later = latest_.empty() || c.end_ns > index.event(latest_.back()).end_ns;
            latest_.push_back(later ? call : latest_.back());
        }
    }
    // A call overlapping [lo, hi] (with slack on both sides), or kNone.
    std::uint32_t overlapping(TimeNs lo, TimeNs hi, TimeNs slack) const {
        const auto pos = std::upper_bound(
            calls_.begin(), calls_.end(), hi + slack,
            [&](TimeNs v, std::uint32_t call) { return v < index_.event(call).start_ns; });
        if (pos == calls_.begin())
            return kNone;
        const std::uint32_t best = latest_[static_cast<std::size_t>(pos - calls_.begin() - 1)];
        return index_.event(best).end_ns + slack >= lo ? best : kNone;
    }
    bool empty() const { return calls_.empty(); }

private:
    const TraceIndex& index_;
    std::vector<std::uint32_t> calls_;
    std::vector<std::uint32_t> latest_;
};

std::vector<std::uint32_t> samplesByTime(const Trace& trace) {
    std::vector<std::uint32_t> order(trace.memory.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return trace.memory[a].t_ns < trace.memory[b].t_ns;
    });
    return order;
}

void checkBounds(Context& ctx, const MemorySample& s) {
    auto invalid = [](std::int64_t v) { return v < -1; };  // -1 is "not measured"
    if (invalid(s.device_used) || invalid(s.allocated) || invalid(s.reserved) ||
        invalid(s.pool_used) || invalid(s.pool_reserved))
        ctx.sink.add("I17", "The memory sample at " + at(s.t_ns) + " holds a negative amount.", {});
    if (s.allocated >= 0 && s.reserved >= 0 && s.allocated > s.reserved)
        ctx.sink.add("I17",
                     "At " + at(s.t_ns) + " memory_allocated (" + bytes(s.allocated) +
                         ") exceeds memory_reserved (" + bytes(s.reserved) + ").",
                     {});
    if (s.pool_used >= 0 && s.pool_reserved >= 0 && s.pool_used > s.pool_reserved)
        ctx.sink.add("I17",
                     "At " + at(s.t_ns) + " the pool's used memory (" + bytes(s.pool_used) +
                         ") exceeds its reserved memory (" + bytes(s.pool_reserved) + ").",
                     {});
}

// When a change seen at sample k happened: at t_k when samples are taken on change, somewhere in
// (t_{k-1}, t_k] when they are periodic.
struct ChangeWindow {
    TimeNs lo, hi;
};

ChangeWindow windowOf(const Context& ctx, const MemorySample& prev, const MemorySample& cur) {
    return ctx.samples_on_change ? ChangeWindow{cur.t_ns, cur.t_ns}
                                 : ChangeWindow{prev.t_ns + 1, cur.t_ns};
}

// I18: a change of allocated/reserved memory that certainly happened inside torch.cuda.synchronize.
// Only with one host thread: other threads may allocate while this one waits.
void checkSyncKeepsMemory(Context& ctx, const std::vector<std::uint32_t>& order) {
    const auto& index = ctx.index;
    const auto& memory = index.trace().memory;
    if (index.hostThreadCount() > 1)
        return;
    const CallIntervals syncs(index, {ApiId::DeviceSynchronize});
    if (syncs.empty())
        return;
    std::int64_t last_allocated = -1, last_reserved = -1;
    const MemorySample* last = nullptr;
    for (const std::uint32_t i : order) {
        const auto& s = memory[i];
        if (s.allocated < 0 && s.reserved < 0)
            continue;
        if (last != nullptr &&
            ((s.allocated >= 0 && last_allocated >= 0 && s.allocated != last_allocated) ||
             (s.reserved >= 0 && last_reserved >= 0 && s.reserved != last_reserved))) {
            const auto w = windowOf(ctx, *last, s);
            const std::uint32_t call = syncs.overlapping(w.lo, w.hi, 0);
            if (call != kNone && index.event(call).start_ns < w.lo &&
                index.event(call).end_ns > w.hi) {
                const bool reserved = s.reserved != last_reserved;
                ctx.sink.add(
                    "I18",
                    std::string(reserved ? "memory_reserved" : "memory_allocated") +
                        " changed from " + bytes(reserved ? last_reserved : last_allocated) +
                        " to " + bytes(reserved ? s.reserved : s.allocated) + " at " + at(s.t_ns) +
                        ", inside torch.cuda.synchronize (" + at(index.event(call).start_ns) +
                        " to " + at(index.event(call).end_ns) + "); a sync frees no memory.",
                    {call});
            }
        }
        if (s.allocated >= 0)
            last_allocated = s.allocated;
        if (s.reserved >= 0)
            last_reserved = s.reserved;
        last = &s;
    }
}

// I19: reserved memory after empty_cache() is not above its value before, nor below allocated.
void checkEmptyCache(Context& ctx, const std::vector<std::uint32_t>& order) {
    const auto& index = ctx.index;
    const auto& memory = index.trace().memory;
    std::vector<std::uint32_t> known;  // samples with reserved known, by time
    for (const std::uint32_t i : order)
        if (memory[i].reserved >= 0)
            known.push_back(i);
    if (known.empty())
        return;
    // Last sample at or before t; for periodic samples "after" is the first one at or after t.
    auto lastAtOrBefore = [&](TimeNs t) -> const MemorySample* {
        const auto pos =
            std::upper_bound(known.begin(), known.end(), t,
                             [&](TimeNs v, std::uint32_t i) { return v < memory[i].t_ns; });
        return pos == known.begin() ? nullptr : &memory[*(pos - 1)];
    };
    auto firstAtOrAfter = [&](TimeNs t) -> const MemorySample* {
        const auto pos =
            std::lower_bound(known.begin(), known.end(), t,
                             [&](std::uint32_t i, TimeNs v) { return memory[i].t_ns < v; });
        return pos == known.end() ? nullptr : &memory[*pos];
    };
    for (const std::uint32_t call : index.apiCalls()) {
        const auto& c = index.event(call);
        if (c.api != ApiId::EmptyCache || (c.flags & event_flags::kFailed) != 0)
            continue;
        const MemorySample* before = lastAtOrBefore(c.start_ns);
        const MemorySample* after =
            ctx.samples_on_change ? lastAtOrBefore(c.end_ns) : firstAtOrAfter(c.end_ns);
        if (after == nullptr)
            continue;
        if (before != nullptr && before != after && index.hostThreadCount() <= 1 &&
            after->reserved > before->reserved)
            ctx.sink.add("I19",
                         "memory_reserved grew from " + bytes(before->reserved) + " to " +
                             bytes(after->reserved) + " across torch.cuda.empty_cache at " +
                             at(c.start_ns) + ".",
                         {call});
        if (after->allocated >= 0 && after->reserved < after->allocated)
            ctx.sink.add("I19",
                         "After torch.cuda.empty_cache at " + at(c.start_ns) +
                             ", memory_reserved (" + bytes(after->reserved) +
                             ") is below memory_allocated (" + bytes(after->allocated) + ").",
                         {call});
    }
}

// I20: pool memory held above the release threshold T drops only at a stream/event/context sync,
// and any pool memory may drop at cudaMemPoolTrimTo; nothing else shrinks a pool.
void checkPoolRelease(Context& ctx, const std::vector<std::uint32_t>& order) {
    const auto& index = ctx.index;
    const auto& trace = index.trace();
    const std::uint64_t threshold = trace.device.pool_release_threshold;
    const CallIntervals syncs(
        index, {ApiId::DeviceSynchronize, ApiId::StreamSynchronize, ApiId::EventSynchronize});
    const CallIntervals trims(index, {ApiId::MemPoolTrimTo});
    const auto severity = ctx.measured;
    const MemorySample* last = nullptr;
    for (const std::uint32_t i : order) {
        const auto& s = trace.memory[i];
        if (s.pool_reserved < 0)
            continue;
        if (last != nullptr && s.pool_reserved < last->pool_reserved) {
            const auto w = windowOf(ctx, *last, s);
            const bool above = static_cast<std::uint64_t>(last->pool_reserved) > threshold;
            const std::uint32_t trim = trims.overlapping(w.lo, w.hi, ctx.eps);
            const std::uint32_t sync = syncs.overlapping(w.lo, w.hi, ctx.eps);
            if (trim == kNone && !(above && sync != kNone)) {
                const std::string t = threshold == std::numeric_limits<std::uint64_t>::max()
                                          ? std::string("UINT64_MAX")
                                          : bytes(static_cast<std::int64_t>(threshold));
                std::string message = "Pool reserved memory dropped from " +
                                      bytes(last->pool_reserved) + " to " + bytes(s.pool_reserved) +
                                      " at " + at(s.t_ns) + " (release threshold " + t + ") ";
                message += sync != kNone ? "at " + index.callName(sync) + " (" +
                                               at(index.event(sync).start_ns) +
                                               "), but a sync releases only memory above the "
                                               "threshold."
                                         : "outside any synchronize or cudaMemPoolTrimTo call.";
                std::vector<std::uint32_t> events;
                if (sync != kNone)
                    events.push_back(sync);
                ctx.sink.add("I20", std::move(message), std::move(events), severity);
            }
        }
        last = &s;
    }
}

}  // namespace

void checkMemory(Context& ctx) {
    const auto& trace = ctx.index.trace();
    if (trace.memory.empty())
        return;
    const auto order = samplesByTime(trace);
    for (const std::uint32_t i : order)
        checkBounds(ctx, trace.memory[i]);
    checkSyncKeepsMemory(ctx, order);
    checkEmptyCache(ctx, order);
    checkPoolRelease(ctx, order);
}

// I21: after cudaFreeAsync(p, s), no later call enqueues work on s that uses p, until p is
// allocated again. Work on another stream is not ordered by the free, so it may still use p
// before s reaches the free (docs/semantics.md section 4: "must not be touched after s reaches the
// free"); only a use that started after the free was reached is reported for it. Buffer identities
// come from the scenario's expanded program (event.step).
void checkFreeAsync(Context& ctx, const Scenario& scenario, const std::vector<Step>& steps) {
    const auto& index = ctx.index;
    auto stepOf = [&](const TraceEvent& e, StepKind kind) -> const Step* {
        if (e.step >= steps.size() || steps[e.step].kind != kind)
            return nullptr;
        return &steps[e.step];
    };
    struct Freed {
        std::uint16_t lane;
        std::uint32_t call;
        std::uint32_t op;  // the MemoryOp: when the stream reached the free, if recorded
    };
    std::unordered_map<std::uint32_t, std::vector<Freed>> freed;  // buffer -> frees on streams
    auto report = [&](const Freed& f, std::uint32_t buffer, std::uint32_t call,
                      std::uint16_t lane) {
        const std::string name = buffer < scenario.buffers.size() ? scenario.buffers[buffer].name
                                                                  : "#" + std::to_string(buffer);
        const std::uint32_t op = index.opOf(call);
        std::vector<std::uint32_t> events{f.call, call};
        if (op != kNone)
            events.push_back(op);
        std::string message = "The kernel launched at " + at(index.event(call).start_ns) + " on " +
                              index.streamName(lane) + " uses buffer " + name;
        if (f.lane == lane)
            message += ", which cudaFreeAsync freed on that stream at " +
                       at(index.event(f.call).start_ns) + ".";
        else
            message += " from " + at(index.event(op).start_ns) + ", after " +
                       index.streamName(f.lane) + " reached its cudaFreeAsync at " +
                       at(index.event(f.op).start_ns) + ".";
        ctx.sink.add("I21", std::move(message), std::move(events));
    };
    for (const std::uint32_t call : index.apiCalls()) {
        const auto& c = index.event(call);
        if ((c.flags & event_flags::kFailed) != 0)
            continue;
        if (c.api == ApiId::Malloc || c.api == ApiId::MallocAsync) {
            const Step* step =
                stepOf(c, c.api == ApiId::Malloc ? StepKind::Malloc : StepKind::MallocAsync);
            if (step != nullptr)
                freed.erase(step->buffer);
        } else if (c.api == ApiId::FreeAsync) {
            const Step* step = stepOf(c, StepKind::FreeAsync);
            const std::uint16_t lane = index.targetLane(call);
            if (step != nullptr && lane != kNoLane)
                freed[step->buffer].push_back({lane, call, index.opOf(call)});
        } else if (c.api == ApiId::LaunchKernel) {
            const Step* step = stepOf(c, StepKind::Kernel);
            const std::uint16_t lane = index.targetLane(call);
            if (step == nullptr || lane == kNoLane)
                continue;
            const std::uint32_t op = index.opOf(call);
            for (const std::uint32_t buffer : step->uses) {
                const auto it = freed.find(buffer);
                if (it == freed.end())
                    continue;
                for (const Freed& f : it->second) {
                    const bool same_stream = f.lane == lane;
                    const bool after_reached =
                        f.op != kNone && op != kNone &&
                        index.event(op).start_ns >= index.event(f.op).start_ns + ctx.eps;
                    if (!same_stream && !after_reached)
                        continue;
                    report(f, buffer, call, lane);
                    break;
                }
            }
        }
    }
}

}  // namespace syncscope::invariant_checks
