// core/compare/trace_alignment: a recording on its own clock is moved onto the other run's axis.
#include <QtTest>

#include "core/compare/trace_alignment.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using syncscope::test::TraceBuilder;
using syncscope::test::us;

class TestTraceAlignment : public QObject {
    Q_OBJECT
private slots:
    void beginIsTheEarliestStart() {
        TraceBuilder b;
        const auto s = b.stream("s");
        b.kernel(s, "k").enq(us(30), us(35)).gpu(us(40), us(50));
        b.hostWork(us(12), us(20));
        QCOMPARE(TraceAlignment::begin(b.trace()), us(12));
        QCOMPARE(TraceAlignment::begin(Trace{}), TimeNs{0});
    }
    void shiftMovesEventsAndMemory() {
        TraceBuilder b;
        const auto s = b.stream("s");
        b.kernel(s, "k").enq(us(30), us(35)).gpu(us(40), us(50));
        MemorySample m;
        m.t_ns = us(45);
        m.device_used = 1024;
        b.memory(m);
        const Trace moved = TraceAlignment::shifted(b.trace(), -us(30));
        QCOMPARE(TraceAlignment::begin(moved), TimeNs{0});
        QCOMPARE(moved.events.back().end_ns, us(20));
        QCOMPARE(moved.memory.back().t_ns, us(15));
        QCOMPARE(b.trace().events.back().end_ns, us(50));  // the original is untouched
    }
};

QTEST_GUILESS_MAIN(TestTraceAlignment)
#include "tst_trace_alignment.moc"
