#pragma once

// Time arithmetic that cannot overflow. A trace's times come from files we do not control; one
// event at INT64_MAX must not turn a makespan negative (signed overflow is undefined behaviour,
// and in practice it wraps to a nonsense figure such as "-1 ns"). Every sum or difference of two
// times outside the model's documented range goes through these helpers.

#include <cstdint>
#include <limits>
#include <optional>

#include "core/model/ids.h"

namespace syncscope {

// The documented range of a time or a duration read from a file: |t| <= 2^62 - 1 ns (about 146
// years either side of the clock's origin, so epoch nanoseconds fit). Any difference of two times
// in this range, and any time plus a duration that is itself such a difference, fits in int64.
inline constexpr TimeNs kMaxTimeNs = (TimeNs{1} << 62) - 1;
inline constexpr TimeNs kMinTimeNs = -kMaxTimeNs;

inline constexpr bool inTimeRange(TimeNs t) {
    return t >= kMinTimeNs && t <= kMaxTimeNs;
}

// a + b, or nothing when it does not fit in int64.
inline constexpr std::optional<TimeNs> checkedAdd(TimeNs a, TimeNs b) {
    TimeNs sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return std::nullopt;
    return sum;
}

// a - b, or nothing when it does not fit in int64.
inline constexpr std::optional<TimeNs> checkedSub(TimeNs a, TimeNs b) {
    TimeNs difference = 0;
    if (__builtin_sub_overflow(a, b, &difference))
        return std::nullopt;
    return difference;
}

// a * b, or nothing when it does not fit in int64.
inline constexpr std::optional<TimeNs> checkedMul(TimeNs a, TimeNs b) {
    TimeNs product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        return std::nullopt;
    return product;
}

// a + b clamped to [INT64_MIN, INT64_MAX]: for totals and spans that are reported, where the
// largest representable figure is a truer answer than a wrapped one.
inline constexpr TimeNs saturatingAdd(TimeNs a, TimeNs b) {
    if (const auto sum = checkedAdd(a, b))
        return *sum;
    return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
}

// a - b clamped to [INT64_MIN, INT64_MAX].
inline constexpr TimeNs saturatingSub(TimeNs a, TimeNs b) {
    if (const auto difference = checkedSub(a, b))
        return *difference;
    return b < 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
}

// |a - b| exactly: the distance between any two int64 fits in uint64, where a - b may not.
inline constexpr std::uint64_t distance(TimeNs a, TimeNs b) {
    return a >= b ? static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)
                  : static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
}

}  // namespace syncscope
