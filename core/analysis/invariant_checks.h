#pragma once

#include <optional>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_index.h"
#include "core/analysis/violation_sink.h"

namespace syncscope::invariant_checks {

// What every group of checks needs. Internal to InvariantChecker; split by theme to keep files
// small.
struct Context {
    const TraceIndex& index;
    const InvariantCheckerOptions& options;
    ViolationSink& sink;
    TimeNs eps = 0;
    // L for the trace's schedule policy (a spin wait must wake within the spin latency), and for
    // a wait that slept (cudaEventBlockingSync, blocking-sync policy); none when the trace knows
    // no wake-up latency.
    std::optional<TimeNs> wake_bound;
    std::optional<TimeNs> sleeping_wake_bound;
    // The bound for one host wait (or a call's wait), by whether it slept.
    std::optional<TimeNs> wakeBoundFor(std::uint32_t wait) const;
    bool samples_on_change = true;
    // I8 and I20 are warnings on a real GPU: L is a measured median, and the OS can delay any
    // wake-up; the pool is sampled, not observed.
    Violation::Severity measured = Violation::Severity::Error;
    // Whether the trace says how every kernel was launched. Our engines do (they never launch
    // with programmatic stream serialization), so I1 is strict for them; an import does not, and
    // a kernel that starts inside its predecessor (but after it started) is an observation
    // (docs/semantics.md "Stream order").
    bool knows_launch_attributes = true;
    // I13 on a trace that was recorded rather than simulated: the host can be held inside any
    // call (lazy module loading, descheduling), so a return after the work's end is an
    // observation in an import and a warning on the CUDA engine.
    Violation::Severity held_call = Violation::Severity::Error;
};

void checkStreamOrder(Context& ctx);       // I1, I2, I3, I4, I15, I24
void checkHostSyncs(Context& ctx);         // I5, I6, I7, I8, I9
void checkNonBlockingCalls(Context& ctx);  // I10, I11, I12, I13, I14, I16, I23
void checkMemory(Context& ctx);            // I17, I18, I19, I20
// Both take the scenario's expanded program, which names what each call did (event.step).
void checkFreeAsync(Context& ctx, const Scenario& scenario,
                    const std::vector<Step>& steps);                        // I21
void checkImplicitSyncCalls(Context& ctx, const std::vector<Step>& steps);  // I33, I34
// I22: a property of the recorder's settings, not of any one process's events.
void checkRecorder(const InvariantCheckerOptions& options, ViolationSink& sink);
void checkStructure(Context& ctx);  // I25–I32

// Shared wording: "120.0 µs".
std::string at(TimeNs t);

}  // namespace syncscope::invariant_checks
