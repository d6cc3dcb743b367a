#pragma once

// What tst_scenario_reader and tst_scenario_reader_hostile share: the fixtures' folder and
// documents built around a list of steps.
#include <QString>
#include <string>

#include "core/scenario/scenario_reader.h"

namespace syncscope::test {

inline QString fixturesDir() {
    return QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/scenarios");
}

// A valid document around the given steps; `top` adds or overrides top-level fields.
inline std::string doc(const std::string& steps, const std::string& top = "",
                       const std::string& streams = R"([{"name":"s1"},{"name":"s2"}])") {
    return R"({"format":"syncscope-scenario","version":1,"title":"t",)" + top + R"("streams":)" +
           streams + R"(,"events":[{"name":"e1"}],"buffers":[{"name":"b1"}],"steps":)" + steps +
           "}";
}

inline std::string nestedRepeats(int depth) {
    std::string steps = R"([{"op":"host_work","duration_us":1}])";
    for (int i = 0; i < depth; ++i)
        steps = R"([{"op":"repeat","count":1,"steps":)" + steps + "}]";
    return steps;
}

inline QString errorsOf(const std::string& text) {
    const auto result = ScenarioReader::parse(text);
    if (result.ok())
        return QStringLiteral("<ok>");
    return QString::fromStdString(result.errorText());
}

}  // namespace syncscope::test
