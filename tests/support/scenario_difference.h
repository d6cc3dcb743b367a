#pragma once

#include <string>

#include "core/model/scenario.h"

namespace syncscope::test {

// Field-by-field comparison of two scenarios (every field of every struct, repeats recursively).
// Returns an empty string when they are equal, else the first difference, e.g.
// "program[3].duration_ns: 1000 vs 2000". Only tests compare scenarios this way, so it lives with
// them rather than in core/ (and rather than as operator== in the model, so tests get a readable
// reason).
std::string scenarioDifference(const Scenario& a, const Scenario& b);
inline bool sameScenario(const Scenario& a, const Scenario& b) {
    return scenarioDifference(a, b).empty();
}

}  // namespace syncscope::test
