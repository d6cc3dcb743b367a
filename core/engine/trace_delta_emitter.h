#pragma once

#include <chrono>
#include <cstddef>
#include <string_view>
#include <vector>

#include "core/engine/engine.h"

namespace syncscope {

// Hands what was appended to a trace since the last call to an observer, as a TraceDeltaView into
// the trace (observers copy what they keep). Engines call maybeFlush() in their loop (it throttles
// by wall time) and flush() at the end.
class TraceDeltaEmitter {
public:
    TraceDeltaEmitter(const Trace& trace, EngineObserver& observer,
                      std::chrono::milliseconds interval = std::chrono::milliseconds(30));

    void maybeFlush();
    void flush();

private:
    const Trace& trace_;
    EngineObserver& observer_;
    std::chrono::milliseconds interval_;
    std::chrono::steady_clock::time_point last_;
    std::size_t lanes_ = 0, strings_ = 0, events_ = 0, flows_ = 0, memory_ = 0;
    std::vector<std::string_view> strings_view_;  // the new strings' views, reused
};

}  // namespace syncscope
