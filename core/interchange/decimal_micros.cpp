#include "core/interchange/decimal_micros.h"

#include <cstdint>

#include "core/model/checked_math.h"

namespace syncscope {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// |exponent| beyond this moves every digit past int64 or below half a nanosecond; clamping it
// keeps the arithmetic below in range for any exponent a file may spell.
constexpr std::int64_t kExponentClamp = 100000;

}  // namespace

std::string DecimalMicros::toNs(std::string_view text, TimeNs& out) {
    std::size_t p = 0;
    const bool negative = p < text.size() && text[p] == '-';
    if (negative)
        ++p;
    // The significant digits without leading zeros, and where the decimal point sits among them.
    std::string digits;
    std::int64_t fraction_digits = 0;
    std::size_t integer_begin = p;
    for (; p < text.size() && isDigit(text[p]); ++p)
        if (!digits.empty() || text[p] != '0')
            digits.push_back(text[p]);
    if (p == integer_begin)
        return "is not a number";
    if (p < text.size() && text[p] == '.') {
        const std::size_t fraction_begin = ++p;
        for (; p < text.size() && isDigit(text[p]); ++p) {
            if (!digits.empty() || text[p] != '0')
                digits.push_back(text[p]);
            ++fraction_digits;
        }
        if (p == fraction_begin)
            return "is not a number";
    }
    std::int64_t exponent = 0;
    if (p < text.size() && (text[p] == 'e' || text[p] == 'E')) {
        ++p;
        const bool exponent_negative = p < text.size() && text[p] == '-';
        if (p < text.size() && (text[p] == '-' || text[p] == '+'))
            ++p;
        const std::size_t exponent_begin = p;
        for (; p < text.size() && isDigit(text[p]); ++p)
            if (exponent < kExponentClamp)
                exponent = exponent * 10 + (text[p] - '0');
        if (p == exponent_begin)
            return "is not a number";
        if (exponent_negative)
            exponent = -exponent;
    }
    if (p != text.size())
        return "is not a number";
    if (digits.empty()) {
        out = 0;
        return {};
    }
    // value = digits × 10^(scale) ns; the first `integer_count` digits are whole nanoseconds.
    const std::int64_t scale = exponent - fraction_digits + 3;
    const std::int64_t integer_count = static_cast<std::int64_t>(digits.size()) + scale;
    // No leading zeros: 20 or more integer digits is at least 10^19 ns, beyond int64.
    if (integer_count > 19)
        return "is outside ±(2^62 - 1) ns";
    std::uint64_t ns = 0;
    for (std::int64_t i = 0; i < integer_count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        const unsigned digit =
            index < digits.size() ? static_cast<unsigned>(digits[index] - '0') : 0;
        ns = ns * 10 + digit;  // at most 19 digits: fits in uint64
    }
    if (integer_count < static_cast<std::int64_t>(digits.size())) {
        // Round the dropped digits to the nearest nanosecond, ties to even. A negative
        // `integer_count` means zeros precede the digits: less than half, round down.
        if (integer_count >= 0) {
            const auto first = static_cast<std::size_t>(integer_count);
            const char dropped = digits[first];
            bool more = false;
            for (std::size_t i = first + 1; i < digits.size() && !more; ++i)
                more = digits[i] != '0';
            if (dropped > '5' || (dropped == '5' && (more || (ns & 1U) != 0)))
                ++ns;
        }
    }
    if (ns > static_cast<std::uint64_t>(kMaxTimeNs))
        return "is outside ±(2^62 - 1) ns";
    out = negative ? -static_cast<TimeNs>(ns) : static_cast<TimeNs>(ns);
    return {};
}

}  // namespace syncscope
