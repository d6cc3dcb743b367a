#pragma once

#include <cstddef>
#include <ostream>

#include "core/model/trace.h"

namespace syncscope::cli {

// `check`'s second half: the lesson's own claims (the scenario's "expect", carried in the trace)
// evaluated on this trace, one line each, failures stated in words. Returns how many failed; a
// trace without a scenario or without claims prints nothing and returns 0.
std::size_t reportExpectations(const Trace& trace, std::ostream& out);

}  // namespace syncscope::cli
