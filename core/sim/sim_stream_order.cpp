#include "core/sim/sim_stream_order.h"

#include <algorithm>

namespace syncscope {

SimStreamOrder::SimStreamOrder(std::size_t streams) : streams_(streams, Clock(streams, 0)) {}

void SimStreamOrder::enqueued(std::uint32_t stream, std::uint32_t seq) {
    streams_[stream][stream] = seq;
}

void SimStreamOrder::recorded(std::uint32_t event, std::uint32_t stream) {
    recorded_[event] = streams_[stream];
}

void SimStreamOrder::waited(std::uint32_t stream, std::uint32_t event) {
    if (const auto it = recorded_.find(event); it != recorded_.end())
        merge(streams_[stream], it->second);
}

bool SimStreamOrder::orderedAfter(std::uint32_t stream, std::uint32_t other,
                                  std::uint32_t seq) const {
    return other < streams_.size() && streams_[stream][other] >= seq;
}

void SimStreamOrder::merge(Clock& into, const Clock& from) {
    for (std::size_t i = 0; i < into.size(); ++i)
        into[i] = std::max(into[i], from[i]);
}

}  // namespace syncscope
