#include "core/analysis/range_statistics.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

namespace syncscope {

namespace {

// Length of [a, b] ∩ [t0, t1]; 0 when they do not meet. Times come from files: saturating.
TimeNs clippedNs(TimeNs a, TimeNs b, TimeNs t0, TimeNs t1) {
    const TimeNs lo = std::max(a, t0);
    const TimeNs hi = std::min(b, t1);
    return hi > lo ? saturatingSub(hi, lo) : 0;
}

// An event overlaps the range when it has time inside it, or, being zero-length (a record, an
// instant), when it lies inside it.
bool overlaps(const TraceEvent& e, TimeNs t0, TimeNs t1) {
    if (e.end_ns > e.start_ns)
        return e.start_ns < t1 && e.end_ns > t0;
    return e.start_ns >= t0 && e.start_ns <= t1;
}

// The part of sorted, disjoint intervals inside [t0, t1]: binary search for the first one that
// ends after t0, then walk while they start before t1.
TimeNs clippedSum(const std::vector<GpuActivity::Interval>& intervals, TimeNs t0, TimeNs t1) {
    auto it =
        std::upper_bound(intervals.begin(), intervals.end(), t0,
                         [](TimeNs t, const GpuActivity::Interval& i) { return t < i.end_ns; });
    TimeNs sum = 0;
    for (; it != intervals.end() && it->start_ns < t1; ++it)
        sum = saturatingAdd(sum, clippedNs(it->start_ns, it->end_ns, t0, t1));
    return sum;
}

// The time a group's spans cover, each instant once: nested frames of one name (recursion) and the
// same op on several lanes at once do not add up to more than the range.
TimeNs coveredNs(std::vector<std::pair<TimeNs, TimeNs>>& spans) {
    if (!std::is_sorted(spans.begin(), spans.end()))
        std::sort(spans.begin(), spans.end());
    TimeNs covered = 0;
    TimeNs lo = 0, hi = 0;
    bool open = false;
    for (const auto& [a, b] : spans) {
        if (open && a <= hi) {
            hi = std::max(hi, b);
            continue;
        }
        if (open)
            covered = saturatingAdd(covered, hi - lo);
        lo = a;
        hi = b;
        open = true;
    }
    if (open)
        covered = saturatingAdd(covered, hi - lo);
    return covered;
}

}  // namespace

RangeStatistics::RangeStatistics(const Trace& trace, const GpuActivity& activity, TimeNs t0,
                                 TimeNs t1, const std::vector<bool>& counted)
    : t0_(std::min(t0, t1)), t1_(std::max(t0, t1)) {
    for (std::size_t lane = 0; lane < counted.size() && lane < trace.lanes.size(); ++lane)
        if (!counted[lane])
            ++lanes_left_out_;
    struct Acc {
        std::uint64_t count = 0;
        TimeNs total = 0;
        TimeNs min = std::numeric_limits<TimeNs>::max();
        TimeNs max = 0;
        long double sum = 0;  // whole durations; long double so millions of them stay exact enough
        std::vector<std::pair<TimeNs, TimeNs>> spans;  // clipped, for the time the group covers
    };
    // Keyed by (name id, kind): the string table interns names, so equal names share an id.
    std::map<std::pair<std::uint32_t, EventKind>, Acc> groups;
    for (const auto& e : trace.events) {
        if (!overlaps(e, t0_, t1_))
            continue;
        const TimeNs clipped = clippedNs(e.start_ns, e.end_ns, t0_, t1_);
        if ((e.flags & event_flags::kInstrumentation) == 0) {
            if (e.kind == EventKind::HostWait)
                host_blocked_ns_ = saturatingAdd(host_blocked_ns_, clipped);
            else if (e.kind == EventKind::StreamWait)
                stream_wait_ns_ = saturatingAdd(stream_wait_ns_, clipped);
        }
        if (e.lane < counted.size() && !counted[e.lane])
            continue;
        ++events_;
        Acc& acc = groups[{e.name, e.kind}];
        const TimeNs whole = std::max<TimeNs>(0, e.duration());
        ++acc.count;
        acc.total = saturatingAdd(acc.total, clipped);
        acc.min = std::min(acc.min, whole);
        acc.max = std::max(acc.max, whole);
        acc.sum += static_cast<long double>(whole);
        acc.spans.emplace_back(std::max(e.start_ns, t0_),
                               std::min(std::max(e.end_ns, e.start_ns), t1_));
    }
    const double length = static_cast<double>(std::max<TimeNs>(1, lengthNs()));
    rows_.reserve(groups.size());
    for (auto& [key, acc] : groups) {
        Row row;
        row.name = std::string(trace.strings.at(key.first));
        row.kind = key.second;
        row.count = acc.count;
        row.total_ns = acc.total;
        row.min_ns = acc.min;
        row.max_ns = acc.max;
        row.mean_ns = static_cast<double>(acc.sum / static_cast<long double>(acc.count));
        row.covered_ns = coveredNs(acc.spans);
        row.share = static_cast<double>(row.covered_ns) / length;
        acc.spans = {};
        rows_.push_back(std::move(row));
    }
    std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
        return std::tie(b.total_ns, a.name, a.kind) < std::tie(a.total_ns, b.name, b.kind);
    });
    gpu_busy_ns_ = clippedSum(activity.busy(), t0_, t1_);
    gpu_idle_ns_ = clippedSum(activity.gaps(), t0_, t1_);
}

}  // namespace syncscope
