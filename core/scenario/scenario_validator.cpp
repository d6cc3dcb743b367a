#include "core/scenario/scenario_validator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "core/model/device_profile.h"
#include "core/scenario/buffer_lifecycle_check.h"
#include "core/scenario/callout_reader.h"
#include "core/scenario/expectation_reader.h"
#include "core/scenario/json_path.h"
#include "core/scenario/lesson_text_reader.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::item;
using json_path::typeName;

namespace {

constexpr std::string_view kFormat = "syncscope-scenario";

}  // namespace

std::optional<Scenario> ScenarioValidator::validate(const Json& root) {
    const std::size_t errors_before = errors_.size();
    if (!root.is_object()) {
        error("", "a scenario must be a JSON object, not " + typeName(root));
        return std::nullopt;
    }
    checkFields(
        root, "",
        {"format", "version", "title", "explanation", "device", "schedule", "default_stream",
         "streams", "events", "buffers", "pool", "steps", "expect", "callouts", "focus"});

    // A wrong format or version makes every other message noise: stop there.
    if (auto format = getString(root, "format", "", true); format && *format != kFormat)
        error("format", "must be 'syncscope-scenario', not " + inQuotes(*format));
    if (const Json* version = require(root, "version", "", true)) {
        if (!version->is_number_integer())
            error("version", "must be an integer");
        else if (const std::int64_t v = version->get<std::int64_t>();
                 v < Scenario::kOldestFormatVersion || v > Scenario::kFormatVersion)
            error("version", "unsupported version " + version->dump() +
                                 " (this build reads versions 1 to " +
                                 std::to_string(Scenario::kFormatVersion) +
                                 "; a newer syncscope wrote "
                                 "it, or the number is wrong)");
        else
            file_version_ = static_cast<int>(v);
    }
    if (errors_.size() != errors_before)
        return std::nullopt;

    Scenario scenario;
    const LessonTextReader::ErrorSink sink = [this](const std::string& path, std::string message) {
        error(path, std::move(message));
    };
    if (const Json* title = require(root, "title", "", true))
        LessonTextReader::read(*title, "title", {}, sink, scenario.title);
    if (const Json* explanation = require(root, "explanation", "", false)) {
        LessonTextReader::Rules optional;
        optional.en_required = false;  // "" has always meant "no explanation"
        LessonTextReader::read(*explanation, "explanation", optional, sink, scenario.explanation);
    }
    if (auto device = getString(root, "device", "", false)) {
        if (auto profile = findDeviceProfile(*device)) {
            memory_bytes_ = profile->memory_bytes;
        } else {
            std::string allowed;
            for (const auto& p : builtinDeviceProfiles())
                allowed += (allowed.empty() ? "" : ", ") + p.id;
            error("device",
                  "unknown device profile " + inQuotes(*device) + " (allowed: " + allowed + ")");
        }
        scenario.device = std::move(*device);
    } else if (auto profile = findDeviceProfile(scenario.device)) {
        memory_bytes_ = profile->memory_bytes;
    }
    device_ = scenario.device;
    if (auto schedule = getEnum<SchedulePolicy>(root, "schedule", "", false, 4))
        scenario.schedule = *schedule;
    if (auto which = getEnum<DefaultStream>(root, "default_stream", "", false, 2))
        scenario.default_stream = *which;
    default_stream_ = scenario.default_stream;

    readStreams(root, scenario);
    readEvents(root, scenario);
    readBuffers(root, scenario);
    readPool(root, scenario);

    if (const Json* steps = require(root, "steps", "", true)) {
        scenario.program = readSteps(*steps, "steps", 0);
        if (steps->is_array() && steps->empty())
            error("steps", "must not be empty");
        const std::size_t expanded = expandedStepCount(scenario.program);
        if (expanded > Scenario::kMaxExpandedSteps) {
            error("steps",
                  "expands to more than 1000000 steps once repeats are unrolled (" +
                      (expanded == SIZE_MAX ? std::string("overflow") : std::to_string(expanded)) +
                      ")");
        }
        if (errors_.size() == errors_before && !assignDefaultStream(scenario))
            error("streams",
                  "has 64 streams: no room for the default stream that synchronous "
                  "copies and memsets run on");
        if (errors_.size() == errors_before)
            BufferLifecycleCheck::check(scenario,
                                        [this](const std::string& path, std::string message) {
                                            error(path, std::move(message));
                                        });
    }
    if (const Json* expect = require(root, "expect", "", false);
        expect && errors_.size() == errors_before) {
        const auto instances = ExpectationReader::countInstances(scenario.program);
        ExpectationReader reader([this](const std::string& path,
                                        std::string message) { error(path, std::move(message)); },
                                 instances, scenario.streams);
        scenario.expect = reader.read(*expect, "expect");
    }
    const Json* callouts = require(root, "callouts", "", false);
    const Json* focus = require(root, "focus", "", false);
    if ((callouts || focus) && errors_.size() == errors_before) {
        const auto instances = ExpectationReader::countInstances(scenario.program);
        CalloutReader reader([this](const std::string& path,
                                    std::string message) { error(path, std::move(message)); },
                             instances);
        if (callouts)
            scenario.callouts = reader.readCallouts(*callouts, "callouts");
        if (focus)
            scenario.focus = reader.readFocus(*focus, "focus");
    }
    if (errors_.size() != errors_before)
        return std::nullopt;
    return scenario;
}

void ScenarioValidator::readStreams(const Json& root, Scenario& scenario) {
    const Json* streams = require(root, "streams", "", true);
    if (!streams)
        return;
    if (!streams->is_array()) {
        error("streams", "must be an array");
        return;
    }
    if (streams->empty())
        error("streams", "must have at least one stream");
    if (streams->size() > Scenario::kMaxStreams) {
        error("streams",
              "has " + std::to_string(streams->size()) + " streams; at most 64 are allowed");
        return;
    }
    int legacy = 0;
    int per_thread = 0;
    for (std::size_t i = 0; i < streams->size(); ++i) {
        const Json& entry = (*streams)[i];
        const std::string path = item("streams", i);
        if (!entry.is_object()) {
            error(path, "must be an object");
            continue;
        }
        checkFields(entry, path, {"name", "kind", "priority"});
        StreamSpec spec;
        spec.name = uniqueName(entry, path, streams_, static_cast<std::uint32_t>(i), "streams");
        if (auto kind = getEnum<StreamKind>(entry, "kind", path, false, 4))
            spec.kind = *kind;
        if (spec.kind == StreamKind::LegacyDefault && ++legacy == 2)
            error(child(path, "kind"), "only one legacy-default stream is allowed");
        if (spec.kind == StreamKind::PerThreadDefault && ++per_thread == 2)
            error(child(path, "kind"), "only one per-thread-default stream is allowed");
        if (auto priority = getInteger(entry, "priority", path, false, -10, 10))
            spec.priority = static_cast<int>(*priority);
        stream_specs_.push_back(spec);
        scenario.streams.push_back(std::move(spec));
    }
}

void ScenarioValidator::readEvents(const Json& root, Scenario& scenario) {
    const Json* events = require(root, "events", "", false);
    if (!events)
        return;
    if (!events->is_array()) {
        error("events", "must be an array");
        return;
    }
    if (events->size() > ScenarioReader::kMaxNamedObjects) {
        error("events",
              "has " + std::to_string(events->size()) + " events; at most 10000 are allowed");
        return;
    }
    for (std::size_t i = 0; i < events->size(); ++i) {
        const Json& entry = (*events)[i];
        const std::string path = item("events", i);
        if (!entry.is_object()) {
            error(path, "must be an object");
            continue;
        }
        checkFields(entry, path, {"name", "blocking_sync", "disable_timing"});
        EventSpec spec;
        spec.name = uniqueName(entry, path, events_, static_cast<std::uint32_t>(i), "events");
        if (auto v = getBool(entry, "blocking_sync", path))
            spec.blocking_sync = *v;
        if (auto v = getBool(entry, "disable_timing", path))
            spec.disable_timing = *v;
        scenario.events.push_back(std::move(spec));
    }
}

void ScenarioValidator::readBuffers(const Json& root, Scenario& scenario) {
    const Json* buffers = require(root, "buffers", "", false);
    if (!buffers)
        return;
    if (!buffers->is_array()) {
        error("buffers", "must be an array");
        return;
    }
    if (buffers->size() > ScenarioReader::kMaxNamedObjects) {
        error("buffers",
              "has " + std::to_string(buffers->size()) + " buffers; at most 10000 are allowed");
        return;
    }
    for (std::size_t i = 0; i < buffers->size(); ++i) {
        const Json& entry = (*buffers)[i];
        const std::string path = item("buffers", i);
        if (!entry.is_object()) {
            error(path, "must be an object");
            continue;
        }
        checkFields(entry, path, {"name"});
        BufferSpec spec;
        spec.name = uniqueName(entry, path, buffers_, static_cast<std::uint32_t>(i), "buffers");
        scenario.buffers.push_back(std::move(spec));
    }
}

void ScenarioValidator::readPool(const Json& root, Scenario& scenario) {
    const Json* pool = require(root, "pool", "", false);
    if (!pool)
        return;
    if (!pool->is_object()) {
        error("pool", "must be an object");
        return;
    }
    checkFields(*pool, "pool",
                {"release_threshold", "reuse_follow_event_dependencies",
                 "reuse_allow_opportunistic", "reuse_allow_internal_dependencies"});
    PoolSpec& spec = scenario.pool;
    if (auto v = getBool(*pool, "reuse_follow_event_dependencies", "pool"))
        spec.reuse_follow_event_dependencies = *v;
    if (auto v = getBool(*pool, "reuse_allow_opportunistic", "pool"))
        spec.reuse_allow_opportunistic = *v;
    if (auto v = getBool(*pool, "reuse_allow_internal_dependencies", "pool"))
        spec.reuse_allow_internal_dependencies = *v;
    const Json* threshold = require(*pool, "release_threshold", "pool", false);
    if (!threshold)
        return;
    if (threshold->is_string() && threshold->get<std::string>() == "max")
        spec.release_threshold = std::numeric_limits<std::uint64_t>::max();
    else if (threshold->is_number_unsigned())
        spec.release_threshold = threshold->get<std::uint64_t>();
    else
        error("pool.release_threshold", "must be an integer >= 0 or \"max\"");
}

std::vector<Step> ScenarioValidator::readSteps(const Json& steps, const std::string& path,
                                               int depth) {
    std::vector<Step> program;
    if (!steps.is_array()) {
        error(path, "must be an array");
        return program;
    }
    program.reserve(steps.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (auto step = readStep(steps[i], item(path, i), depth))
            program.push_back(std::move(*step));
        if (errors_.size() > ScenarioReader::kMaxErrors)
            break;
    }
    return program;
}

std::optional<Step> ScenarioValidator::readStep(const Json& json, const std::string& path,
                                                int depth) {
    if (!json.is_object()) {
        error(path, "must be an object");
        return std::nullopt;
    }
    const auto op = getString(json, "op", path, true);
    if (!op)
        return std::nullopt;
    std::optional<StepKind> kind;
    for (int i = 0; i < kStepKindCount && !kind; ++i)
        if (toString(static_cast<StepKind>(i)) == *op)
            kind = static_cast<StepKind>(i);
    if (!kind) {
        std::string allowed;
        for (int i = 0; i < kStepKindCount; ++i)
            allowed += (i ? ", " : "") + std::string(toString(static_cast<StepKind>(i)));
        error(child(path, "op"), "unknown op " + inQuotes(*op) + " (allowed: " + allowed + ")");
        return std::nullopt;
    }
    const std::size_t errors_before = errors_.size();
    Step step;
    step.kind = *kind;
    readStepFields(json, path, *kind, step, depth);
    if (auto batch = getInteger(json, "batch", path, false, 0, kMaxBatch))
        step.batch = static_cast<std::uint32_t>(*batch);
    if (const auto it = json.find("label"); it != json.end()) {
        // A plain string (English) or, from version 3, {"en": ..., "ja": ...}: the events keep
        // the English name.
        if (it->is_object() && file_version_ < 3)
            error(child(path, "label"), "a label in two languages needs \"version\": 3 (version " +
                                            std::to_string(file_version_) +
                                            " takes a string); set \"version\": 3");
        LessonTextReader::Rules rules;
        rules.en_required = false;  // "label": "" has always meant no label
        LessonTextReader::read(
            *it, child(path, "label"), rules,
            [this](const std::string& p, std::string message) { error(p, std::move(message)); },
            step.label);
    }
    if (auto id = getString(json, "id", path, false)) {
        const bool well_formed =
            !id->empty() && id->size() <= 64 && std::all_of(id->begin(), id->end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ||
                       c == '.';
            });
        if (!well_formed)
            error(child(path, "id"),
                  "must be 1 to 64 letters, digits, '-', '_' or '.', not " + inQuotes(*id));
        else if (!step_ids_.insert(*id).second)
            error(child(path, "id"), "another step already has the id " + inQuotes(*id));
        step.id = std::move(*id);
    }
    if (auto mode = getMode(json, path))
        step.mode = *mode;
    if (errors_.size() != errors_before)
        return std::nullopt;
    return step;
}

}  // namespace syncscope
