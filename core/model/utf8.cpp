#include "core/model/utf8.h"

namespace syncscope {

std::size_t Utf8::sequenceLength(std::string_view text, std::size_t pos) {
    const auto c = static_cast<unsigned char>(text[pos]);
    if (c < 0x80)
        return 1;
    std::size_t extra = 0;
    unsigned min = 0;
    unsigned cp = 0;
    if ((c & 0xe0) == 0xc0)
        extra = 1, min = 0x80, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0)
        extra = 2, min = 0x800, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0)
        extra = 3, min = 0x10000, cp = c & 0x07;
    else
        return 0;  // a continuation byte or 0xf8..0xff
    if (text.size() - pos <= extra)
        return 0;
    for (std::size_t k = 1; k <= extra; ++k) {
        const auto d = static_cast<unsigned char>(text[pos + k]);
        if ((d & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return extra + 1;
}

}  // namespace syncscope
