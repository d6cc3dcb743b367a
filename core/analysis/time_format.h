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
// A point on a timeline of `span` ns, in the unit its axis is labelled in (µs below 1 ms, ms below
// 1 s, s above, as the window's axis switches), with the digits grouped: "23,637.93 µs" on a
// 50 ms trace reads "23.64 ms".
std::string formatOnAxis(TimeNs ns, TimeNs span);

}  // namespace syncscope
