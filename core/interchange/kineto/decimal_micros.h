#pragma once

#include <string>
#include <string_view>

#include "core/model/ids.h"

namespace syncscope {

// Chrome trace times are microseconds written as JSON numbers ("ts": 1694128201435377.123). A
// double holds about 16 significant digits, so epoch microseconds with three decimals (19 digits)
// do not survive a trip through one: this reads the decimal text itself, exactly.
class DecimalMicros {
public:
    // The JSON number `text` (1234.5, 1234, 1.2345e3, -7.25, ...) in microseconds, as
    // nanoseconds. More than three decimals round to the nearest nanosecond, ties to even
    // (docs/interchange.md). Returns "" or why the text was refused ("is not a number", "is
    // outside ±(2^62 - 1) ns"); `out` is set only on success. Accepts exactly what
    // kMinTimeNs..kMaxTimeNs (core/model/checked_math.h) holds.
    static std::string toNs(std::string_view text, TimeNs& out);
};

}  // namespace syncscope
