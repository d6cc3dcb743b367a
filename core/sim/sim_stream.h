#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/model/scenario.h"
#include "core/sim/sim_op.h"

namespace syncscope {

// One CUDA stream: a FIFO of in-flight ops (the head may be running) and what its last finished op
// was. The FIFO is a ring buffer that only ever grows, so steady state allocates nothing.
class SimStream {
public:
    static constexpr std::uint32_t kAllDone = std::numeric_limits<std::uint32_t>::max();

    SimStream(StreamKind kind, int priority, std::uint16_t lane);

    bool empty() const { return count_ == 0; }
    std::size_t size() const { return count_; }
    SimOp& front() { return ring_[head_]; }
    const SimOp& front() const { return ring_[head_]; }
    SimOp& push(const SimOp& op);
    void pop();
    // The oldest op not yet ended; every op of this stream with a smaller seq has ended.
    std::uint32_t frontSeq() const { return count_ == 0 ? kAllDone : ring_[head_].seq; }
    // The newest op in flight (the stream must not be empty).
    std::uint32_t backSeq() const { return ring_[(head_ + count_ - 1) & (ring_.size() - 1)].seq; }

    StreamKind kind() const { return kind_; }
    // Blocking streams and the per-thread default stream order themselves against the legacy
    // stream.
    bool orderedWithLegacy() const {
        return kind_ == StreamKind::Blocking || kind_ == StreamKind::PerThreadDefault;
    }
    int priority() const { return priority_; }
    std::uint16_t lane() const { return lane_; }

    TimeNs lastEnd() const { return last_end_; }
    std::uint32_t lastEvent() const { return last_event_; }
    void setLastEnded(TimeNs end, std::uint32_t event) {
        last_end_ = end;
        last_event_ = event;
    }

private:
    std::vector<SimOp> ring_;
    std::size_t head_ = 0;
    std::size_t count_ = 0;
    StreamKind kind_;
    int priority_;
    std::uint16_t lane_;
    TimeNs last_end_ = 0;
    std::uint32_t last_event_ = kNone;
};

}  // namespace syncscope
