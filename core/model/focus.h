#pragma once

#include "core/model/callout.h"
#include "core/model/expectation.h"

namespace syncscope {

// The part of a run that holds a scenario's lesson (docs/scenario-format.md, "focus"): from the
// start of `from`'s first event to the end of `to`'s last one. Anchored to steps, not times, so it
// fits a run by any engine. `on` narrows the steps' events to one kind (Call: host calls and host
// work; Gpu; Wait), for steps whose GPU work outlasts the host side by far (a launch storm);
// Auto counts every event.
struct Focus {
    StepRef from;
    StepRef to;
    CalloutTarget on = CalloutTarget::Auto;
};

}  // namespace syncscope
