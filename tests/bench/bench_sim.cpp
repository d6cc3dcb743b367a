// Simulator throughput and trace compactness. Prints figures; asserts nothing about timings.
//   build/ci/tests/bench/bench_sim [--quick] [--no-hugepages] [iterations=250000] [runs=3]
// Two scenarios of `iterations` × (one 10 µs kernel on each of 4 streams, then a sync), i.e.
// 1.25 M simulated ops each by default. Each runs `runs` times with huge pages for the trace's big
// buffers and `runs` times without (core/model/huge_pages.h), unless SYNCSCOPE_NO_HUGEPAGES=1 or
// --no-hugepages turned them off; wall and CPU time are printed per run (on a shared machine wall
// time includes waiting for a core), then the best. The runs without huge pages are the reference
// measured in the same process: hugepage_ratio = best ops/s with ÷ best ops/s without. Both must
// record the same trace (a hash of it is compared), or the bench fails.
// The last line is `result: key=value …` (tests/bench/CheckBenchResult.cmake reads it in CI).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/engine/engine_factory.h"
#include "core/model/huge_pages.h"
#include "core/model/scenario.h"

namespace {

using namespace syncscope;

// Counts what a live view would receive, so the delta path is part of the measurement.
class CountingObserver final : public EngineObserver {
public:
    void onTraceDelta(const TraceDeltaView& delta) override {
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

long minorFaults() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
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

// A hash of what the simulator recorded, to check that huge pages change nothing in the trace.
// Eight bytes a step (FNV-1a's multiply on 64-bit words): a byte loop over 160 MB of events took
// longer than the run it checks.
std::uint64_t traceHash(const Trace& trace) {
    std::uint64_t h = 1469598103934665603ull;
    const auto mix = [&h](std::uint64_t word) { h = (h ^ word) * 1099511628211ull; };
    static_assert(sizeof(TraceEvent) % sizeof(std::uint64_t) == 0 && sizeof(TraceEvent) == 56,
                  "TraceEvent has no padding to hash");
    const std::size_t words = trace.events.size() * sizeof(TraceEvent) / sizeof(std::uint64_t);
    const auto* bytes = reinterpret_cast<const unsigned char*>(trace.events.data());
    for (std::size_t i = 0; i < words; ++i) {
        std::uint64_t word = 0;
        std::memcpy(&word, bytes + i * sizeof word, sizeof word);
        mix(word);
    }
    for (const Flow& f : trace.flows)
        mix((std::uint64_t{f.from} << 32 | f.to) ^
            (std::uint64_t{static_cast<std::uint8_t>(f.kind)} << 61));
    return h;
}

struct Best {
    bool ok = false;
    double steps = 0;
    double wall = 1e30;
    double cpu = 1e30;
    double bytes_per_event = 0;
    std::uint64_t hash = 0;
    double opsPerS() const { return steps / wall; }
    double cpuOpsPerS() const { return steps / cpu; }
};

Best bench(const Scenario& scenario, int runs, bool huge_pages) {
    HugePages::setEnabled(huge_pages);
    const auto engine = makeSimEngine();
    Best best;
    best.steps = static_cast<double>(expandedStepCount(scenario.program));
    for (int run = 1; run <= runs; ++run) {
        CountingObserver observer;
        CancelToken cancel;
        const long faults0 = minorFaults();
        const double cpu0 = cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        const RunResult result = engine->run(scenario, observer, cancel);
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double cpu = cpuSeconds() - cpu0;
        const long faults = minorFaults() - faults0;
        if (result.status != RunStatus::Ok) {
            std::printf("  %s: %s\n", std::string(toString(result.status)).c_str(),
                        result.message.c_str());
            return best;
        }
        const Trace& trace = result.trace;
        const std::uint64_t hash = traceHash(trace);
        if (run > 1 && hash != best.hash) {
            std::printf("  run %d recorded a different trace than run 1\n", run);
            return best;
        }
        best.hash = hash;
        best.wall = std::min(best.wall, wall);
        best.cpu = std::min(best.cpu, cpu);
        const double footprint = static_cast<double>(trace.memoryFootprint());
        best.bytes_per_event = footprint / static_cast<double>(trace.events.size());
        std::printf(
            "  run %d (huge pages %s): wall %.1f ms (%.2f M ops/s), cpu %.1f ms (%.2f M ops/s); "
            "%ld page faults; events %zu, flows %zu, %zu deltas carrying %zu events; trace %.1f "
            "MiB = %.1f bytes/event\n",
            run, huge_pages ? "on" : "off", wall * 1e3, best.steps / wall / 1e6, cpu * 1e3,
            best.steps / cpu / 1e6, faults, trace.events.size(), trace.flows.size(),
            observer.deltas, observer.events, footprint / 1048576.0, best.bytes_per_event);
    }
    std::printf("  best (huge pages %s): wall %.1f ms = %.2f M ops/s; cpu %.1f ms = %.2f M ops/s\n",
                huge_pages ? "on" : "off", best.wall * 1e3, best.opsPerS() / 1e6, best.cpu * 1e3,
                best.cpuOpsPerS() / 1e6);
    best.ok = true;
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    bool huge_pages = HugePages::enabled();  // false under SYNCSCOPE_NO_HUGEPAGES=1
    std::uint32_t iterations = 250'000;
    int runs = 3;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
            iterations = 10'000;
            runs = 1;
        } else if (std::strcmp(argv[i], "--no-hugepages") == 0) {
            huge_pages = false;
        } else if (argv[i][0] >= '0' && argv[i][0] <= '9' && positional < 2) {
            const long value = std::strtol(argv[i], nullptr, 10);
            if (positional++ == 0)
                iterations = static_cast<std::uint32_t>(std::clamp(value, 1l, 1'000'000l));
            else
                runs = static_cast<int>(std::clamp(value, 1l, 100l));
        } else {
            std::fprintf(stderr,
                         "bench_sim: unknown argument '%s'\nusage: bench_sim [--quick] "
                         "[--no-hugepages] [iterations] [runs]\n",
                         argv[i]);
            return 2;
        }
    }
    std::printf("simulated op = one expanded scenario step (a kernel launch, a sync, ...)%s\n",
                quick ? "; quick mode" : "");
    std::printf("huge pages: %s\n", !HugePages::supported() ? "not supported here"
                                    : huge_pages            ? "on, and off as the reference"
                                                            : "off (turned off)");
    const struct {
        const char* label;
        StepKind sync;
    } cases[] = {{"4 streams x 10 us kernels, stream sync per iteration", StepKind::StreamSync},
                 {"4 streams x 10 us kernels, device sync per iteration", StepKind::DeviceSync}};
    Best headline, reference;
    for (const auto& c : cases) {
        const Scenario s = scenario(iterations, c.sync);
        std::printf("%s: %zu ops\n", c.label, expandedStepCount(s.program));
        const Best measured = bench(s, runs, huge_pages);
        if (!measured.ok)
            return 1;
        if (huge_pages) {
            const Best without = bench(s, runs, false);
            if (!without.ok)
                return 1;
            if (without.hash != measured.hash) {
                std::printf("  the trace differs with and without huge pages\n");
                return 1;
            }
            std::printf("  huge pages: %.2fx the ops/s without\n",
                        without.opsPerS() > 0 ? measured.opsPerS() / without.opsPerS() : 0.0);
            if (!reference.ok)
                reference = without;
        }
        if (!headline.ok)
            headline = measured;
    }
    // The headline is the first scenario (stream syncs), in the mode asked for.
    std::printf("result: ops_per_s=%.0f cpu_ops_per_s=%.0f bytes_per_event=%.1f hugepages=%s",
                headline.opsPerS(), headline.cpuOpsPerS(), headline.bytes_per_event,
                huge_pages ? "on" : "off");
    if (reference.ok)
        std::printf(" ops_per_s_no_hugepages=%.0f hugepage_ratio=%.2f\n", reference.opsPerS(),
                    headline.opsPerS() / reference.opsPerS());
    else
        std::printf(" ops_per_s_no_hugepages=n/a hugepage_ratio=n/a\n");
    return 0;
}
