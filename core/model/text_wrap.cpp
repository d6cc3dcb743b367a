#include "core/model/text_wrap.h"

namespace syncscope {

namespace {

std::size_t columns(std::string_view text) {
    std::size_t n = 0;
    for (const char c : text)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;  // not a continuation byte
    return n;
}

}  // namespace

std::string wrapText(std::string_view label, std::string_view text, std::size_t width,
                     std::string_view indent) {
    std::string out(label);
    std::size_t line = columns(label);  // columns on the current line
    bool first_word = true;
    std::size_t k = 0;
    while (k <= text.size()) {
        const std::size_t end = text.find_first_of(" \n", k);
        const std::string_view word =
            text.substr(k, end == std::string_view::npos ? std::string_view::npos : end - k);
        if (!word.empty()) {
            const std::size_t w = columns(word);
            if (!first_word && line + 1 + w > width) {
                out += '\n';
                out += indent;
                line = columns(indent);
            } else if (!first_word) {
                out += ' ';
                ++line;
            }
            out += word;
            line += w;
            first_word = false;
        }
        if (end == std::string_view::npos)
            break;
        if (text[end] == '\n') {
            out += '\n';
            out += indent;
            line = columns(indent);
            first_word = true;
        }
        k = end + 1;
    }
    return out;
}

}  // namespace syncscope
