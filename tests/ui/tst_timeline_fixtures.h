#pragma once

// Shared by the timeline and export suites: a fixed offscreen platform and DPI so pictures are
// reproducible (as hotspot's test utilities do), and traces built by hand after
// docs/trace-conventions.md.

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QTest>
#include <memory>

#include "core/model/trace.h"

namespace syncscope::testing {

inline void fixPlatform() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_FONT_DPI", "96");
    qputenv("QT_SCALE_FACTOR", "1");
    qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");
}

// Where a test may save pictures for a human to look at (SYNCSCOPE_UI_SHOTS=dir), else nowhere.
inline void maybeSave(const QImage& image, const QString& name) {
    const QString dir = qEnvironmentVariable("SYNCSCOPE_UI_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    image.save(dir + QLatin1Char('/') + name);
}

struct DemoIds {
    std::uint32_t firstKernelS0 = kNone;   // "gemm" of batch 0 on stream 0
    std::uint32_t firstSleepWait = kNone;  // first HostWait that slept
    std::uint32_t firstSpinWait = kNone;   // first HostWait that spun
    std::uint32_t firstStreamWait = kNone;
};

// A small run: per batch two launches on two streams, a copy, record + stream-wait-event, a stream
// sync the host waits in (spinning on even batches, sleeping on odd ones), then host work that
// leaves the GPU idle.
inline std::shared_ptr<Trace> makeDemoTrace(int batches = 6, DemoIds* ids = nullptr) {
    auto t = std::make_shared<Trace>();
    t->title = "two-stream pipeline";
    t->source = "builtin:two-stream-pipeline";
    t->device.name = "NVIDIA H200 (simulated)";
    t->device.engine = "sim";
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    t->addLane({LaneKind::Stream, "stream 0 (non-blocking)", 0, StreamKind::NonBlocking, 0, kNoLane,
                kNone});
    t->addLane({LaneKind::Stream, "stream 1 (non-blocking)", 1, StreamKind::NonBlocking, 0, kNoLane,
                kNone});
    constexpr TimeNs us = 1000;
    TimeNs now = 0, s0free = 0, s1free = 0;
    std::uint32_t corr = 1, step = 0;
    std::int64_t used = 512LL << 20;
    auto api = [&](ApiId id, TimeNs a, TimeNs b, std::uint16_t target, std::uint32_t batch) {
        TraceEvent e;
        e.kind = EventKind::ApiCall;
        e.api = id;
        e.lane = 0;
        e.start_ns = a;
        e.end_ns = b;
        e.target_lane = target;
        e.batch = batch;
        e.step = step++;
        e.name = t->strings.intern(std::string(apiName(id)));
        return t->addEvent(e);
    };
    auto gpu = [&](EventKind k, const char* name, std::uint16_t lane, TimeNs a, TimeNs b,
                   std::uint32_t batch, std::uint32_t launch) {
        TraceEvent e;
        e.kind = k;
        e.lane = lane;
        e.start_ns = a;
        e.end_ns = b;
        e.batch = batch;
        e.step = t->events[launch].step;
        e.correlation = corr;
        e.name = t->strings.intern(name);
        t->events[launch].correlation = corr++;
        const auto i = t->addEvent(e);
        t->flows.push_back({launch, i, FlowKind::Launch});
        return i;
    };
    t->memory.push_back({0, used, 0, 0, -1, -1});
    for (std::uint32_t b = 0; b < static_cast<std::uint32_t>(batches); ++b) {
        const auto l0 = api(ApiId::LaunchKernel, now, now + 8 * us, 2, b);
        const TimeNs k0s = std::max(now + 5 * us, s0free);
        const auto k0 =
            gpu(EventKind::Kernel, "gemm_kernel", 2, k0s, k0s + (400 + 50 * b) * us, b, l0);
        s0free = t->events[k0].end_ns;
        if (ids && b == 0)
            ids->firstKernelS0 = k0;
        const auto l1 = api(ApiId::LaunchKernel, now + 8 * us, now + 16 * us, 3, b);
        const TimeNs k1s = std::max(now + 13 * us, s1free);
        const auto k1 = gpu(EventKind::Kernel, "spin_kernel", 3, k1s, k1s + 300 * us, b, l1);
        const auto l2 = api(ApiId::MemcpyAsync, now + 16 * us, now + 22 * us, 3, b);
        const TimeNs cs = t->events[k1].end_ns;
        const auto cp = gpu(EventKind::Memcpy, "HtoD", 3, cs, cs + 120 * us, b, l2);
        t->events[cp].setBytes(64ULL << 20);
        t->events[l2].setBytes(64ULL << 20);
        used += 64LL << 20;
        t->memory.push_back({cs, used, 256LL << 20, 128LL << 20, -1, -1});
        s1free = t->events[cp].end_ns;
        const auto lr = api(ApiId::EventRecord, now + 22 * us, now + 25 * us, 2, b);
        const auto marker = gpu(EventKind::EventMarker, "ev_done", 2, s0free, s0free, b, lr);
        t->events[marker].cuda_event = 0;
        const auto lw = api(ApiId::StreamWaitEvent, now + 25 * us, now + 28 * us, 3, b);
        const TimeNs ws = s1free, we = std::max(s1free, s0free);
        const auto sw = gpu(EventKind::StreamWait, "wait ev_done", 3, ws, we, b, lw);
        t->events[sw].awaited = marker;
        t->events[sw].mode = SyncMode::StreamWaitEvent;
        t->flows.push_back({marker, sw, FlowKind::Record});
        if (ids && we > ws && ids->firstStreamWait == kNone)
            ids->firstStreamWait = sw;
        const auto lk = api(ApiId::LaunchKernel, now + 28 * us, now + 34 * us, 3, b);
        const auto red = gpu(EventKind::Kernel, "reduce_kernel", 3, we, we + 80 * us, b, lk);
        s1free = t->events[red].end_ns;
        const bool sleep = b % 2 == 1;
        const TimeNs wake = sleep ? 50 * us : 2 * us;
        const TimeNs syncEnd = s1free + wake;
        const auto ls = api(ApiId::StreamSynchronize, now + 35 * us, syncEnd, 3, b);
        t->events[ls].mode = SyncMode::Stream;
        TraceEvent w;
        w.kind = EventKind::HostWait;
        w.lane = 1;
        w.start_ns = now + 37 * us;
        w.end_ns = syncEnd;
        w.batch = b;
        w.step = t->events[ls].step;
        w.mode = SyncMode::Stream;
        w.api = ApiId::StreamSynchronize;
        w.flags = sleep ? event_flags::kSleeping : event_flags::kSpinning;
        w.setCpuNs(sleep ? 20 * us : w.end_ns - w.start_ns);
        w.awaited = red;
        w.name = t->strings.intern("cudaStreamSynchronize");
        const auto wi = t->addEvent(w);
        t->flows.push_back({wi, red, FlowKind::Awaited});
        if (ids && sleep && ids->firstSleepWait == kNone)
            ids->firstSleepWait = wi;
        if (ids && !sleep && ids->firstSpinWait == kNone)
            ids->firstSpinWait = wi;
        TraceEvent work;
        work.kind = EventKind::HostWork;
        work.lane = 0;
        work.start_ns = syncEnd + 5 * us;
        work.end_ns = syncEnd + 180 * us;
        work.batch = b;
        work.step = step++;
        work.name = t->strings.intern("prepare next batch");
        t->addEvent(work);
        now = work.end_ns + 5 * us;
        used -= 32LL << 20;
        t->memory.push_back({now, used, 256LL << 20, 96LL << 20, -1, -1});
    }
    return t;
}

// `n` back-to-back kernels of `durationNs` every `periodNs` on one stream (plus the lanes of a
// run).
inline std::shared_ptr<Trace> makeRegularTrace(std::uint32_t n, TimeNs durationNs,
                                               TimeNs periodNs) {
    auto t = std::make_shared<Trace>();
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    t->addLane({LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    const auto name = t->strings.intern("k");
    t->events.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.lane = 2;
        e.start_ns = static_cast<TimeNs>(i) * periodNs;
        e.end_ns = e.start_ns + durationNs;
        e.batch = i / 100;
        e.name = name;
        t->addEvent(e);
    }
    return t;
}

// A host stream sync that spun 1.80 ms for a kernel of batch 7 on stream 2.
inline Trace syncWaitTrace(std::uint32_t* waitIndex, std::uint32_t* kernelIndex) {
    Trace t;
    t.addLane({LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t.addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    t.addLane({LaneKind::Stream, "stream 2", 2, StreamKind::NonBlocking, 0, kNoLane, kNone});
    TraceEvent k;
    k.kind = EventKind::Kernel;
    k.lane = 2;
    k.start_ns = 1'000'000;
    k.end_ns = 3'000'000;
    k.batch = 7;
    k.step = 21;
    k.name = t.strings.intern("spin_kernel");
    *kernelIndex = t.addEvent(k);
    TraceEvent w;
    w.kind = EventKind::HostWait;
    w.lane = 1;
    w.start_ns = 1'200'000;
    w.end_ns = 3'000'000;
    w.batch = 7;
    w.step = 22;
    w.api = ApiId::StreamSynchronize;
    w.mode = SyncMode::Stream;
    w.flags = event_flags::kSpinning;
    w.setCpuNs(1'790'000);
    w.awaited = *kernelIndex;
    w.name = t.strings.intern("cudaStreamSynchronize");
    *waitIndex = t.addEvent(w);
    return t;
}

}  // namespace syncscope::testing

#define SYNCSCOPE_UI_TEST_MAIN(TestClass)            \
    int main(int argc, char** argv) {                \
        syncscope::testing::fixPlatform();           \
        QApplication::setAttribute(Qt::AA_Use96Dpi); \
        QApplication app(argc, argv);                \
        TestClass tc;                                \
        QTEST_SET_MAIN_SOURCE_PATH                   \
        return QTest::qExec(&tc, argc, argv);        \
    }
