#pragma once

#include <cupti_activity.h>

#include <span>

namespace syncscope {

// The activity kinds the recorder enables, in order (docs/semantics.md section 9).
// CONCURRENT_KERNEL, never KERNEL: KERNEL serializes all kernels and would hide the concurrency
// under test (I22). CuptiSession enables exactly this list; a test asserts its content.
std::span<const CUpti_ActivityKind> recordedActivityKinds();
// The kinds `syncscope-cli record` enables in a user's program (docs/recorder.md).
std::span<const CUpti_ActivityKind> programActivityKinds();

}  // namespace syncscope
