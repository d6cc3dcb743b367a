#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "core/model/checked_math.h"
#include "core/model/tr_text.h"
#include "core/model/trace.h"

namespace syncscope {

class WaitAttribution;

// Why the GPU had no work (docs/semantics.md "Idle time, explained"). Every stretch of an idle
// gap has exactly one cause.
enum class IdleCause : std::uint8_t {
    HostSync,          // the host was blocked in a call (a sync, a pageable copy, a held launch)
    LaunchBound,       // the host was busy in API calls and ops, producing the next work
    HostElsewhere,     // the host was in Python, a data loader or code the trace does not show,
                       // with nothing queued
    StreamDependency,  // the next work was queued but waited on another stream (an event)
    GpuLatency,        // the next work was queued before the gap: the GPU's own latency from one
                       // kernel to the next (HTA's "kernel wait"), when short
    LateRank,          // a collective waited for a late rank (reserved: NCCL kernels keep the
                       // GPU busy while they wait, so a device's idle time never has it)
    Unexplained,       // what the trace does not explain: reported with its size, never hidden
};
inline constexpr int kIdleCauseCount = 7;

// "host-sync", "launch-bound", ... (stable keys of stats --json's idle_breakdown).
std::string_view toString(IdleCause cause);

// One stretch of an idle gap and the event responsible for it: the HostWait (HostSync), the op or
// call the host was in (LaunchBound), the innermost host range (HostElsewhere; kNone for code the
// trace does not show), the cudaStreamWaitEvent call (StreamDependency).
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
//    was inside API calls or ops is LaunchBound; the rest is HostElsewhere (named by H's innermost
//    Python frame or annotation), except stretches shorter than kGlueNs between launches, which
//    are the Python between two ops and count as LaunchBound.
//  - [enq, gap end]: N was enqueued but had not started: the launch call and its latency
//    (LaunchBound) when short, a stream wait on N's stream (StreamDependency); when N was queued
//    before the gap began, the GPU's latency from one kernel to the next (GpuLatency) when short;
//    else Unexplained. "Short" is kLaunchLatencyNs.
// When N's launch is not in the trace, H's waits are still HostSync and the rest is Unexplained.
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
    struct Span {
        TimeNs start = 0;
        TimeNs end = 0;
        std::uint32_t event = kNone;
    };
    struct Thread {
        std::vector<Span> waits;   // HostWaits, by start
        std::vector<Span> busy;    // API calls and ops, merged into disjoint spans, by start
        std::vector<Span> ranges;  // Python frames and annotations, by start
    };
    void indexThreads();
    void explain(TimeNs g0, TimeNs g1, std::uint32_t next);
    void hostSide(std::uint16_t thread, TimeNs from, TimeNs to, bool known_launch);
    std::uint32_t innermostRange(const Thread& thread, TimeNs t) const;
    std::uint32_t streamWaitBefore(std::uint32_t op) const;
    void add(TimeNs from, TimeNs to, IdleCause cause, std::uint32_t event);
    TrText pieceText(const IdlePiece& piece) const;

    const WaitAttribution& waits_;
    std::vector<Thread> threads_;  // by host thread lane
    std::vector<ExplainedGap> gaps_;
    std::vector<IdlePiece> pieces_;
    TimeNs before_first_ns_ = 0;
    TimeNs after_last_ns_ = 0;
};

}  // namespace syncscope
