#include "app/cli/cli_json.h"

#include <cstdio>

#include "core/model/utf8.h"

namespace syncscope::cli {

std::string CliJson::text(const nlohmann::json& document) {
    return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string CliJson::indented(const nlohmann::json& value, int indent, bool first_line) {
    const std::string text = CliJson::text(value);
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    std::string out = first_line ? pad : std::string();
    for (const char c : text) {
        out += c;
        if (c == '\n')
            out += pad;
    }
    return out;
}

void CliJson::setPath(nlohmann::json& document, const std::string& key, const std::string& path) {
    std::string valid;
    bool exact = true;
    for (std::size_t pos = 0; pos < path.size();) {
        const std::size_t n = Utf8::sequenceLength(path, pos);
        if (n == 0) {
            valid += "\xEF\xBF\xBD";  // U+FFFD
            exact = false;
            ++pos;
        } else {
            valid.append(path, pos, n);
            pos += n;
        }
    }
    document[key] = valid;
    if (exact)
        return;
    std::string bytes;
    for (const char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\\') {
            bytes += "\\\\";
        } else if (byte >= 0x80) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", byte);
            bytes += hex;
        } else {
            bytes += c;
        }
    }
    document[key + "_bytes"] = bytes;
}

}  // namespace syncscope::cli
