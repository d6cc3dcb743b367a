#include "core/engine/trace_delta_emitter.h"

#include <algorithm>

#include "core/model/huge_pages.h"

namespace syncscope {

namespace {

// Replaces `to` with source[from, end), reusing its buffer; a buffer that must grow grows at least
// twofold and on huge pages, so a run settles on one buffer after a few flushes.
template <class T>
void copyTail(std::vector<T>& to, const std::vector<T>& source, std::size_t from) {
    const std::size_t n = source.size() - from;
    if (to.capacity() < n) {
        to.clear();
        HugePages::reserve(to, std::max(n, 2 * to.capacity()));
    }
    to.assign(source.begin() + static_cast<std::ptrdiff_t>(from), source.end());
}

}  // namespace

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
    TraceDelta& delta = delta_;
    delta.new_lanes.assign(trace_.lanes.begin() + static_cast<std::ptrdiff_t>(lanes_),
                           trace_.lanes.end());
    delta.new_strings.clear();
    for (std::size_t i = strings_; i < trace_.strings.size(); ++i)
        delta.new_strings.emplace_back(trace_.strings.at(static_cast<std::uint32_t>(i)));
    copyTail(delta.new_events, trace_.events, events_);
    copyTail(delta.new_flows, trace_.flows, flows_);
    copyTail(delta.new_memory, trace_.memory, memory_);
    delta.device = trace_.device;
    lanes_ = trace_.lanes.size();
    strings_ = trace_.strings.size();
    events_ = trace_.events.size();
    flows_ = trace_.flows.size();
    memory_ = trace_.memory.size();
    observer_.onTraceDelta(delta);
}

}  // namespace syncscope
