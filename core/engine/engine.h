#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

// New parts of a trace since the last delta. Indices (lanes, names, events) are those of the
// engine's final trace, so a receiver that appends deltas in order rebuilds that trace exactly.
struct TraceDelta {
    std::vector<Lane> new_lanes;           // appended after the receiver's current lanes
    std::vector<std::string> new_strings;  // appended to the receiver's string table, in order
    std::vector<TraceEvent> new_events;
    std::vector<Flow> new_flows;
    std::vector<MemorySample> new_memory;
    DeviceDescription device;  // current device description
};

enum class LogLevel { Info, Warning, Error };

// Receives a run while it goes. Called on the engine's thread: implementations hand the data on
// (queued signal, lock-free queue) and return quickly.
class EngineObserver {
public:
    virtual ~EngineObserver() = default;
    virtual void onTraceDelta(const TraceDelta& /*delta*/) {}
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

// DESIGN.md §2: run(scenario, observer, cancel) -> RunResult. Engines never throw across this
// boundary and never exit the process.
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
