#include "ui/timeline/slice_depths.h"

#include <algorithm>
#include <numeric>

namespace syncscope {

bool hasNestedSlices(LaneKind kind) {
    return kind == LaneKind::HostThread || kind == LaneKind::Annotation || kind == LaneKind::Other;
}

std::vector<std::uint16_t> sliceDepths(const std::vector<TraceEvent>& all,
                                       const std::vector<std::uint32_t>& events) {
    const std::size_t n = events.size();
    std::vector<std::uint16_t> depth(n, 0);
    auto endOf = [&](std::size_t k) {
        const auto& e = all[events[k]];
        return std::max(e.end_ns, e.start_ns);
    };
    // By start, the longer first: a parent is seen before the children it holds, also when they
    // start together.
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const TimeNs sa = all[events[a]].start_ns;
        const TimeNs sb = all[events[b]].start_ns;
        return sa != sb ? sa < sb : endOf(a) > endOf(b);
    });
    // `open` is a chain of slices each holding the next; rowEnd[d] is the latest end on level d.
    std::vector<std::uint32_t> open;
    std::vector<TimeNs> rowEnd;
    for (const auto k : order) {
        const TimeNs start = all[events[k]].start_ns;
        const TimeNs end = endOf(k);
        // Off the chain: slices that ended by this start, and open ones that end before this one
        // does (they only partly overlap it; their level stays taken in rowEnd, so nothing lands
        // on top of them). What is left on top holds this slice.
        while (!open.empty() && (endOf(open.back()) <= start || endOf(open.back()) < end))
            open.pop_back();
        std::size_t d = open.empty() ? 0 : static_cast<std::size_t>(depth[open.back()]) + 1;
        while (d < rowEnd.size() && rowEnd[d] > start)
            ++d;
        d = std::min<std::size_t>(d, kMaxSliceDepth - 1);
        if (d >= rowEnd.size())
            rowEnd.resize(d + 1, start);
        rowEnd[d] = std::max(rowEnd[d], end);
        depth[k] = static_cast<std::uint16_t>(d);
        open.push_back(k);
    }
    return depth;
}

}  // namespace syncscope
