// libFuzzer target: scenario JSON through ScenarioReader::parse. A scenario file is user input
// (hand-edited, shared); every input must give a scenario or errors with text. A scenario that
// reads must also write back to text that reads again.
// Build and run: see docs/fuzzing.md.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = syncscope::ScenarioReader::parse(text);
    if (!result.ok()) {
        // Failing is fine; failing silently is not.
        if (result.errors.empty() || result.errorText().empty())
            __builtin_trap();
        return 0;
    }
    if (!syncscope::ScenarioReader::parse(syncscope::ScenarioWriter::toJson(*result.scenario)).ok())
        __builtin_trap();
    return 0;
}
