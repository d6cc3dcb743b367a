#pragma once

#include <cstdint>
#include <limits>

namespace syncscope {

// "No such thing" for the 32-bit indices used throughout the model (step, batch, event, lane...).
inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::uint16_t kNoLane = std::numeric_limits<std::uint16_t>::max();

// Nanoseconds on one steady clock; the origin is the start of the run (or of the imported trace).
using TimeNs = std::int64_t;

}  // namespace syncscope
