#include "core/analysis/step_events.h"

namespace syncscope {

StepEvents::StepEvents(const Scenario& scenario) {
    const std::vector<Step> expanded = expandProgram(scenario.program);
    step_count_ = expanded.size();
    for (std::size_t i = 0; i < expanded.size(); ++i)
        if (!expanded[i].id.empty())
            instances_[expanded[i].id].push_back(static_cast<std::uint32_t>(i));
}

std::vector<std::uint32_t> StepEvents::stepsOf(const StepRef& ref) const {
    const auto it = instances_.find(ref.id);
    if (it == instances_.end())
        return {};
    if (ref.instance == kNone)
        return it->second;
    if (ref.instance < it->second.size())
        return {it->second[ref.instance]};
    return {};
}

StepEvents::Role StepEvents::roleOf(const Trace& trace, const TraceEvent& e) const {
    if (e.step >= step_count_ || (e.flags & event_flags::kInstrumentation) ||
        e.lane >= trace.lanes.size())
        return Role::None;
    const LaneKind lane = trace.lanes[e.lane].kind;
    if (e.kind == EventKind::HostWait)
        return Role::Wait;
    if (e.kind == EventKind::ApiCall && lane == LaneKind::HostThread)
        return Role::Call;
    if (isGpuLane(lane))
        return Role::Gpu;
    return Role::Other;
}

}  // namespace syncscope
