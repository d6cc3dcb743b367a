#pragma once

#include <string>

#include "core/model/ids.h"

namespace syncscope {

// One way to print times, shared by views, violation messages and wait sentences.
// formatDuration picks the unit: "350 ns", "2.0 µs", "1.80 ms", "2.50 s".
std::string formatDuration(TimeNs ns);
// Always in µs, for points on the timeline: "120.0 µs"; ns that one decimal cannot show exactly
// get three ("120.003 µs") so two times a few ns apart never print the same.
std::string formatMicros(TimeNs ns);

}  // namespace syncscope
