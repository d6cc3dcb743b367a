#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/model/trace.h"

namespace syncscope {

// Appends to the run's Trace the way docs/trace-conventions.md lays it out: lane 0 is the host
// thread, lane 1 its waits, then one lane per scenario stream. Events are appended only once final,
// so a TraceDeltaEmitter can ship them as they come.
class SimTraceWriter {
public:
    static constexpr std::uint16_t kHostLane = 0;
    static constexpr std::uint16_t kWaitLane = 1;
    static std::uint16_t streamLane(std::uint32_t stream) {
        return static_cast<std::uint16_t>(2 + stream);
    }

    explicit SimTraceWriter(Trace& trace) : trace_(trace) {}

    std::uint32_t add(const TraceEvent& event) {
        trace_.events.push_back(event);
        return static_cast<std::uint32_t>(trace_.events.size() - 1);
    }
    void flow(std::uint32_t from, std::uint32_t to, FlowKind kind) {
        trace_.flows.push_back(Flow{from, to, kind});
    }
    std::uint32_t intern(std::string_view text) { return trace_.strings.intern(text); }
    // The CUDA name of a call ("cudaStreamSynchronize"), interned once.
    std::uint32_t apiName(ApiId api);

    Trace& trace() { return trace_; }

private:
    Trace& trace_;
    std::array<std::uint32_t, kApiIdCount> api_names_{};
};

}  // namespace syncscope
