// The timeline model's build alone (TimelineModel over a loaded trace): what opening a big trace
// costs between the loader and the first paint (issue 14: first paint of 10M events within 2 s, of
// which the native loader takes about 0.5 s). Prints numbers; asserts nothing.
//   build/ci/tests/bench/bench_model [--quick] [--runs N] [--no-hugepages]
// Full: bench_open's 10M-event native trace (bench_native_trace.h); --quick (what CTest runs, to
// keep it compiling and running): 200k events. Each run builds a fresh model over the same trace;
// the figure is the median wall time, with the CPU time of the whole process beside it (the build
// uses a second thread, so CPU above wall is that thread's share).
// The last line is `result: model_s=… model_cpu_s=… ns_per_event=… events=… hugepages=on|off`.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

#include "core/model/huge_pages.h"
#include "tests/bench/bench_native_trace.h"
#include "ui/timeline/timeline_model.h"

using namespace syncscope;

namespace {

double cpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    int runs = 3;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--no-hugepages") == 0) {
            HugePages::setEnabled(false);
        } else {
            std::fprintf(stderr,
                         "bench_model: unknown argument '%s'\n"
                         "usage: bench_model [--quick] [--runs N] [--no-hugepages]\n",
                         argv[i]);
            return 2;
        }
    }
    const std::uint32_t n = quick ? 200'000u : 10'000'000u;
    const auto trace = std::make_shared<const Trace>(bench::makeNativeTrace(n));
    std::vector<double> wall, cpu;
    std::size_t footprint = 0;
    for (int r = 0; r < runs; ++r) {
        const double c0 = cpuSeconds();
        const auto t0 = std::chrono::steady_clock::now();
        auto model = std::make_unique<TimelineModel>(trace);
        const double w =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double c = cpuSeconds() - c0;
        footprint = model->memoryFootprint();
        model.reset();  // freed outside the timing, as the window frees it in the background
        std::printf("build %d: %zu events in %.3f s wall, %.3f s CPU\n", r + 1,
                    trace->events.size(), w, c);
        std::fflush(stdout);
        wall.push_back(w);
        cpu.push_back(c);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    const double w = wall[wall.size() / 2];
    const double c = cpu[cpu.size() / 2];
    const double events = static_cast<double>(std::max<std::size_t>(1, trace->events.size()));
    std::printf(
        "result: model_s=%.3f model_cpu_s=%.3f ns_per_event=%.1f model_bytes_per_event=%.1f "
        "events=%zu hugepages=%s scale=%s\n",
        w, c, w * 1e9 / events, static_cast<double>(footprint) / events, trace->events.size(),
        HugePages::enabled() ? "on" : "off", quick ? "quick" : "full");
    return 0;
}
