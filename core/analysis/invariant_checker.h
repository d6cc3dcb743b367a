#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/ids.h"
#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

class ViolationSink;

// One broken invariant of docs/semantics.md section 7.
struct Violation {
    // Error: the trace shows something the documented semantics forbid. Warning: I8 and I20 on
    // the CUDA engine (a measured L; a sampled pool). Observation: what a recording may show
    // legitimately but is worth a look (docs/semantics.md "What a recording can show"): two
    // kernels of one stream overlapping in an import (programmatic dependent launch?), a call held
    // past its own work's end. Neither warnings nor observations fail a check.
    enum class Severity : std::uint8_t { Error, Warning, Observation };

    std::string invariant;              // "I6"
    std::string message;                // a full sentence, times in µs, names of what is involved
    std::vector<std::uint32_t> events;  // trace event indices involved (calls, ops, waits)
    Severity severity = Severity::Error;
};

// The largest ε and L the checker accepts (1000 s): with times within ±(2^62 - 1) ns
// (core/model/checked_math.h), t ± ε and t ± L then fit in int64 wherever the checks compute them.
inline constexpr TimeNs kMaxCheckToleranceNs = 1'000'000'000'000;

struct InvariantCheckerOptions {
    // ε of docs/semantics.md section 7. Default: trace.device.clock_tolerance_ns. Clamped to
    // 0..kMaxCheckToleranceNs.
    std::optional<TimeNs> epsilon_ns;
    // L of docs/semantics.md section 7 (the wake-up bound, I8). Default: the largest
    // trace.device.wake_latency_ns plus ε; when the trace knows no wake-up latency, the upper bound
    // of I8 is not checked. Clamped to 0..kMaxCheckToleranceNs.
    std::optional<TimeNs> wake_bound_ns;
    // "API-sized": a call that does not wait takes less than this (I9, I10, I13, I14, I16, I23).
    TimeNs api_bound_ns = 1'000'000;
    // I10: with this much captured work pending, cudaStreamWaitEvent must return within
    // api_bound_ns.
    TimeNs long_pending_ns = 50'000'000;
    // I24: the resolution of cudaEventElapsedTime; ε is added on top.
    TimeNs event_timing_resolution_ns = 500;
    // Violations listed per invariant; the rest are counted in one closing line (0 = no limit).
    std::size_t max_per_invariant = 1000;
    // I21 needs to know which buffers a kernel uses and which one a free releases; the trace keeps
    // only step indices, so the checker reads them from the scenario that produced the trace:
    // this one, else the trace's own. Without either, I21 is not checked.
    const Scenario* scenario = nullptr;
    // I22 is a recorder property: the CUDA engine passes the CUPTI activity kinds it enabled.
    // CUPTI_ACTIVITY_KIND_KERNEL (3) among them is a violation.
    std::vector<int> enabled_cupti_activity_kinds;
    // Memory samples are taken on every change (a change happened at the sample's time) or
    // periodically (it happened since the previous sample). Default: periodic for the CUDA engine
    // ("cuda"), on change for the simulator and for imports (allocator events).
    std::optional<bool> memory_samples_on_change;
};

// Checks a Trace against the invariants of docs/semantics.md section 7 that a trace can show:
// I1–I34 but I22, which is a recorder setting (through the options). Only what the trace contains
// is checked: ops whose enqueuing ApiCall is missing have no enq(x), events without a cuda_event
// index have no record state, memory fields of -1 are unknown — such facts are skipped, never
// guessed. A trace with a time outside ±(2^62 - 1) ns (core/model/checked_math.h) is not checked:
// the result is one violation "range" naming the first such event or memory sample. A timeline of
// several ranks (lanes tagged by RankMerger) is several processes, each with its own device: every
// rank is checked on its own (RankSplitter), as its own trace would be, and its violations say
// "Rank R: …" and name events of the merged trace. Cost: O(n log n) in the number of events.
class InvariantChecker {
public:
    struct InvariantInfo {
        std::string_view id;
        std::string_view summary;
    };

    explicit InvariantChecker(InvariantCheckerOptions options = {});

    std::vector<Violation> check(const Trace& trace) const;

    // The invariants this checker knows, in order (I1 ... I24).
    static std::span<const InvariantInfo> invariants();

private:
    // Every invariant but I22 on one process's trace.
    void checkProcess(const Trace& trace, ViolationSink& sink) const;

    InvariantCheckerOptions options_;
};

}  // namespace syncscope
