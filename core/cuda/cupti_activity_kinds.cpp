#include "core/cuda/cupti_activity_kinds.h"

#include <array>

namespace syncscope {

namespace {
// EXTERNAL_CORRELATION first: records of the other kinds refer to it.
constexpr std::array kKinds{
    CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION,
    CUPTI_ACTIVITY_KIND_RUNTIME,
    CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
    CUPTI_ACTIVITY_KIND_MEMCPY,
    CUPTI_ACTIVITY_KIND_MEMSET,
    CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,
    CUPTI_ACTIVITY_KIND_CUDA_EVENT,
    CUPTI_ACTIVITY_KIND_MEMORY2,
    CUPTI_ACTIVITY_KIND_MEMORY_POOL,
};
}  // namespace

// A user's program (syncscope-cli record): no external correlation (there are no steps), but the
// driver API (Triton and cuBLAS launch through it) and NVTX (the Python hook's torch-level calls).
constexpr std::array kProgramKinds{
    CUPTI_ACTIVITY_KIND_RUNTIME,
    CUPTI_ACTIVITY_KIND_DRIVER,
    CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
    CUPTI_ACTIVITY_KIND_MEMCPY,
    CUPTI_ACTIVITY_KIND_MEMSET,
    CUPTI_ACTIVITY_KIND_SYNCHRONIZATION,
    CUPTI_ACTIVITY_KIND_CUDA_EVENT,
    CUPTI_ACTIVITY_KIND_MEMORY2,
    CUPTI_ACTIVITY_KIND_MEMORY_POOL,
    CUPTI_ACTIVITY_KIND_MARKER,
};

std::span<const CUpti_ActivityKind> recordedActivityKinds() {
    return kKinds;
}

std::span<const CUpti_ActivityKind> programActivityKinds() {
    return kProgramKinds;
}

}  // namespace syncscope
