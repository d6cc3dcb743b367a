#pragma once

#include <string>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// What the simulator itself needs from a scenario before it runs one: every index in range and
// every number usable. The scenario reader validates files more thoroughly; this catches scenarios
// built in code. Errors name the step by its path in the program ("steps[2].body[0]").
class SimScenarioCheck {
public:
    // Empty when the scenario can run.
    static std::string firstError(const Scenario& scenario);

private:
    static std::string checkSteps(const Scenario& scenario, const std::vector<Step>& steps,
                                  const std::string& path);
    static std::string checkStep(const Scenario& scenario, const Step& step,
                                 const std::string& path);
};

}  // namespace syncscope
