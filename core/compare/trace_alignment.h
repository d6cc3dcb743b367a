#pragma once

#include "core/model/trace.h"

namespace syncscope {

// The compare view puts two runs on one time axis. Two simulated runs both start near zero, but a
// recording keeps its own clock (a Kineto trace starts at ~1.7e18 ns): it is shifted so that both
// runs begin at the same instant.
class TraceAlignment {
public:
    // The earliest event start (0 for a trace without events).
    static TimeNs begin(const Trace& trace);
    // A copy of `trace` whose events and memory samples are `delta` ns later.
    static Trace shifted(const Trace& trace, TimeNs delta);
};

}  // namespace syncscope
