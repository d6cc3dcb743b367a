#pragma once

#include <optional>
#include <utility>

#include "core/model/trace.h"

namespace syncscope {

// The time window of Trace::scenario's `focus` in this trace: from the first event of `from`'s
// step(s) to the last event of `to`'s, widened to hold whole what the scenario's `expect` claims
// name, and by a margin so the edge events are not cut off at the border. Uses the
// steps-to-events mapping claims use (StepEvents).
class FocusResolver {
public:
    // nullopt when the trace has no scenario, the scenario no focus, or a focus step left no event.
    static std::optional<std::pair<TimeNs, TimeNs>> resolve(const Trace& trace);

    static constexpr double kMarginFraction = 0.08;  // of the window, on each side
    static constexpr TimeNs kMinMarginNs = 500;
};

}  // namespace syncscope
