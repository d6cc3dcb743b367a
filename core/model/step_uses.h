#pragma once

// Which of a step's reference fields a kind uses: the simulator's scenario check and the step
// table editor must agree on them, so they ask here.

#include "core/model/scenario.h"

namespace syncscope {

// Whether a step of this kind runs on (or names) a stream once the engine has placed it: a
// synchronous memcpy or memset does too, on the default stream (see assignDefaultStream).
bool stepKindUsesStream(StepKind kind);
// Whether a step of this kind names a CUDA event (records, waits, syncs and polls on one).
bool stepKindUsesEvent(StepKind kind);

}  // namespace syncscope
