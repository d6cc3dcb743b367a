#pragma once

#include <charconv>
#include <string>
#include <string_view>

namespace syncscope {

// Appending JSON tokens to a string without building a document: the writers of large files
// (traces with millions of events, scenarios with a million steps) spend their time here.
class JsonText {
public:
    // A JSON string literal, and the only JSON string escaper in the project (every JSON writer
    // uses it). The rule: '"' and '\\' are backslash-escaped, control characters below 0x20
    // become \u00XX, well-formed UTF-8 (see Utf8) passes through unchanged, and every byte that
    // does not start a well-formed sequence becomes the escape \ufffd (U+FFFD, the replacement
    // character), one per byte, so the output is always valid JSON and the damage stays visible.
    static void appendString(std::string& out, std::string_view text);

    template <typename Int>
    static void appendInteger(std::string& out, Int value) {
        char buffer[24];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
        out.append(buffer, result.ptr);
    }

    // The shortest text that reads back as the same double.
    static void appendDouble(std::string& out, double value);
};

}  // namespace syncscope
