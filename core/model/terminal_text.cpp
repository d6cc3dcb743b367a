#include "core/model/terminal_text.h"

namespace syncscope {

namespace {

// The length of the valid UTF-8 sequence at `s`, or 0 when it is invalid (bad lead byte, missing
// continuation, overlong form, surrogate, beyond U+10FFFF).
std::size_t utf8Length(std::string_view s) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = b(0);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        n = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        n = 3;
        if (lead == 0xE0)
            lo = 0xA0;
        if (lead == 0xED)
            hi = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        n = 4;
        if (lead == 0xF0)
            lo = 0x90;
        if (lead == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (s.size() < n || b(1) < lo || b(1) > hi)
        return 0;
    for (std::size_t i = 2; i < n; ++i)
        if (b(i) < 0x80 || b(i) > 0xBF)
            return 0;
    return n;
}

void appendEscaped(std::string& out, unsigned char byte) {
    static const char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
}

}  // namespace

std::string escapeForTerminal(std::string_view text, LineBreaks line_breaks) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            const bool control = byte < 0x20 || byte == 0x7F;
            if (control && !(byte == '\n' && line_breaks == LineBreaks::Keep))
                appendEscaped(out, byte);
            else
                out += static_cast<char>(byte);
            ++i;
            continue;
        }
        const std::size_t n = utf8Length(text.substr(i));
        // C1 controls are U+0080–U+009F, encoded C2 80 – C2 9F: some terminals obey them (CSI).
        const bool c1 = n == 2 && byte == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
        // Bidirectional overrides and isolates, U+202A–U+202E (E2 80 AA–AE) and U+2066–U+2069
        // (E2 81 A6–A9): they reorder what follows on the line, so a name could show as
        // something else ("Trojan Source").
        bool bidi = false;
        if (n == 3 && byte == 0xE2) {
            const auto b1 = static_cast<unsigned char>(text[i + 1]);
            const auto b2 = static_cast<unsigned char>(text[i + 2]);
            bidi = (b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) ||
                   (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9);
        }
        if (n == 0 || c1 || bidi) {
            const std::size_t bad = n == 0 ? 1 : n;
            for (std::size_t k = 0; k < bad; ++k)
                appendEscaped(out, static_cast<unsigned char>(text[i + k]));
            i += bad;
            continue;
        }
        out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

}  // namespace syncscope
