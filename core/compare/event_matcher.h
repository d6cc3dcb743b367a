#pragma once

#include <cstdint>
#include <optional>

#include "core/model/trace.h"

namespace syncscope {

// Which event of another run is "the same" as one of this run: the same kind, API and scenario
// step, and the same occurrence among those (the second wait of step 4 matches the second wait of
// step 4). Events without a step (most imports) match by kind, API and name instead. Two runs of
// one scenario under two sync modes share their steps, so a kernel or a sync selected in one
// compare half finds its twin in the other.
class EventMatcher {
public:
    EventMatcher(const Trace& from, const Trace& to) : from_(from), to_(to) {}

    // nullopt when `to` has no such event (a sync that only one mode makes).
    std::optional<std::uint32_t> match(std::uint32_t from_index) const;

private:
    bool same(const TraceEvent& a, const Trace& ta, const TraceEvent& b, const Trace& tb) const;

    const Trace& from_;
    const Trace& to_;
};

}  // namespace syncscope
