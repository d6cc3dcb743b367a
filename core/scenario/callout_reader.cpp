#include "core/scenario/callout_reader.h"

#include <algorithm>

#include "core/scenario/json_path.h"

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
    if (!json.is_object()) {
        error_(path,
               "must be an object of texts by language ({\"en\": \"...\", \"ja\": \"...\"}), "
               "not " +
                   typeName(json));
        return false;
    }
    bool ok = true;
    for (const auto& [key, value] : json.items()) {
        const std::string where = child(path, key);
        std::string* target = key == "en" ? &out.text_en : key == "ja" ? &out.text_ja : nullptr;
        if (!target) {
            error_(where, "unknown language (allowed: en, ja)");
            ok = false;
            continue;
        }
        if (!value.is_string()) {
            error_(where, "must be a string, not " + typeName(value));
            ok = false;
            continue;
        }
        *target = value.get<std::string>();
        if (target->size() > kMaxText) {
            error_(where, "is longer than " + std::to_string(kMaxText) +
                              " bytes; a callout is one short line");
            ok = false;
        }
        if (key == "ja" && target->empty()) {
            error_(where, "must not be empty (leave it out to show the English text)");
            ok = false;
        }
    }
    if (out.text_en.empty() && ok) {
        error_(child(path, "en"), json.contains("en") ? "must not be empty" : "is required");
        ok = false;
    }
    return ok;
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
