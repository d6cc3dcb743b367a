#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// Reads a scenario's "expect" array (docs/scenario-format.md) once its steps and streams are
// known: every step reference must name a step `id` (and an instance that exists), every claim
// must have the fields of its kind. Problems go to the validator's error sink with field paths.
class ExpectationReader {
public:
    using ErrorSink = std::function<void(const std::string& path, std::string message)>;
    // `instances`: for each step id, how many times it runs once repeats are unrolled.
    ExpectationReader(ErrorSink error,
                      const std::unordered_map<std::string, std::uint64_t>& instances,
                      const std::vector<StreamSpec>& streams)
        : error_(std::move(error)), instances_(instances), streams_(streams) {}

    std::vector<Expectation> read(const nlohmann::json& expect, const std::string& path);

    // Step ids with how often each runs, for the constructor (saturates at UINT64_MAX).
    static std::unordered_map<std::string, std::uint64_t> countInstances(
        const std::vector<Step>& program);

private:
    using Json = nlohmann::json;
    bool readClaim(const Json& json, const std::string& path, Expectation& out);
    bool readRef(const Json& json, std::string_view key, const std::string& path, StepRef& out);
    bool readMicros(const Json& json, std::string_view key, const std::string& path,
                    std::optional<TimeNs>& out);
    bool readBytes(const Json& json, std::string_view key, const std::string& path,
                   std::optional<std::int64_t>& out);
    bool readString(const Json& json, std::string_view key, const std::string& path,
                    std::string& out);

    ErrorSink error_;
    const std::unordered_map<std::string, std::uint64_t>& instances_;
    const std::vector<StreamSpec>& streams_;
};

}  // namespace syncscope
