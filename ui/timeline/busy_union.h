#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/gpu_activity.h"
#include "core/model/trace.h"

namespace syncscope {

// GpuActivity::busy() computed from lanes whose events are already sorted by start (a
// TimelineModel's lanes): the lanes' busy work is merged by start in one pass through a heap of
// the lanes' next events, O(n log lanes), where GpuActivity sorts every start and end (issue 14:
// that sort was a second of a 10 M-event model build). `lanes` are the GPU lanes' event indices
// into `events`; the result is the same list of sorted, disjoint intervals (touching ones joined).
std::vector<GpuActivity::Interval> busyUnionOfSortedLanes(
    const std::vector<TraceEvent>& events,
    const std::vector<const std::vector<std::uint32_t>*>& lanes);

}  // namespace syncscope
