#pragma once

#include <chrono>
#include <cstddef>

#include "core/engine/engine.h"

namespace syncscope {

// Hands what was appended to a trace since the last call to an observer, as a TraceDelta.
// Engines call maybeFlush() in their loop (it throttles by wall time) and flush() at the end.
//
// The delta's buffers are kept from one flush to the next (observers get a const reference and
// copy what they keep): a fast run fills tens of MB between flushes, and fresh buffers each time
// paid a page fault per 4 KiB all over again.
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
    TraceDelta delta_;
};

}  // namespace syncscope
