#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "core/model/scenario.h"
#include "core/sim/sim_device.h"
#include "core/sim/sim_event_table.h"
#include "core/sim/sim_memory.h"
#include "core/sim/sim_op.h"
#include "core/sim/sim_stream.h"
#include "core/sim/sim_trace_writer.h"

namespace syncscope {

// The discrete-event model of one GPU. The host hands it ops in program order (enqueue); it runs
// them lazily, in time order, only as far as the host needs: advanceTo(t) before the host acts at
// t, advanceUntil(condition) while the host is blocked in a sync or on a full launch queue. So the
// GPU never runs ahead of the host, and every op enqueued later is ready later than anything
// already simulated.
//
// Dependencies of a stream's head op: its stream (FIFO), its ready time, device-wide ordering
// points (cudaMalloc, synchronous memset), the legacy default stream rules (docs/semantics.md
// section 2: a legacy op waits for every earlier op of the blocking streams, and a blocking-stream
// op for every earlier legacy op; non-blocking streams are exempt) and, for a StreamWait, the
// awaited record. Ops whose dependencies hold are started in (stream priority, enqueue order); a
// kernel that does not fit in the free SM slots holds back the kernels behind it, so a wide kernel
// is not starved by a stream of small ones. Ended ops become trace events, with a Flow{Launch} from
// their ApiCall.
class SimGpu {
public:
    static constexpr TimeNs kNever = std::numeric_limits<TimeNs>::max();

    SimGpu(const DeviceProfile& profile, const std::vector<StreamSpec>& streams,
           SimEventTable& events, SimMemory& memory, SimTraceWriter& writer);

    // Appends `op` to `stream`. device_wide: an ordering point for the whole device (a synchronous
    // memset): it starts after every earlier op has ended and every later op starts after it ends.
    // Returns the op's seq.
    std::uint32_t enqueue(std::uint32_t stream, const SimOp& op, bool device_wide = false);
    // cudaMalloc's device-side ordering: ops enqueued from now on start after all earlier ones end.
    void orderDevice() { barrier_ = next_seq_; }
    std::uint32_t nextSeq() const { return next_seq_; }

    // Runs everything that happens up to and including time t.
    void advanceTo(TimeNs t);
    // Runs, in time order, until done() holds. Throws std::logic_error if the GPU cannot progress
    // (which would be a simulator bug: every dependency points at earlier work).
    template <class Done>
    void advanceUntil(Done done);

    TimeNs now() const { return now_; }
    std::uint32_t inFlight() const { return in_flight_; }
    const SimStream& stream(std::uint32_t index) const { return streams_[index]; }
    bool ended(std::uint32_t stream, std::uint32_t seq) const {
        return streams_[stream].frontSeq() > seq;
    }
    // The op that ended last (the latest end; ties go to the later one) and its trace index.
    TimeNs lastEnd() const { return last_end_; }
    std::uint32_t lastEvent() const { return last_event_; }
    SimDevice& device() { return device_; }

private:
    void dispatch();
    bool start(SimOp& op, bool& sm_blocked);
    int effectivePriority(std::uint32_t stream) const;
    // The earliest time something happens (an op ends, a gated op becomes ready); computed by
    // dispatch(), which runs whenever the state changed.
    TimeNs nextEventTime() const { return next_event_; }
    void completeDue();
    void complete(std::uint32_t stream);
    bool waitReleased(const SimOp& op) const {
        return op.record == kNone || streams_[op.dep_stream].frontSeq() > op.dep_seq;
    }
    [[noreturn]] static void stuck();

    SimDevice device_;
    SimEventTable& events_;
    SimMemory& memory_;
    SimTraceWriter& writer_;
    std::vector<SimStream> streams_;
    std::vector<std::uint32_t> candidates_;
    std::uint32_t legacy_ = kNone;
    std::uint32_t next_seq_ = 1;
    std::uint32_t barrier_ = 0;
    std::uint32_t in_flight_ = 0;
    TimeNs now_ = 0;
    TimeNs next_event_ = kNever;
    TimeNs last_end_ = 0;
    std::uint32_t last_event_ = kNone;
    bool dirty_ = false;  // something changed since the last dispatch
};

template <class Done>
void SimGpu::advanceUntil(Done done) {
    for (;;) {
        if (dirty_) {
            dispatch();
            dirty_ = false;
        }
        if (done())
            return;
        const TimeNs next = nextEventTime();
        if (next == kNever)
            stuck();
        now_ = next;
        completeDue();
        dirty_ = true;
    }
}

}  // namespace syncscope
