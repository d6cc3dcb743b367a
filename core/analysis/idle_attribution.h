#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "core/analysis/host_timeline.h"
#include "core/analysis/idle_cause.h"
#include "core/model/checked_math.h"
#include "core/model/tr_text.h"
#include "core/model/trace.h"

namespace syncscope {

class WaitAttribution;

// One stretch of an idle gap and the event responsible for it: the HostWait (HostSync), the op or
// call the host was in (LaunchBound, HostCompute), the innermost frame or range (Python,
// HostElsewhere; kNone for code the trace does not show), the row or call the trace records
// (Startup, ProfilerOverhead), the cudaStreamWaitEvent call (StreamDependency).
struct IdlePiece {
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    IdleCause cause = IdleCause::Unexplained;
    std::uint32_t event = kNone;
    TimeNs duration() const { return saturatingSub(end_ns, start_ns); }
};

// An idle gap of GpuActivity with its pieces, which cover it exactly, in time order.
struct ExplainedGap {
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    std::uint32_t next_op = kNone;  // the work that ended the gap
    std::uint32_t first_piece = 0;  // into IdleAttribution::pieces()
    std::uint32_t piece_count = 0;
    TimeNs duration() const { return saturatingSub(end_ns, start_ns); }
};

// The idle time of a span by cause. The causes sum to total_ns exactly; before_first_ns and
// after_last_ns are the stretches of the trace outside the GPU's span, which GPU idle (the stats'
// definition, GpuActivity) does not count.
struct IdleBreakdown {
    std::array<TimeNs, kIdleCauseCount> ns{};
    TimeNs total_ns = 0;
    TimeNs before_first_ns = 0;
    TimeNs after_last_ns = 0;
    TimeNs of(IdleCause cause) const { return ns[static_cast<std::size_t>(cause)]; }
};

// Explains every idle gap of the GPU (all GPU lanes together, as GpuActivity defines them). For a
// gap that ends when op N starts, enqueued by call L on host thread H at enq:
//  - [gap start, enq]: the host had not enqueued N yet. H's waits there are HostSync; the time H
//    was in calls or ops that launched work is LaunchBound, in ops that launched nothing
//    HostCompute; the rest is Python (in a Python frame) or HostElsewhere (named by H's innermost
//    frame or range), except stretches shorter than kGlueNs between two launching (or two
//    computing) stretches, which are the Python between two ops and join them. What the trace
//    records there wins over all but a sync's wait: one-time setup (Startup) and the profiler's
//    own work (ProfilerOverhead), on H or on the recorder's own rows (HostTimeline).
//  - [enq, gap end]: N was enqueued but had not started: the launch call and its latency
//    (LaunchBound) when short, a stream wait on N's stream (StreamDependency); when N was queued
//    before the gap began, the GPU's latency from one kernel to the next (GpuLatency) when short;
//    else Unexplained. "Short" is kLaunchLatencyNs.
// When N's launch is not in the trace, H's waits are still HostSync and the rest is Unexplained,
// unless N was launched before the wait began (its correlation id is older, or it came before the
// trace): work queued before a sync is not held by it, so the gap is the GPU's.
// Keeps a reference to the WaitAttribution (and its trace). O(n log n) to build.
class IdleAttribution {
public:
    static constexpr TimeNs kGlueNs = 50'000;
    static constexpr TimeNs kLaunchLatencyNs = 100'000;

    explicit IdleAttribution(const WaitAttribution& waits);

    const std::vector<ExplainedGap>& gaps() const { return gaps_; }
    const std::vector<IdlePiece>& pieces() const { return pieces_; }
    // The gap holding time t, or nullptr.
    const ExplainedGap* gapAt(TimeNs t) const;
    // The idle time inside [from, to] by cause (pieces clipped to the range).
    IdleBreakdown breakdown(TimeNs from = std::numeric_limits<TimeNs>::min(),
                            TimeNs to = std::numeric_limits<TimeNs>::max()) const;
    // One sentence for a gap: "GPU idle 412 µs: the host was blocked 32 µs in Tensor.item()
    // (cudaStreamSynchronize), then spent 380 µs launching the next work (aten::conv2d)."
    TrText describe(const ExplainedGap& gap) const;
    // The event a gap's sentence is mostly about (its longest piece's), for an arrow to the cause.
    std::uint32_t mainCause(const ExplainedGap& gap) const;

private:
    void explain(TimeNs g0, TimeNs g1, std::uint32_t next);
    bool queuedBeforeWait(std::uint32_t next, const HostTimeline::Span& wait) const;
    void hostSide(std::uint16_t thread, TimeNs from, TimeNs to, bool known_launch);
    // add(), with the setup and profiler stretches the trace records on the thread cut out of it.
    void addRecorded(const HostTimeline::Thread* thread, TimeNs from, TimeNs to, IdleCause cause,
                     std::uint32_t event);
    void glue();
    std::uint32_t streamWaitBefore(std::uint32_t op) const;
    void add(TimeNs from, TimeNs to, IdleCause cause, std::uint32_t event);
    TrText pieceText(const IdlePiece& piece) const;

    const WaitAttribution& waits_;
    HostTimeline host_;
    std::vector<ExplainedGap> gaps_;
    std::vector<IdlePiece> pieces_;
    TimeNs before_first_ns_ = 0;
    TimeNs after_last_ns_ = 0;
    TimeNs axis_span_ns_ = 0;  // the program's span: the unit its times are written in
};

}  // namespace syncscope
