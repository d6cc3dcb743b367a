#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/model/scenario.h"
#include "core/scenario/scenario_reader.h"

namespace syncscope {

// Turns a parsed JSON document into a Scenario, checking every rule of docs/scenario-format.md.
// Used by ScenarioReader only (nlohmann stays a private dependency of syncscope_core).
class ScenarioValidator {
public:
    // `warnings`: what reading an older version changed (the migration), each naming its field.
    ScenarioValidator(std::vector<ScenarioError>& errors, std::vector<ScenarioError>& warnings)
        : errors_(errors), warnings_(warnings) {}
    std::optional<Scenario> validate(const nlohmann::json& root);

private:
    using Json = nlohmann::json;
    using NameMap = std::unordered_map<std::string, std::uint32_t>;

    void error(const std::string& path, std::string message);
    void warning(const std::string& path, std::string message);
    bool checkFields(const Json& object, const std::string& path,
                     std::initializer_list<std::string_view> allowed,
                     std::initializer_list<std::string_view> allowed_too = {});
    const Json* require(const Json& object, std::string_view key, const std::string& path,
                        bool required);
    std::optional<std::string> getString(const Json& object, std::string_view key,
                                         const std::string& path, bool required);
    std::optional<bool> getBool(const Json& object, std::string_view key, const std::string& path);
    std::optional<std::int64_t> getInteger(const Json& object, std::string_view key,
                                           const std::string& path, bool required, std::int64_t min,
                                           std::int64_t max);
    std::optional<std::uint64_t> getBytes(const Json& object, std::string_view key,
                                          const std::string& path, std::uint64_t min);
    std::optional<TimeNs> getDuration(const Json& object, std::string_view key,
                                      const std::string& path);
    // Enum values are spelled as the model's toString(); `count` values from 0.
    template <typename Enum>
    std::optional<Enum> getEnum(const Json& object, std::string_view key, const std::string& path,
                                bool required, int count);
    std::optional<SyncMode> getMode(const Json& object, const std::string& path);
    std::optional<std::uint32_t> getRef(const Json& object, std::string_view key,
                                        const std::string& path, const NameMap& names,
                                        std::string_view what);

    void readStreams(const Json& root, Scenario& scenario);
    void readEvents(const Json& root, Scenario& scenario);
    void readBuffers(const Json& root, Scenario& scenario);
    void readPool(const Json& root, Scenario& scenario);
    std::vector<Step> readSteps(const Json& steps, const std::string& path, int depth);
    std::optional<Step> readStep(const Json& step, const std::string& path, int depth);
    // Per-op readers (scenario_validator_steps.cpp). Most ops are a list of common fields, read by
    // readField; the few with rules between their fields have their own reader.
    enum class StepField : std::uint8_t {
        Stream,
        CopyStream,  // memcpy, memset: none for the synchronous form (the default stream)
        Event,
        Buffer,
        Bytes,         // > 0
        BytesToKeep,   // >= 0 (pool_trim)
        Duration,      // duration_us
        PollInterval,  // poll_interval_us
        Direction,     // memcpy
        Host,          // memcpy: pinned / pageable
        Async,
    };
    struct OpFields;
    static const OpFields& opFields(StepKind kind);
    bool readStepFields(const Json& step, const std::string& path, StepKind kind, Step& out,
                        int depth);
    void readField(StepField field, const Json& json, const std::string& path, Step& step);
    void readKernel(const Json& json, const std::string& path, Step& step);
    void checkCopyStream(const std::string& path, Step& step);
    void readWaitStream(const Json& json, const std::string& path, Step& step);
    void readRepeat(const Json& json, const std::string& path, Step& step, int depth);
    std::string uniqueName(const Json& object, const std::string& path, NameMap& names,
                           std::uint32_t index, std::string_view what);

    static constexpr std::int64_t kMaxBatch = static_cast<std::int64_t>(kNone) - 1;

    std::vector<ScenarioError>& errors_;
    std::vector<ScenarioError>& warnings_;
    int file_version_ = Scenario::kFormatVersion;  // the file's "version", once read
    NameMap streams_;
    std::vector<StreamSpec> stream_specs_;
    DefaultStream default_stream_ = DefaultStream::Legacy;
    NameMap events_;
    NameMap buffers_;
    std::unordered_set<std::string> step_ids_;
    std::uint64_t memory_bytes_ = UINT64_MAX;  // byte-count bound: the device profile's memory
    std::string device_;
};

}  // namespace syncscope
