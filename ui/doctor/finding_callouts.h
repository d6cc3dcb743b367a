#pragma once

#include <vector>

#include "core/analysis/callout_resolver.h"
#include "core/doctor/finding.h"
#include "core/model/trace.h"

namespace syncscope {

// The doctor's findings as callouts for a picture (`syncscope --export --findings`): one for each
// of the `count` costliest findings, at its first occurrence, saying what it is and what it cost
// ("Tensor.item(), .cpu() or .tolist() in every step: 18.2% of the GPU's time"), in the
// interface's language.
std::vector<ResolvedCallout> findingCallouts(const Trace& trace,
                                             const std::vector<Finding>& findings,
                                             TimeNs gpu_span_ns, std::size_t count = 3);

}  // namespace syncscope
