#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/trace_index.h"

namespace syncscope {

// What a host timestamp taken without a device sync does not see (docs/doctor.md
// "cpu-synchronize"): the GPU work launched before the call that is not finished when the call
// returns. A timer read there stops that long before the GPU is done, however many ops are queued
// (the op running at that instant is only the first of them).
struct QueuedAt {
    TimeNs missed_ns = 0;        // from the call's return to the end of the last such op, or 0
    std::uint64_t ops = 0;       // how many such ops were still queued or running
    std::uint32_t last = kNone;  // the op that ends last
};

// Answers QueuedAt for many calls at once. An op counts from its launch (its enqueuing call's
// start); an op whose launch the trace does not show counts from its own start. Only work that
// keeps the GPU busy counts (GpuActivity::keepsGpuBusy). O((n + q) log n) for q calls.
class QueuedWork {
public:
    explicit QueuedWork(const TraceIndex& index);

    // For each call (ApiCall or torch-level event): launched before its start, unfinished at its
    // end. Results in the order of `calls`.
    std::vector<QueuedAt> at(const std::vector<std::uint32_t>& calls) const;

private:
    struct Op {
        TimeNs launched = 0;
        TimeNs end = 0;
        std::uint32_t event = kNone;
    };
    const TraceIndex& index_;
    std::vector<Op> ops_;       // by launch time
    std::vector<TimeNs> ends_;  // every op's end, sorted (the counting tree's coordinates)
};

}  // namespace syncscope
