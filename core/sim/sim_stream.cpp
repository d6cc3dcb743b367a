#include "core/sim/sim_stream.h"

namespace syncscope {

SimStream::SimStream(StreamKind kind, int priority, std::uint16_t lane)
    : ring_(16), kind_(kind), priority_(priority), lane_(lane) {}

SimOp& SimStream::push(const SimOp& op) {
    if (count_ == ring_.size()) {
        // Grow to the next power of two, unrolling the ring so head_ becomes 0.
        std::vector<SimOp> bigger(ring_.size() * 2);
        for (std::size_t i = 0; i < count_; ++i)
            bigger[i] = ring_[(head_ + i) & (ring_.size() - 1)];
        ring_.swap(bigger);
        head_ = 0;
    }
    SimOp& slot = ring_[(head_ + count_) & (ring_.size() - 1)];
    slot = op;
    ++count_;
    return slot;
}

void SimStream::pop() {
    head_ = (head_ + 1) & (ring_.size() - 1);
    --count_;
}

}  // namespace syncscope
