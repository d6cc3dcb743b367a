// GpuActivity, the one definition of GPU busy/idle, and the promise it exists for: the stats'
// "GPU idle", the attributed idle gaps (the hover sentences) and the gaps the timeline draws all
// come from it and agree.

#include <QDir>
#include <QTest>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

// Two streams and a copy engine:
//   s1: kernel [10,30]  kernel [25,40] (overlapping on one lane)   kernel [100,120]
//   s2: kernel [35,50]  stream wait [50,90] (not work)  host function [60,70] (not work)
//   copy: memcpy [130,150]   zero-length kernel at 160 (not work)
// plus a kernel on a host lane that must not count.
Trace smallTrace() {
    TraceBuilder b;
    const auto s1 = b.stream("s1");
    const auto s2 = b.stream("s2");
    Trace& t = b.trace();
    const auto copy = t.addLane(
        {LaneKind::CopyEngine, "copy engine 0", kNone, StreamKind::NonBlocking, 0, kNoLane, kNone});
    b.bareOp(s1, EventKind::Kernel, us(10), us(30));
    b.bareOp(s1, EventKind::Kernel, us(25), us(40));
    b.bareOp(s1, EventKind::Kernel, us(100), us(120));
    b.bareOp(s2, EventKind::Kernel, us(35), us(50));
    b.bareOp(s2, EventKind::StreamWait, us(50), us(90));
    b.bareOp(s2, EventKind::HostCallback, us(60), us(70));
    b.bareOp(copy, EventKind::Memcpy, us(130), us(150));
    b.bareOp(copy, EventKind::Kernel, us(160), us(160));
    b.bareOp(0, EventKind::Kernel, us(0), us(500));  // host lane: not a GPU lane
    return t;
}

TimeNs sumOf(const std::vector<GpuActivity::Interval>& intervals) {
    TimeNs sum = 0;
    for (const auto& i : intervals)
        sum += i.duration();
    return sum;
}

}  // namespace

class TestGpuActivity : public QObject {
    Q_OBJECT

private slots:
    void lanesAndWork() {
        QVERIFY(isGpuLane(LaneKind::Stream));
        QVERIFY(isGpuLane(LaneKind::CopyEngine));
        QVERIFY(!isGpuLane(LaneKind::HostThread));
        QVERIFY(!isGpuLane(LaneKind::HostWaits));
        QVERIFY(!isGpuLane(LaneKind::Annotation));
        QVERIFY(!isGpuLane(LaneKind::Other));
        QVERIFY(GpuActivity::isBusyWork(EventKind::Kernel));
        QVERIFY(GpuActivity::isBusyWork(EventKind::Memcpy));
        QVERIFY(GpuActivity::isBusyWork(EventKind::Memset));
        QVERIFY(!GpuActivity::isBusyWork(EventKind::StreamWait));
        QVERIFY(!GpuActivity::isBusyWork(EventKind::EventMarker));
        QVERIFY(!GpuActivity::isBusyWork(EventKind::HostCallback));
    }

    void busyAndIdleOfASmallTrace() {
        const Trace t = smallTrace();
        const GpuActivity a(t);
        QCOMPARE(a.busy().size(), std::size_t{3});
        QCOMPARE(a.busy()[0].start_ns, us(10));
        QCOMPARE(a.busy()[0].end_ns, us(50));
        QCOMPARE(a.busy()[1].start_ns, us(100));
        QCOMPARE(a.busy()[1].end_ns, us(120));
        QCOMPARE(a.busy()[2].start_ns, us(130));
        QCOMPARE(a.busy()[2].end_ns, us(150));
        QCOMPARE(a.spanNs(), us(140));
        QCOMPARE(a.busyNs(), us(80));
        QCOMPARE(a.idleNs(), us(60));
        QCOMPARE(a.gaps().size(), std::size_t{2});
        QCOMPARE(a.gaps()[0].start_ns, us(50));
        QCOMPARE(a.gaps()[0].end_ns, us(100));
        QCOMPARE(a.gaps()[1].start_ns, us(120));
        QCOMPARE(a.gaps()[1].end_ns, us(130));
        QCOMPARE(a.overlapNs(), us(5));  // s1 [35,40] with s2; s1's own overlap is one lane
    }

    void touchingWorkLeavesNoGap() {
        TraceBuilder b;
        const auto s1 = b.stream("s1");
        const auto s2 = b.stream("s2");
        b.bareOp(s1, EventKind::Kernel, us(10), us(30));
        b.bareOp(s2, EventKind::Memset, us(30), us(40));
        const GpuActivity a(b.trace());
        QCOMPARE(a.busy().size(), std::size_t{1});
        QVERIFY(a.gaps().empty());
        QCOMPARE(a.busyNs(), us(30));
        QCOMPARE(a.overlapNs(), TimeNs{0});
    }

    void emptyTraceIsNeverBusy() {
        const GpuActivity a{Trace{}};
        QVERIFY(a.busy().empty() && a.gaps().empty());
        QCOMPARE(a.spanNs(), TimeNs{0});
        QCOMPARE(a.idleNs(), TimeNs{0});
    }

    void statsAndAttributionUseTheDefinition() {
        const Trace t = smallTrace();
        const TraceStats stats = computeStats(t);
        const GpuActivity a(t);
        QCOMPARE(stats.gpu_span_ns, a.spanNs());
        QCOMPARE(stats.gpu_busy_ns, a.busyNs());
        QCOMPARE(stats.gpu_idle_ns, a.idleNs());
        QCOMPARE(stats.stream_overlap_ns, a.overlapNs());
        QCOMPARE(stats.gpu_idle_ns, sumOf(a.gaps()));
        const auto gaps = WaitAttribution(t).idleGaps();
        QCOMPARE(gaps.size(), a.gaps().size());
        for (std::size_t k = 0; k < gaps.size(); ++k) {
            QCOMPARE(gaps[k].start_ns, a.gaps()[k].start_ns);
            QCOMPARE(gaps[k].end_ns, a.gaps()[k].end_ns);
        }
    }

    // On the simulator's runs of every built-in scenario: the summary's idle is the sum of the
    // attributed gaps.
    void statsIdleIsTheSumOfTheGaps_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios"));
        for (const auto& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void statsIdleIsTheSumOfTheGaps() {
        QFETCH(QString, path);
        const auto parsed = ScenarioReader::readFile(path.toStdString());
        QVERIFY2(parsed.ok(), parsed.errorText().c_str());
        EngineObserver observer;
        CancelToken cancel;
        const RunResult run = makeSimEngine()->run(*parsed.scenario, observer, cancel);
        QVERIFY2(run.status == RunStatus::Ok, run.message.c_str());
        const TraceStats stats = computeStats(run.trace);
        TimeNs gap_sum = 0;
        for (const auto& gap : WaitAttribution(run.trace).idleGaps())
            gap_sum += gap.duration();
        QCOMPARE(stats.gpu_idle_ns, gap_sum);
        QCOMPARE(stats.gpu_idle_ns, sumOf(GpuActivity(run.trace).gaps()));
    }
};

QTEST_GUILESS_MAIN(TestGpuActivity)
#include "tst_gpu_activity.moc"
