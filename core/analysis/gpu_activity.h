#pragma once

#include <cstdint>
#include <vector>

#include "core/model/checked_math.h"
#include "core/model/trace.h"

namespace syncscope {

// The one definition of "the GPU was busy / idle", shared by the stats ("GPU idle"), the idle-gap
// attribution (and so the timeline's hover sentence) and the timeline's drawn gaps, so that the
// three can never disagree:
//  - GPU lanes are those isGpuLane (core/model/trace.h) names: streams and copy engines;
//  - busy work is a kernel, copy or memset of positive duration on a GPU lane (a stream stalled on
//    an event, a marker, a host function or an allocation keeps no engine busy);
//  - busy time is the union of those intervals over all GPU lanes; the span runs from the first
//    busy start to the last busy end; idle gaps are the holes in the union inside the span, and
//    idle time = span − busy = the sum of the gaps.
class GpuActivity {
public:
    struct Interval {
        TimeNs start_ns = 0;
        TimeNs end_ns = 0;
        TimeNs duration() const { return end_ns - start_ns; }
    };

    static bool isBusyWork(EventKind kind);  // kernels, copies, memsets
    // Whether `event` counts toward busy time (kind, lane and a positive duration).
    static bool keepsGpuBusy(const Trace& trace, const TraceEvent& event);

    // O(n log n): one sort of the busy intervals' endpoints.
    explicit GpuActivity(const Trace& trace);

    // Merged busy intervals over all GPU lanes, sorted and disjoint (touching ones are joined).
    const std::vector<Interval>& busy() const { return busy_; }
    // The holes between consecutive busy intervals, sorted.
    const std::vector<Interval>& gaps() const { return gaps_; }
    TimeNs spanNs() const { return span_ns_; }
    TimeNs busyNs() const { return busy_ns_; }
    TimeNs idleNs() const { return saturatingSub(span_ns_, busy_ns_); }
    // Time with busy work on two or more lanes at once.
    TimeNs overlapNs() const { return overlap_ns_; }

private:
    std::vector<Interval> busy_;
    std::vector<Interval> gaps_;
    TimeNs span_ns_ = 0;
    TimeNs busy_ns_ = 0;
    TimeNs overlap_ns_ = 0;
};

}  // namespace syncscope
