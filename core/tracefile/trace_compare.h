#pragma once

#include <string>

#include "core/model/trace.h"

namespace syncscope {

// Field-by-field comparison of two traces: every field of the device, every lane, event, flow,
// memory sample and string, the title, source and scenario text. Returns an empty string when they
// are equal, else the first difference, e.g. "events[12].end_ns: 5000 vs 5001".
std::string traceDifference(const Trace& a, const Trace& b);
inline bool sameTrace(const Trace& a, const Trace& b) {
    return traceDifference(a, b).empty();
}

}  // namespace syncscope
