#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/callout.h"
#include "core/model/trace.h"

namespace syncscope {

// A callout of Trace::scenario found in the trace: the event it points at and its text.
struct ResolvedCallout {
    std::size_t index = 0;  // position in Scenario::callouts
    std::uint32_t event = kNone;
    std::string text;  // in the language asked for (English where a translation is missing)
};

// Maps a trace's callouts to events with the steps-to-events mapping claims use (StepEvents).
// A callout whose step did not run, or has no event of the asked kind, is left out: a trace from
// another engine or a cancelled run shows the callouts that still apply, never a wrong anchor.
class CalloutResolver {
public:
    static std::vector<ResolvedCallout> resolve(const Trace& trace,
                                                Language language = Language::En);
};

}  // namespace syncscope
