#pragma once

#include <memory>

#include "core/model/scenario.h"

namespace syncscope::test {

// A valid one-kernel scenario with a non-ASCII title, parsed from text as a file would be: what a
// trace carries when a test needs "some scenario" (round trips of the trace file and exports).
std::shared_ptr<const Scenario> smallScenario();

}  // namespace syncscope::test
