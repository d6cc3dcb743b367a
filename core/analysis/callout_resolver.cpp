#include "core/analysis/callout_resolver.h"

#include <unordered_map>

#include "core/analysis/step_events.h"

namespace syncscope {

namespace {

// The earliest event of each role of one step (Role::None unused).
struct Candidates {
    std::uint32_t by_role[5] = {kNone, kNone, kNone, kNone, kNone};
};

std::uint32_t pick(const Candidates& c, CalloutTarget target) {
    using Role = StepEvents::Role;
    auto of = [&](Role r) { return c.by_role[static_cast<int>(r)]; };
    // Host work is the host-side event of steps that make no API call (host_work).
    auto host = [&] { return of(Role::Call) != kNone ? of(Role::Call) : of(Role::Other); };
    switch (target) {
        case CalloutTarget::Call:
            return host();
        case CalloutTarget::Gpu:
            return of(Role::Gpu);
        case CalloutTarget::Wait:
            return of(Role::Wait);
        case CalloutTarget::Auto:
            return of(Role::Gpu) != kNone ? of(Role::Gpu) : host();
    }
    return kNone;
}

}  // namespace

std::vector<ResolvedCallout> CalloutResolver::resolve(const Trace& trace, Language language) {
    std::vector<ResolvedCallout> out;
    if (!trace.scenario || trace.scenario->callouts.empty())
        return out;
    const Scenario& scenario = *trace.scenario;
    const StepEvents steps(scenario);
    // A plain id inside repeats points at its first instance: one box, not one per iteration.
    std::vector<std::uint32_t> anchor_step(scenario.callouts.size(), kNone);
    std::unordered_map<std::uint32_t, Candidates> wanted;
    for (std::size_t i = 0; i < scenario.callouts.size(); ++i) {
        const std::vector<std::uint32_t> found = steps.stepsOf(scenario.callouts[i].at);
        if (found.empty())
            continue;
        anchor_step[i] = found.front();
        wanted.emplace(found.front(), Candidates{});
    }
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& e = trace.events[i];
        const auto it = wanted.find(e.step);
        if (it == wanted.end())
            continue;
        const StepEvents::Role role = steps.roleOf(trace, e);
        if (role == StepEvents::Role::None)
            continue;
        std::uint32_t& best = it->second.by_role[static_cast<int>(role)];
        if (best == kNone || e.start_ns < trace.events[best].start_ns)
            best = static_cast<std::uint32_t>(i);
    }
    for (std::size_t i = 0; i < scenario.callouts.size(); ++i) {
        if (anchor_step[i] == kNone)
            continue;
        const std::uint32_t event = pick(wanted.at(anchor_step[i]), scenario.callouts[i].on);
        if (event == kNone)
            continue;
        out.push_back({i, event, scenario.callouts[i].text.in(language)});
    }
    return out;
}

}  // namespace syncscope
