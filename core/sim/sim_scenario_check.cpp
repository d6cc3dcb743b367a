#include "core/sim/sim_scenario_check.h"

#include "core/model/device_profile.h"
#include "core/model/step_uses.h"

namespace syncscope {

namespace {

std::string outOfRange(const std::string& path, const char* field, std::uint32_t index,
                       std::size_t size, const char* what) {
    return path + "." + field + ": " + what + " " +
           (index == kNone ? std::string("is missing")
                           : std::to_string(index) + " does not exist") +
           " (the scenario has " + std::to_string(size) + ")";
}

bool usesBuffer(StepKind kind) {
    return kind == StepKind::Malloc || kind == StepKind::Free || kind == StepKind::MallocAsync ||
           kind == StepKind::FreeAsync || kind == StepKind::TensorAlloc ||
           kind == StepKind::TensorFree || kind == StepKind::RecordStream;
}

}  // namespace

std::string SimScenarioCheck::firstError(const Scenario& scenario) {
    if (!findDeviceProfile(scenario.device)) {
        std::string known;
        for (const auto& p : builtinDeviceProfiles())
            known += (known.empty() ? "" : ", ") + p.id;
        return "device: unknown device profile '" + scenario.device + "' (known: " + known + ")";
    }
    if (scenario.streams.size() > Scenario::kMaxStreams)
        return "streams: " + std::to_string(scenario.streams.size()) + " streams, at most " +
               std::to_string(Scenario::kMaxStreams);
    return checkSteps(scenario, scenario.program, "steps");
}

std::string SimScenarioCheck::checkSteps(const Scenario& scenario, const std::vector<Step>& steps,
                                         const std::string& path) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string here = path + "[" + std::to_string(i) + "]";
        std::string error = steps[i].kind == StepKind::Repeat
                                ? checkSteps(scenario, steps[i].body, here + ".body")
                                : checkStep(scenario, steps[i], here);
        if (!error.empty())
            return error;
    }
    return {};
}

std::string SimScenarioCheck::checkStep(const Scenario& scenario, const Step& step,
                                        const std::string& path) {
    const auto kind = step.kind;
    if (stepKindUsesStream(kind) && step.stream >= scenario.streams.size())
        return outOfRange(path, "stream", step.stream, scenario.streams.size(), "stream");
    if (kind == StepKind::WaitStream && step.other_stream >= scenario.streams.size())
        return outOfRange(path, "other", step.other_stream, scenario.streams.size(), "stream");
    if (stepKindUsesEvent(kind) && step.event >= scenario.events.size())
        return outOfRange(path, "event", step.event, scenario.events.size(), "event");
    if (usesBuffer(kind) && step.buffer >= scenario.buffers.size())
        return outOfRange(path, "buffer", step.buffer, scenario.buffers.size(), "buffer");
    for (std::size_t u = 0; u < step.uses.size(); ++u)
        if (step.uses[u] >= scenario.buffers.size())
            return outOfRange(path, ("uses[" + std::to_string(u) + "]").c_str(), step.uses[u],
                              scenario.buffers.size(), "buffer");
    if (step.duration_ns < 0)
        return path + ".duration_us: must not be negative";
    if (kind == StepKind::Kernel && (step.block == 0 || step.block > 1024))
        return path + ".block: must be 1..1024, got " + std::to_string(step.block);
    if (kind == StepKind::EventQueryPoll && step.poll_interval_ns <= 0)
        return path + ".poll_interval_us: must be > 0";
    return {};
}

}  // namespace syncscope
