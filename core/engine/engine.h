#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

// New parts of a trace since the last delta, as views into the engine's trace: valid only during
// EngineObserver::onTraceDelta, so an observer copies what it keeps (a TraceDelta). Views, because
// a copy made for every observer cost a fast run about 8 % of its time (2.5 M events, 140 MB),
// and an observer that forwards the delta copied it a second time anyway.
// Indices (lanes, names, events) are those of the engine's final trace, so a receiver that appends
// deltas in order rebuilds that trace exactly.
struct TraceDeltaView {
    std::span<const Lane> new_lanes;                // appended after the receiver's current lanes
    std::span<const std::string_view> new_strings;  // appended to its string table, in order
    std::span<const TraceEvent> new_events;
    std::span<const Flow> new_flows;
    std::span<const MemorySample> new_memory;
    const DeviceDescription* device = nullptr;  // current device description
};

// A TraceDeltaView's own copy, to keep or hand to another thread.
struct TraceDelta {
    TraceDelta() = default;
    explicit TraceDelta(const TraceDeltaView& view)
        : new_lanes(view.new_lanes.begin(), view.new_lanes.end()),
          new_strings(view.new_strings.begin(), view.new_strings.end()),
          new_events(view.new_events.begin(), view.new_events.end()),
          new_flows(view.new_flows.begin(), view.new_flows.end()),
          new_memory(view.new_memory.begin(), view.new_memory.end()),
          device(view.device ? *view.device : DeviceDescription{}) {}

    std::vector<Lane> new_lanes;
    std::vector<std::string> new_strings;
    std::vector<TraceEvent> new_events;
    std::vector<Flow> new_flows;
    std::vector<MemorySample> new_memory;
    DeviceDescription device;
};

enum class LogLevel { Info, Warning, Error };

// Receives a run while it goes. Called on the engine's thread: implementations hand the data on
// (queued signal, lock-free queue) and return quickly.
class EngineObserver {
public:
    virtual ~EngineObserver() = default;
    virtual void onTraceDelta(const TraceDeltaView& /*delta*/) {}
    virtual void onProgress(double /*fraction*/, std::string_view /*phase*/) {}
    virtual void onLog(LogLevel /*level*/, std::string_view /*message*/) {}
};

// Cancellation is cooperative: the engine polls `cancelled()` often enough to stop within 50 ms.
class CancelToken {
public:
    void cancel() { flag_.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return flag_.load(std::memory_order_relaxed); }
    void reset() { flag_.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> flag_{false};
};

enum class RunStatus {
    Ok,
    Cancelled,    // trace holds what ran before the cancel
    Failed,       // message says why; trace may hold a partial run with an Error event
    Unavailable,  // the engine cannot run here (no GPU, no driver, no CUPTI); message says why
};

struct RunResult {
    RunStatus status = RunStatus::Failed;
    std::string message;
    Trace trace;
};

struct EngineAvailability {
    bool available = false;
    std::string device_name;  // when available
    std::string message;      // why not, when unavailable
};

// docs/architecture.md section 2: run(scenario, observer, cancel) -> RunResult. Engines never throw
// across this boundary and never exit the process.
class Engine {
public:
    virtual ~Engine() = default;
    virtual std::string_view id() const noexcept = 0;  // "sim", "cuda"
    virtual EngineAvailability availability() const noexcept = 0;
    virtual RunResult run(const Scenario& scenario, EngineObserver& observer,
                          const CancelToken& cancel) noexcept = 0;
};

std::string_view toString(RunStatus status);

}  // namespace syncscope
