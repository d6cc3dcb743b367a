#include "core/analysis/claimed_events.h"

#include <unordered_map>

#include "core/analysis/step_events.h"

namespace syncscope {

namespace {

// Whether a claim of `kind` is about an event of this role on its `a` (call / step / gpu) or `b`
// (gpu / after / with) side.
bool claimed(ClaimKind kind, bool a_side, StepEvents::Role role) {
    using Role = StepEvents::Role;
    switch (kind) {
        case ClaimKind::ReturnsBeforeEnd:
        case ClaimKind::ReturnsAfterEnd:
            return a_side ? role == Role::Call : role == Role::Gpu;
        case ClaimKind::HostWait:
            return role == Role::Wait || role == Role::Call;
        case ClaimKind::StartsAfterEnd:
        case ClaimKind::Overlap:
            return role == Role::Gpu;
        case ClaimKind::Flag:
        case ClaimKind::Memory:
            return role == Role::Call;
        case ClaimKind::Idle:
            return false;
    }
    return false;
}

}  // namespace

std::vector<std::uint32_t> ClaimedEvents::of(const Trace& trace) {
    std::vector<std::uint32_t> out;
    if (!trace.scenario)
        return out;
    const StepEvents steps(*trace.scenario);
    struct Named {
        ClaimKind kind;
        bool a_side;
    };
    std::unordered_map<std::uint32_t, std::vector<Named>> named;
    for (const Expectation& claim : trace.scenario->expect)
        for (const bool a_side : {true, false}) {
            const StepRef& ref = a_side ? claim.a : claim.b;
            if (ref.empty())
                continue;
            if (const auto instances = steps.stepsOf(ref); !instances.empty())
                named[instances.front()].push_back({claim.kind, a_side});
        }
    if (named.empty())
        return out;
    // One pass: a run of millions of events is resolved on the GUI thread when it is shown.
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& e = trace.events[i];
        const auto it = named.find(e.step);
        if (it == named.end())
            continue;
        const StepEvents::Role role = steps.roleOf(trace, e);
        if (role == StepEvents::Role::None)
            continue;
        for (const Named& n : it->second)
            if (claimed(n.kind, n.a_side, role)) {
                out.push_back(i);
                break;
            }
    }
    return out;
}

}  // namespace syncscope
