#pragma once

#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The steps of a training loop, where a trace marks them: the PyTorch profiler's
// "ProfilerStep#N" ranges (an annotation or an op of that name). The doctor asks which step a call
// fell in, to tell a call made in every step from one made once (docs/doctor.md "Loops").
class StepIndex {
public:
    explicit StepIndex(const Trace& trace);

    std::size_t stepCount() const { return steps_.size(); }
    // The step holding time t (0-based, in time order), or -1 outside every step.
    int stepAt(TimeNs t) const;

private:
    struct Step {
        TimeNs start = 0;
        TimeNs end = 0;
    };
    std::vector<Step> steps_;  // by start, not overlapping
};

}  // namespace syncscope
