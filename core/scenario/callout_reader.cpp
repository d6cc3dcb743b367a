#include "core/scenario/callout_reader.h"

#include <algorithm>

#include "core/scenario/json_path.h"
#include "core/scenario/lesson_text_reader.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::typeName;

namespace {

std::string joined(std::initializer_list<std::string_view> names) {
    std::string out;
    for (const auto n : names)
        out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

}  // namespace

bool CalloutReader::onlyFields(const nlohmann::json& json, const std::string& path,
                               std::initializer_list<std::string_view> allowed) {
    bool ok = true;
    for (const auto& [key, value] : json.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            error_(child(path, key), "is not a field here (allowed: " + joined(allowed) + ")");
            ok = false;
        }
    }
    return ok;
}

std::vector<Callout> CalloutReader::readCallouts(const nlohmann::json& callouts,
                                                 const std::string& path) {
    return json_path::readArray<Callout>(
        callouts, path, kMaxCallouts, "callouts", error_,
        [this](const nlohmann::json& json, const std::string& at, Callout& out) {
            return readCallout(json, at, out);
        });
}

bool CalloutReader::readCallout(const nlohmann::json& json, const std::string& path, Callout& out) {
    if (!json.is_object()) {
        error_(path, "must be an object, not " + typeName(json));
        return false;
    }
    bool ok = onlyFields(json, path, {"at", "on", "text"});
    if (!json.contains("at")) {
        error_(child(path, "at"), "is required: the id of the step the callout points at");
        ok = false;
    } else {
        ok = refs_.read(json, "at", path, out.at) && ok;
    }
    ok = readTarget(json, path, out.on) && ok;
    if (!json.contains("text")) {
        error_(child(path, "text"), "is required: {\"en\": \"...\", \"ja\": \"...\"}");
        return false;
    }
    return readText(json.at("text"), child(path, "text"), out) && ok;
}

bool CalloutReader::readTarget(const nlohmann::json& json, const std::string& path,
                               CalloutTarget& out) {
    if (!json.contains("on"))
        return true;
    const nlohmann::json& on = json.at("on");
    for (const CalloutTarget t :
         {CalloutTarget::Auto, CalloutTarget::Call, CalloutTarget::Gpu, CalloutTarget::Wait}) {
        if (on.is_string() && on.get<std::string>() == toString(t)) {
            out = t;
            return true;
        }
    }
    error_(child(path, "on"),
           "must be 'auto', 'call', 'gpu' or 'wait', not " +
               (on.is_string() ? inQuotes(on.get<std::string>()) : typeName(on)));
    return false;
}

bool CalloutReader::readText(const nlohmann::json& json, const std::string& path, Callout& out) {
    LessonTextReader::Rules rules;
    rules.max_bytes = kMaxText;
    rules.too_long_why = "a callout is one short line";
    rules.plain_allowed = false;  // a callout is written for a class: say which language it is in
    return LessonTextReader::read(json, path, rules, error_, out.text);
}

std::optional<Focus> CalloutReader::readFocus(const nlohmann::json& json, const std::string& path) {
    if (!json.is_object()) {
        error_(path, "must be an object {\"from\": \"step id\", \"to\": \"step id\"}, not " +
                         typeName(json));
        return std::nullopt;
    }
    Focus out;
    bool ok = onlyFields(json, path, {"from", "to", "on"});
    ok = readTarget(json, path, out.on) && ok;
    for (const auto& [key, ref] : {std::pair<const char*, StepRef*>{"from", &out.from},
                                   std::pair<const char*, StepRef*>{"to", &out.to}}) {
        if (!json.contains(key)) {
            error_(child(path, key), "is required");
            ok = false;
        } else {
            ok = refs_.read(json, key, path, *ref) && ok;
        }
    }
    if (!ok)
        return std::nullopt;
    return out;
}

}  // namespace syncscope
