#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/analysis/gpu_activity.h"
#include "core/model/trace.h"

namespace syncscope {

// What happened in a time range [t0, t1] of a trace, for the window's range table: the events that
// overlap it, grouped by name and kind, and the host's blocked time and the GPU's idle time in it.
//
// Decisions, which the window's table header states:
//  - total and share are clipped to the range (an event half inside counts half its time);
//  - share is the part of the range the group covers, each instant once (0..1): nested frames of
//    one name and the same op on several lanes at once do not add up past the range, where total
//    is their summed time;
//  - count, mean, min and max are of the whole events that overlap the range: a kernel is as long
//    as it is, however the range cuts it; the mean is the whole durations' mean;
//  - rows count only the lanes `counted` marks (the window passes its visible lanes), while host
//    blocked, stream waits and GPU busy/idle are the trace's own figures over every lane, with
//    TraceStats' accounting (HostWaits that are not instrumentation) and GpuActivity's definition
//    of busy, clipped to the range.
class RangeStatistics {
public:
    struct Row {
        std::string name;
        EventKind kind = EventKind::Generic;
        std::uint64_t count = 0;
        TimeNs total_ns = 0;  // clipped to the range
        TimeNs min_ns = 0;    // whole durations
        TimeNs max_ns = 0;
        double mean_ns = 0;
        TimeNs covered_ns = 0;  // the union of the group's clipped spans
        double share = 0;       // covered_ns / range length, 0..1
    };

    // O(n) over the events plus O(log g) over the GPU's busy intervals. `activity` must be of
    // `trace`; `counted` is indexed by lane (empty: every lane counts). t0 > t1 are swapped.
    RangeStatistics(const Trace& trace, const GpuActivity& activity, TimeNs t0, TimeNs t1,
                    const std::vector<bool>& counted = {});

    TimeNs startNs() const { return t0_; }
    TimeNs endNs() const { return t1_; }
    TimeNs lengthNs() const { return saturatingSub(t1_, t0_); }
    // Sorted by clipped total, longest first; ties by name then kind.
    const std::vector<Row>& rows() const { return rows_; }
    std::uint64_t eventCount() const { return events_; }
    // Lanes left out by `counted`.
    int lanesLeftOut() const { return lanes_left_out_; }

    TimeNs hostBlockedNs() const { return host_blocked_ns_; }  // HostWaits, clipped
    TimeNs streamWaitNs() const { return stream_wait_ns_; }    // StreamWaits, clipped
    TimeNs gpuBusyNs() const { return gpu_busy_ns_; }          // GpuActivity::busy() ∩ range
    TimeNs gpuIdleNs() const { return gpu_idle_ns_; }          // GpuActivity::gaps() ∩ range

private:
    TimeNs t0_ = 0;
    TimeNs t1_ = 0;
    std::vector<Row> rows_;
    std::uint64_t events_ = 0;
    int lanes_left_out_ = 0;
    TimeNs host_blocked_ns_ = 0;
    TimeNs stream_wait_ns_ = 0;
    TimeNs gpu_busy_ns_ = 0;
    TimeNs gpu_idle_ns_ = 0;
};

}  // namespace syncscope
