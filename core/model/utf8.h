#pragma once

#include <cstddef>
#include <string_view>

namespace syncscope {

// The one definition of well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing
// past U+10FFFF, no sequence cut short. The JSON escaper and the importers' encoding check agree
// because both ask this.
class Utf8 {
public:
    // Length (1..4) of the well-formed sequence starting at text[pos]; 0 when the byte there does
    // not start one.
    static std::size_t sequenceLength(std::string_view text, std::size_t pos);
};

}  // namespace syncscope
