#include "core/course/course_reader.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "core/io/regular_file.h"
#include "core/scenario/json_path.h"
#include "core/scenario/lesson_text_reader.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::item;
using json_path::typeName;
using Json = nlohmann::json;

namespace {

constexpr std::string_view kFormat = "syncscope-course";

// Built-in scenario names are file names: lower-case words joined by '-'.
bool isScenarioName(std::string_view name) {
    if (name.empty() || name.size() > 100)
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

std::pair<std::size_t, std::size_t> lineAndColumn(std::string_view text, std::size_t byte) {
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
    return {line, column};
}

std::string tooLarge(std::size_t bytes) {
    return "the course file is " + std::to_string(bytes) + " bytes; at most " +
           std::to_string(CourseReader::kMaxFileBytes) + " are allowed";
}

class PageReader {
public:
    explicit PageReader(std::vector<std::string>& errors) : errors_(errors) {}

    void error(const std::string& path, const std::string& message) {
        errors_.push_back(path + ": " + message);
    }

    bool onlyFields(const Json& json, const std::string& path,
                    std::initializer_list<std::string_view> allowed) {
        bool ok = true;
        for (const auto& [key, value] : json.items()) {
            if (std::find(allowed.begin(), allowed.end(), key) != allowed.end())
                continue;
            std::string names;
            for (const auto a : allowed)
                names += (names.empty() ? "" : ", ") + std::string(a);
            error(child(path, key), "is not a field here (allowed: " + names + ")");
            ok = false;
        }
        return ok;
    }

    // A required (or, with `optional`, absent-or-valid) non-empty string of at most kMaxText.
    bool text(const Json& json, std::string_view key, const std::string& path, std::string& out,
              bool optional = false) {
        const std::string where = child(path, key);
        if (!json.contains(key)) {
            if (!optional)
                error(where, "is required");
            return optional;
        }
        const Json& value = json.at(key);
        if (!value.is_string()) {
            error(where, "must be a string, not " + typeName(value));
            return false;
        }
        out = value.get<std::string>();
        if (out.find_first_not_of(" \t\r\n") == std::string::npos) {
            error(where, "must not be empty");
            return false;
        }
        if (out.size() > CourseReader::kMaxText) {
            error(where, "is " + std::to_string(out.size()) + " bytes; at most " +
                             std::to_string(CourseReader::kMaxText) + " are allowed");
            return false;
        }
        return true;
    }

    // A required text, English only or {"en": "...", "ja": "..."} (LessonTextReader);
    // `both_languages` for the claim, which the page always shows in the article's Japanese.
    bool lessonText(const Json& json, std::string_view key, const std::string& path,
                    LessonText& out, bool both_languages = false) {
        const std::string where = child(path, key);
        if (!json.contains(key)) {
            error(where, both_languages ? "is required: {\"ja\": \"...\", \"en\": \"...\"}"
                                        : "is required");
            return false;
        }
        LessonTextReader::Rules rules;
        rules.max_bytes = CourseReader::kMaxText;
        rules.ja_required = both_languages;
        return LessonTextReader::read(
            json.at(key), where, rules,
            [this](const std::string& at, std::string message) { error(at, std::move(message)); },
            out);
    }

    bool scenarioName(const Json& json, std::string_view key, const std::string& path,
                      std::string& out, bool optional) {
        if (!text(json, key, path, out, optional))
            return false;
        if (!out.empty() && !isScenarioName(out)) {
            error(child(path, key), inQuotes(out) +
                                        " is not a built-in scenario name (lower-case letters, "
                                        "digits and '-', without .json)");
            return false;
        }
        return true;
    }

    std::optional<CoursePage> page(const Json& json, const std::string& index_path) {
        if (!json.is_object()) {
            error(index_path, "must be an object, not " + typeName(json));
            return std::nullopt;
        }
        CoursePage page;
        // The page's scenario names it in every later message: "pages[3] (mode-device).truth".
        std::string path = index_path;
        bool ok = scenarioName(json, "scenario", path, page.scenario, false);
        if (ok)
            path += " (" + page.scenario + ")";
        ok = onlyFields(
                 json, path,
                 {"scenario", "claim", "truth", "look_at", "article_claim", "compare", "myth"}) &&
             ok;
        ok = lessonText(json, "claim", path, page.claim, true) && ok;
        ok = lessonText(json, "truth", path, page.truth) && ok;
        ok = lessonText(json, "look_at", path, page.look_at) && ok;
        std::string compare;
        if (scenarioName(json, "compare", path, compare, true)) {
            if (!compare.empty() && compare == page.scenario) {
                error(child(path, "compare"),
                      "names the page's own scenario; compare needs another");
                ok = false;
            } else if (!compare.empty()) {
                page.compare = compare;
            }
        } else {
            ok = false;
        }
        if (json.contains("article_claim")) {
            const Json& n = json.at("article_claim");
            if (!n.is_number_integer() || n.get<long long>() < 1 ||
                n.get<long long>() > CourseReader::kArticleClaims) {
                error(child(path, "article_claim"),
                      "must be a whole number from 1 to " +
                          std::to_string(CourseReader::kArticleClaims) + ", not " +
                          (n.is_number() ? n.dump() : typeName(n)));
                ok = false;
            } else {
                page.article_claim = int(n.get<long long>());
            }
        }
        if (json.contains("myth")) {
            const Json& m = json.at("myth");
            if (!m.is_boolean()) {
                error(child(path, "myth"), std::string("must be true or false, not ") +
                                               (m.is_number() ? m.dump() : typeName(m)));
                ok = false;
            } else {
                page.myth = m.get<bool>();
            }
        }
        if (!ok)
            return std::nullopt;
        return page;
    }

private:
    std::vector<std::string>& errors_;
};

}  // namespace

std::string CourseParseResult::errorText() const {
    std::string out;
    for (const std::string& e : errors)
        out += (out.empty() ? "" : "\n") + e;
    return out;
}

CourseParseResult CourseReader::parse(std::string_view text) {
    CourseParseResult result;
    if (text.size() > kMaxFileBytes) {
        result.errors.push_back(tooLarge(text.size()));
        return result;
    }
    Json root;
    try {
        root = Json::parse(text);
    } catch (const Json::parse_error& e) {
        const auto [line, column] = lineAndColumn(text, e.byte);
        std::string what = e.what();
        if (const auto colon = what.rfind(": "); colon != std::string::npos)
            what = what.substr(colon + 2);
        result.errors.push_back("line " + std::to_string(line) + ", column " +
                                std::to_string(column) + ": " + what);
        return result;
    }
    PageReader reader(result.errors);
    if (!root.is_object()) {
        reader.error("(file)", "must be a JSON object, not " + typeName(root));
        return result;
    }
    Course course;
    reader.onlyFields(root, "", {"format", "version", "title", "pages"});
    if (!root.contains("format") || root.at("format") != kFormat)
        reader.error("format", "must be \"syncscope-course\"");
    if (!root.contains("version") || !root.at("version").is_number_integer() ||
        root.at("version").get<long long>() != Course::kFormatVersion)
        reader.error("version", "must be " + std::to_string(Course::kFormatVersion) +
                                    (root.contains("version") ? ", not " + root.at("version").dump()
                                                              : std::string(" (it is missing)")));
    reader.lessonText(root, "title", "", course.title);
    if (!root.contains("pages")) {
        reader.error("pages", "is required: an array of pages");
    } else if (const Json& pages = root.at("pages"); !pages.is_array() || pages.empty()) {
        reader.error("pages",
                     "must be a non-empty array of pages, not " +
                         (pages.is_array() ? std::string("an empty one") : typeName(pages)));
    } else if (pages.size() > kMaxPages) {
        reader.error("pages", "has " + std::to_string(pages.size()) + " pages; at most " +
                                  std::to_string(kMaxPages) + " are allowed");
    } else {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < pages.size(); ++i) {
            std::optional<CoursePage> page = reader.page(pages[i], item("pages", i));
            if (!page)
                continue;
            if (!seen.insert(page->scenario).second)
                reader.error(item("pages", i) + " (" + page->scenario + ").scenario",
                             "is already the scenario of an earlier page");
            course.pages.push_back(std::move(*page));
        }
    }
    if (result.errors.empty())
        result.course = std::move(course);
    return result;
}

CourseParseResult CourseReader::readFile(const std::string& path) {
    CourseParseResult result;
    // Regular files only, read as every other input is (RegularFile); an oversized one is refused
    // as it is read.
    RegularFile file = RegularFile::open(path);
    std::string text;
    if (!file.readAll(text, kMaxFileBytes,
                      std::to_string(kMaxFileBytes) + " bytes; not a course file"))
        result.errors.push_back(file.reason());
    else
        result = parse(text);
    for (std::string& e : result.errors)
        e = path + ": " + e;
    return result;
}

}  // namespace syncscope
