#pragma once

#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Stacks the slices of one lane by depth, as Perfetto and Nsight Systems draw CPU ops, Python
// functions and NVTX ranges: a slice that starts inside another and ends no later sits one level
// under it; a slice that only partly overlaps the open ones is not nested and goes to the first
// level below its parent that is free at its start. So no two slices of one level ever overlap
// (slices touching end to start, and zero-length ones, share a level).
//
// `events` are indices into `all` (one lane's, in any order); the result holds one depth per entry
// of `events`, in the same order. Depths stop at kMaxSliceDepth - 1: a pathological lane (millions
// of partly overlapping slices) must not grow millions of rows, so past that depth slices overlap.
inline constexpr std::uint16_t kMaxSliceDepth = 256;
std::vector<std::uint16_t> sliceDepths(const std::vector<TraceEvent>& all,
                                       const std::vector<std::uint32_t>& events);

// Lanes whose slices nest (host threads, annotation ranges, unclassified lanes). Waits keep their
// own sub-lane and GPU streams run one op at a time, so they stay one row.
bool hasNestedSlices(LaneKind kind);

}  // namespace syncscope
