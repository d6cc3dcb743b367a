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
    auto startOf = [&](std::size_t k) { return all[events[k]].start_ns; };
    const auto longerFirst = [&](std::uint32_t a, std::uint32_t b) { return endOf(a) > endOf(b); };
    // A model's lanes come sorted by start (issue 14: a sort of a 10 M-event host lane was a
    // second of the model build): then only runs of equal starts need ordering, by end, which
    // gives what the stable sort of everything would.
    bool byStart = true;
    for (std::size_t k = 1; k < n && byStart; ++k)
        byStart = startOf(k - 1) <= startOf(k);
    if (byStart) {
        for (std::size_t k = 0; k < n;) {
            std::size_t run = k + 1;
            while (run < n && startOf(run) == startOf(k))
                ++run;
            if (run - k > 1)
                std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(k),
                                 order.begin() + static_cast<std::ptrdiff_t>(run), longerFirst);
            k = run;
        }
    } else {
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            const TimeNs sa = startOf(a);
            const TimeNs sb = startOf(b);
            return sa != sb ? sa < sb : longerFirst(a, b);
        });
    }
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
