// Replot time of the timeline at 1600x900 for 1M and 10M events (median of several replots; the
// two sizes are measured in turns, three frames at a time).
// Targets (docs/architecture.md section 11, perfetto #1625): 1M <= 16 ms, and 10M close to 1M: cost
// follows pixels, not events. Prints numbers; asserts nothing (timings do not belong in unit
// tests).
//   QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_replot [--quick] [--profile fit|zoom|pan]
// --profile builds the larger size only and repeats one kind of frame 300 times, so a profiler's
// samples are that frame's and not the model build's; with --profile-smaller, the smaller size
// (to compare the two sizes' profiles).
// --quick (what CTest runs, to keep the bench compiling and running) uses 10k and 100k events in
// place of 1M and 10M and fewer replots; the result keys keep their names (the smaller and the
// larger size), `scale=quick` and events_1m / events_10m say what was measured.
// The last line is `result: frame_ms_1m=… frame_ms_10m=… ratio_10m_1m=… …`: a frame is the worst of
// the median CPU ms of fit, zoom and pan; the ratio is the larger size's frame over the smaller's,
// both measured in this run. fit_ratio, zoom_ratio and pan_ratio are each kind's own ratio: the
// issue 14 target names the zoom-to-fit frame, and ratio_10m_1m holds every kind to it.

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <tuple>
#include <vector>

#include "core/model/huge_pages.h"
#include "core/model/trace.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;

namespace {

// A run-shaped trace of about `n` events: launches on the host thread, kernels round-robin on four
// streams, and every 16th kernel a stream sync with a host wait; memory sampled every 64 kernels.
std::shared_ptr<Trace> makeTrace(std::uint32_t n) {
    auto t = std::make_shared<Trace>();
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    for (std::uint32_t s = 0; s < 4; ++s)
        t->addLane({LaneKind::Stream, "stream " + std::to_string(s), s, StreamKind::NonBlocking, 0,
                    kNoLane, kNone});
    const auto launch = t->strings.intern("cudaLaunchKernel");
    const auto kernel = t->strings.intern("bench_kernel");
    const auto sync = t->strings.intern("cudaStreamSynchronize");
    // On huge pages, as every trace the window gets is (the loader's rows, the simulator's and
    // the importers' buffers: HugePages).
    HugePages::reserve(t->events, n + 16);
    HugePages::reserve(t->flows, n);
    TimeNs host = 0;
    TimeNs streamFree[4] = {0, 0, 0, 0};
    std::uint32_t k = 0;
    while (t->events.size() + 4 <= n) {
        TraceEvent api;
        api.kind = EventKind::ApiCall;
        api.api = ApiId::LaunchKernel;
        api.lane = 0;
        api.start_ns = host;
        api.end_ns = host + 2'000;
        api.name = launch;
        api.batch = k / 64;
        const auto s = static_cast<std::uint16_t>(k % 4);
        api.target_lane = static_cast<std::uint16_t>(2 + s);
        const auto ai = t->addEvent(api);
        TraceEvent ke;
        ke.kind = EventKind::Kernel;
        ke.lane = static_cast<std::uint16_t>(2 + s);
        ke.start_ns = std::max(host + 3'000, streamFree[s]);
        ke.end_ns = ke.start_ns + 7'000 + (k % 7) * 500;
        ke.name = kernel;
        ke.batch = k / 64;
        streamFree[s] = ke.end_ns;
        const auto ki = t->addEvent(ke);
        t->flows.push_back({ai, ki, FlowKind::Launch});
        host += 2'500;
        if (k % 16 == 15) {
            TraceEvent w;
            w.kind = EventKind::HostWait;
            w.lane = 1;
            w.start_ns = host;
            w.end_ns = std::max(host + 1'000, streamFree[s] + 2'000);
            w.flags = (k / 16) % 2 ? event_flags::kSleeping : event_flags::kSpinning;
            w.awaited = ki;
            w.name = sync;
            const auto wi = t->addEvent(w);
            t->flows.push_back({wi, ki, FlowKind::Awaited});
            host = w.end_ns;
        }
        if (k % 64 == 0)
            t->memory.push_back({host, static_cast<std::int64_t>(k % 4096) << 20, -1, -1, -1, -1});
        ++k;
    }
    return t;
}

double cpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Wall and CPU time of replots. The CPU time is what to compare on a busy machine: wall time
// there includes waiting for a core.
struct Samples {
    std::vector<double> wall;
    std::vector<double> cpu;
};

struct Timing {
    double wall = 0;
    double cpu = 0;
};

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

Timing medianOf(const Samples& s) {
    return {median(s.wall), median(s.cpu)};
}

void timeReplot(TimelineView& view, Samples& into) {
    QElapsedTimer timer;
    const double c0 = cpuMs();
    timer.start();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    into.wall.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    into.cpu.push_back(cpuMs() - c0);
}

// One size's view and where its three kinds of frame look.
struct Sized {
    std::shared_ptr<Trace> trace;
    std::unique_ptr<TimelineView> view;
    double modelMs = 0;
    std::size_t items = 0;
    double lo = 0;  // the fitted range, for zoom and pan
    double hi = 0;
    Samples frames[3];  // fit, zoom 1 %, pan
};

enum Frame { kFit = 0, kZoom = 1, kPan = 2 };

// Puts the view where frame `kind`'s `i`-th sample looks. Fit and zoom keep one range; a pan
// moves by a new 10 % range each frame, as while dragging.
void aim(Sized& s, int kind, int i) {
    const double span = (s.hi - s.lo) / 100.0;
    if (kind == kFit)
        s.view->zoomToFit();
    else if (kind == kZoom)
        s.view->zoomToRange(static_cast<TimeNs>(s.lo + 40 * span),
                            static_cast<TimeNs>(s.lo + 41 * span));
    else
        s.view->zoomToRange(static_cast<TimeNs>(s.lo + (10 + i % 60) * span),
                            static_cast<TimeNs>(s.lo + (20 + i % 60) * span));
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    const char* profile = nullptr;
    bool profileSmaller = false;  // --profile-smaller: profile the smaller size instead
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--profile") == 0 && i + 1 < argc &&
                   (std::strcmp(argv[i + 1], "fit") == 0 || std::strcmp(argv[i + 1], "zoom") == 0 ||
                    std::strcmp(argv[i + 1], "pan") == 0)) {
            profile = argv[++i];
        } else if (std::strcmp(argv[i], "--profile-smaller") == 0) {
            profileSmaller = true;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            // Qt's own options (-platform …) take one dash and are left to QApplication.
            std::fprintf(
                stderr,
                "bench_replot: unknown argument '%s'\n"
                "usage: bench_replot [--quick] [--profile fit|zoom|pan [--profile-smaller]]\n",
                argv[i]);
            return 2;
        }
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int runs = profile ? 300 : quick ? 5 : 21;
    const std::uint32_t sizes[2] = {quick ? 10'000u : 1'000'000u, quick ? 100'000u : 10'000'000u};
    std::printf("replot of a 1600x900 timeline, median of %d, wall / CPU ms%s\n", runs,
                quick ? "; quick mode" : "");
    std::printf("%-9s %9s %17s %17s %17s %7s\n", "events", "model ms", "fit (all shown)", "zoom 1%",
                "pan", "items");
    const int firstTier = profile && !profileSmaller ? 1 : 0;
    const int endTier = profile && profileSmaller ? 1 : 2;
    Sized sized[2];
    for (int tier = firstTier; tier < endTier; ++tier) {
        Sized& s = sized[tier];
        s.trace = makeTrace(sizes[tier]);
        s.view = std::make_unique<TimelineView>();
        s.view->resize(1600, 900);
        s.view->show();
        QElapsedTimer build;
        build.start();
        s.view->setTrace(s.trace);
        s.modelMs = static_cast<double>(build.nsecsElapsed()) / 1e6;
        QCoreApplication::processEvents();
        s.view->plot()->replot(QCustomPlot::rpImmediateRefresh);  // warm caches (labels, buffers)
        s.items = s.view->lanes()->lastItemCount();
        std::tie(s.lo, s.hi) = s.view->visibleRange();
    }
    // The two sizes take turns, a few frames at a time, so that a drift of the machine's speed
    // (a VM's neighbours) reaches both alike and the ratio stays a ratio.
    constexpr int kBlock = 3;
    for (int kind = kFit; kind <= kPan; ++kind) {
        if (profile && std::strcmp(profile, kind == kFit ? "fit" : kind == kZoom ? "zoom" : "pan"))
            continue;
        for (int done = 0; done < runs; done += kBlock) {
            for (int tier = firstTier; tier < endTier; ++tier) {
                Sized& s = sized[tier];
                if (kind != kPan) {
                    aim(s, kind, done);
                    s.view->plot()->replot(QCustomPlot::rpImmediateRefresh);  // back in cache
                }
                for (int i = done; i < std::min(runs, done + kBlock); ++i) {
                    if (kind == kPan)
                        aim(s, kind, i);
                    timeReplot(*s.view, s.frames[kind]);
                }
            }
        }
    }
    double frame[2] = {0, 0};
    double kindCpu[2][3] = {};
    std::size_t events[2] = {0, 0};
    for (int tier = firstTier; tier < endTier; ++tier) {
        const Sized& s = sized[tier];
        const Timing fit = medianOf(s.frames[kFit]);
        const Timing zoomed = medianOf(s.frames[kZoom]);
        const Timing pan = medianOf(s.frames[kPan]);
        std::printf("%-9zu %9.1f %8.2f / %6.2f %8.2f / %6.2f %8.2f / %6.2f %7zu\n",
                    s.trace->events.size(), s.modelMs, fit.wall, fit.cpu, zoomed.wall, zoomed.cpu,
                    pan.wall, pan.cpu, s.items);
        frame[tier] = std::max({fit.cpu, zoomed.cpu, pan.cpu});
        kindCpu[tier][kFit] = fit.cpu;
        kindCpu[tier][kZoom] = zoomed.cpu;
        kindCpu[tier][kPan] = pan.cpu;
        events[tier] = s.trace->events.size();
    }
    const auto ratioOf = [](double smaller, double larger) {
        return smaller > 0 ? larger / smaller : 0.0;
    };
    const double ratio = ratioOf(frame[0], frame[1]);
    std::printf("%zu events: worst median CPU %.2f ms%s; %zu events: %.2f ms = %.2fx\n", events[0],
                frame[0], quick ? "" : " (target <= 16 ms)", events[1], frame[1], ratio);
    std::printf(
        "result: frame_ms_1m=%.3f frame_ms_10m=%.3f ratio_10m_1m=%.2f events_1m=%zu "
        "events_10m=%zu fit_ratio=%.2f zoom_ratio=%.2f pan_ratio=%.2f scale=%s\n",
        frame[0], frame[1], ratio, events[0], events[1],
        ratioOf(kindCpu[0][kFit], kindCpu[1][kFit]), ratioOf(kindCpu[0][kZoom], kindCpu[1][kZoom]),
        ratioOf(kindCpu[0][kPan], kindCpu[1][kPan]), quick ? "quick" : "full");
    return 0;
}
