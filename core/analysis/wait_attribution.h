#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/host_wait_reason.h"
#include "core/analysis/trace_index.h"
#include "core/model/tr_text.h"
#include "core/model/trace.h"

namespace syncscope {

// What one wait waited for (docs/architecture.md section 11: "which kernels is this sync waiting
// on?").
struct WaitInfo {
    std::uint32_t wait = kNone;  // the HostWait or StreamWait event
    EventKind kind = EventKind::HostWait;
    std::uint32_t call = kNone;  // the ApiCall it belongs to, when known
    ApiId api = ApiId::None;
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    TimeNs duration_ns = 0;
    std::uint32_t cuda_event = kNone;  // event synchronized on / waited for, when known
    // The GPU work whose end released the wait; an EventMarker only when the record fired after
    // the work it captured (legacy-stream ordering), since then the record itself released it.
    std::uint32_t awaited_op = kNone;
    TimeNs awaited_end_ns = -1;
    TimeNs wake_ns = 0;  // end of the wait − awaited_end_ns
    // Whether wake_ns is a wake-up: the wait was for the awaited op, which ended after the wait
    // began (not a held call that only passed through it, not work already done).
    bool wake_known = false;
    bool spinning = false;
    bool sleeping = false;
    std::int64_t cpu_ns = -1;  // CPU burnt while waiting, -1 unknown
    // HostWait: why the host was blocked (a sync, a pageable copy, a held launch...).
    HostWaitReason reason = HostWaitReason::Sync;
    // HostWait: the torch-level call the wait happened in (Tensor.item(),
    // torch.cuda.synchronize()), when the trace shows one around it.
    std::uint32_t torch_call = kNone;
    // The awaited op's launch is not in the trace: it came before the trace began.
    bool awaited_launched_before_trace = false;
    // The host woke more than kLateWakeNs after the last work it could have waited for ended: the
    // trace does not show what kept it (docs/semantics.md "Work launched before the trace").
    bool late_wake = false;
    TrText text;           // the same, in words, for the window to translate
    std::string sentence;  // text.english(), for the CLI
};

// A stretch inside [first GPU start, last GPU end] with no GPU work on any lane, and why: the
// summary of an IdleAttribution gap (core/analysis/idle_attribution.h), whose pieces say more.
struct IdleGap {
    enum class Cause : std::uint8_t {
        HostSync,  // the gap began while the host was blocked in a call (HTA #149, #89)
        HostBusy,  // the host was computing or launching: the GPU was starved
        Unknown,   // the trace does not explain most of it
    };
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    Cause cause = Cause::Unknown;
    std::uint32_t wait = kNone;         // HostSync: the HostWait, when there is one
    std::uint32_t call = kNone;         // HostSync: the sync call; HostBusy: the call or host work
    std::uint32_t cause_event = kNone;  // the event the sentence is mostly about (an arrow's end)
    TrText text;                        // why, in words, for the window to translate
    std::string sentence;               // text.english(), for the CLI

    TimeNs duration() const { return saturatingSub(end_ns, start_ns); }
};

// Answers "why did it wait here, and for which GPU work". Keeps a reference to the trace, which
// must outlive it. Construction is O(n log n); attribute() is O(log n).
class WaitAttribution {
public:
    // A wake-up later than this after the awaited work ended is not called a wake-up latency
    // (blocking-sync wake-ups are tens of µs): the sentence says the trace does not explain it.
    static constexpr TimeNs kLateWakeNs = 1'000'000;

    explicit WaitAttribution(const Trace& trace);
    const TraceIndex& index() const { return index_; }

    // For a HostWait or StreamWait event; nullopt for any other event.
    std::optional<WaitInfo> attribute(std::uint32_t wait_event) const;
    // The same for the call that waited: a wait itself, a sync call's wait, or the first wait
    // inside a torch-level call (Tensor.item() -> its cudaStreamSynchronize's). nullopt when the
    // event made the host wait for nothing.
    std::optional<WaitInfo> explain(std::uint32_t event) const;
    // GPU idle gaps in time order, each with its cause and sentence (IdleAttribution). A gap that
    // begins while the host is blocked in a call has the cause HostSync: the host has to wake and
    // enqueue again before the GPU can go on, so the round trip is the call's cost too.
    std::vector<IdleGap> idleGaps() const;

private:
    WaitInfo attributeHostWait(std::uint32_t wait) const;
    WaitInfo attributeStreamWait(std::uint32_t wait) const;
    std::uint32_t workOf(std::uint32_t op) const;  // a marker stands for the work it captured
    std::uint32_t awaitedByUnnamedEvent(std::uint32_t sync) const;
    TrText describeWork(std::uint32_t op) const;
    TrText streamText(std::uint32_t lane, bool capital = false) const;

    TraceIndex index_;
};

}  // namespace syncscope
