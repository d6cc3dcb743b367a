#pragma once

#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The events a lesson's claims name (Trace::scenario's `expect`): for each claim, the call, wait
// or GPU work its kind is about, of the step instance it names (or else the first). What the focus
// window must hold whole, and what the window's callouts and labels must leave readable.
class ClaimedEvents {
public:
    // Event indices in trace order; empty for a trace without a scenario. O(n).
    static std::vector<std::uint32_t> of(const Trace& trace);
};

}  // namespace syncscope
