#include "core/scenario/json_path.h"

namespace syncscope::json_path {

std::string child(const std::string& path, std::string_view key) {
    if (path.empty())
        return std::string(key);
    std::string out = path;
    out += '.';
    out += key;
    return out;
}

std::string item(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string inQuotes(std::string_view text) {
    constexpr std::size_t kMax = 60;
    std::string out = "'";
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (n >= kMax && (c & 0xC0) != 0x80) {
            out += "...";
            break;
        }
        if (c < 0x20 || c == 0x7F) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        } else {
            out += static_cast<char>(c);
        }
        if ((c & 0xC0) != 0x80)
            ++n;
    }
    out += "'";
    return out;
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
