// Simulator throughput and trace compactness. Prints figures; asserts nothing. Run by hand:
//   build/release/tests/bench/bench_sim [iterations=250000] [runs=3]
// Each scenario runs `runs` times; wall and CPU time are printed per run (on a shared machine wall
// time includes waiting for a core, and the first run also pays for fresh pages), then the best.
#include <sys/resource.h>

#include <algorithm>
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

double cpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

Step kernelStep(std::uint32_t stream, TimeNs ns) {
    Step s;
    s.kind = StepKind::Kernel;
    s.stream = stream;
    s.duration_ns = ns;
    s.batch = 0;
    return s;
}

// `iterations` × (one 10 µs kernel on each of 4 non-blocking streams, then a sync).
Scenario scenario(std::uint32_t iterations, StepKind sync) {
    Scenario s;
    s.title = "bench";
    for (int i = 0; i < 4; ++i)
        s.streams.push_back({"s" + std::to_string(i), StreamKind::NonBlocking, 0});
    Step repeat;
    repeat.kind = StepKind::Repeat;
    repeat.count = iterations;
    repeat.batch_stride = 1;
    for (std::uint32_t i = 0; i < 4; ++i)
        repeat.body.push_back(kernelStep(i, 10'000));
    Step s_sync;
    s_sync.kind = sync;
    s_sync.stream = 0;
    repeat.body.push_back(s_sync);
    s.program = {repeat};
    return s;
}

void bench(const char* label, const Scenario& scenario, int runs) {
    const auto engine = makeSimEngine();
    const double steps = static_cast<double>(expandedStepCount(scenario.program));
    std::printf("%s: %.0f steps\n", label, steps);
    double best_wall = 1e30, best_cpu = 1e30;
    for (int run = 1; run <= runs; ++run) {
        CountingObserver observer;
        CancelToken cancel;
        const double cpu0 = cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        const RunResult result = engine->run(scenario, observer, cancel);
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double cpu = cpuSeconds() - cpu0;
        if (result.status != RunStatus::Ok) {
            std::printf("  %s: %s\n", std::string(toString(result.status)).c_str(),
                        result.message.c_str());
            return;
        }
        best_wall = std::min(best_wall, wall);
        best_cpu = std::min(best_cpu, cpu);
        const Trace& trace = result.trace;
        std::size_t kernels = 0;
        for (const auto& e : trace.events)
            kernels += e.kind == EventKind::Kernel;
        const double footprint = static_cast<double>(trace.memoryFootprint());
        std::printf(
            "  run %d: wall %.1f ms (%.2f M ops/s), cpu %.1f ms (%.2f M ops/s); kernels %zu, "
            "events %zu, flows %zu, %zu deltas carrying %zu events; trace %.1f MiB = %.1f "
            "bytes/event\n",
            run, wall * 1e3, steps / wall / 1e6, cpu * 1e3, steps / cpu / 1e6, kernels,
            trace.events.size(), trace.flows.size(), observer.deltas, observer.events,
            footprint / 1048576.0, footprint / static_cast<double>(trace.events.size()));
    }
    std::printf("  best: wall %.1f ms = %.2f M simulated ops/s; cpu %.1f ms = %.2f M ops/s\n",
                best_wall * 1e3, steps / best_wall / 1e6, best_cpu * 1e3, steps / best_cpu / 1e6);
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint32_t iterations =
        argc > 1 ? static_cast<std::uint32_t>(std::atoi(argv[1])) : 250'000;
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    std::printf("simulated op = one expanded scenario step (a kernel launch, a sync, ...)\n");
    bench("1M kernels: 4 streams x 10 us kernels, stream sync per iteration",
          scenario(iterations, StepKind::StreamSync), runs);
    bench("1M kernels: 4 streams x 10 us kernels, device sync per iteration",
          scenario(iterations, StepKind::DeviceSync), runs);
    return 0;
}
