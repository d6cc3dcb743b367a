#pragma once

#include <vector>

#include "core/doctor/finding.h"
#include "core/model/trace.h"

namespace syncscope {

class WaitAttribution;
class IdleAttribution;

// Finds the synchronization mistakes in a program's trace and ranks them by the GPU time they
// cost (docs/doctor.md: every finding, its rule and its source). A program without a mistake gets
// no finding for it: one torch.cuda.synchronize() at the end of a benchmark is not
// "cuda-synchronize-in-loop".
class SyncDoctor {
public:
    // How many occurrences a finding lists.
    static constexpr std::size_t kOccurrences = 5;

    // O(n log n). The attributions must be of `trace`.
    static std::vector<Finding> diagnose(const Trace& trace, const WaitAttribution& waits,
                                         const IdleAttribution& idle);
    // The same, building the attributions itself.
    static std::vector<Finding> diagnose(const Trace& trace);
};

}  // namespace syncscope
