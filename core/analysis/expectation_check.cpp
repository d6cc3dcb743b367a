#include "core/analysis/expectation_check.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>
#include <unordered_map>

#include "core/analysis/step_events.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_tolerances.h"
#include "core/model/byte_format.h"

namespace syncscope {

namespace {

constexpr TimeNs kNever = std::numeric_limits<TimeNs>::min();

// What one expanded step did in the trace.
struct StepFacts {
    TimeNs call_start = kNever, call_end = kNever;  // its API call(s) on a host thread
    TimeNs gpu_start = kNever, gpu_end = kNever;    // its work on streams (first start, last end)
    TimeNs waited = 0;                              // total host wait
    std::uint8_t flags = 0;                         // every flag of its events

    bool hasCall() const { return call_end != kNever; }
    bool hasGpu() const { return gpu_end != kNever; }
};

std::string quoted(const StepRef& ref) {
    return "step '" + toString(ref) + "'";
}

std::int64_t seriesValue(const MemorySample& s, const std::string& series) {
    if (series == "device_used")
        return s.device_used;
    if (series == "pool_reserved")
        return s.pool_reserved;
    if (series == "pool_used")
        return s.pool_used;
    if (series == "allocated")
        return s.allocated;
    return s.reserved;
}

class Evaluator {
public:
    Evaluator(const Scenario& scenario, const Trace& trace)
        : scenario_(scenario),
          trace_(trace),
          steps_(scenario),
          tolerance_(TraceTolerances::of(trace).epsilon_ns) {
        facts_.resize(steps_.stepCount());
        for (const TraceEvent& e : trace.events) {
            const StepEvents::Role role = steps_.roleOf(trace, e);
            if (role == StepEvents::Role::None)
                continue;
            StepFacts& f = facts_[e.step];
            f.flags |= e.flags;
            if (role == StepEvents::Role::Wait) {
                f.waited += std::max<TimeNs>(0, e.end_ns - e.start_ns);
            } else if (role == StepEvents::Role::Call) {
                f.call_start =
                    f.call_start == kNever ? e.start_ns : std::min(f.call_start, e.start_ns);
                f.call_end = std::max(f.call_end, e.end_ns);
            } else if (role == StepEvents::Role::Gpu) {
                f.gpu_start =
                    f.gpu_start == kNever ? e.start_ns : std::min(f.gpu_start, e.start_ns);
                f.gpu_end = std::max(f.gpu_end, e.end_ns);
            }
        }
    }

    ExpectationResult evaluate(std::size_t index, const Expectation& e) {
        ExpectationResult r;
        r.index = index;
        r.text = e.text;
        r.claim = describe(e);
        const std::vector<std::uint32_t> as = stepsOf(e.a);
        if (!e.a.empty() && as.empty()) {
            r.measured = quoted(e.a) + " did not run";
            return r;
        }
        switch (e.kind) {
            case ClaimKind::Idle:
                return idle(e, r);
            case ClaimKind::Flag:
                return flag(e, as, r);
            case ClaimKind::HostWait:
            case ClaimKind::Memory:
                return perStep(e, as, r);
            default:
                return pairs(e, as, r);
        }
    }

private:
    std::vector<std::uint32_t> stepsOf(const StepRef& ref) const { return steps_.stepsOf(ref); }

    // "step 'x'" for the instance that decided the verdict ("step 'x#3'" inside repeats).
    std::string name(const StepRef& ref, std::uint32_t step) const {
        const std::vector<std::uint32_t> all = stepsOf({ref.id, kNone});
        if (all.size() <= 1)
            return quoted(ref);
        const auto at = std::find(all.begin(), all.end(), step) - all.begin();
        return quoted({ref.id, static_cast<std::uint32_t>(at)});
    }

    std::string describe(const Expectation& e) const {
        const std::string every =
            e.a.instance == kNone && stepsOf(e.a).size() > 1
                ? (e.instances == Instances::Any ? "some instance of " : "every instance of ")
                : "";
        switch (e.kind) {
            case ClaimKind::ReturnsBeforeEnd:
                return every + quoted(e.a) + " returns to the host before " + quoted(e.b) +
                       "'s GPU work ends";
            case ClaimKind::ReturnsAfterEnd:
                return every + quoted(e.a) + " returns to the host only after " + quoted(e.b) +
                       "'s GPU work has ended";
            case ClaimKind::HostWait:
                if (e.max_ns && *e.max_ns == 0)
                    return "the host does not wait in " + every + quoted(e.a);
                if (e.min_ns && e.max_ns)
                    return "the host waits between " + formatDuration(*e.min_ns) + " and " +
                           formatDuration(*e.max_ns) + " in " + every + quoted(e.a);
                if (e.min_ns)
                    return "the host waits at least " + formatDuration(*e.min_ns) + " in " + every +
                           quoted(e.a);
                return "the host waits at most " + formatDuration(*e.max_ns) + " in " + every +
                       quoted(e.a);
            case ClaimKind::Flag:
                return every + quoted(e.a) + " is marked " + e.flag;
            case ClaimKind::Memory: {
                std::string bound;
                if (e.equals)
                    bound = "is " + formatBytesExact(static_cast<std::uint64_t>(*e.equals));
                if (e.at_least)
                    bound += (bound.empty() ? "is at least " : " and at least ") +
                             formatBytesExact(static_cast<std::uint64_t>(*e.at_least));
                if (e.at_most)
                    bound += (bound.empty() ? "is at most " : " and at most ") +
                             formatBytesExact(static_cast<std::uint64_t>(*e.at_most));
                return e.series + " right after " + every + quoted(e.a) + " returns " + bound;
            }
            case ClaimKind::Idle:
                return "stream '" + e.lane + "' is idle for at least " + formatDuration(*e.min_ns) +
                       " between two of its GPU ops";
            case ClaimKind::StartsAfterEnd:
                return every + quoted(e.a) + "'s GPU work starts only after " + quoted(e.b) +
                       "'s has ended";
            case ClaimKind::Overlap:
                return every + quoted(e.a) + "'s GPU work runs at the same time as " + quoted(e.b) +
                       "'s";
        }
        return "?";
    }

    // Combines per-instance verdicts: All needs every one, Any needs one. `measured` explains the
    // deciding instance (the first failure for All, the first success for Any, else the first).
    template <typename Check>
    ExpectationResult& combine(const Expectation& e, const std::vector<std::uint32_t>& steps,
                               ExpectationResult& r, Check&& check) {
        std::optional<std::string> first_fail, first_pass;
        for (const std::uint32_t s : steps) {
            std::string why;
            const bool ok = check(s, why);
            if (ok && !first_pass)
                first_pass = why;
            if (!ok && !first_fail)
                first_fail = why;
            if (e.instances == Instances::All && !ok)
                break;
            if (e.instances == Instances::Any && ok)
                break;
        }
        r.holds = e.instances == Instances::All ? !first_fail.has_value() : first_pass.has_value();
        if (e.instances == Instances::All)
            r.measured = first_fail ? *first_fail : first_pass.value_or("");
        else
            r.measured = first_pass ? *first_pass : first_fail.value_or("");
        if (steps.size() > 1 && r.holds && e.instances == Instances::All)
            r.measured =
                "all " + std::to_string(steps.size()) + " instances hold; e.g. " + r.measured;
        return r;
    }

    ExpectationResult& perStep(const Expectation& e, const std::vector<std::uint32_t>& as,
                               ExpectationResult& r) {
        return combine(e, as, r, [&](std::uint32_t s, std::string& why) {
            const StepFacts& f = facts_[s];
            if (e.kind == ClaimKind::HostWait) {
                why = "the host waited " + formatDuration(f.waited) + " in " + name(e.a, s);
                return (!e.min_ns || f.waited >= *e.min_ns) && (!e.max_ns || f.waited <= *e.max_ns);
            }
            if (!f.hasCall()) {
                why = name(e.a, s) + " made no API call in this trace";
                return false;
            }
            // The last sample of the series at or before the call's return.
            std::optional<std::int64_t> value;
            TimeNs at = 0;
            for (const MemorySample& m : trace_.memory) {
                if (m.t_ns > f.call_end)
                    break;
                if (const std::int64_t v = seriesValue(m, e.series); v >= 0) {
                    value = v;
                    at = m.t_ns;
                }
            }
            if (!value) {
                why = "the trace has no " + e.series + " sample before " + name(e.a, s) +
                      " returned at " + formatMicros(f.call_end);
                return false;
            }
            why = e.series + " was " + formatBytesExact(static_cast<std::uint64_t>(*value)) +
                  " at " + formatMicros(at) + " (" + name(e.a, s) + " returned at " +
                  formatMicros(f.call_end) + ")";
            return (!e.equals || *value == *e.equals) && (!e.at_least || *value >= *e.at_least) &&
                   (!e.at_most || *value <= *e.at_most);
        });
    }

    ExpectationResult& flag(const Expectation& e, const std::vector<std::uint32_t>& as,
                            ExpectationResult& r) {
        const std::uint8_t bit = flagByName(e.flag);
        return combine(e, as, r, [&](std::uint32_t s, std::string& why) {
            const bool ok = (facts_[s].flags & bit) != 0;
            why = name(e.a, s) + (ok ? " is marked " : " is not marked ") + e.flag;
            return ok;
        });
    }

    // Claims between two steps: instance i of A goes with instance i of B, or with B's only one.
    ExpectationResult& pairs(const Expectation& e, const std::vector<std::uint32_t>& as,
                             ExpectationResult& r) {
        const std::vector<std::uint32_t> bs = stepsOf(e.b);
        if (bs.empty()) {
            r.measured = quoted(e.b) + " did not run";
            return r;
        }
        if (bs.size() != 1 && bs.size() != as.size()) {
            r.measured = quoted(e.a) + " runs " + std::to_string(as.size()) + " times and " +
                         quoted(e.b) + " " + std::to_string(bs.size()) +
                         " times: name one instance with '#N'";
            return r;
        }
        std::size_t i = 0;
        return combine(e, as, r, [&](std::uint32_t s, std::string& why) {
            const std::uint32_t t = bs.size() == 1 ? bs[0] : bs[i];
            ++i;
            const StepFacts& a = facts_[s];
            const StepFacts& b = facts_[t];
            const std::string an = name(e.a, s), bn = name(e.b, t);
            const bool a_call =
                e.kind == ClaimKind::ReturnsBeforeEnd || e.kind == ClaimKind::ReturnsAfterEnd;
            if (a_call ? !a.hasCall() : !a.hasGpu()) {
                why = an + (a_call ? " made no API call" : " has no GPU work") + " in this trace";
                return false;
            }
            if (!b.hasGpu()) {
                why = bn + " has no GPU work in this trace";
                return false;
            }
            switch (e.kind) {
                case ClaimKind::ReturnsBeforeEnd:
                case ClaimKind::ReturnsAfterEnd:
                    why = an + " returned at " + formatMicros(a.call_end) + "; " + bn +
                          "'s GPU work ended at " + formatMicros(b.gpu_end);
                    return e.kind == ClaimKind::ReturnsBeforeEnd ? a.call_end < b.gpu_end
                                                                 : a.call_end >= b.gpu_end;
                // Two GPU times within the recording's tolerance are one moment: a kernel that
                // fills the GPU ends when its last block retires, and the next one's first
                // blocks take the SMs already freed (1.2 µs before the end on an H200).
                case ClaimKind::StartsAfterEnd:
                    why = an + "'s GPU work started at " + formatMicros(a.gpu_start) + "; " + bn +
                          "'s ended at " + formatMicros(b.gpu_end) + withinTolerance();
                    return a.gpu_start + tolerance_ >= b.gpu_end;
                default: {  // Overlap
                    const TimeNs overlap =
                        std::min(a.gpu_end, b.gpu_end) - std::max(a.gpu_start, b.gpu_start);
                    why = an + "'s GPU work ran " + formatMicros(a.gpu_start) + "–" +
                          formatMicros(a.gpu_end) + ", " + bn + "'s " + formatMicros(b.gpu_start) +
                          "–" + formatMicros(b.gpu_end) + withinTolerance();
                    return overlap > tolerance_;
                }
            }
        });
    }

    ExpectationResult& idle(const Expectation& e, ExpectationResult& r) {
        std::uint32_t stream = kNone;
        for (std::size_t i = 0; i < scenario_.streams.size(); ++i)
            if (scenario_.streams[i].name == e.lane)
                stream = static_cast<std::uint32_t>(i);
        std::vector<std::pair<TimeNs, TimeNs>> ops;
        for (const TraceEvent& ev : trace_.events) {
            if (ev.lane >= trace_.lanes.size() || (ev.flags & event_flags::kInstrumentation))
                continue;
            const Lane& lane = trace_.lanes[ev.lane];
            if (lane.kind == LaneKind::Stream && lane.stream_id == stream &&
                ev.end_ns > ev.start_ns)
                ops.emplace_back(ev.start_ns, ev.end_ns);
        }
        if (ops.empty()) {
            r.measured = "stream '" + e.lane + "' ran nothing in this trace";
            return r;
        }
        std::sort(ops.begin(), ops.end());
        TimeNs busy_until = ops.front().second, longest = 0, gap_at = 0;
        for (const auto& [start, end] : ops) {
            if (start - busy_until > longest) {
                longest = start - busy_until;
                gap_at = busy_until;
            }
            busy_until = std::max(busy_until, end);
        }
        r.holds = longest >= *e.min_ns;
        r.measured = longest == 0 ? "stream '" + e.lane + "' never went idle between its ops"
                                  : "its longest idle gap was " + formatDuration(longest) +
                                        ", from " + formatMicros(gap_at);
        return r;
    }

    const Scenario& scenario_;
    const Trace& trace_;
    std::vector<StepFacts> facts_;
    StepEvents steps_;
    const TimeNs tolerance_;  // the recording's ε (0 on the simulator)

    std::string withinTolerance() const {
        return tolerance_ > 0 ? " (times within " + formatDuration(tolerance_) + " count as one)"
                              : std::string();
    }
};

}  // namespace

std::vector<ExpectationResult> checkExpectations(const Scenario& scenario, const Trace& trace) {
    std::vector<ExpectationResult> results;
    if (scenario.expect.empty())
        return results;
    Evaluator evaluator(scenario, trace);
    results.reserve(scenario.expect.size());
    for (std::size_t i = 0; i < scenario.expect.size(); ++i)
        results.push_back(evaluator.evaluate(i, scenario.expect[i]));
    return results;
}

}  // namespace syncscope
