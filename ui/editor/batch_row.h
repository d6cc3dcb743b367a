#pragma once

#include <cstdint>

#include "core/scenario/batch_generator.h"

namespace syncscope {

// One row of the editor's batches table: a phase of `batches` batches of `kernels` kernels spread
// round-robin over `streams` streams. Rows run one after the other; each is one BatchConfig.
struct BatchRow {
    int batches = 4;
    int kernels = 2;  // per batch
    int streams = 2;
    KernelKind kind = KernelKind::Spin;
    double duration_us = 200.0;
    std::uint32_t grid = 1;
    std::uint32_t block = 32;
    KernelAllocation allocation = KernelAllocation::None;
    std::uint64_t bytes = 64ull << 20;  // memory kernels stream this much; allocations take it

    bool operator==(const BatchRow&) const = default;
};

inline constexpr int kKernelAllocationCount = 3;

}  // namespace syncscope
