#include "tests/support/small_scenario.h"

#include "core/scenario/scenario_reader.h"

namespace syncscope::test {

std::shared_ptr<const Scenario> smallScenario() {
    ScenarioParseResult parsed = ScenarioReader::parse(
        "{\"format\": \"syncscope-scenario\", \"version\": 1, \"title\": \"t \\u6642\",\n"
        " \"streams\": [{\"name\": \"s1\"}],\n"
        " \"steps\": [{\"op\": \"kernel\", \"stream\": \"s1\", \"kind\": \"spin\", "
        "\"duration_us\": 10}]}");
    return parsed.ok() ? std::make_shared<const Scenario>(std::move(*parsed.scenario)) : nullptr;
}

}  // namespace syncscope::test
