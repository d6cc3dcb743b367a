#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

// The verdict on one `expect` claim of a scenario, for one trace of it.
struct ExpectationResult {
    std::size_t index = 0;  // position in Scenario::expect
    bool holds = false;
    std::string claim;  // the claim in words: "step 'sync' returns before step 'k''s GPU work ends"
    std::string
        measured;  // what the trace shows: "it returned at 12.0 µs; the work ended at 410.0 µs"
    LessonText text;  // the author's statement of the lesson, if any (both languages)
};

// Evaluates every claim of `scenario.expect` on `trace` (a run of that scenario by any engine).
// Steps are matched by their expanded index (TraceEvent::step); the recorder's own work
// (instrumentation) is left out.
std::vector<ExpectationResult> checkExpectations(const Scenario& scenario, const Trace& trace);

}  // namespace syncscope
