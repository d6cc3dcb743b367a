#pragma once

#include <string>

#include "core/model/scenario.h"

namespace syncscope {

// Writes a Scenario as scenario JSON v1 (docs/scenario-format.md). Fields come in a fixed order,
// optional fields only when they differ from their default, one stream/event/step per line so
// files diff well. ScenarioReader::parse(toJson(s)) gives back s for every valid scenario.
class ScenarioWriter {
public:
    static std::string toJson(const Scenario& scenario);
    // Atomic: the file at `path` is either the old one or the complete new one. On failure returns
    // false and says why in `error`.
    static bool save(const Scenario& scenario, const std::string& path, std::string& error);
};

}  // namespace syncscope
