#include "core/io/json_text.h"

#include "core/model/utf8.h"

namespace syncscope {

void JsonText::appendString(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
            } else {
                out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        // One replacement per byte that does not start a well-formed sequence: the rest of a cut
        // sequence may start a good one, and a reader sees how many bytes were bad.
        const std::size_t len = Utf8::sequenceLength(s, i);
        if (len > 0) {
            out.append(s.substr(i, len));
            i += len;
        } else {
            out += "\\ufffd";
            ++i;
        }
    }
    out += '"';
}

void JsonText::appendDouble(std::string& out, double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

}  // namespace syncscope
