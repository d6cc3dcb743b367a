#include "core/compare/trace_alignment.h"

#include <algorithm>

namespace syncscope {

TimeNs TraceAlignment::begin(const Trace& trace) {
    if (trace.events.empty())
        return 0;
    TimeNs first = trace.events.front().start_ns;
    for (const auto& e : trace.events)
        first = std::min(first, e.start_ns);
    return first;
}

Trace TraceAlignment::shifted(const Trace& trace, TimeNs delta) {
    Trace out = trace;
    for (auto& e : out.events) {
        e.start_ns += delta;
        e.end_ns += delta;
    }
    for (auto& m : out.memory)
        m.t_ns += delta;
    return out;
}

}  // namespace syncscope
