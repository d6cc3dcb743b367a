#pragma once

#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// One row of the per-rank table of a merged trace (window and `syncscope-cli stats`).
struct RankSummary {
    std::uint32_t rank = kNone;
    std::uint64_t events = 0;
    TimeNs first_ns = 0;     // the rank's earliest event on the merged clock
    TimeNs makespan_ns = 0;  // its latest end − its earliest start
    TimeNs gpu_busy_ns = 0;  // as computeStats defines it, over the rank's GPU lanes
    TimeNs host_blocked_ns = 0;
    TimeNs nccl_ns = 0;             // sum of its NCCL kernels' durations
    TimeNs collective_wait_ns = 0;  // sum of what it waited for later ranks (CollectiveMatcher)
};

// The ranks a trace's lanes carry, ascending; empty for a one-process trace.
std::vector<std::uint32_t> ranksOf(const Trace& trace);
// The lanes and events of one rank as a trace of their own (flows and memory left out), so every
// one-trace analysis applies to it.
Trace rankSubTrace(const Trace& trace, std::uint32_t rank);
// One row per rank, by rank.
std::vector<RankSummary> summarizeRanks(const Trace& trace);

}  // namespace syncscope
