#include "core/scenario/lesson_text_reader.h"

#include "core/scenario/json_path.h"

namespace syncscope {

using json_path::child;
using json_path::typeName;

namespace {

bool blank(const std::string& text) {
    return text.find_first_not_of(" \t\r\n") == std::string::npos;
}

// Checks the length of one language's text at `where`.
bool checkText(const std::string& text, const std::string& where,
               const LessonTextReader::Rules& rules, const LessonTextReader::ErrorSink& error) {
    if (text.size() > rules.max_bytes) {
        std::string message = "is longer than " + std::to_string(rules.max_bytes) + " bytes";
        if (!rules.too_long_why.empty())
            message += "; " + std::string(rules.too_long_why);
        error(where, std::move(message));
        return false;
    }
    return true;
}

}  // namespace

bool LessonTextReader::read(const nlohmann::json& json, const std::string& path, const Rules& rules,
                            const ErrorSink& error, LessonText& out) {
    static const std::string kForm = "{\"en\": \"...\", \"ja\": \"...\"}";
    if (json.is_string() && rules.plain_allowed) {
        out = LessonText(json.get<std::string>());
        if (rules.ja_required) {
            error(path, "must be an object " + kForm + " with both languages, not a string");
            return false;
        }
        if (rules.en_required && blank(out.en)) {
            error(path, "must not be empty");
            return false;
        }
        return checkText(out.en, path, rules, error);
    }
    if (!json.is_object()) {
        error(path, rules.plain_allowed ? "must be a string (English only) or an object " + kForm +
                                              ", not " + typeName(json)
                                        : "must be an object of texts by language (" + kForm +
                                              "), not " + typeName(json));
        return false;
    }
    bool ok = true;
    for (const auto& [key, value] : json.items()) {
        const std::string where = child(path, key);
        std::string* target = key == "en" ? &out.en : key == "ja" ? &out.ja : nullptr;
        if (!target) {
            error(where, "unknown language (allowed: en, ja)");
            ok = false;
            continue;
        }
        if (!value.is_string()) {
            error(where, "must be a string, not " + typeName(value));
            ok = false;
            continue;
        }
        *target = value.get<std::string>();
        if (blank(*target)) {
            error(where, key == "ja" && !rules.ja_required
                             ? "must not be empty (leave it out to show the English text)"
                             : "must not be empty");
            ok = false;
            continue;
        }
        ok = checkText(*target, where, rules, error) && ok;
    }
    // English is the fallback of every other language: an object always needs it.
    if (!json.contains("en")) {
        error(child(path, "en"), "is required");
        ok = false;
    }
    if (rules.ja_required && !json.contains("ja")) {
        error(child(path, "ja"), "is required");
        ok = false;
    }
    return ok;
}

}  // namespace syncscope
