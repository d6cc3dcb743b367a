// Simulator throughput and trace compactness. Prints figures; asserts nothing (run it by hand:
// build/release/tests/bench/bench_sim [iterations]).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/engine/engine_factory.h"
#include "core/model/scenario.h"

namespace {

using namespace syncscope;

// Counts what a live view would receive, so the delta path is part of the measurement.
class CountingObserver final : public EngineObserver {
public:
    void onTraceDelta(const TraceDelta& delta) override {
        ++deltas;
        events += delta.new_events.size();
    }
    std::size_t deltas = 0;
    std::size_t events = 0;
};

Step kernelStep(std::uint32_t stream, TimeNs ns) {
    Step s;
    s.kind = StepKind::Kernel;
    s.stream = stream;
    s.duration_ns = ns;
    return s;
}

// `iterations` × (one 10 µs kernel on each of 4 streams, then a sync).
Scenario scenario(std::uint32_t iterations, StepKind sync) {
    Scenario s;
    s.title = "bench";
    for (int i = 0; i < 4; ++i)
        s.streams.push_back({"s" + std::to_string(i), StreamKind::NonBlocking, 0});
    Step repeat;
    repeat.kind = StepKind::Repeat;
    repeat.count = iterations;
    repeat.batch_stride = 1;
    for (std::uint32_t i = 0; i < 4; ++i) {
        repeat.body.push_back(kernelStep(i, 10'000));
        repeat.body.back().batch = 0;
    }
    Step s_sync;
    s_sync.kind = sync;
    s_sync.stream = 0;
    repeat.body.push_back(s_sync);
    s.program = {repeat};
    return s;
}

double cpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void bench(const char* label, const Scenario& scenario) {
    const auto engine = makeSimEngine();
    CountingObserver observer;
    CancelToken cancel;
    const double cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    const RunResult result = engine->run(scenario, observer, cancel);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpuSeconds() - cpu0;
    if (result.status != RunStatus::Ok) {
        std::printf("%s: %s: %s\n", label, std::string(toString(result.status)).c_str(),
                    result.message.c_str());
        return;
    }
    const Trace& trace = result.trace;
    const double steps = static_cast<double>(expandedStepCount(scenario.program));
    std::size_t kernels = 0;
    for (const auto& e : trace.events)
        kernels += e.kind == EventKind::Kernel;
    const double footprint = static_cast<double>(trace.memoryFootprint());
    std::printf("%s\n", label);
    std::printf("  steps %.0f, kernels %zu, events %zu, flows %zu, deltas %zu (%zu events)\n",
                steps, kernels, trace.events.size(), trace.flows.size(), observer.deltas,
                observer.events);
    std::printf(
        "  wall %.1f ms: %.2f M simulated ops (steps)/s, %.2f M kernels/s, %.2f M events/s\n",
        seconds * 1e3, steps / seconds / 1e6, static_cast<double>(kernels) / seconds / 1e6,
        static_cast<double>(trace.events.size()) / seconds / 1e6);
    std::printf(
        "  cpu %.1f ms (wall > cpu when the machine is busy): %.2f M simulated ops/s of CPU\n",
        cpu * 1e3, steps / cpu / 1e6);
    std::printf("  trace %.1f MiB, %.1f bytes/event; simulated makespan %.3f s\n",
                footprint / 1048576.0, footprint / static_cast<double>(trace.events.size()),
                static_cast<double>(trace.events.empty() ? 0 : trace.events.back().end_ns) / 1e9);
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint32_t iterations =
        argc > 1 ? static_cast<std::uint32_t>(std::atoi(argv[1])) : 250'000;
    bench("4 streams x 10 us kernels, stream sync per iteration",
          scenario(iterations, StepKind::StreamSync));
    bench("4 streams x 10 us kernels, device sync per iteration",
          scenario(iterations, StepKind::DeviceSync));
    return 0;
}
