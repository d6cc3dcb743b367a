#include "core/sim/sim_stream_order.h"

#include <algorithm>

namespace syncscope {

namespace {

bool blocking(StreamKind kind) {
    return kind == StreamKind::Blocking || kind == StreamKind::PerThreadDefault;
}

}  // namespace

SimStreamOrder::SimStreamOrder(const std::vector<StreamKind>& kinds)
    : kinds_(kinds), streams_(kinds.size(), Clock(kinds.size(), 0)), host_(kinds.size(), 0) {}

SimStreamOrder::Clock SimStreamOrder::effective(std::uint32_t stream) const {
    Clock clock = streams_[stream];
    const StreamKind kind = kinds_[stream];
    if (kind != StreamKind::LegacyDefault && !blocking(kind))
        return clock;  // non-blocking streams never order against the legacy stream
    for (std::size_t other = 0; other < streams_.size(); ++other) {
        if (other == stream)
            continue;
        const bool counterpart = kind == StreamKind::LegacyDefault
                                     ? blocking(kinds_[other])
                                     : kinds_[other] == StreamKind::LegacyDefault;
        if (counterpart)
            merge(clock, streams_[other]);
    }
    return clock;
}

void SimStreamOrder::enqueued(std::uint32_t stream, std::uint32_t seq) {
    streams_[stream] = effective(stream);
    streams_[stream][stream] = seq;
}

void SimStreamOrder::recorded(std::uint32_t event, std::uint32_t stream) {
    recorded_[event] = streams_[stream];
}

void SimStreamOrder::waited(std::uint32_t stream, std::uint32_t event) {
    if (const auto it = recorded_.find(event); it != recorded_.end())
        merge(streams_[stream], it->second);
}

void SimStreamOrder::hostSynced(std::uint32_t stream) {
    if (stream < streams_.size())
        merge(host_, streams_[stream]);
}

void SimStreamOrder::hostSyncedEvent(std::uint32_t event) {
    if (const auto it = recorded_.find(event); it != recorded_.end())
        merge(host_, it->second);
}

void SimStreamOrder::hostSyncedAll() {
    for (std::size_t s = 0; s < streams_.size(); ++s)
        host_[s] = std::max(host_[s], streams_[s][s]);
}

bool SimStreamOrder::orderedAfter(std::uint32_t stream, std::uint32_t other,
                                  std::uint32_t seq) const {
    if (other >= streams_.size() || stream >= streams_.size())
        return false;
    return effective(stream)[other] >= seq;
}

bool SimStreamOrder::hostObserved(std::uint32_t other, std::uint32_t seq) const {
    return other < host_.size() && host_[other] >= seq;
}

void SimStreamOrder::merge(Clock& into, const Clock& from) {
    for (std::size_t i = 0; i < into.size(); ++i)
        into[i] = std::max(into[i], from[i]);
}

}  // namespace syncscope
