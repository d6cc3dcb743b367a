#pragma once

#include "core/model/trace.h"

namespace syncscope {

// Foreign traces name threads and streams in metadata records whether or not anything ran on
// them (PyTorch profiler files name "stream 7" once per process, say). A lane with no event is
// noise in the timeline, so importers drop it and renumber the rest (events, targets, parents).
class LanePruner {
public:
    // Returns the number of lanes removed.
    static std::size_t pruneEmptyLanes(Trace& trace);
};

}  // namespace syncscope
