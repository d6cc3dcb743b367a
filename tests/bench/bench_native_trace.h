#pragma once

// The run-shaped native trace of the loading benchmarks (bench_load and bench_open): launches on
// the host thread, kernels round-robin on four streams with a launch flow each, every 16th kernel a
// stream sync (host wait + awaited flow).

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/model/huge_pages.h"
#include "core/model/trace.h"

namespace syncscope::bench {

inline Trace makeNativeTrace(std::uint32_t n) {
    Trace t;
    t.addLane({LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t.addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    for (std::uint32_t s = 0; s < 4; ++s)
        t.addLane({LaneKind::Stream, "stream " + std::to_string(s), s, StreamKind::NonBlocking, 0,
                   kNoLane, kNone});
    const auto launch = t.strings.intern("cudaLaunchKernel");
    const auto kernel = t.strings.intern("bench_kernel");
    const auto sync = t.strings.intern("cudaStreamSynchronize");
    // On huge pages, as the native loader's rows are (TraceFileStreamReader): a model built over
    // this trace reads memory backed the way an opened file's is.
    HugePages::reserve(t.events, n + 4);
    HugePages::reserve(t.flows, n);  // about 0.52 per event; only the pages written are backed
    TimeNs host = 0;
    TimeNs streamFree[4] = {0, 0, 0, 0};
    for (std::uint32_t k = 0; t.events.size() + 3 <= n; ++k) {
        TraceEvent api;
        api.kind = EventKind::ApiCall;
        api.api = ApiId::LaunchKernel;
        api.start_ns = host;
        api.end_ns = host + 2'000;
        api.name = launch;
        const auto s = static_cast<std::uint16_t>(k % 4);
        api.target_lane = static_cast<std::uint16_t>(2 + s);
        const auto ai = t.addEvent(api);
        TraceEvent ke;
        ke.kind = EventKind::Kernel;
        ke.lane = static_cast<std::uint16_t>(2 + s);
        ke.start_ns = std::max(host + 3'000, streamFree[s]);
        ke.end_ns = ke.start_ns + 7'000 + (k % 7) * 500;
        ke.name = kernel;
        streamFree[s] = ke.end_ns;
        const auto ki = t.addEvent(ke);
        t.flows.push_back({ai, ki, FlowKind::Launch});
        host += 2'500;
        if (k % 16 == 15) {
            TraceEvent w;
            w.kind = EventKind::HostWait;
            w.lane = 1;
            w.start_ns = host;
            w.end_ns = std::max(host + 1'000, streamFree[s] + 2'000);
            w.awaited = ki;
            w.name = sync;
            const auto wi = t.addEvent(w);
            t.flows.push_back({wi, ki, FlowKind::Awaited});
            host = w.end_ns;
        }
    }
    return t;
}

}  // namespace syncscope::bench
