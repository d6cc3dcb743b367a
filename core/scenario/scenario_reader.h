#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// One problem found in a scenario file. Either a place in the JSON text (syntax errors: line and
// column, 1-based) or a field path such as `steps[2].steps[0].duration_us`.
struct ScenarioError {
    std::string path;        // field path; empty for syntax errors and whole-file problems
    std::string message;     // what is wrong, e.g. "must be > 0"
    std::size_t line = 0;    // > 0 for syntax errors
    std::size_t column = 0;  // > 0 for syntax errors

    // "steps[3].duration_us: must be > 0", "line 4, column 12: <what>", or the bare message.
    std::string toString() const;
};

struct ScenarioParseResult {
    std::optional<Scenario> scenario;  // set only when there is no error
    std::vector<ScenarioError> errors;
    // What reading an older format version changed (docs/scenario-format.md, "Versions").
    std::vector<ScenarioError> warnings;

    bool ok() const { return scenario.has_value(); }
    // All errors, one per line (empty when ok).
    std::string errorText() const;
};

// Reads scenario JSON v1 (docs/scenario-format.md): parses, validates every field and resolves
// names to indices. Never throws: every problem becomes a ScenarioError.
class ScenarioReader {
public:
    static constexpr int kMaxRepeatDepth = 16;      // repeats inside repeats
    static constexpr int kMaxJsonDepth = 100;       // any JSON nesting; deeper input is refused
    static constexpr std::size_t kMaxErrors = 100;  // later errors are summarised in one line
    static constexpr std::size_t kMaxNamedObjects = 10'000;  // events, buffers
    // Values in any one array but the steps (which Scenario::kMaxExpandedSteps bounds): more than
    // any field takes, refused while reading.
    static constexpr std::size_t kMaxArrayValues = 10'000;
    static constexpr std::size_t kMaxFileBytes = 512ull * 1024 * 1024;

    static ScenarioParseResult parse(std::string_view text);
    static ScenarioParseResult readFile(const std::string& path);
};

}  // namespace syncscope
