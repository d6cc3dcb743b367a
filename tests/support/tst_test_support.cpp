// The shared test helpers themselves: a comparison that misses a difference, or a generator that
// stops being reproducible, would make every suite that uses them pass for the wrong reason.

#include <QTest>

#include "tests/support/random_scenario.h"
#include "tests/support/scenario_difference.h"
#include "tests/support/trace_difference.h"
#include "tests/support/trace_text.h"

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

    // The writers stream in chunks of about 64 KiB: a text that kept only one chunk would lose
    // rows of a big trace, so the trace here is several chunks long.
    void exportedTextKeepsEveryChunk() {
        Trace t = twoEvents();
        const TraceEvent proto = t.events.front();
        while (t.events.size() < 3000) {
            TraceEvent e = proto;
            e.start_ns = std::int64_t(100 * t.events.size());
            e.end_ns = e.start_ns + 50;
            t.addEvent(e);
        }
        const std::string csv = csvText(t);
        QVERIFY(csv.size() > 2 * 64 * 1024);
        std::size_t rows = 0;
        for (std::size_t at = csv.find("\r\n"); at != std::string::npos;
             at = csv.find("\r\n", at + 2))
            ++rows;
        QCOMPARE(rows, t.events.size() + 1);  // and the header
        QVERIFY(csv.starts_with("index,kind,"));

        const std::string json = chromeTraceText(t);
        QVERIFY(json.size() > 2 * 64 * 1024);
        QVERIFY(json.ends_with("\n]}\n"));
        std::size_t complete_events = 0;
        for (std::size_t at = json.find("{\"ph\":\"X\""); at != std::string::npos;
             at = json.find("{\"ph\":\"X\"", at + 1))
            ++complete_events;
        QCOMPARE(complete_events, t.events.size());
    }
};

QTEST_GUILESS_MAIN(TestTestSupport)
#include "tst_test_support.moc"
