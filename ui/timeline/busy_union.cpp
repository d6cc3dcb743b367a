#include "ui/timeline/busy_union.h"

#include <algorithm>
#include <utility>

#include "core/model/huge_pages.h"

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

}  // namespace

std::vector<Interval> busyUnionOfSortedLanes(
    const std::vector<TraceEvent>& events,
    const std::vector<const std::vector<std::uint32_t>*>& lanes) {
    // One merge of all lanes at once, by start, through a heap of each lane's next busy work:
    // the union is written once, with no per-lane unions to allocate and copy (at 10 M events
    // those were hundreds of MB of fresh pages).
    struct Head {
        TimeNs start;
        std::size_t lane;
        std::size_t pos;
    };
    auto later = [](const Head& a, const Head& b) { return a.start > b.start; };
    auto nextBusy = [&](std::size_t lane, std::size_t pos) {
        const auto& idx = *lanes[lane];
        while (pos < idx.size()) {
            const auto& e = events[idx[pos]];
            if (GpuActivity::isBusyWork(e.kind) && e.end_ns > e.start_ns)
                break;
            ++pos;
        }
        return pos;
    };
    std::vector<Head> heads;
    std::size_t total = 0;
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        total += lanes[l]->size();
        const std::size_t pos = nextBusy(l, 0);
        if (pos < lanes[l]->size())
            heads.push_back({events[(*lanes[l])[pos]].start_ns, l, pos});
    }
    std::make_heap(heads.begin(), heads.end(), later);
    std::vector<Interval> out;
    // At most one interval per event; only the pages written are backed.
    HugePages::reserve(out, total);
    while (!heads.empty()) {
        std::pop_heap(heads.begin(), heads.end(), later);
        Head& head = heads.back();
        const auto& idx = *lanes[head.lane];
        const auto& e = events[idx[head.pos]];
        addInOrder(out, e.start_ns, e.end_ns);
        head.pos = nextBusy(head.lane, head.pos + 1);
        if (head.pos < idx.size()) {
            head.start = events[idx[head.pos]].start_ns;
            std::push_heap(heads.begin(), heads.end(), later);
        } else {
            heads.pop_back();
        }
    }
    return out;
}

}  // namespace syncscope
