#include "core/scenario/json_path.h"

#include "core/model/terminal_text.h"

namespace syncscope::json_path {

// A key comes from the file: it is part of a message, so it is made safe to print.
std::string child(const std::string& path, std::string_view key) {
    if (path.empty())
        return escapeForTerminal(key);
    std::string out = path;
    out += '.';
    out += escapeForTerminal(key);
    return out;
}

std::string item(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string inQuotes(std::string_view text) {
    // At most 60 characters, cut on a character's boundary, then made safe to print.
    constexpr std::size_t kMax = 60;
    std::size_t n = 0, cut = text.size();
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) == 0x80)
            continue;
        if (n++ == kMax) {
            cut = i;
            break;
        }
    }
    return "'" + escapeForTerminal(text.substr(0, cut)) + (cut < text.size() ? "..." : "") + "'";
}

std::string typeName(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::null:
            return "null";
        case nlohmann::json::value_t::object:
            return "an object";
        case nlohmann::json::value_t::array:
            return "an array";
        case nlohmann::json::value_t::string:
            return "a string";
        case nlohmann::json::value_t::boolean:
            return "a boolean";
        case nlohmann::json::value_t::number_float:
            return "a fractional number";
        default:
            return "a number";
    }
}

}  // namespace syncscope::json_path
