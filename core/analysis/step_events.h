#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

// The one mapping from a scenario's steps to a trace's events, shared by `expect` claims, callouts
// and the focus window so they all agree on what "step 'x'" means in any engine's run: an event
// belongs to the expanded step TraceEvent::step; the recorder's own work does not count.
class StepEvents {
public:
    // What an event is to its step.
    enum class Role : std::uint8_t {
        None,   // not a step's event: no step, out of range, instrumentation, unknown lane
        Call,   // a host API call (on a host thread lane)
        Wait,   // the host's wait inside a sync call
        Gpu,    // work on a GPU lane (stream or copy engine)
        Other,  // another event of the step (host work, annotations)
    };

    explicit StepEvents(const Scenario& scenario);

    std::size_t stepCount() const { return step_count_; }
    // Expanded step indices a reference names, in run order: one for "id#N" (or a step outside
    // repeats), every instance for a plain id inside repeats; empty for an unknown id or instance.
    std::vector<std::uint32_t> stepsOf(const StepRef& ref) const;
    // The role of `event` for its step, given that `trace` was made from this scenario.
    Role roleOf(const Trace& trace, const TraceEvent& event) const;

private:
    std::size_t step_count_ = 0;
    std::unordered_map<std::string, std::vector<std::uint32_t>> instances_;
};

}  // namespace syncscope
