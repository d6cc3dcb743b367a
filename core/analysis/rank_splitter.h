#pragma once

#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The per-process traces inside a timeline of several ranks (RankMerger): each rank is its own
// process and device, so the rules that hold "on the device" (device syncs, the legacy default
// stream, stream order, correlation ids, event objects) apply within one rank only. Analyses that
// assume one process check each part on its own and map event indices back.
class RankSplitter {
public:
    struct Part {
        std::uint32_t rank = kNone;         // kNone: the lanes no rank was given to
        Trace trace;                        // the rank's lanes, events and flows; no memory samples
        std::vector<std::uint32_t> events;  // part event index -> index in the merged trace
    };

    // One part per rank, in rank order (the unranked lanes, if any, last). Empty when the trace's
    // lanes all carry the same rank (or none): then the trace is one process and checks as it is.
    // References between ranks (a lane's parent, a wait's awaited event, a call's target lane, a
    // flow) have no meaning within one process and are left out of the parts. Events on a lane the
    // trace does not have go to the first part, still on no lane, so its structure check names
    // them. Memory samples name no lane, so they cannot be given to a rank: the merger drops them,
    // and a part has none.
    static std::vector<Part> split(const Trace& trace);
};

}  // namespace syncscope
