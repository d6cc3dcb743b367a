#include <QTest>

#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/time_mapping.h"
#include "ui/timeline/time_ticker.h"
#include "ui/timeline/timeline_model.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

std::uint32_t total(const std::vector<DrawItem>& items) {
    std::uint32_t n = 0;
    for (const auto& i : items)
        n += i.count;
    return n;
}

}  // namespace

class TestTimelineModel : public QObject {
    Q_OBJECT
private slots:
    void timeToPixel_data() {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<double>("left");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("px");
        QTest::newRow("origin") << 0.0 << 1000.0 << 0.0 << 100.0 << 0.0 << 0.0;
        QTest::newRow("end") << 0.0 << 1000.0 << 0.0 << 100.0 << 1000.0 << 100.0;
        QTest::newRow("offset rect") << 0.0 << 1000.0 << 50.0 << 100.0 << 500.0 << 100.0;
        QTest::newRow("shifted range") << 1e6 << 2e6 << 10.0 << 1000.0 << 1.5e6 << 510.0;
        QTest::newRow("left of view") << 1000.0 << 2000.0 << 0.0 << 100.0 << 0.0 << -100.0;
        QTest::newRow("seconds at 1600 px") << 0.0 << 4e9 << 120.0 << 1600.0 << 1e9 << 520.0;
    }
    void timeToPixel() {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(double, left);
        QFETCH(double, width);
        QFETCH(double, t);
        QFETCH(double, px);
        const TimeMapping map(t0, t1, left, width);
        QCOMPARE(map.toPixel(t), px);
        QCOMPARE(map.toTime(px), t);
    }

    void spanNsNeverZero() {
        const TimeMapping fine(0, 10, 0, 1000);  // 0.01 ns a pixel
        QCOMPARE(fine.spanNs(3.0), TimeNs(1));
        const TimeMapping coarse(0, 1e6, 0, 1000);  // 1 µs a pixel
        QCOMPARE(coarse.spanNs(2.5), TimeNs(2500));
    }

    void degenerateMappingIsSafe() {
        const TimeMapping map(5, 5, 0, 0);  // empty range, zero width
        QVERIFY(map.nsPerPixel() > 0);
        QVERIFY(std::isfinite(map.toPixel(7)));
    }

    void rowLayout() {
        // Lanes in an awkward order: the waits lane comes after the streams and an annotation lane
        // comes first; rows must still read host, its waits, streams, then the rest.
        auto t = std::make_shared<Trace>();
        t->addLane(
            {LaneKind::Annotation, "nvtx", kNone, StreamKind::NonBlocking, 0, kNoLane, kNone});
        t->addLane({LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
        t->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
        t->addLane({LaneKind::Stream, "stream 1", 1, StreamKind::NonBlocking, 0, kNoLane, kNone});
        t->addLane({LaneKind::HostWaits, "waits", kNone, StreamKind::NonBlocking, 0, 2, 1});
        const TimelineModel m(t);
        const std::vector<std::uint16_t> expected{2, 4, 1, 3, 0};
        QCOMPARE(m.rows(), expected);
        QCOMPARE(m.firstGpuRow(), 2);
        QCOMPARE(m.rowOfLane(4), 1);
        QVERIFY(!m.laneOfRow(5));
    }

    void sortsAndSearches() {
        auto t = makeRegularTrace(0, 1, 1);
        for (TimeNs s : {300, 100, 200}) {  // out of order on purpose
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.lane = 2;
            e.start_ns = s;
            e.end_ns = s + 50;
            t->addEvent(e);
        }
        const TimelineModel m(t);
        const auto& idx = m.laneEvents(2);
        QCOMPARE(idx.size(), std::size_t(3));
        QCOMPARE(t->events[idx[0]].start_ns, TimeNs(100));
        QCOMPARE(t->events[idx[2]].start_ns, TimeNs(300));
        QCOMPARE(m.firstEndingAtOrAfter(2, 160), std::size_t(1));  // 100..150 ended
        QCOMPARE(m.firstStartingAfter(2, 200), std::size_t(2));
        QCOMPARE(m.eventAt(2, 220, 0), std::optional<std::uint32_t>(2));  // the 200..250 one
    }

    void eventAtPrefersInnermost() {
        auto t = makeRegularTrace(0, 1, 1);
        auto add = [&](TimeNs a, TimeNs b) {
            TraceEvent e;
            e.kind = EventKind::Annotation;
            e.lane = 2;
            e.start_ns = a;
            e.end_ns = b;
            return t->addEvent(e);
        };
        const auto outer = add(0, 1000);
        const auto inner = add(400, 500);
        const auto later = add(2000, 2100);
        const TimelineModel m(t);
        QCOMPARE(m.eventAt(2, 450, 0), std::optional<std::uint32_t>(inner));
        QCOMPARE(m.eventAt(2, 100, 0), std::optional<std::uint32_t>(outer));
        QCOMPARE(m.eventAt(2, 1990, 20), std::optional<std::uint32_t>(later));  // within slop
        QCOMPARE(m.eventAt(2, 1500, 20), std::nullopt);
        QCOMPARE(m.eventAt(0, 450, 0), std::nullopt);  // empty lane
    }

    void folding_data() {
        QTest::addColumn<quint32>("events");
        QTest::addColumn<qint64>("duration");
        QTest::addColumn<qint64>("period");
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::addColumn<double>("width");
        QTest::addColumn<bool>("expectFolded");
        QTest::addColumn<int>("maxItems");
        // 1000 events of 1 ns every 10 ns over 100 px: 100 ns a pixel, all sub-pixel -> folded.
        QTest::newRow("all narrow")
            << 1000u << qint64(1) << qint64(10) << 0.0 << 10000.0 << 100.0 << true << 1;
        // Zoomed in to 1 ns a pixel: each event is 5 px wide and 5 px apart: none folded.
        QTest::newRow("zoomed in")
            << 100u << qint64(5) << qint64(10) << 0.0 << 1000.0 << 1000.0 << false << 100;
        // Wide events with wide gaps, but too many: 1M events on 1600 px folds to a few items.
        QTest::newRow("million") << 1000000u << qint64(900) << qint64(1000) << 0.0 << 1e9 << 1600.0
                                 << true << 1;
        // Sub-pixel events with gaps of several pixels: each stays its own (minimum-width) item.
        QTest::newRow("sparse narrow")
            << 50u << qint64(1) << qint64(1000) << 0.0 << 50000.0 << 500.0 << false << 50;
    }
    void folding() {
        QFETCH(quint32, events);
        QFETCH(qint64, duration);
        QFETCH(qint64, period);
        QFETCH(double, t0);
        QFETCH(double, t1);
        QFETCH(double, width);
        QFETCH(bool, expectFolded);
        QFETCH(int, maxItems);
        const TimelineModel m(makeRegularTrace(events, duration, period));
        std::vector<DrawItem> items;
        m.itemsInView(2, TimeMapping(t0, t1, 0, width), 2.5, items);
        QVERIFY(!items.empty());
        QVERIFY2(static_cast<int>(items.size()) <= maxItems,
                 qPrintable(QStringLiteral("%1 items").arg(items.size())));
        QCOMPARE(total(items), events);  // nothing lost, nothing counted twice
        bool anyFolded = false;
        for (const auto& i : items)
            anyFolded = anyFolded || i.folded();
        QCOMPARE(anyFolded, expectFolded);
        for (std::size_t k = 1; k < items.size(); ++k)
            QVERIFY(items[k].start >= items[k - 1].start);
    }

    void foldingKeepsWideEventsApart() {
        // narrow x20, one wide, narrow x20: the wide one is its own item between two folds.
        auto t = makeRegularTrace(0, 1, 1);
        auto add = [&](TimeNs a, TimeNs b) {
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.lane = 2;
            e.start_ns = a;
            e.end_ns = b;
            return t->addEvent(e);
        };
        for (int i = 0; i < 20; ++i)
            add(i * 10, i * 10 + 2);
        const auto wide = add(200, 5000);
        for (int i = 0; i < 20; ++i)
            add(5000 + i * 10, 5000 + i * 10 + 2);
        const TimelineModel m(t);
        std::vector<DrawItem> items;
        m.itemsInView(2, TimeMapping(0, 10000, 0, 1000), 2.5, items);  // 10 ns a pixel
        QCOMPARE(items.size(), std::size_t(3));
        QCOMPARE(items[0].count, 20u);
        QCOMPARE(items[1].event, wide);
        QCOMPARE(items[1].count, 1u);
        QCOMPARE(items[2].count, 20u);
    }

    void foldingOnlyVisible() {
        const TimelineModel m(makeRegularTrace(1000, 5, 10));
        std::vector<DrawItem> items;
        // 5 px each; 4990..4995 ended before the view, the one starting at 6000 touches its edge.
        m.itemsInView(2, TimeMapping(5000, 6000, 0, 1000), 2.5, items);
        QCOMPARE(items.size(), std::size_t(101));
        QCOMPARE(items.front().start, TimeNs(5000));
        QCOMPARE(items.back().start, TimeNs(6000));
    }

    void idleGaps() {
        DemoIds ids;
        const TimelineModel m(makeDemoTrace(3, &ids));
        QVERIFY(!m.idleGaps().empty());  // host work between batches leaves the GPU idle
        for (const auto& g : m.idleGaps())
            QVERIFY(g.end > g.start);
        std::vector<IdleSpan> visible;
        m.idleGapsInView(m.beginNs(), m.endNs(), 1, visible);
        QCOMPARE(visible.size(), m.idleGaps().size());
        visible.clear();
        m.idleGapsInView(m.beginNs(), m.endNs(), 1'000'000'000, visible);  // nothing lasts 1 s
        QVERIFY(visible.empty());
    }

    void drawnGapsAreTheAnalysisGaps() {
        // What is drawn, what the hover explains and what the summary calls "GPU idle" are one
        // definition (GpuActivity): same gaps, and their sum is the stats' idle time.
        auto trace = makeDemoTrace(3);
        // A host function on a stream inside a gap keeps no engine busy: the gap stays whole.
        const auto gap = TimelineModel(trace).idleGaps().front();
        TraceEvent callback;
        callback.kind = EventKind::HostCallback;
        for (std::uint16_t l = 0; l < trace->lanes.size(); ++l)
            if (trace->lanes[l].kind == LaneKind::Stream)
                callback.lane = l;
        callback.start_ns = gap.start + 1;
        callback.end_ns = gap.end - 1;
        trace->addEvent(callback);

        const TimelineModel m(trace);
        const auto analysed = WaitAttribution(*trace).idleGaps();
        QCOMPARE(m.idleGaps().size(), analysed.size());
        TimeNs sum = 0;
        for (std::size_t k = 0; k < analysed.size(); ++k) {
            QCOMPARE(m.idleGaps()[k].start, analysed[k].start_ns);
            QCOMPARE(m.idleGaps()[k].end, analysed[k].end_ns);
            sum += m.idleGaps()[k].end - m.idleGaps()[k].start;
        }
        QCOMPARE(m.idleGaps().front().start, gap.start);
        QCOMPARE(m.idleGaps().front().end, gap.end);
        QCOMPARE(sum, computeStats(*trace).gpu_idle_ns);
    }

    void flowsOfEvent() {
        DemoIds ids;
        auto t = makeDemoTrace(2, &ids);
        const TimelineModel m(t);
        const auto flows = m.flowsOf(ids.firstSpinWait);
        QCOMPARE(flows.size(), std::size_t(1));
        QVERIFY(t->flows[flows[0]].kind == FlowKind::Awaited);
        std::vector<std::uint32_t> inView;
        QVERIFY(m.flowsInView(m.beginNs(), m.endNs(), 1000, inView));
        QCOMPARE(inView.size(), t->flows.size());
        inView.clear();
        QVERIFY(!m.flowsInView(m.beginNs(), m.endNs(), 3, inView));  // over the limit
    }

    void tickerUnits_data() {
        QTest::addColumn<double>("span");
        QTest::addColumn<double>("tick");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("label");
        QTest::newRow("ns") << 800.0 << 250.0 << 0 << QStringLiteral("250 ns");
        QTest::newRow("us") << 500e3 << 150e3 << 0 << QStringLiteral("150 µs");
        QTest::newRow("ms from 1 ms") << 1.6e6 << 1.25e6 << 2 << QStringLiteral("1.25 ms");
        QTest::newRow("ms") << 40e6 << 1.5e6 << 1 << QStringLiteral("1.5 ms");
        QTest::newRow("s") << 60e9 << 12e9 << 0 << QStringLiteral("12 s");
        QTest::newRow("negative zero") << 40e6 << -1e-9 << 1 << QStringLiteral("0.0 ms");
    }
    void tickerUnits() {
        QFETCH(double, span);
        QFETCH(double, tick);
        QFETCH(int, decimals);
        QFETCH(QString, label);
        QCOMPARE(TimeTicker::formatTick(tick, TimeTicker::unitFor(span), decimals), label);
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineModel)
#include "tst_timeline_model.moc"
