#include "core/doctor/step_index.h"

#include <algorithm>
#include <string_view>

namespace syncscope {

StepIndex::StepIndex(const Trace& trace) {
    constexpr std::string_view kStep = "ProfilerStep#";
    for (const TraceEvent& e : trace.events) {
        if ((e.kind != EventKind::Annotation && e.kind != EventKind::Generic) ||
            e.end_ns <= e.start_ns || e.lane >= trace.lanes.size() ||
            isGpuLane(trace.lanes[e.lane].kind))
            continue;
        const std::string_view name = trace.nameOf(e);
        if (name.substr(0, kStep.size()) == kStep)
            steps_.push_back({e.start_ns, e.end_ns});
    }
    std::sort(steps_.begin(), steps_.end(),
              [](const Step& a, const Step& b) { return a.start < b.start; });
    // The profiler writes each step once per thread it saw; one step is one span of time.
    std::vector<Step> merged;
    for (const Step& s : steps_) {
        if (!merged.empty() && s.start < merged.back().end)
            merged.back().end = std::max(merged.back().end, s.end);
        else
            merged.push_back(s);
    }
    steps_ = std::move(merged);
}

int StepIndex::stepAt(TimeNs t) const {
    auto it = std::upper_bound(steps_.begin(), steps_.end(), t,
                               [](TimeNs v, const Step& s) { return v < s.start; });
    if (it == steps_.begin())
        return -1;
    --it;
    return t < it->end ? static_cast<int>(it - steps_.begin()) : -1;
}

}  // namespace syncscope
