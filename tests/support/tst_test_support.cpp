// The shared test helpers themselves: a comparison that misses a difference, or a generator that
// stops being reproducible, would make every suite that uses them pass for the wrong reason.

#include <QTest>

#include "tests/support/random_scenario.h"
#include "tests/support/scenario_difference.h"
#include "tests/support/trace_difference.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

Trace twoEvents() {
    Trace t;
    t.title = "t";
    t.device.name = "dev";
    const auto lane =
        t.addLane({LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    for (int i = 0; i < 2; ++i) {
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.lane = lane;
        e.start_ns = 100 * i;
        e.end_ns = 100 * i + 50;
        e.name = t.strings.intern(i == 0 ? "first" : "second");
        t.addEvent(e);
    }
    return t;
}

}  // namespace

class TestTestSupport : public QObject {
    Q_OBJECT

private slots:
    void equalTracesHaveNoDifference() {
        for (const auto match : {TraceMatch::Exact, TraceMatch::SameText, TraceMatch::Timeline})
            QCOMPARE(QString::fromStdString(traceDifference(twoEvents(), twoEvents(), match)),
                     QString());
    }

    void eventFieldsAreCompared() {
        Trace b = twoEvents();
        b.events[1].end_ns += 1;
        QCOMPARE(QString::fromStdString(traceDifference(twoEvents(), b, TraceMatch::Timeline)),
                 QStringLiteral("events[1].end_ns: 150 vs 151"));
    }

    void namesByTextOrById() {
        // The same names interned in another order: different ids, same text.
        Trace b = twoEvents();
        Trace reordered;
        reordered.title = b.title;
        reordered.device = b.device;
        reordered.lanes = b.lanes;
        const auto second = reordered.strings.intern("second");
        const auto first = reordered.strings.intern("first");
        reordered.events = b.events;
        reordered.events[0].name = first;
        reordered.events[1].name = second;
        QVERIFY(!traceDifference(twoEvents(), reordered, TraceMatch::Exact).empty());
        QCOMPARE(
            QString::fromStdString(traceDifference(twoEvents(), reordered, TraceMatch::SameText)),
            QString());
    }

    void timelineIgnoresMetadataOnly() {
        Trace b = twoEvents();
        b.title = "other";
        b.device.name = "other";
        QCOMPARE(QString::fromStdString(traceDifference(twoEvents(), b, TraceMatch::Timeline)),
                 QString());
        QCOMPARE(QString::fromStdString(traceDifference(twoEvents(), b, TraceMatch::SameText)),
                 QStringLiteral("title: 't' vs 'other'"));
    }

    void randomScenariosAreReproducible() {
        RandomScenario a(42), b(42), c(43);
        const Scenario first = a.next();
        QCOMPARE(QString::fromStdString(scenarioDifference(first, b.next())), QString());
        QVERIFY(!scenarioDifference(first, c.next()).empty());
    }

    void shapeBoundsTheProgram() {
        RandomScenario generator(7, {20, 25});
        for (int i = 0; i < 20; ++i) {
            const auto steps = generator.next().program.size();
            QVERIFY2(steps >= 20 && steps <= 25, qPrintable(QString::number(steps)));
        }
    }
};

QTEST_GUILESS_MAIN(TestTestSupport)
#include "tst_test_support.moc"
