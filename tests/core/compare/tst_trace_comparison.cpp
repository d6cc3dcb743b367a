// core/compare on hand-made traces: makespans, kernel completion order matched by scenario step
// (ties within the tolerance are no disagreement), and the steps at which the host waited.
#include <QtTest>

#include "core/compare/trace_comparison.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using syncscope::test::TraceBuilder;
using syncscope::test::us;

namespace {

// Two kernels on two streams ending at end1 and end2 (steps 0 and 1), then a device sync at step 2
// whose host wait covers both.
Trace twoKernels(TimeNs end1, TimeNs end2, bool with_wait = true) {
    TraceBuilder b;
    const auto s1 = b.stream("s1");
    const auto s2 = b.stream("s2");
    b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), end1).step(0);
    b.kernel(s2, "k2").enq(us(5), us(10)).gpu(us(12), end2).step(1);
    if (with_wait) {
        const TimeNs last = std::max(end1, end2);
        b.call(ApiId::DeviceSynchronize, us(11), last + us(2)).step(2);
        const auto wait = b.hostWait(us(11), last + us(2));
        b.trace().events[wait].step = 2;
    }
    return b.trace();
}

}  // namespace

class TestTraceComparison : public QObject {
    Q_OBJECT
private slots:
    void identicalRunsAgree();
    void makespanIsFirstStartToLastEnd();
    void swappedCompletionIsADisagreement();
    void endsWithinTheToleranceAreTies();
    void aWaitInOneRunOnlyIsReported();
    void missingKernelsMakeTheOrderDisagree();
    void instrumentationIsLeftOut();
};

void TestTraceComparison::identicalRunsAgree() {
    const Trace a = twoKernels(us(100), us(200));
    const TraceComparison c = compareTraces(a, a);
    QVERIFY(c.orderAgrees());
    QVERIFY(c.waitsAgree());
    QCOMPARE(c.kernels_a, std::size_t{2});
    QCOMPARE(c.order_checked, std::size_t{1});
    QCOMPARE(c.order_disagreements, std::size_t{0});
}

void TestTraceComparison::makespanIsFirstStartToLastEnd() {
    const TraceComparison c =
        compareTraces(twoKernels(us(100), us(200)), twoKernels(us(50), us(80)));
    QCOMPARE(c.makespan_a, us(202));  // 0 .. the wait's end, 2 µs after the last kernel
    QCOMPARE(c.makespan_b, us(82));
}

void TestTraceComparison::swappedCompletionIsADisagreement() {
    // k1 ends first in A, last in B, both by far more than the tolerance.
    const TraceComparison c =
        compareTraces(twoKernels(us(100), us(200)), twoKernels(us(300), us(150)), us(1));
    QVERIFY(!c.orderAgrees());
    QCOMPARE(c.order_disagreements, std::size_t{1});
    QCOMPARE(c.order_notes.size(), std::size_t{1});
    QCOMPARE(c.order_notes[0],
             std::string("step 0 completes before step 1 in the first run but after it in the "
                         "second"));
}

void TestTraceComparison::endsWithinTheToleranceAreTies() {
    // B swaps the two ends, but they are 0.5 µs apart there: a tie under a 1 µs tolerance, and a
    // disagreement under a 0.1 µs one.
    const Trace a = twoKernels(us(100), us(200));
    const Trace b = twoKernels(us(150.5), us(150));
    QVERIFY(compareTraces(a, b, us(1)).orderAgrees());
    QVERIFY(!compareTraces(a, b, us(0.1)).orderAgrees());
}

void TestTraceComparison::aWaitInOneRunOnlyIsReported() {
    const TraceComparison c =
        compareTraces(twoKernels(us(100), us(200), true), twoKernels(us(100), us(200), false));
    QVERIFY(c.orderAgrees());
    QVERIFY(!c.waitsAgree());
    QCOMPARE(c.waits_only_in_a, std::vector<std::uint32_t>{2});
    QVERIFY(c.waits_only_in_b.empty());
}

void TestTraceComparison::missingKernelsMakeTheOrderDisagree() {
    TraceBuilder b;
    const auto s1 = b.stream("s1");
    b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100)).step(0);
    const TraceComparison c = compareTraces(twoKernels(us(100), us(200)), b.trace());
    QCOMPARE(c.kernels_b, std::size_t{1});
    QVERIFY(!c.orderAgrees());  // no pair disagrees, but a kernel is missing
    QCOMPARE(c.order_disagreements, std::size_t{0});
}

void TestTraceComparison::instrumentationIsLeftOut() {
    // The recorder's own flush (tagged instrumentation) neither stretches the makespan nor counts
    // as a host wait of the scenario.
    Trace a = twoKernels(us(100), us(200));
    TraceEvent flush;
    flush.kind = EventKind::HostWait;
    flush.lane = 1;
    flush.start_ns = us(300);
    flush.end_ns = us(900);
    flush.step = 7;
    flush.flags = event_flags::kInstrumentation;
    a.addEvent(flush);
    const TraceComparison c = compareTraces(a, twoKernels(us(100), us(200)));
    QCOMPARE(c.makespan_a, us(202));
    QVERIFY(c.waitsAgree());
}

QTEST_GUILESS_MAIN(TestTraceComparison)
#include "tst_trace_comparison.moc"
