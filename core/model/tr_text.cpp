#include "core/model/tr_text.h"

namespace syncscope {

std::string TrText::english() const {
    if (!translatable())
        return text_;
    std::string out;
    out.reserve(text_.size() + 16 * args_.size());
    for (std::size_t i = 0; i < text_.size(); ++i) {
        const char c = text_[i];
        if (c == '%' && i + 1 < text_.size() && text_[i + 1] >= '1' && text_[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(text_[i + 1] - '1');
            if (n < args_.size()) {
                out += args_[n].english();
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

}  // namespace syncscope
