#include "core/compare/trace_comparison.h"

#include <algorithm>
#include <map>
#include <set>

namespace syncscope {

namespace {

TimeNs makespan(const Trace& t) {
    if (t.events.empty())
        return 0;
    TimeNs first = t.events.front().start_ns, last = t.events.front().end_ns;
    for (const auto& e : t.events) {
        if (e.flags & event_flags::kInstrumentation)
            continue;
        first = std::min(first, e.start_ns);
        last = std::max(last, e.end_ns);
    }
    return last - first;
}

// Kernel end times by scenario step; kernels without a step cannot be matched and are left out.
std::map<std::uint32_t, TimeNs> kernelEnds(const Trace& t) {
    std::map<std::uint32_t, TimeNs> ends;
    for (const auto& e : t.events)
        if (e.kind == EventKind::Kernel && e.step != kNone)
            ends[e.step] = e.end_ns;
    return ends;
}

std::set<std::uint32_t> waitSteps(const Trace& t) {
    std::set<std::uint32_t> steps;
    for (const auto& e : t.events)
        if (e.kind == EventKind::HostWait && e.step != kNone &&
            !(e.flags & event_flags::kInstrumentation))
            steps.insert(e.step);
    return steps;
}

}  // namespace

TraceComparison compareTraces(const Trace& a, const Trace& b, TimeNs tolerance_ns) {
    TraceComparison c;
    if (tolerance_ns < 0)
        tolerance_ns = std::max(a.device.clock_tolerance_ns, b.device.clock_tolerance_ns) + 1'000;
    c.makespan_a = makespan(a);
    c.makespan_b = makespan(b);
    const auto ends_a = kernelEnds(a);
    const auto ends_b = kernelEnds(b);
    c.kernels_a = ends_a.size();
    c.kernels_b = ends_b.size();

    // Walk A's completion order; each neighbouring pair must complete in the same order in B,
    // unless the two ends are within the tolerance in either run (a tie).
    std::vector<std::pair<TimeNs, std::uint32_t>> order;
    for (const auto& [step, end] : ends_a)
        if (ends_b.count(step))
            order.emplace_back(end, step);
    std::sort(order.begin(), order.end());
    for (std::size_t i = 1; i < order.size(); ++i) {
        const auto [end_a1, s1] = order[i - 1];
        const auto [end_a2, s2] = order[i];
        const TimeNs end_b1 = ends_b.at(s1), end_b2 = ends_b.at(s2);
        ++c.order_checked;
        if (end_a2 - end_a1 <= tolerance_ns || end_b1 - end_b2 <= tolerance_ns)
            continue;
        ++c.order_disagreements;
        if (c.order_notes.size() < 5)
            c.order_notes.push_back("step " + std::to_string(s1) + " completes before step " +
                                    std::to_string(s2) +
                                    " in the first run but after it in the second");
    }
    const auto waits_a = waitSteps(a), waits_b = waitSteps(b);
    std::set_difference(waits_a.begin(), waits_a.end(), waits_b.begin(), waits_b.end(),
                        std::back_inserter(c.waits_only_in_a));
    std::set_difference(waits_b.begin(), waits_b.end(), waits_a.begin(), waits_a.end(),
                        std::back_inserter(c.waits_only_in_b));
    return c;
}

}  // namespace syncscope
