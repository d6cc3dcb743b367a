// RangeStatistics: the events of a time range grouped by name and kind, clipped to the range, and
// the range's host blocked, stream wait and GPU busy/idle time, on a trace built by hand so every
// number below is worked out on paper.

#include <QtTest>
#include <algorithm>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/range_statistics.h"
#include "core/analysis/trace_stats.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

// Lanes: 0 host thread, 1 host waits, 2 s1, 3 s2.
//   s1: gemm [10,30] [40,60] [100,120]; record at 103 and at 200 (zero length)
//   s2: gemm [20,50]; stream wait [50,70]; copy [70,90]
//   host: python [0,200]; wait [60,100]; the recorder's own wait [30,35]
// GPU busy: [10,60] [70,90] [100,120]; gaps [60,70] [90,100].
Trace rangeTrace() {
    TraceBuilder b;
    const auto s1 = b.stream("s1");
    const auto s2 = b.stream("s2");
    b.bareOp(s1, EventKind::Kernel, us(10), us(30), "gemm");
    b.bareOp(s1, EventKind::Kernel, us(40), us(60), "gemm");
    b.bareOp(s1, EventKind::Kernel, us(100), us(120), "gemm");
    b.bareOp(s1, EventKind::EventMarker, us(103), us(103), "record");
    b.bareOp(s1, EventKind::EventMarker, us(200), us(200), "record");
    b.bareOp(s2, EventKind::Kernel, us(20), us(50), "gemm");
    b.bareOp(s2, EventKind::StreamWait, us(50), us(70), "wait");
    b.bareOp(s2, EventKind::Memcpy, us(70), us(90), "copy");
    b.hostWork(us(0), us(200), "python");
    Trace& t = b.trace();
    const auto wait = b.hostWait(us(60), us(100));
    t.events[wait].name = t.strings.intern("cudaStreamSynchronize wait");
    const auto own = b.hostWait(us(30), us(35), kNone, event_flags::kInstrumentation);
    t.events[own].name = t.strings.intern("recorder wait");
    return t;
}

const RangeStatistics::Row* find(const RangeStatistics& s, const std::string& name,
                                 EventKind kind) {
    const auto& rows = s.rows();
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const RangeStatistics::Row& r) {
        return r.name == name && r.kind == kind;
    });
    return it == rows.end() ? nullptr : &*it;
}

}  // namespace

class TestRangeStatistics : public QObject {
    Q_OBJECT

private slots:
    void groupsAndClipsToTheRange() {
        const Trace t = rangeTrace();
        const GpuActivity activity(t);
        const RangeStatistics s(t, activity, us(25), us(105));
        QCOMPARE(s.startNs(), us(25));
        QCOMPARE(s.lengthNs(), us(80));
        // gemm: 5 + 20 + 5 on s1, 25 on s2 clipped; whole durations 20, 20, 20, 30.
        const auto* gemm = find(s, "gemm", EventKind::Kernel);
        QVERIFY(gemm);
        QCOMPARE(gemm->count, 4u);
        QCOMPARE(gemm->total_ns, us(55));
        QCOMPARE(gemm->min_ns, us(20));
        QCOMPARE(gemm->max_ns, us(30));
        QCOMPARE(gemm->mean_ns, 22500.0);
        // It covers [25,60] and [100,105]: the two streams' overlap counts once.
        QCOMPARE(gemm->covered_ns, us(40));
        QCOMPARE(gemm->share, 40.0 / 80.0);
        const auto* python = find(s, "python", EventKind::HostWork);
        QVERIFY(python);
        QCOMPARE(python->total_ns, us(80));
        QCOMPARE(python->max_ns, us(200));
        QCOMPARE(python->share, 1.0);
        const auto* copy = find(s, "copy", EventKind::Memcpy);
        QVERIFY(copy);
        QCOMPARE(copy->total_ns, us(20));
        QCOMPARE(copy->share, 0.25);
        // Only the record inside the range counts; it has no length.
        const auto* record = find(s, "record", EventKind::EventMarker);
        QVERIFY(record);
        QCOMPARE(record->count, 1u);
        QCOMPARE(record->total_ns, 0);
        // 4 gemm, python, copy, stream wait, record and the 2 host waits, in 7 groups.
        QCOMPARE(s.eventCount(), 10u);
        QCOMPARE(s.rows().size(), std::size_t(7));
        // Longest first.
        QCOMPARE(s.rows().front().name, std::string("python"));
        QCOMPARE(s.rows()[1].name, std::string("gemm"));
        for (std::size_t k = 1; k < s.rows().size(); ++k)
            QVERIFY(s.rows()[k - 1].total_ns >= s.rows()[k].total_ns);
    }

    // Nested frames of one name (a recursive Python function, a deep stack of `forward`) sum
    // their time, but cover the range at most once: never "539 % of range".
    void nestedFramesCoverTheRangeOnce() {
        TraceBuilder b;
        b.hostWork(us(0), us(200), "forward");
        b.hostWork(us(10), us(190), "forward");
        b.hostWork(us(20), us(180), "forward");
        const Trace& t = b.trace();
        const GpuActivity activity(t);
        const RangeStatistics s(t, activity, us(0), us(200));
        const auto* forward = find(s, "forward", EventKind::HostWork);
        QVERIFY(forward);
        QCOMPARE(forward->total_ns, us(540));
        QCOMPARE(forward->covered_ns, us(200));
        QCOMPARE(forward->share, 1.0);
    }

    void hostAndGpuFiguresFollowTheTraceWideDefinitions() {
        const Trace t = rangeTrace();
        const GpuActivity activity(t);
        const RangeStatistics s(t, activity, us(25), us(105));
        // The wait [60,100] is inside; the recorder's own wait is not host blocked time.
        QCOMPARE(s.hostBlockedNs(), us(40));
        QCOMPARE(s.streamWaitNs(), us(20));
        // Busy [25,60] [70,90] [100,105]; idle [60,70] [90,100].
        QCOMPARE(s.gpuBusyNs(), us(60));
        QCOMPARE(s.gpuIdleNs(), us(20));
        // Over the whole GPU span the range figures are TraceStats'.
        const TraceStats stats = computeStats(t);
        const RangeStatistics all(t, activity, -us(1000), us(1000));
        QCOMPARE(all.gpuBusyNs(), stats.gpu_busy_ns);
        QCOMPARE(all.gpuIdleNs(), stats.gpu_idle_ns);
        QCOMPARE(all.hostBlockedNs(), stats.host_blocked_ns);
    }

    void leftOutLanesDropTheirRowsOnly() {
        const Trace t = rangeTrace();
        const GpuActivity activity(t);
        std::vector<bool> counted(t.lanes.size(), true);
        counted[1] = false;  // host waits
        counted[3] = false;  // s2
        const RangeStatistics s(t, activity, us(25), us(105), counted);
        QCOMPARE(s.lanesLeftOut(), 2);
        QVERIFY(!find(s, "cudaStreamSynchronize wait", EventKind::HostWait));
        QVERIFY(!find(s, "copy", EventKind::Memcpy));
        QCOMPARE(find(s, "gemm", EventKind::Kernel)->total_ns, us(30));
        QCOMPARE(find(s, "gemm", EventKind::Kernel)->count, 3u);
        // Host blocked and GPU idle stay the trace's figures.
        QCOMPARE(s.hostBlockedNs(), us(40));
        QCOMPARE(s.gpuIdleNs(), us(20));
    }

    void reversedEmptyAndOutsideRanges() {
        const Trace t = rangeTrace();
        const GpuActivity activity(t);
        const RangeStatistics reversed(t, activity, us(105), us(25));
        QCOMPARE(reversed.startNs(), us(25));
        QCOMPARE(reversed.rows().size(), std::size_t(7));
        const RangeStatistics outside(t, activity, us(500), us(600));
        QVERIFY(outside.rows().empty());
        QCOMPARE(outside.gpuBusyNs(), 0);
        QCOMPARE(outside.gpuIdleNs(), 0);
        // A range inside one gap: all idle.
        const RangeStatistics gap(t, activity, us(62), us(68));
        QCOMPARE(gap.gpuIdleNs(), us(6));
        QCOMPARE(gap.gpuBusyNs(), 0);
        const RangeStatistics empty(Trace{}, GpuActivity(Trace{}), 0, 0);
        QVERIFY(empty.rows().empty());
        QCOMPARE(empty.lengthNs(), 0);
    }
};

QTEST_APPLESS_MAIN(TestRangeStatistics)
#include "tst_range_statistics.moc"
