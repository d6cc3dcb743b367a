// Range statistics and the overview's shades on a run-shaped trace of 1M events: the time of one
// RangeStatistics (whole trace, and a tenth of it) and of one overview rebuild (1600 columns of
// OverviewStrip::density over the host and four streams). Prints numbers; asserts nothing.

#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/range_statistics.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/timeline_model.h"

using namespace syncscope;

namespace {

// Launch calls on the host thread, kernels round-robin on four streams.
std::shared_ptr<Trace> makeTrace(std::uint32_t n) {
    auto t = std::make_shared<Trace>();
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    for (std::uint32_t s = 0; s < 4; ++s)
        t->addLane({LaneKind::Stream, "stream " + std::to_string(s), s, StreamKind::NonBlocking, 0,
                    kNoLane, kNone});
    const auto launch = t->strings.intern("cudaLaunchKernel");
    const std::uint32_t kernels[3] = {t->strings.intern("gemm"), t->strings.intern("relu"),
                                      t->strings.intern("reduce")};
    TimeNs host = 0;
    TimeNs stream_free[4] = {0, 0, 0, 0};
    for (std::uint32_t k = 0; t->events.size() + 2 <= n; ++k) {
        TraceEvent api;
        api.kind = EventKind::ApiCall;
        api.lane = 0;
        api.start_ns = host;
        api.end_ns = host + 2'000;
        api.name = launch;
        t->addEvent(api);
        const auto s = k % 4;
        TraceEvent ke;
        ke.kind = EventKind::Kernel;
        ke.lane = static_cast<std::uint16_t>(1 + s);
        ke.start_ns = std::max(host + 3'000, stream_free[s]);
        ke.end_ns = ke.start_ns + 7'000 + (k % 7) * 500;
        ke.name = kernels[k % 3];
        stream_free[s] = ke.end_ns;
        t->addEvent(ke);
        host += 2'500;
    }
    return t;
}

template <typename Fn>
double medianMs(int runs, Fn fn) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        fn();
        ms.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const auto trace = makeTrace(1'000'000);
    const GpuActivity activity(*trace);
    const TimelineModel model(trace);
    const TimeNs b = model.beginNs(), e = model.endNs();
    std::size_t rows = 0;
    const double whole =
        medianMs(5, [&] { rows += RangeStatistics(*trace, activity, b, e).rows().size(); });
    const double tenth = medianMs(5, [&] {
        rows +=
            RangeStatistics(*trace, activity, b + (e - b) * 4 / 10, b + (e - b) / 2).rows().size();
    });
    double shade = 0;
    const double overview = medianMs(5, [&] {
        for (const std::vector<std::uint16_t>& lanes :
             {std::vector<std::uint16_t>{0}, std::vector<std::uint16_t>{1, 2, 3, 4}})
            for (const double s : OverviewStrip::density(model, lanes, double(b), double(e), 1600))
                shade += s;
    });
    std::printf("events: %zu (rows seen %zu, shade sum %.1f)\n", trace->events.size(), rows, shade);
    std::printf("RangeStatistics, whole trace: %.2f ms\n", whole);
    std::printf("RangeStatistics, a tenth:     %.2f ms\n", tenth);
    std::printf("overview rebuild, 1600 columns x (host + 4 streams): %.2f ms\n", overview);
    return 0;
}
