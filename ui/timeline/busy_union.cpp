#include "ui/timeline/busy_union.h"

#include <algorithm>
#include <utility>

namespace syncscope {

namespace {

using Interval = GpuActivity::Interval;

// Adds [start, end) to a union built in order of start: it extends the last interval when it
// overlaps or touches it (GpuActivity joins touching work), else it opens a new one.
void addInOrder(std::vector<Interval>& out, TimeNs start, TimeNs end) {
    if (!out.empty() && start <= out.back().end_ns)
        out.back().end_ns = std::max(out.back().end_ns, end);
    else
        out.push_back({start, end});
}

std::vector<Interval> unionOfTwo(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        const bool fromA = j == b.size() || (i < a.size() && a[i].start_ns <= b[j].start_ns);
        const Interval& next = fromA ? a[i++] : b[j++];
        addInOrder(out, next.start_ns, next.end_ns);
    }
    return out;
}

}  // namespace

std::vector<Interval> busyUnionOfSortedLanes(
    const std::vector<TraceEvent>& events,
    const std::vector<const std::vector<std::uint32_t>*>& lanes) {
    std::vector<std::vector<Interval>> unions;
    unions.reserve(lanes.size());
    for (const auto* lane : lanes) {
        std::vector<Interval> u;
        for (const auto i : *lane) {
            const auto& e = events[i];
            if (GpuActivity::isBusyWork(e.kind) && e.end_ns > e.start_ns)
                addInOrder(u, e.start_ns, e.end_ns);
        }
        if (!u.empty())
            unions.push_back(std::move(u));
    }
    if (unions.empty())
        return {};
    // Pairwise rounds: each round halves the lists, each interval is copied once per round.
    while (unions.size() > 1) {
        std::vector<std::vector<Interval>> next;
        next.reserve((unions.size() + 1) / 2);
        for (std::size_t k = 0; k + 1 < unions.size(); k += 2)
            next.push_back(unionOfTwo(unions[k], unions[k + 1]));
        if (unions.size() % 2 == 1)
            next.push_back(std::move(unions.back()));
        unions = std::move(next);
    }
    return std::move(unions.front());
}

}  // namespace syncscope
