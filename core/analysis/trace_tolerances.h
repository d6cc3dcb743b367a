#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The clock tolerance ε and the wake-up latencies a trace is checked with, bounded by what its
// engine can produce whatever its file says (docs/semantics.md section 6), so that editing a
// header cannot talk the checker or a lesson's claims into passing:
//  - a simulated trace has ε = 0 and its device profile's wake-up latencies;
//  - a recording (the CUDA engine's, an import) keeps its own calibration up to kMaxEpsilonNs and
//    kMaxWakeLatencyNs.
// `notes` says, in a sentence each, where the file's value was not used.
struct TraceTolerances {
    static constexpr TimeNs kMaxEpsilonNs = 50'000;         // CUPTI interpolates within µs
    static constexpr TimeNs kMaxWakeLatencyNs = 1'000'000;  // blocking-sync wakes in tens of µs

    TimeNs epsilon_ns = 0;
    std::array<TimeNs, 4> wake_latency_ns{-1, -1, -1, -1};  // by SchedulePolicy; -1 unknown
    std::vector<std::string> notes;

    static TraceTolerances of(const Trace& trace);
};

}  // namespace syncscope
