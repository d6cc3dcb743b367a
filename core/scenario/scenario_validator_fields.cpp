// ScenarioValidator's field readers: one typed value of a JSON object, checked against its
// rule, with an error that names the field path ("steps[3].duration_us: must be > 0").
#include <cmath>
#include <limits>

#include "core/scenario/json_path.h"
#include "core/scenario/scenario_validator.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::item;
using json_path::typeName;

namespace {

constexpr double kMaxDurationUs = 60'000'000.0;  // 60 s
constexpr std::int64_t kUnbounded = std::numeric_limits<std::int64_t>::max();

std::string rangeMessage(std::int64_t min, std::int64_t max) {
    if (max == kUnbounded)
        return min == 1 ? "must be > 0" : "must be >= " + std::to_string(min);
    return "must be between " + std::to_string(min) + " and " + std::to_string(max);
}

bool isIntegralFloat(const nlohmann::json& value) {
    if (!value.is_number_float())
        return false;
    const double d = value.get<double>();
    return std::isfinite(d) && std::floor(d) == d;
}

}  // namespace

void ScenarioValidator::warning(const std::string& path, std::string message) {
    if (warnings_.size() < ScenarioReader::kMaxErrors)
        warnings_.push_back({path, std::move(message)});
}

void ScenarioValidator::error(const std::string& path, std::string message) {
    if (errors_.size() == ScenarioReader::kMaxErrors) {
        errors_.push_back({"", "too many errors; the rest are not shown"});
        return;
    }
    if (errors_.size() > ScenarioReader::kMaxErrors)
        return;
    errors_.push_back({path, std::move(message)});
}

bool ScenarioValidator::checkFields(const Json& object, const std::string& path,
                                    std::initializer_list<std::string_view> allowed,
                                    std::initializer_list<std::string_view> allowed_too) {
    bool ok = true;
    for (const auto& [key, value] : object.items()) {
        bool known = false;
        for (auto name : allowed)
            known = known || key == name;
        for (auto name : allowed_too)
            known = known || key == name;
        if (!known) {
            error(child(path, key), "unknown field");
            ok = false;
        }
    }
    return ok;
}

const nlohmann::json* ScenarioValidator::require(const Json& object, std::string_view key,
                                                 const std::string& path, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            error(child(path, key), "is required");
        return nullptr;
    }
    return &*it;
}

std::optional<std::string> ScenarioValidator::getString(const Json& object, std::string_view key,
                                                        const std::string& path, bool required) {
    const Json* value = require(object, key, path, required);
    if (!value)
        return std::nullopt;
    if (!value->is_string()) {
        error(child(path, key), "must be a string");
        return std::nullopt;
    }
    return value->get<std::string>();
}

std::optional<bool> ScenarioValidator::getBool(const Json& object, std::string_view key,
                                               const std::string& path) {
    const Json* value = require(object, key, path, false);
    if (!value)
        return std::nullopt;
    if (!value->is_boolean()) {
        error(child(path, key), "must be true or false");
        return std::nullopt;
    }
    return value->get<bool>();
}

std::optional<std::int64_t> ScenarioValidator::getInteger(const Json& object, std::string_view key,
                                                          const std::string& path, bool required,
                                                          std::int64_t min, std::int64_t max) {
    const Json* value = require(object, key, path, required);
    if (!value)
        return std::nullopt;
    // Paths and messages are built only on error: this runs for every field of every step.
    auto where = [&] { return child(path, key); };
    if (value->is_number_unsigned()) {
        const auto v = value->get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(max) || static_cast<std::int64_t>(v) < min) {
            error(where(), rangeMessage(min, max));
            return std::nullopt;
        }
        return static_cast<std::int64_t>(v);
    }
    if (value->is_number_integer()) {
        const auto v = value->get<std::int64_t>();
        if (v < min || v > max) {
            error(where(), rangeMessage(min, max));
            return std::nullopt;
        }
        return v;
    }
    if (isIntegralFloat(*value)) {
        // Integers beyond 64 bits arrive as floating point: out of range rather than "not integer".
        error(where(), rangeMessage(min, max));
        return std::nullopt;
    }
    error(where(), "must be an integer");
    return std::nullopt;
}

std::optional<std::uint64_t> ScenarioValidator::getBytes(const Json& object, std::string_view key,
                                                         const std::string& path,
                                                         std::uint64_t min) {
    const Json* value = require(object, key, path, true);
    if (!value)
        return std::nullopt;
    // Paths and messages are built only on error: this runs for every field of every step.
    auto where = [&] { return child(path, key); };
    auto too_small = [&] { return std::string(min == 0 ? "must be >= 0" : "must be > 0"); };
    auto too_large = [&] {
        return "must be at most " + std::to_string(memory_bytes_) + " (the memory of device " +
               inQuotes(device_) + ")";
    };
    if (value->is_number_unsigned()) {
        const auto v = value->get<std::uint64_t>();
        if (v < min)
            error(where(), too_small());
        else if (v > memory_bytes_)
            error(where(), too_large());
        else
            return v;
        return std::nullopt;
    }
    if (value->is_number_integer()) {  // negative
        error(where(), too_small());
        return std::nullopt;
    }
    if (isIntegralFloat(*value)) {
        error(where(), value->get<double>() < 0 ? too_small() : too_large());
        return std::nullopt;
    }
    error(where(), "must be an integer");
    return std::nullopt;
}

std::optional<TimeNs> ScenarioValidator::getDuration(const Json& object, std::string_view key,
                                                     const std::string& path) {
    const Json* value = require(object, key, path, true);
    if (!value)
        return std::nullopt;
    // Paths and messages are built only on error: this runs for every field of every step.
    auto where = [&] { return child(path, key); };
    if (!value->is_number()) {
        error(where(), "must be a number");
        return std::nullopt;
    }
    const double us = value->get<double>();
    if (!(us > 0)) {
        error(where(), "must be > 0");
        return std::nullopt;
    }
    if (!(us <= kMaxDurationUs)) {
        error(where(), "must be at most 60000000 (60 s)");
        return std::nullopt;
    }
    // Files hold µs; the model holds integer ns. Rounding to the nearest ns makes any ns value
    // written as ns/1000 come back exactly (durations <= 60 s are far inside double precision).
    const auto ns = static_cast<TimeNs>(std::llround(us * 1000.0));
    if (ns <= 0) {
        error(where(), "must be at least 0.001 (1 ns)");
        return std::nullopt;
    }
    return ns;
}

template <typename Enum>
std::optional<Enum> ScenarioValidator::getEnum(const Json& object, std::string_view key,
                                               const std::string& path, bool required, int count) {
    const auto text = getString(object, key, path, required);
    if (!text)
        return std::nullopt;
    for (int i = 0; i < count; ++i)
        if (toString(static_cast<Enum>(i)) == *text)
            return static_cast<Enum>(i);
    std::string allowed;
    for (int i = 0; i < count; ++i)
        allowed += (i ? ", " : "") + std::string(toString(static_cast<Enum>(i)));
    error(child(path, key), "unknown value " + inQuotes(*text) + " (allowed: " + allowed + ")");
    return std::nullopt;
}

std::optional<SyncMode> ScenarioValidator::getMode(const Json& object, const std::string& path) {
    const auto text = getString(object, "mode", path, false);
    if (!text)
        return std::nullopt;
    if (auto mode = syncModeFromId(*text))
        return mode;
    std::string allowed;
    for (const auto& info : syncModeCatalogue()) {
        if (!allowed.empty())
            allowed += ", ";
        allowed += info.id;
    }
    error(child(path, "mode"),
          "unknown sync mode " + inQuotes(*text) + " (allowed: " + allowed + ")");
    return std::nullopt;
}

std::optional<std::uint32_t> ScenarioValidator::getRef(const Json& object, std::string_view key,
                                                       const std::string& path,
                                                       const NameMap& names,
                                                       std::string_view what) {
    const auto name = getString(object, key, path, true);
    if (!name)
        return std::nullopt;
    if (auto it = names.find(*name); it != names.end())
        return it->second;
    error(child(path, key), "no " + std::string(what) + " named " + inQuotes(*name));
    return std::nullopt;
}

std::string ScenarioValidator::uniqueName(const Json& object, const std::string& path,
                                          NameMap& names, std::uint32_t index,
                                          std::string_view what) {
    auto name = getString(object, "name", path, true);
    if (!name)
        return {};
    if (name->empty()) {
        error(child(path, "name"), "must not be empty");
        return {};
    }
    const auto [it, inserted] = names.emplace(*name, index);
    if (!inserted) {
        error(child(path, "name"), "duplicate name " + inQuotes(*name) + " (also " +
                                       item(std::string(what), it->second) + ")");
    }
    return *name;
}

// The enums the validator reads (the template is defined here, away from its callers).
template std::optional<StreamKind> ScenarioValidator::getEnum<StreamKind>(const Json&,
                                                                          std::string_view,
                                                                          const std::string&, bool,
                                                                          int);
template std::optional<SchedulePolicy> ScenarioValidator::getEnum<SchedulePolicy>(
    const Json&, std::string_view, const std::string&, bool, int);
template std::optional<DefaultStream> ScenarioValidator::getEnum<DefaultStream>(const Json&,
                                                                                std::string_view,
                                                                                const std::string&,
                                                                                bool, int);
template std::optional<KernelKind> ScenarioValidator::getEnum<KernelKind>(const Json&,
                                                                          std::string_view,
                                                                          const std::string&, bool,
                                                                          int);
template std::optional<CopyDirection> ScenarioValidator::getEnum<CopyDirection>(const Json&,
                                                                                std::string_view,
                                                                                const std::string&,
                                                                                bool, int);

}  // namespace syncscope
