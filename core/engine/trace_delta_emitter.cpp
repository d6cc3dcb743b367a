#include "core/engine/trace_delta_emitter.h"

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
    TraceDelta delta;
    delta.new_lanes.assign(trace_.lanes.begin() + static_cast<std::ptrdiff_t>(lanes_),
                           trace_.lanes.end());
    for (std::size_t i = strings_; i < trace_.strings.size(); ++i)
        delta.new_strings.emplace_back(trace_.strings.at(static_cast<std::uint32_t>(i)));
    delta.new_events.assign(trace_.events.begin() + static_cast<std::ptrdiff_t>(events_),
                            trace_.events.end());
    delta.new_flows.assign(trace_.flows.begin() + static_cast<std::ptrdiff_t>(flows_),
                           trace_.flows.end());
    delta.new_memory.assign(trace_.memory.begin() + static_cast<std::ptrdiff_t>(memory_),
                            trace_.memory.end());
    delta.device = trace_.device;
    lanes_ = trace_.lanes.size();
    strings_ = trace_.strings.size();
    events_ = trace_.events.size();
    flows_ = trace_.flows.size();
    memory_ = trace_.memory.size();
    observer_.onTraceDelta(delta);
}

}  // namespace syncscope
