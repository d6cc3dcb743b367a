#include "core/sim/sim_engine.h"

#include <exception>
#include <memory>
#include <new>

#include "core/engine/engine_factory.h"
#include "core/sim/sim_event_estimate.h"
#include "core/sim/sim_run.h"
#include "core/sim/sim_scenario_check.h"

namespace syncscope {

namespace {

RunResult failed(std::string message) {
    RunResult result;
    result.status = RunStatus::Failed;
    result.message = std::move(message);
    return result;
}

}  // namespace

EngineAvailability SimEngine::availability() const noexcept {
    EngineAvailability a;
    a.available = true;
    try {
        a.device_name = "simulated GPU";
    } catch (...) {
    }
    return a;
}

RunResult SimEngine::run(const Scenario& input, EngineObserver& observer,
                         const CancelToken& cancel) noexcept {
    try {
        // Synchronous copies and memsets run on the default stream, whatever a scenario built in
        // code put in their `stream`.
        // Copied once, and that copy travels with the trace: a program of a million explicit steps
        // is ~200 MB, so it is not copied a second time for the trace.
        auto resolved = std::make_shared<Scenario>(input);
        if (!assignDefaultStream(*resolved))
            return failed(
                "invalid scenario: no room for the default stream that synchronous "
                "copies run on (at most 64 streams)");
        const Scenario& scenario = *resolved;
        if (std::string error = SimScenarioCheck::firstError(scenario); !error.empty())
            return failed("invalid scenario: " + error);
        const std::size_t steps = expandedStepCount(scenario.program);
        if (steps > kMaxSteps)
            return failed("the program expands to " + std::to_string(steps) +
                          " steps; the simulator runs at most " + std::to_string(kMaxSteps));
        const DeviceProfile profile = *findDeviceProfile(scenario.device);
        if (const std::uint64_t events = SimEventEstimate::events(scenario, profile);
            events > kMaxEvents)
            return failed("the run would record up to " + std::to_string(events) +
                          " events (mostly cudaEventQuery polls); the simulator records at most " +
                          std::to_string(kMaxEvents) +
                          ": use a longer poll_interval_us or fewer "
                          "repeats");
        // On the heap: the run's state is large, and the caller's stack may be a worker thread's.
        auto sim = std::make_unique<SimRun>(std::move(resolved), profile, observer, cancel);
        return sim->run();
    } catch (const std::bad_alloc&) {
        return failed("the simulator ran out of host memory");
    } catch (const std::exception& e) {
        return failed(std::string("simulator error: ") + e.what());
    } catch (...) {
        return failed("simulator error: unknown exception");
    }
}

std::unique_ptr<Engine> makeSimEngine() {
    return std::make_unique<SimEngine>();
}

}  // namespace syncscope
