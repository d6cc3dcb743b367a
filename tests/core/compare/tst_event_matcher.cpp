// core/compare/event_matcher: the twin of an event in another run, by kind, API, step and
// occurrence, or by name where there are no steps.
#include <QtTest>

#include "core/compare/event_matcher.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using syncscope::test::TraceBuilder;
using syncscope::test::us;

namespace {

// `kernels` kernels at step 0 (a repeat), then a device sync (step 1) in `with_sync` runs.
Trace run(int kernels, double stretch, bool with_sync) {
    TraceBuilder b;
    const auto s = b.stream("s");
    for (int i = 0; i < kernels; ++i)
        b.kernel(s, "k")
            .enq(us(i * 5), us(i * 5 + 2))
            .gpu(us(10 + i * 20 * stretch), us(25 + i * 20 * stretch))
            .step(0);
    if (with_sync)
        b.call(ApiId::DeviceSynchronize, us(200), us(400)).step(1);
    return b.trace();
}

std::uint32_t nth(const Trace& t, EventKind kind, int n) {
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        if (t.events[i].kind == kind && n-- == 0)
            return i;
    return kNone;
}

}  // namespace

class TestEventMatcher : public QObject {
    Q_OBJECT
private slots:
    void sameOccurrenceOfTheSameStep();
    void anEventOnlyOneRunHasHasNoTwin();
    void withoutStepsTheNameDecides();
    void outOfRangeIndex();
};

void TestEventMatcher::sameOccurrenceOfTheSameStep() {
    const Trace a = run(3, 1.0, true);
    const Trace b = run(3, 2.0, true);
    const EventMatcher m(a, b);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m.match(nth(a, EventKind::Kernel, i)),
                 std::optional(nth(b, EventKind::Kernel, i)));
    QCOMPARE(m.match(nth(a, EventKind::ApiCall, 3)), std::optional(nth(b, EventKind::ApiCall, 3)));
}

void TestEventMatcher::anEventOnlyOneRunHasHasNoTwin() {
    const Trace a = run(3, 1.0, true);
    const Trace b = run(2, 1.0, false);
    const EventMatcher m(a, b);
    QVERIFY(!m.match(nth(a, EventKind::Kernel, 2)));   // B has two kernels only
    QVERIFY(!m.match(nth(a, EventKind::ApiCall, 3)));  // and no sync
    QVERIFY(m.match(nth(a, EventKind::Kernel, 1)));
}

void TestEventMatcher::withoutStepsTheNameDecides() {
    TraceBuilder ba, bb;
    const auto sa = ba.stream("s");
    const auto sb = bb.stream("s");
    const auto gemm_a = ba.bareOp(sa, EventKind::Kernel, us(0), us(10), "gemm");
    bb.bareOp(sb, EventKind::Kernel, us(0), us(10), "relu");
    const auto gemm_b = bb.bareOp(sb, EventKind::Kernel, us(20), us(30), "gemm");
    QCOMPARE(EventMatcher(ba.trace(), bb.trace()).match(gemm_a), std::optional(gemm_b));
}

void TestEventMatcher::outOfRangeIndex() {
    const Trace a = run(1, 1.0, false);
    QVERIFY(!EventMatcher(a, a).match(9999));
}

QTEST_GUILESS_MAIN(TestEventMatcher)
#include "tst_event_matcher.moc"
