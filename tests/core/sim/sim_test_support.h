#pragma once

// Small builders for simulator tests: scenarios in a few lines, and lookups into the trace.
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "core/engine/engine_factory.h"
#include "core/model/device_profile.h"
#include "core/model/scenario.h"
#include "core/model/trace.h"
#include "tests/support/random_scenario.h"

// QCOMPARE cannot print our enums (their toString() returns string_view), so compare them as ints.
#define SIM_COMPARE_ENUM(actual, expected) \
    QCOMPARE(static_cast<int>(actual), static_cast<int>(expected))
#define SIM_VERIFY_STATUS(result, expected) \
    QVERIFY2((result).status == (expected), \
             (std::string(toString((result).status)) + ": " + (result).message).c_str())

namespace syncscope::simtest {

inline const DeviceProfile& h200() {
    static const DeviceProfile profile = *findDeviceProfile("h200");
    return profile;
}

inline Scenario scenario(std::initializer_list<StreamKind> kinds,
                         SchedulePolicy schedule = SchedulePolicy::Auto) {
    Scenario s;
    s.title = "test";
    s.schedule = schedule;
    int i = 0;
    for (const StreamKind kind : kinds)
        s.streams.push_back({"s" + std::to_string(i++), kind, 0});
    return s;
}

inline Step step(StepKind kind, std::uint32_t stream = 0) {
    Step s;
    s.kind = kind;
    s.stream = stream;
    return s;
}

inline Step kernel(std::uint32_t stream, TimeNs ns, std::uint32_t grid = 1,
                   std::uint32_t block = 32) {
    Step s = step(StepKind::Kernel, stream);
    s.duration_ns = ns;
    s.grid = grid;
    s.block = block;
    return s;
}

inline Step withEvent(StepKind kind, std::uint32_t event, std::uint32_t stream = 0) {
    Step s = step(kind, stream);
    s.event = event;
    return s;
}

inline Step withBuffer(StepKind kind, std::uint32_t buffer, std::uint64_t bytes,
                       std::uint32_t stream = 0) {
    Step s = step(kind, stream);
    s.buffer = buffer;
    s.bytes = bytes;
    return s;
}

inline Step copy(std::uint32_t stream, CopyDirection direction, std::uint64_t bytes, bool pinned,
                 bool async) {
    Step s = step(StepKind::Memcpy, stream);
    s.direction = direction;
    s.bytes = bytes;
    s.pinned = pinned;
    s.async = async;
    return s;
}

inline Step repeat(std::uint32_t count, std::vector<Step> body, std::uint32_t batch_stride = 0) {
    Step s = step(StepKind::Repeat);
    s.count = count;
    s.body = std::move(body);
    s.batch_stride = batch_stride;
    return s;
}

// The shared random scenario of one seed, with the longer programs the simulator suites want.
inline Scenario simScenario(std::uint64_t seed) {
    return test::RandomScenario(seed, {20, 80}).next();
}

inline RunResult run(const Scenario& scenario) {
    EngineObserver quiet;
    CancelToken cancel;
    return makeSimEngine()->run(scenario, quiet, cancel);
}

// Events of one kind (and, unless kNone, of one expanded step), in trace order.
inline std::vector<const TraceEvent*> find(const Trace& trace, EventKind kind,
                                           std::uint32_t step = kNone) {
    std::vector<const TraceEvent*> out;
    for (const TraceEvent& e : trace.events)
        if (e.kind == kind && (step == kNone || e.step == step))
            out.push_back(&e);
    return out;
}

// The GPU event a step enqueued (Kernel, Memcpy, EventMarker, ...), or nullptr.
inline const TraceEvent* gpuOp(const Trace& trace, std::uint32_t step) {
    for (const TraceEvent& e : trace.events)
        if (e.step == step && e.lane >= 2)
            return &e;
    return nullptr;
}

inline const TraceEvent* apiOf(const Trace& trace, std::uint32_t step) {
    for (const TraceEvent& e : trace.events)
        if (e.step == step && e.kind == EventKind::ApiCall)
            return &e;
    return nullptr;
}

inline const TraceEvent* waitOf(const Trace& trace, std::uint32_t step) {
    for (const TraceEvent& e : trace.events)
        if (e.step == step && e.kind == EventKind::HostWait)
            return &e;
    return nullptr;
}

inline std::uint32_t indexOf(const Trace& trace, const TraceEvent* e) {
    return e == nullptr ? kNone : static_cast<std::uint32_t>(e - trace.events.data());
}

inline bool hasFlow(const Trace& trace, std::uint32_t from, std::uint32_t to, FlowKind kind) {
    for (const Flow& f : trace.flows)
        if (f.from == from && f.to == to && f.kind == kind)
            return true;
    return false;
}

}  // namespace syncscope::simtest
