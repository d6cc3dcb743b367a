#include <QtTest>
#include <limits>

#include "core/analysis/trace_stats.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

class TestTraceStats : public QObject {
    Q_OBJECT

private slots:
    void handMadeTrace() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
        const auto k2 = b.kernel(s2, "k2").enq(us(5), us(10)).gpu(us(50), us(150));
        b.call(ApiId::StreamSynchronize, us(10), us(152), s2);
        b.hostWait(us(10), us(152), k2.op, event_flags::kSpinning, us(142));
        const auto copy = b.enqueue(ApiId::Memcpy, s1, EventKind::Memcpy, "DtoH")
                              .enq(us(152), us(252))
                              .gpu(us(200), us(250))
                              .flags(event_flags::kImplicitSync);
        b.hostWait(us(160), us(252), copy.op, event_flags::kSleeping, -1);
        b.call(ApiId::DeviceSynchronize, us(252), us(253));
        // The recorder's own sync is counted as an event, not as a sync or a wait.
        b.call(ApiId::DeviceSynchronize, us(240), us(241)).flags(event_flags::kInstrumentation);
        b.memory({0, 10, 5, 3, -1, -1})
            .memory({us(100), 30, 7, 4, -1, -1})
            .memory({us(200), 20, 6, 2, -1, -1});

        const TraceStats stats = computeStats(b.trace());
        QCOMPARE(stats.first_ns, TimeNs{0});
        QCOMPARE(stats.makespan_ns, us(253));
        QCOMPARE(stats.host_blocked_ns, us(142 + 92));
        QCOMPARE(stats.host_cpu_burnt_ns, us(142));
        QCOMPARE(stats.waits_cpu_unknown, std::uint64_t{1});
        QCOMPARE(stats.host_waits, std::uint64_t{2});
        QCOMPARE(stats.gpu_span_ns, us(240));
        QCOMPARE(stats.gpu_busy_ns, us(190));
        QCOMPARE(stats.gpu_idle_ns, us(50));
        QCOMPARE(stats.gpu_idle_from_syncs_ns, us(50));
        QCOMPARE(stats.stream_overlap_ns, us(50));
        QCOMPARE(stats.stream_overlap_ratio, 50.0 / 190.0);
        QCOMPARE(stats.peak_device_used, std::int64_t{30});
        QCOMPARE(stats.peak_pool_reserved, std::int64_t{7});
        QCOMPARE(stats.peak_pool_used, std::int64_t{4});
        QCOMPARE(stats.peak_allocated, std::int64_t{-1});
        QCOMPARE(stats.peak_reserved, std::int64_t{-1});
        auto kind = [&](EventKind k) { return stats.events_by_kind[static_cast<std::size_t>(k)]; };
        QCOMPARE(kind(EventKind::ApiCall), std::uint64_t{6});
        QCOMPARE(kind(EventKind::HostWait), std::uint64_t{2});
        QCOMPARE(kind(EventKind::Kernel), std::uint64_t{2});
        QCOMPARE(kind(EventKind::Memcpy), std::uint64_t{1});
        QCOMPARE(kind(EventKind::StreamWait), std::uint64_t{0});
        auto syncs = [&](ApiId a) { return stats.sync_calls_by_api[static_cast<std::size_t>(a)]; };
        QCOMPARE(syncs(ApiId::StreamSynchronize), std::uint64_t{1});
        QCOMPARE(syncs(ApiId::Memcpy), std::uint64_t{1});
        QCOMPARE(syncs(ApiId::DeviceSynchronize), std::uint64_t{1});
        QCOMPARE(syncs(ApiId::LaunchKernel), std::uint64_t{0});
        QCOMPARE(stats.sync_calls, std::uint64_t{3});
    }

    void touchingOpsDoNotOverlap() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        b.bareOp(s1, EventKind::Kernel, us(0), us(10));
        b.bareOp(s2, EventKind::Kernel, us(10), us(20));
        b.bareOp(s1, EventKind::Kernel, us(5), us(8));  // same lane: not an overlap of streams
        const TraceStats stats = computeStats(b.trace());
        QCOMPARE(stats.stream_overlap_ns, TimeNs{0});
        QCOMPARE(stats.gpu_busy_ns, us(20));
        QCOMPARE(stats.gpu_idle_ns, TimeNs{0});
    }

    // Times at both ends of int64: sums and differences saturate instead of wrapping (a makespan
    // of INT64_MAX - INT64_MIN once printed as -1 ns).
    void extremeTimesSaturate() {
        constexpr TimeNs lo = std::numeric_limits<TimeNs>::min();
        constexpr TimeNs hi = std::numeric_limits<TimeNs>::max();
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        b.bareOp(s1, EventKind::Kernel, lo, lo + 10);
        b.bareOp(s2, EventKind::Kernel, hi - 10, hi);
        b.hostWait(lo, hi, kNone, event_flags::kSpinning, hi);
        b.hostWait(0, hi, kNone, event_flags::kSpinning, hi);
        const TraceStats stats = computeStats(b.trace());
        QCOMPARE(stats.first_ns, lo);
        QCOMPARE(stats.makespan_ns, hi);
        QCOMPARE(stats.gpu_span_ns, hi);
        QCOMPARE(stats.gpu_busy_ns, TimeNs{20});
        QCOMPARE(stats.gpu_idle_ns, hi - 20);
        QCOMPARE(stats.stream_overlap_ns, TimeNs{0});
        QCOMPARE(stats.host_blocked_ns, hi);
        QCOMPARE(stats.host_cpu_burnt_ns, hi);
        QVERIFY(stats.gpu_idle_from_syncs_ns >= 0);
    }

    // The profiler's own "Record Window End" on a hidden bookkeeping row (the BERT trace: work
    // ends at 5 ms, the marker at 8.4 ms) is not the program's: the makespan ends with the work.
    void makespanLeavesOutTheRecordersBookkeepingRows() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "k1").enq(us(10), us(15)).gpu(us(20), us(120));
        Trace trace = b.trace();
        Lane lane;
        lane.kind = LaneKind::Other;
        lane.name = "/";
        lane.bookkeeping = true;
        const auto row = trace.addLane(lane);
        TraceEvent marker;
        marker.kind = EventKind::Annotation;
        marker.lane = row;
        marker.start_ns = us(0);
        marker.end_ns = us(900);
        marker.name = trace.strings.intern("Record Window End");
        trace.addEvent(marker);
        const TraceStats stats = computeStats(trace);
        QCOMPARE(stats.first_ns, us(10));
        QCOMPARE(stats.makespan_ns, us(110));
        QCOMPARE(stats.events_by_kind[static_cast<std::size_t>(EventKind::Annotation)],
                 std::uint64_t{1});
    }

    void emptyTrace() {
        const TraceStats stats = computeStats(Trace{});
        QCOMPARE(stats.makespan_ns, TimeNs{0});
        QCOMPARE(stats.gpu_span_ns, TimeNs{0});
        QCOMPARE(stats.stream_overlap_ratio, 0.0);
        QCOMPARE(stats.peak_device_used, std::int64_t{-1});
    }
};

QTEST_GUILESS_MAIN(TestTraceStats)
#include "tst_trace_stats.moc"
