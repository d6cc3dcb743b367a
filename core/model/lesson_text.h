#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace syncscope {

// Languages a lesson's texts come in. English is required everywhere; other languages fall back to
// it where the author left them out.
enum class Language : std::uint8_t { En, Ja };

// A text of a lesson (a scenario's title, explanation, claims and callouts; a course page's claim,
// truth and look-at line) in English and, where the author wrote one, Japanese. A plain string
// converts to an English-only text, so users' own files and scenarios built in code stay simple.
struct LessonText {
    std::string en;
    std::string ja;  // empty: not translated, English is shown

    // Implicit on purpose: a plain string is an English text, as in the files.
    LessonText() = default;
    LessonText(std::string english) : en(std::move(english)) {}
    LessonText(const char* english) : en(english) {}
    LessonText(std::string english, std::string japanese)
        : en(std::move(english)), ja(std::move(japanese)) {}

    // The text in `language`, English when that translation is missing.
    const std::string& in(Language language) const {
        return language == Language::Ja && !ja.empty() ? ja : en;
    }
    bool empty() const { return en.empty() && ja.empty(); }
    bool operator==(const LessonText&) const = default;
};

std::string_view toString(Language language);

}  // namespace syncscope
