#include "core/interchange/kineto/decimal_micros.h"

#include <algorithm>
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
    // Only the first kKept can matter (19 whole ns digits and the one that rounds them); of the
    // rest it is enough to know whether any is nonzero. No allocation: this runs per event.
    constexpr std::size_t kKept = 20;
    char digits[kKept];
    std::size_t count = 0;  // significant digits seen, kept or not
    bool nonzero_beyond = false;
    auto take = [&](char c) {
        if (count == 0 && c == '0')
            return;
        if (count < kKept)
            digits[count] = c;
        else if (c != '0')
            nonzero_beyond = true;
        ++count;
    };
    std::int64_t fraction_digits = 0;
    const std::size_t integer_begin = p;
    for (; p < text.size() && isDigit(text[p]); ++p)
        take(text[p]);
    if (p == integer_begin)
        return "is not a number";
    if (p < text.size() && text[p] == '.') {
        const std::size_t fraction_begin = ++p;
        for (; p < text.size() && isDigit(text[p]); ++p) {
            take(text[p]);
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
    if (count == 0) {
        out = 0;
        return {};
    }
    // value = digits × 10^(scale) ns; the first `integer_count` digits are whole nanoseconds.
    // `count` is at most the text's length and the exponent is clamped: no overflow here.
    const std::int64_t scale = exponent - fraction_digits + 3;
    const std::int64_t integer_count = static_cast<std::int64_t>(count) + scale;
    // No leading zeros: 20 or more integer digits is at least 10^19 ns, beyond int64.
    if (integer_count > 19)
        return "is outside ±(2^62 - 1) ns";
    std::uint64_t ns = 0;
    for (std::int64_t i = 0; i < integer_count; ++i) {
        const auto index = static_cast<std::size_t>(i);
        const unsigned digit = index < count ? static_cast<unsigned>(digits[index] - '0') : 0;
        ns = ns * 10 + digit;  // at most 19 digits: fits in uint64
    }
    // Round the dropped digits to the nearest nanosecond, ties to even. A negative
    // `integer_count` means zeros precede the digits: less than half, round down.
    if (integer_count >= 0 && integer_count < static_cast<std::int64_t>(count)) {
        const auto first = static_cast<std::size_t>(integer_count);  // < kKept: at most 19
        const char dropped = digits[first];
        bool more = nonzero_beyond;
        for (std::size_t i = first + 1; i < std::min(count, kKept) && !more; ++i)
            more = digits[i] != '0';
        if (dropped > '5' || (dropped == '5' && (more || (ns & 1U) != 0)))
            ++ns;
    }
    if (ns > static_cast<std::uint64_t>(kMaxTimeNs))
        return "is outside ±(2^62 - 1) ns";
    out = negative ? -static_cast<TimeNs>(ns) : static_cast<TimeNs>(ns);
    return {};
}

}  // namespace syncscope
