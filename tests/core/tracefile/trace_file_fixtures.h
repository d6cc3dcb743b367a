#pragma once

// The traces tst_trace_file writes and reads back: one with every field set somewhere (extremes
// included), and a big one.
#include <QString>
#include <cstddef>
#include <limits>
#include <string>

#include "core/model/checked_math.h"
#include "core/model/trace.h"
#include "tests/support/small_scenario.h"
#include "tests/support/trace_difference.h"

namespace syncscope::test {

// Every field non-default somewhere, extremes included.
inline Trace richTrace() {
    Trace t;
    t.title = "Rich \"trace\" \u2014 with\nescapes\\ and \u6642\u9593";
    t.source = "builtin:device-vs-stream";
    t.scenario = test::smallScenario();
    DeviceDescription& d = t.device;
    d.name = "NVIDIA H200 (simulated)";
    d.engine = "sim";
    d.sm_count = 132;
    d.memory_bytes = 141ull * 1000 * 1000 * 1000;
    d.copy_engines = 2;
    d.schedule = SchedulePolicy::Yield;
    d.wake_latency_ns[0] = 2000;
    d.wake_latency_ns[1] = -1;
    d.wake_latency_ns[2] = INT64_MAX;
    d.wake_latency_ns[3] = INT64_MIN;
    d.timer_granularity_ns = 32;
    d.launch_cost_ns = 2500;
    d.clock_tolerance_ns = 7;
    d.pool_release_threshold = UINT64_MAX;

    Lane host;
    host.kind = LaneKind::HostThread;
    host.name = "host thread";
    host.thread_id = 4242;
    host.process_id = 77;
    t.addLane(host);
    Lane waits;
    waits.kind = LaneKind::HostWaits;
    waits.name = "host waits";
    waits.parent = 0;
    t.addLane(waits);
    Lane stream;
    stream.kind = LaneKind::Stream;
    stream.name = "stream 1 (legacy default)";
    stream.stream_id = 0;
    stream.stream_kind = StreamKind::LegacyDefault;
    stream.priority = -5;
    stream.device = 1;
    t.addLane(stream);

    const auto launch = t.strings.intern("cudaLaunchKernel");
    const auto kernel = t.strings.intern("spin_kernel \u03bb");
    const auto wait = t.strings.intern("wait\ttab");
    TraceEvent api;
    api.kind = EventKind::ApiCall;
    api.api = ApiId::LaunchKernel;
    api.start_ns = 0;
    api.end_ns = 2500;
    api.name = launch;
    api.lane = 0;
    api.target_lane = 2;
    api.correlation = 1;
    api.step = 0;
    api.batch = 0;
    api.flags = event_flags::kQueueFull;
    t.addEvent(api);
    TraceEvent k;
    k.kind = EventKind::Kernel;
    k.start_ns = 3000;
    k.end_ns = 1'000'000'000'000;
    k.name = kernel;
    k.lane = 2;
    k.correlation = 1;
    k.step = 0;
    k.batch = 4'294'967'294u;
    k.setBytes(UINT64_MAX);
    t.addEvent(k);
    TraceEvent w;
    w.kind = EventKind::HostWait;
    w.api = ApiId::DeviceSynchronize;
    w.mode = SyncMode::LegacyDefaultStream;
    w.start_ns = -5;
    w.end_ns = 7000;
    w.setCpuNs(6999);
    w.name = wait;
    w.lane = 1;
    w.awaited = 1;
    w.cuda_event = 12;
    w.flags = 0xFF;
    t.addEvent(w);
    t.flows = {{0, 1, FlowKind::Launch}, {2, 1, FlowKind::Awaited}, {1, 2, FlowKind::Generic}};
    t.memory = {{0, 0, -1, -1, -1, -1}, {3000, 1 << 20, 2 << 20, 1 << 20, INT64_MAX, INT64_MIN}};
    return t;
}

inline Trace bigTrace(std::size_t events) {
    Trace t = richTrace();
    std::mt19937_64 rng(7);
    t.events.reserve(events);
    for (std::size_t i = t.events.size(); i < events; ++i) {
        TraceEvent e;
        e.kind = static_cast<EventKind>(rng() % kEventKindCount);
        e.start_ns = static_cast<TimeNs>(i * 1000);
        e.end_ns = e.start_ns + static_cast<TimeNs>(rng() % 100'000);
        e.lane = static_cast<std::uint16_t>(rng() % t.lanes.size());
        e.name = static_cast<std::uint32_t>(rng() % t.strings.size());
        e.step = static_cast<std::uint32_t>(i);
        e.batch = static_cast<std::uint32_t>(i / 100);
        e.correlation = static_cast<std::uint32_t>(i);
        e.setBytes(rng() % 4096);
        t.events.push_back(e);
        if (i % 2)
            t.flows.push_back({static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(i),
                               FlowKind::Launch});
    }
    return t;
}

inline QString diff(const Trace& a, const Trace& b) {
    return QString::fromStdString(test::traceDifference(a, b));
}

}  // namespace syncscope::test
