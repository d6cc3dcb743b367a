#include "core/engine/trace_delta_emitter.h"

#include <span>

namespace syncscope {

TraceDeltaEmitter::TraceDeltaEmitter(const Trace& trace, EngineObserver& observer,
                                     std::chrono::milliseconds interval)
    : trace_(trace),
      observer_(observer),
      interval_(interval),
      last_(std::chrono::steady_clock::now()) {
    // The receiver's string table starts with "" like ours, so index 0 is never sent.
    strings_ = 1;
}

void TraceDeltaEmitter::maybeFlush() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < interval_)
        return;
    flush();
}

void TraceDeltaEmitter::flush() {
    last_ = std::chrono::steady_clock::now();
    if (lanes_ == trace_.lanes.size() && strings_ == trace_.strings.size() &&
        events_ == trace_.events.size() && flows_ == trace_.flows.size() &&
        memory_ == trace_.memory.size())
        return;
    // Strings live in a deque: their views, collected here, are what the delta can point at.
    strings_view_.clear();
    for (std::size_t i = strings_; i < trace_.strings.size(); ++i)
        strings_view_.push_back(trace_.strings.at(static_cast<std::uint32_t>(i)));
    const auto tail = [](const auto& vector, std::size_t from) {
        return std::span(vector).subspan(from);
    };
    TraceDeltaView delta;
    delta.new_lanes = tail(trace_.lanes, lanes_);
    delta.new_strings = strings_view_;
    delta.new_events = tail(trace_.events, events_);
    delta.new_flows = tail(trace_.flows, flows_);
    delta.new_memory = tail(trace_.memory, memory_);
    delta.device = &trace_.device;
    lanes_ = trace_.lanes.size();
    strings_ = trace_.strings.size();
    events_ = trace_.events.size();
    flows_ = trace_.flows.size();
    memory_ = trace_.memory.size();
    observer_.onTraceDelta(delta);
}

}  // namespace syncscope
