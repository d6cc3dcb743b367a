#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/idle_cause.h"
#include "core/analysis/trace_index.h"

namespace syncscope {

// What each host thread was doing, from its events, for the idle attribution (docs/semantics.md
// "Idle time, explained"): where it was blocked, where it was busy in calls and ops (launching
// work or computing), which Python frames and ranges it was in, and what the trace records as
// one-time setup or the profiler's own work. Built once in O(n log n); keeps a reference to the
// index.
class HostTimeline {
public:
    struct Span {
        TimeNs start = 0;
        TimeNs end = 0;
        std::uint32_t event = kNone;
        IdleCause cause = IdleCause::Unexplained;
        // A wait the trace's record of setup or profiling explains better: a launch held, or a
        // long call, while modules loaded (not a sync, which waited for GPU work regardless).
        bool overridable = false;
    };
    struct Thread {
        std::vector<Span> waits;     // HostSync: host waits and sync calls without one, by start
        std::vector<Span> busy;      // LaunchBound or HostCompute, disjoint, by start; the event
                                     // is the outermost op or call of the stretch
        std::vector<Span> python;    // Python frames, by start
        std::vector<Span> ranges;    // annotations, step and data-loader ranges, host work
        std::vector<Span> overlays;  // Startup or ProfilerOverhead on this thread, by start
        std::vector<TimeNs> overlay_reach;  // the latest end among overlays[0..i]
    };
    // What a thread was in at an instant outside its calls and ops.
    struct Context {
        IdleCause cause = IdleCause::HostElsewhere;  // Python or HostElsewhere
        std::uint32_t event = kNone;                 // the innermost frame or range
    };

    explicit HostTimeline(const TraceIndex& index);

    // The thread of a host thread lane, or nullptr; lanes run from 0 to threadCount().
    const Thread* thread(std::uint16_t lane) const;
    std::uint16_t threadCount() const { return static_cast<std::uint16_t>(threads_.size()); }
    // The wait of a thread that holds t (started at or before it, ends after it), or nullptr.
    const Span* waitAt(const Thread& thread, TimeNs t) const;
    Context contextAt(const Thread& thread, TimeNs t) const;
    // The setup and profiler stretches that hold a thread within [from, to): its own, and the
    // recorder's rows that hold any thread then in CUDA; clipped, disjoint, by start (an earlier
    // one wins where two overlap).
    std::vector<Span> overlaysIn(const Thread& thread, TimeNs from, TimeNs to) const;

private:
    struct RawBusy {
        Span span;
        bool launched = false;  // a call that enqueued GPU work
        bool op = false;        // an op, not a CUDA call
    };
    void add(std::uint32_t event, std::vector<std::vector<RawBusy>>& raw_busy);
    void mergeBusy(Thread& thread, std::vector<RawBusy>& raw);

    const TraceIndex& index_;
    std::vector<Thread> threads_;      // by host thread lane
    std::vector<Span> recorder_rows_;  // CUPTI's rows about itself, by start
    std::vector<TimeNs> recorder_reach_;
};

}  // namespace syncscope
