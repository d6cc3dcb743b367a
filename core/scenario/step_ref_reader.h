#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/model/expectation.h"

namespace syncscope {

// Reads a step reference ("id" or "id#N") wherever the format takes one (`expect`, `callouts`,
// `focus`): the id must name a step and N an instance that runs once repeats are unrolled.
class StepRefReader {
public:
    using ErrorSink = std::function<void(const std::string& path, std::string message)>;
    // `instances`: for each step id, how many times it runs (ExpectationReader::countInstances).
    StepRefReader(ErrorSink error, const std::unordered_map<std::string, std::uint64_t>& instances)
        : error_(std::move(error)), instances_(instances) {}

    // Reads json[key] into `out`; false, with an error at path.key, when it is not a valid
    // reference. The caller checks that the key is present.
    bool read(const nlohmann::json& json, std::string_view key, const std::string& path,
              StepRef& out) const;

private:
    ErrorSink error_;
    const std::unordered_map<std::string, std::uint64_t>& instances_;
};

}  // namespace syncscope
