#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Two runs of one scenario side by side (the CUDA engine's and the simulator's, or two sync modes):
// do kernels complete in the same order, and does the host wait at the same steps?
struct TraceComparison {
    TimeNs makespan_a = 0;
    TimeNs makespan_b = 0;
    std::size_t kernels_a = 0;
    std::size_t kernels_b = 0;
    // Kernel completions ordered by end time, matched by scenario step. Neighbours whose ends are
    // closer than the tolerance in either run count as ties, not disagreements.
    std::size_t order_checked = 0;
    std::size_t order_disagreements = 0;
    std::vector<std::string> order_notes;  // the first few disagreements, as sentences
    // Host waits, as the set of scenario steps at which the host blocked in a sync.
    std::vector<std::uint32_t> waits_only_in_a;
    std::vector<std::uint32_t> waits_only_in_b;

    bool orderAgrees() const { return kernels_a == kernels_b && order_disagreements == 0; }
    bool waitsAgree() const { return waits_only_in_a.empty() && waits_only_in_b.empty(); }
};

// tolerance_ns: ends closer than this are ties (default: the larger clock tolerance plus 1 µs).
TraceComparison compareTraces(const Trace& a, const Trace& b, TimeNs tolerance_ns = -1);

}  // namespace syncscope
