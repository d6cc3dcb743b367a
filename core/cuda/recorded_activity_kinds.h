#pragma once

#include <vector>

namespace syncscope {

// The CUPTI activity kinds the CUDA engine enables, as plain numbers, for code that must not see
// CUPTI headers (the CLI's `check`, the UI): pass them to InvariantCheckerOptions::
// enabled_cupti_activity_kinds to check I22. Only in builds with SYNCSCOPE_HAVE_CUDA.
std::vector<int> recordedActivityKindIds();

}  // namespace syncscope
