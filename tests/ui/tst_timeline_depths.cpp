// Nested slices (CPU ops, Python functions, NVTX ranges) stacked by depth: the depth rule, the
// model's per-level folding and slots, clicking a slice at its depth, and a real PyTorch trace.

#include <qcustomplot.h>

#include <QDir>
#include <QTest>
#include <map>
#include <numeric>
#include <random>

#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"
#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/slice_depths.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

using Span = std::pair<TimeNs, TimeNs>;

// Depths sliceDepths gives spans on one lane, in the order given.
std::vector<int> depthsOf(const std::vector<Span>& spans) {
    std::vector<TraceEvent> all;
    std::vector<std::uint32_t> idx;
    for (const auto& [a, b] : spans) {
        TraceEvent e;
        e.start_ns = a;
        e.end_ns = b;
        idx.push_back(static_cast<std::uint32_t>(all.size()));
        all.push_back(e);
    }
    const auto d = sliceDepths(all, idx);
    return std::vector<int>(d.begin(), d.end());
}

// A host thread of CPU ops at `hostSpans`, a stream with a kernel, and (withWaits) the thread's
// waits sub-lane with one wait, so the thread's group can collapse.
std::shared_ptr<Trace> makeNestedTrace(const std::vector<Span>& hostSpans, bool withWaits = false) {
    auto t = std::make_shared<Trace>();
    t->title = "nested";
    t->addLane(
        {LaneKind::HostThread, "python thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::Stream, "stream 7", 7, StreamKind::NonBlocking, 0, kNoLane, kNone});
    int n = 0;
    for (const auto& [a, b] : hostSpans) {
        TraceEvent e;
        e.kind = EventKind::HostWork;
        e.lane = 0;
        e.start_ns = a;
        e.end_ns = b;
        e.name = t->strings.intern("op " + std::to_string(n++));
        t->addEvent(e);
    }
    TraceEvent k;
    k.kind = EventKind::Kernel;
    k.lane = 1;
    k.start_ns = 0;
    k.end_ns = 50'000;
    k.name = t->strings.intern("gemm");
    t->addEvent(k);
    if (withWaits) {
        t->addLane(
            {LaneKind::HostWaits, "python thread waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
        TraceEvent w;
        w.kind = EventKind::HostWait;
        w.lane = 2;
        w.start_ns = 95'000;
        w.end_ns = 99'000;
        w.name = t->strings.intern("cudaStreamSynchronize");
        t->addEvent(w);
    }
    return t;
}

// No two events of one depth level of `lane` overlap (touching end to start is fine).
bool levelsDisjoint(const TimelineModel& m, std::uint16_t lane, QString* why) {
    const auto& events = m.trace()->events;
    std::vector<TimeNs> levelEnd(static_cast<std::size_t>(m.depthCount(lane)),
                                 std::numeric_limits<TimeNs>::min());
    for (const auto i : m.laneEvents(lane)) {  // by start
        const auto d = m.depthOf(i);
        if (d >= levelEnd.size()) {
            *why = QStringLiteral("depth %1 past the lane's %2 levels").arg(d).arg(levelEnd.size());
            return false;
        }
        if (events[i].start_ns < levelEnd[d]) {
            *why = QStringLiteral("event %1 overlaps its level %2").arg(i).arg(d);
            return false;
        }
        levelEnd[d] = std::max(levelEnd[d], std::max(events[i].end_ns, events[i].start_ns));
    }
    return true;
}
}  // namespace

class TestTimelineDepths : public QObject {
    Q_OBJECT
private slots:
    void depthRule_data() {
        QTest::addColumn<std::vector<Span>>("spans");
        QTest::addColumn<std::vector<int>>("depths");
        QTest::newRow("nested") << std::vector<Span>{{0, 100}, {10, 90}, {20, 30}}
                                << std::vector<int>{0, 1, 2};
        QTest::newRow("nested, given out of order")
            << std::vector<Span>{{20, 30}, {0, 100}, {10, 90}} << std::vector<int>{2, 0, 1};
        QTest::newRow("siblings") << std::vector<Span>{{0, 100}, {10, 40}, {40, 70}, {80, 90}}
                                  << std::vector<int>{0, 1, 1, 1};
        QTest::newRow("back to back")
            << std::vector<Span>{{0, 10}, {10, 20}} << std::vector<int>{0, 0};
        // Not nested: the later one gets a level of its own, and so does what it holds.
        QTest::newRow("partial overlap")
            << std::vector<Span>{{0, 10}, {5, 15}, {11, 14}} << std::vector<int>{0, 1, 2};
        QTest::newRow("partial overlap under a parent")
            << std::vector<Span>{{0, 100}, {10, 50}, {40, 80}} << std::vector<int>{0, 1, 2};
        // Equal times: one holds the other (starts inside, ends no later).
        QTest::newRow("equal times")
            << std::vector<Span>{{0, 10}, {0, 10}, {0, 10}} << std::vector<int>{0, 1, 2};
        QTest::newRow("same start, the longer is the parent")
            << std::vector<Span>{{0, 5}, {0, 10}} << std::vector<int>{1, 0};
        QTest::newRow("zero length inside")
            << std::vector<Span>{{0, 10}, {5, 5}} << std::vector<int>{0, 1};
        QTest::newRow("zero length at the start")
            << std::vector<Span>{{0, 10}, {0, 0}} << std::vector<int>{0, 1};
        QTest::newRow("zero length after the end")
            << std::vector<Span>{{0, 10}, {10, 10}, {20, 20}} << std::vector<int>{0, 0, 0};
        QTest::newRow("end before start is an instant")
            << std::vector<Span>{{0, 10}, {5, 2}} << std::vector<int>{0, 1};
        QTest::newRow("a level frees up again")
            << std::vector<Span>{{0, 10}, {5, 15}, {20, 30}} << std::vector<int>{0, 1, 0};
    }
    void depthRule() {
        QFETCH(std::vector<Span>, spans);
        QFETCH(std::vector<int>, depths);
        QCOMPARE(depthsOf(spans), depths);
    }

    void anyOrderGivesTheSameDepths() {
        // A lane sorted by start (what the model passes) takes the short path, any other order
        // the full sort: each span gets the same depth either way. Many equal starts and ends.
        std::mt19937 rng(11);
        std::vector<Span> spans;
        for (int i = 0; i < 3000; ++i) {
            const TimeNs a = static_cast<TimeNs>(rng() % 400) * 10;
            spans.push_back({a, a + static_cast<TimeNs>(rng() % 6) * 10});
        }
        std::stable_sort(spans.begin(), spans.end(),
                         [](const Span& x, const Span& y) { return x.first < y.first; });
        std::vector<std::size_t> perm(spans.size());
        std::iota(perm.begin(), perm.end(), std::size_t{0});
        std::shuffle(perm.begin(), perm.end(), rng);
        std::vector<Span> shuffled;
        for (const auto p : perm)
            shuffled.push_back(spans[p]);
        const auto sorted = depthsOf(spans);
        const auto other = depthsOf(shuffled);
        // Spans equal in start and end are interchangeable: compare the depths each (start, end)
        // gets as a multiset.
        std::map<Span, std::vector<int>> a, b;
        for (std::size_t k = 0; k < spans.size(); ++k) {
            a[spans[k]].push_back(sorted[k]);
            b[shuffled[k]].push_back(other[k]);
        }
        for (auto& [span, depths] : a)
            std::sort(depths.begin(), depths.end());
        for (auto& [span, depths] : b)
            std::sort(depths.begin(), depths.end());
        QVERIFY(a == b);
        QVERIFY(*std::max_element(sorted.begin(), sorted.end()) > 2);  // it does nest
    }

    void manyPartialOverlapsStopAtTheCap() {
        std::vector<Span> spans;
        for (TimeNs i = 0; i < 1000; ++i)
            spans.push_back({i, i + 5000});  // each overlaps all the others, none holds another
        const auto d = depthsOf(spans);
        QCOMPARE(*std::max_element(d.begin(), d.end()), int(kMaxSliceDepth) - 1);
    }

    void modelStacksRowsInSlots() {
        const TimelineModel m(makeNestedTrace({{0, 100'000}, {10'000, 90'000}, {20'000, 30'000}}));
        QCOMPARE(m.depthCount(0), 3);
        QCOMPARE(m.depthCount(1), 1);  // a stream does not nest
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.rowTop(0), 0);
        QCOMPARE(m.rowSpan(0), 3);
        QCOMPARE(m.rowTop(1), 3);
        QCOMPARE(m.slotCount(), 4);
        QCOMPARE(m.rowAtSlot(0.5), 0);
        QCOMPARE(m.rowAtSlot(2.9), 0);
        QCOMPARE(m.rowAtSlot(3.1), 1);
        QCOMPARE(m.rowAtSlot(4.0), -1);
        QCOMPARE(m.rowAtSlot(-0.1), -1);
        QCOMPARE(m.slotOf(2), 2);
        QCOMPARE(m.slotOf(3), 3);  // the kernel
        // Each level alone: hit tests pick the slice at the depth asked for.
        QCOMPARE(m.eventAt(0, 0, 25'000, 0), std::optional<std::uint32_t>(0));
        QCOMPARE(m.eventAt(0, 1, 25'000, 0), std::optional<std::uint32_t>(1));
        QCOMPARE(m.eventAt(0, 2, 25'000, 0), std::optional<std::uint32_t>(2));
        QCOMPARE(m.eventAt(0, 2, 95'000, 0), std::nullopt);
        QCOMPARE(m.eventAt(0, 3, 25'000, 0), std::nullopt);
        // Busy time per level: the level's own slices, not the lane's union.
        QCOMPARE(m.busyNs(0, 2, 0, 100'000), TimeNs(10'000));
        QCOMPARE(m.busyNs(0, 1, 0, 100'000), TimeNs(80'000));
        QCOMPARE(m.busyNs(0, 0, 100'000), TimeNs(100'000));

        // Collapsing the rows into one: one slot, drawn flat.
        TimelineModel collapsed(m.sharedTrace());
        collapsed.arrangeRows({{0, 1}});
        QCOMPARE(collapsed.slotCount(), 1);
        QVERIFY(!collapsed.rowByDepth(0));
        QCOMPARE(collapsed.slotOf(2), 0);
    }

    void foldingStaysOnItsLevel() {
        // A parent 1 ms long over 1000 children of 100 ns with 900 ns gaps: at a zoom where the
        // children fold, the fold sits on level 1 and the parent stays a bar on level 0.
        std::vector<Span> spans{{0, 1'000'000}};
        for (TimeNs i = 0; i < 1000; ++i)
            spans.push_back({i * 1000, i * 1000 + 100});
        const TimelineModel m(makeNestedTrace(spans));
        QCOMPARE(m.depthCount(0), 2);
        const TimeMapping map(0, 1'000'000, 0, 1000);  // 1 µs a pixel
        std::vector<DrawItem> top, children;
        m.itemsInView(0, 0, map, 2.5, top);
        m.itemsInView(0, 1, map, 2.5, children);
        QCOMPARE(top.size(), std::size_t(1));
        QCOMPARE(top[0].event, 0u);
        std::uint32_t folded = 0;
        for (const auto& item : children) {
            QCOMPARE(m.depthOf(item.event), std::uint16_t(1));
            folded += item.count;
        }
        QCOMPARE(folded, 1000u);
        QVERIFY(children.size() < 1000);
        // What the folds cover on level 1 is its busy time: 10 %, not the parent's 100 %.
        QCOMPARE(m.busyNs(0, 1, 0, 1'000'000), TimeNs(100'000));
    }

    void clickSelectsTheSliceAtItsDepth() {
        auto trace =
            makeNestedTrace({{0, 100'000}, {10'000, 90'000}, {20'000, 60'000}}, /*withWaits=*/true);
        TimelineView view;
        view.resize(1200, 600);
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        QCOMPARE(view.model()->slotCount(), 5);  // host 3 levels, its waits, the stream
        // The host row is three levels tall: each level at least the layout's readable minimum.
        QVERIFY(view.rowHeightPx() >= LaneLayout::kMinHeightPx);
        const auto grandchild = view.eventCenter(2);
        const auto child = view.eventCenter(1);
        const auto root = view.eventCenter(0);
        QVERIFY(grandchild && child && root);
        QVERIFY(grandchild->y() > child->y() + view.rowHeightPx() / 2);
        QVERIFY(child->y() > root->y() + view.rowHeightPx() / 2);

        const QPoint at = view.plot()->mapFrom(&view, grandchild->toPoint());
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(view.selectedEvent(), std::optional<std::uint32_t>(2));
        // The same time one level up is the parent.
        const QPoint up =
            view.plot()->mapFrom(&view, QPoint(grandchild->toPoint().x(), child->toPoint().y()));
        QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, up);
        QCOMPARE(view.selectedEvent(), std::optional<std::uint32_t>(1));
        // The row under the grandchild is still the host row (one row, three levels).
        QCOMPARE(view.rowAt(grandchild->toPoint()), 0);
        QVERIFY(!view.detailsText(2).isEmpty());

        // Collapsed with its waits, the thread is one flat row: a click there is the outer slice.
        view.setGroupCollapsed(view.laneLayout().groupOf(0), true);
        settle(view);
        QCOMPARE(view.model()->slotCount(), 2);
        const auto flat = view.eventCenter(0);
        QVERIFY(flat.has_value());
        QTest::mouseClick(
            view.plot(), Qt::LeftButton, Qt::NoModifier,
            view.plot()->mapFrom(&view, QPoint(grandchild->toPoint().x(), flat->toPoint().y())));
        QCOMPARE(view.selectedEvent(), std::optional<std::uint32_t>(0));
        view.setGroupCollapsed(view.laneLayout().groupOf(0), false);
        settle(view);
        QCOMPARE(view.model()->slotCount(), 5);
        QCOMPARE(view.eventAt(grandchild->toPoint()), std::optional<std::uint32_t>(2));
    }

    void realPyTorchTraceNests() {
        const QDir dir(syncscope::test::realTracesDir());
        const QStringList files =
            dir.entryList({QStringLiteral("*TraceLens*bert*.json.gz")}, QDir::Files);
        if (files.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES("no TraceLens bert trace");
        ImportResult imported = importTrace(dir.filePath(files.front()).toStdString());
        QVERIFY2(imported.ok(), imported.error.c_str());
        auto trace = std::make_shared<const Trace>(std::move(*imported.trace));
        const TimelineModel m(trace);
        int deepest = 1;
        for (std::uint16_t l = 0; l < trace->lanes.size(); ++l) {
            deepest = std::max(deepest, m.depthCount(l));
            QString why;
            QVERIFY2(levelsDisjoint(m, l, &why),
                     qPrintable(QString::fromStdString(trace->lanes[l].name) + ": " + why));
        }
        QVERIFY2(deepest > 2, qPrintable(QString::number(deepest)));

        // On screen too: a slice deep in the stack is hit at its own depth.
        TimelineView view;
        view.resize(1400, 800);
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        std::optional<std::uint32_t> deep;
        for (std::uint32_t i = 0; i < trace->events.size(); ++i)
            if (view.model()->rowOfLane(trace->events[i].lane) >= 0 && m.depthOf(i) >= 1 &&
                (!deep || trace->events[i].duration() > trace->events[*deep].duration()))
                deep = i;
        QVERIFY(deep.has_value());
        view.zoomToRange(trace->events[*deep].start_ns, trace->events[*deep].end_ns);
        settle(view);
        const auto lane = trace->events[*deep].lane;
        view.setScrollPx(view.model()->slotOf(*deep) * view.rowHeightPx() -
                         view.plot()->axisRect()->height() / 2.0);
        settle(view);
        const auto centre = view.eventCenter(*deep);
        QVERIFY(centre.has_value());
        const auto hit = view.eventAt(centre->toPoint());
        QVERIFY(hit.has_value());
        QCOMPARE(trace->events[*hit].lane, lane);
        QCOMPARE(m.depthOf(*hit), m.depthOf(*deep));
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineDepths)
#include "tst_timeline_depths.moc"
