#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/scenario.h"
#include "core/scenario/step_ref_reader.h"

namespace syncscope {

// Reads what a scenario pins onto its timeline (docs/scenario-format.md): the "callouts" array and
// the "focus" window. Like claims, both name steps by id, so they are read once the steps are
// known; problems go to the validator's error sink with field paths.
class CalloutReader {
public:
    using ErrorSink = StepRefReader::ErrorSink;
    CalloutReader(ErrorSink error, const std::unordered_map<std::string, std::uint64_t>& instances)
        : error_(error), refs_(std::move(error), instances) {}

    std::vector<Callout> readCallouts(const nlohmann::json& callouts, const std::string& path);
    std::optional<Focus> readFocus(const nlohmann::json& focus, const std::string& path);

    static constexpr std::size_t kMaxCallouts = 200;
    static constexpr std::size_t kMaxText = 200;  // bytes: a callout is a line, not a paragraph

private:
    bool readCallout(const nlohmann::json& json, const std::string& path, Callout& out);
    bool readTarget(const nlohmann::json& json, const std::string& path, CalloutTarget& out);
    bool readText(const nlohmann::json& json, const std::string& path, Callout& out);
    bool onlyFields(const nlohmann::json& json, const std::string& path,
                    std::initializer_list<std::string_view> allowed);

    ErrorSink error_;
    StepRefReader refs_;
};

}  // namespace syncscope
