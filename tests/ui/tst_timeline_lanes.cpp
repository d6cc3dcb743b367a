// Lanes that scroll, keep a readable height, and can be reordered, hidden, collapsed and resized:
// LaneLayout's rules without a window, then TimelineView driven by keys, wheel and its lane menu,
// then the lanes of the real traces recorded by others.

#include <qcustomplot.h>

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QScrollBar>
#include <QTest>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"
#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

// A host thread with its waits, `streams` GPU streams with one kernel each, and the bookkeeping
// lanes a Kineto import makes.
std::shared_ptr<Trace> manyStreams(int streams, bool bookkeeping = false) {
    auto t = std::make_shared<Trace>();
    t->addLane(
        {LaneKind::HostThread, "host thread 7", kNone, StreamKind::NonBlocking, 0, kNoLane, 7});
    t->addLane({LaneKind::HostWaits, "host waits 7", kNone, StreamKind::NonBlocking, 0, 0, 7});
    for (int s = 0; s < streams; ++s) {
        const auto lane =
            t->addLane({LaneKind::Stream, "stream " + std::to_string(s),
                        static_cast<std::uint32_t>(s), StreamKind::NonBlocking, 0, kNoLane, kNone});
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.lane = lane;
        e.start_ns = 1000 * s;
        e.end_ns = 1000 * s + 50'000;
        e.name = t->strings.intern("kernel " + std::to_string(s));
        t->addEvent(e);
    }
    TraceEvent call;
    call.kind = EventKind::ApiCall;
    call.lane = 0;
    call.start_ns = 0;
    call.end_ns = 120'000;
    call.name = t->strings.intern("cudaDeviceSynchronize");
    t->addEvent(call);
    if (bookkeeping) {
        for (const char* name : {"/", "Traces/PyTorch Profiler", "Spans/PyTorch Profiler"}) {
            Lane lane{LaneKind::Other, name, kNone, StreamKind::NonBlocking, 0, kNoLane, kNone};
            lane.bookkeeping = true;  // as the Kineto importer marks them
            t->addLane(lane);
        }
    }
    return t;
}
// Shows a 1000×600 view of a trace with `streams` streams, laid out; false when it never showed.
bool showStreams(TimelineView& view, int streams) {
    view.resize(1000, 600);
    view.setTrace(manyStreams(streams));
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    settle(view);
    return true;
}

std::vector<std::uint16_t> firstLanes(const std::vector<LaneRow>& rows) {
    std::vector<std::uint16_t> out;
    for (const auto& r : rows)
        out.push_back(r.lanes.front());
    return out;
}

QAction* actionNamed(QMenu* menu, const QString& prefix) {
    for (QAction* a : menu->actions())
        if (a->text().remove(QLatin1Char('&')).startsWith(prefix))
            return a;
    return nullptr;
}

}  // namespace

class TestTimelineLanes : public QObject {
    Q_OBJECT
private slots:
    // --- LaneLayout, no window
    void layoutHidesBookkeepingLanes() {
        const auto t = manyStreams(2, true);
        const TimelineModel model(t);
        LaneLayout layout;
        layout.reset(*t, model.naturalOrder());
        QCOMPARE(layout.hiddenCount(), 3);
        QCOMPARE(firstLanes(layout.rows()), (std::vector<std::uint16_t>{0, 1, 2, 3}));
        layout.showAllLanes();
        QCOMPARE(layout.rows().size(), std::size_t(7));
        QVERIFY(LaneLayout::isBookkeeping(t->lanes[4]));
        QVERIFY(!LaneLayout::isBookkeeping(t->lanes[2]));
    }

    // Structure is in the lanes' fields (Lane::device, Lane::bookkeeping), never in their names: a
    // lane named like the profiler's own row but not marked stays, and GPU lanes group by device
    // whatever they are called.
    void layoutReadsFieldsNotNames() {
        auto t = manyStreams(3);
        t->lanes[2].device = 1;
        t->lanes[3].device = 2;
        t->lanes[4].name = "GPU 5 stream 2";  // no device field: the trace's one GPU
        t->addLane({LaneKind::Other, "Traces/named so", kNone, StreamKind::NonBlocking, 0, kNoLane,
                    kNone});
        const TimelineModel model(t);
        LaneLayout layout;
        layout.reset(*t, model.naturalOrder());
        QCOMPARE(layout.hiddenCount(), 0);
        QVERIFY(!LaneLayout::isBookkeeping(t->lanes[5]));
        QStringList names;
        for (const LaneGroup& g : layout.groups())
            names << g.name;
        QVERIFY2(
            names.contains(QStringLiteral("GPU 1")) && names.contains(QStringLiteral("GPU 2")) &&
                names.contains(QStringLiteral("GPU")) && !names.contains(QStringLiteral("GPU 5")),
            qPrintable(names.join(QStringLiteral(", "))));
    }

    void layoutMovesHidesAndCollapses() {
        const auto t = manyStreams(3);
        const TimelineModel model(t);
        LaneLayout layout;
        layout.reset(*t, model.naturalOrder());
        // host thread, host waits, stream 0..2
        QVERIFY(layout.moveRow(4, -1));
        QCOMPARE(firstLanes(layout.rows()), (std::vector<std::uint16_t>{0, 1, 2, 4, 3}));
        QVERIFY(layout.moveRow(0, 1));
        QCOMPARE(firstLanes(layout.rows()), (std::vector<std::uint16_t>{1, 0, 2, 4, 3}));
        QVERIFY(!layout.moveRow(0, -1));  // already on top
        QVERIFY(!layout.moveRow(4, 1));   // already at the bottom

        layout.setHidden(2, true);
        QCOMPARE(firstLanes(layout.rows()), (std::vector<std::uint16_t>{1, 0, 4, 3}));
        QCOMPARE(layout.hiddenCount(), 1);

        // The streams are one group: collapsed, they share one row; the thread group too.
        const int gpu = layout.groupOf(3);
        QCOMPARE(layout.groupOf(4), gpu);
        QVERIFY(layout.groupOf(0) != gpu);
        QCOMPARE(layout.groupOf(1), layout.groupOf(0));  // waits go with their thread
        layout.setCollapsed(gpu, true);
        auto rows = layout.rows();
        QCOMPARE(rows.size(), std::size_t(3));
        QVERIFY(rows[2].collapsed);
        QCOMPARE(rows[2].lanes, (std::vector<std::uint16_t>{4, 3}));  // the hidden one stays out
        QCOMPARE(layout.rowLabel(*t, rows[2]), QStringLiteral("▸ GPU (2 lanes)"));
        // A collapsed row moves as one.
        QVERIFY(layout.moveRow(2, -1));
        QCOMPARE(firstLanes(layout.rows()), (std::vector<std::uint16_t>{1, 4, 0}));
        layout.expandAll();
        layout.showAllLanes();
        QCOMPARE(layout.rows().size(), std::size_t(5));
    }

    void layoutHeightSteps() {
        LaneLayout layout;
        QVERIFY(layout.heightPx() >= 18);
        const int h = layout.heightPx();
        QVERIFY(layout.taller());
        QVERIFY(layout.heightPx() > h);
        QVERIFY(layout.shorter());
        QVERIFY(layout.shorter());
        QVERIFY(layout.heightPx() < h);
        while (layout.shorter()) {
        }
        QCOMPARE(layout.heightPx(), LaneLayout::kMinHeightPx);
        layout.setHeightPx(100000);
        QCOMPARE(layout.heightPx(), LaneLayout::kMaxHeightPx);
    }

    void layoutSurvivesALiveRunButNotANewTrace() {
        auto t = manyStreams(3);
        LaneLayout layout;
        layout.reset(*t, TimelineModel(t).naturalOrder());
        layout.setHidden(3, true);
        layout.setCollapsed(layout.groupOf(0), true);
        // The same run, grown by a lane: the user's choices stay.
        auto grown = std::make_shared<Trace>(*t);
        grown->addLane(
            {LaneKind::Stream, "stream 9", 9, StreamKind::NonBlocking, 0, kNoLane, kNone});
        QVERIFY(layout.adopt(*grown, TimelineModel(grown).naturalOrder()));
        QVERIFY(layout.isHidden(3));
        QVERIFY(layout.isCollapsed(layout.groupOf(0)));
        QCOMPARE(layout.rows().back().lanes.front(), std::uint16_t(5));
        // Another trace: start over.
        auto other = manyStreams(1);
        other->lanes[0].name = "host thread 99";
        QVERIFY(!layout.adopt(*other, TimelineModel(other).naturalOrder()));
        QCOMPARE(layout.hiddenCount(), 0);
    }

    // --- TimelineView
    void sixtyFourStreamsScroll() {
        TimelineView view;
        QVERIFY(showStreams(view, 64));
        QCOMPARE(view.model()->rowCount(), 66);
        // Readable rows, so not all fit: a scroll bar instead of 8 px lanes.
        QVERIFY2(view.rowHeightPx() >= 18, qPrintable(QString::number(view.rowHeightPx())));
        const int lanePx = view.plot()->axisRect()->height();
        QVERIFY(66 * view.rowHeightPx() > lanePx);
        QVERIFY(view.verticalScrollBar()->isVisible());
        QCOMPARE(view.plot()->yAxis->range().lower, 0.0);
        // Labels one row apart never overlap: each label's row is at least a text line tall.
        QVERIFY(view.rowHeightPx() >= QFontMetrics(view.theme().font).height());

        // The plain wheel scrolls the lanes, and does not zoom.
        const auto range = view.visibleRange();
        const QPoint at(view.plot()->axisRect()->center());
        QWheelEvent down(QPointF(at), QPointF(view.plot()->mapToGlobal(at)), QPoint(),
                         QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view.plot(), &down);
        settle(view);
        QVERIFY(view.scrollPx() > 0);
        QVERIFY(view.plot()->yAxis->range().lower > 0.0);
        QCOMPARE(view.visibleRange(), range);
        QCOMPARE(view.verticalScrollBar()->value(), static_cast<int>(std::lround(view.scrollPx())));

        // Ctrl+wheel zooms time as before.
        QWheelEvent zoom(QPointF(at), QPointF(view.plot()->mapToGlobal(at)), QPoint(),
                         QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase,
                         false);
        QCoreApplication::sendEvent(view.plot(), &zoom);
        QVERIFY(view.visibleRange().second - view.visibleRange().first <
                range.second - range.first);

        // The last stream's kernel can be scrolled to and hit.
        view.zoomToFit();
        for (int i = 0; i < 20; ++i)
            QTest::keyClick(view.plot(), Qt::Key_PageDown);
        settle(view);
        QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
        maybeSave(view.grab().toImage(), QStringLiteral("lanes-64-bottom.png"));
        const std::uint32_t last = 63;  // kernel of stream 63
        const auto c = view.eventCenter(last);
        QVERIFY(c.has_value());
        QVERIFY(
            view.plot()->axisRect()->rect().contains(view.plot()->mapFrom(&view, c->toPoint())));
        QCOMPARE(view.eventAt(c->toPoint()), std::optional<std::uint32_t>(last));
        // Up scrolls back by one row.
        const double bottom = view.scrollPx();
        QTest::keyClick(view.plot(), Qt::Key_Up);
        QCOMPARE(view.scrollPx(), bottom - view.rowHeightPx());
    }

    void presentationLanesAreTaller() {
        TimelineView view;
        QVERIFY(showStreams(view, 64));
        const double light = view.rowHeightPx();
        view.setTheme(Theme::presentation());
        settle(view);
        QVERIFY(view.rowHeightPx() >= Theme::presentation().laneLabelMinPx);
        QVERIFY(view.rowHeightPx() > light);
    }

    void fewLanesStillFillTheView() {
        TimelineView view;
        QVERIFY(showStreams(view, 2));
        QVERIFY(!view.verticalScrollBar()->isVisible());
        QCOMPARE(view.plot()->yAxis->range().upper, 4.0);
        QVERIFY(view.rowHeightPx() > 100);
        // The plain wheel zooms when there is nothing to scroll.
        const auto range = view.visibleRange();
        const QPoint at(view.plot()->axisRect()->center());
        QWheelEvent wheel(QPointF(at), QPointF(view.plot()->mapToGlobal(at)), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view.plot(), &wheel);
        QVERIFY(view.visibleRange().second - view.visibleRange().first <
                range.second - range.first);
    }

    void laneHeightShortcuts() {
        TimelineView view;
        view.resize(1000, 600);
        view.setTrace(manyStreams(64));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        settle(view);
        const double before = view.rowHeightPx();
        QTest::keyClick(view.plot(), Qt::Key_Plus, Qt::ControlModifier | Qt::ShiftModifier);
        settle(view);
        QVERIFY2(view.rowHeightPx() > before, qPrintable(QString::number(view.rowHeightPx())));
        QTest::keyClick(view.plot(), Qt::Key_Minus, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::keyClick(view.plot(), Qt::Key_Minus, Qt::ControlModifier | Qt::ShiftModifier);
        settle(view);
        QVERIFY(view.rowHeightPx() < before);
        // Never below a line of text, however often it is asked.
        for (int i = 0; i < 20; ++i)
            view.shorterLanes();
        settle(view);
        QVERIFY(view.rowHeightPx() >= QFontMetrics(view.theme().font).height());
    }

    void laneMenuMovesHidesAndCollapses() {
        TimelineView view;
        QVERIFY(showStreams(view, 4));
        QCOMPARE(view.model()->rowCount(), 6);

        // Right-click on the label of stream 2 (row 4): its menu pops up.
        const int y = static_cast<int>(view.plot()->yAxis->coordToPixel(4.5));
        const QPoint label(view.plot()->axisRect()->left() - 20, y);
        QCOMPARE(view.rowAt(view.plot()->mapTo(&view, label)), 4);
        QTest::mouseClick(view.plot(), Qt::RightButton, Qt::NoModifier, label);
        QMenu* menu = view.findChild<QMenu*>(QStringLiteral("laneMenu"));
        QVERIFY(menu);
        QVERIFY(menu->isVisible());
        QAction* up = actionNamed(menu, QStringLiteral("Move Up"));
        QVERIFY(up);
        up->trigger();
        menu->close();
        settle(view);
        QCOMPARE(view.model()->rowOfLane(4), 3);
        QCOMPARE(view.model()->rowOfLane(3), 4);

        // Hide it: its row goes, the menu of the view offers it back.
        std::unique_ptr<QMenu> m(view.laneMenu(3));
        actionNamed(m.get(), QStringLiteral("Hide Lane"))->trigger();
        settle(view);
        QCOMPARE(view.model()->rowCount(), 5);
        QCOMPARE(view.model()->rowOfLane(4), -1);
        QAction* showHidden = actionNamed(m.get(), QStringLiteral("Show Hidden Lanes"));
        QVERIFY(showHidden->isEnabled());
        QVERIFY(showHidden->text().contains(QStringLiteral("(1)")));

        // Collapse the streams: one row draws them all; hit-testing finds any of them.
        m.reset(view.laneMenu(2));
        QAction* collapse = actionNamed(m.get(), QStringLiteral("Collapse"));
        QVERIFY(collapse);
        collapse->trigger();
        settle(view);
        QCOMPARE(view.model()->rowCount(), 3);
        QCOMPARE(view.model()->lanesOfRow(2).size(), std::size_t(3));
        const auto c = view.eventCenter(3);  // stream 3's kernel, in the collapsed row
        QVERIFY(c.has_value());
        QCOMPARE(view.eventAt(c->toPoint()).has_value(), true);
        m.reset(view.laneMenu(2));
        actionNamed(m.get(), QStringLiteral("Expand"))->trigger();

        showHidden->trigger();
        settle(view);
        QCOMPARE(view.model()->rowCount(), 6);
        QVERIFY(!showHidden->isEnabled());
    }

    void labelDoubleClickCollapses() {
        TimelineView view;
        QVERIFY(showStreams(view, 4));
        const int y = static_cast<int>(view.plot()->yAxis->coordToPixel(0.5));
        const QPoint label(view.plot()->axisRect()->left() - 20, y);
        QTest::mouseDClick(view.plot(), Qt::LeftButton, Qt::NoModifier, label);
        settle(view);
        QCOMPARE(view.model()->rowCount(), 5);  // thread and waits share one row
        QCOMPARE(view.model()->lanesOfRow(0), (std::vector<std::uint16_t>{0, 1}));
    }

    void liveSnapshotsKeepTheLayout() {
        TimelineView view;
        view.resize(1000, 600);
        auto t = manyStreams(4);
        view.setTrace(t);
        view.hideLane(3);
        QCOMPARE(view.model()->rowOfLane(3), -1);
        auto grown = std::make_shared<Trace>(*t);
        grown->addEvent(grown->events.front());
        view.setTrace(grown);
        QCOMPARE(view.model()->rowOfLane(3), -1);
    }

    // --- the real traces
    void realTraceLanes_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(syncscope::test::realTracesDir());
        QStringList files;
        for (const QString& pattern :
             {QStringLiteral("*.json"), QStringLiteral("*.json.gz"), QStringLiteral("*.sqlite")}) {
            files += dir.entryList({pattern}, QDir::Files, QDir::Name);
            const QDir ranks(dir.filePath(QStringLiteral("param-dlrm-ranks")));
            for (const auto& f : ranks.entryList({pattern}, QDir::Files, QDir::Name))
                files += QStringLiteral("param-dlrm-ranks/") + f;
        }
        if (files.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES("no recorded traces");
        for (const auto& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void realTraceLanes() {
        QFETCH(QString, path);
        ImportResult imported = importTrace(path.toStdString());
        QVERIFY2(imported.ok(), imported.error.c_str());
        auto trace = std::make_shared<const Trace>(std::move(*imported.trace));
        const QRegularExpression negativeId(QStringLiteral("(^|\\s)-[0-9]"));
        for (const auto& lane : trace->lanes)
            QVERIFY2(!QString::fromStdString(lane.name).contains(negativeId), lane.name.c_str());

        TimelineView view;
        view.resize(1400, 800);
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        int bookkeeping = 0;
        for (std::uint16_t l = 0; l < trace->lanes.size(); ++l) {
            if (!LaneLayout::isBookkeeping(trace->lanes[l]))
                continue;
            ++bookkeeping;
            QCOMPARE(view.model()->rowOfLane(l), -1);
        }
        QCOMPARE(view.laneLayout().hiddenCount(), bookkeeping);
        QCOMPARE(view.model()->rowCount(), static_cast<int>(trace->lanes.size()) - bookkeeping);
        QVERIFY(view.rowHeightPx() >= 18);
    }

    // Issue 38 item 9, on the H200 trace whose Python thread is 24 frames deep: the GPU lane
    // opens first; the thread folds onto one row and back; any row moves to the top; the
    // imported frames are not one grey.
    void aDeepImportOpensWithTheGpuFirst() {
        const QString path =
            QDir(syncscope::test::realTracesDir())
                .filePath(QStringLiteral("h200/torch-cpu-vs-cuda-synchronize.pt.trace.json.gz"));
        if (!QFileInfo::exists(path))
            SYNCSCOPE_MISSING_REAL_TRACES("h200/torch-cpu-vs-cuda-synchronize");
        ImportResult imported = importTrace(path.toStdString());
        QVERIFY2(imported.ok(), imported.error.c_str());
        auto trace = std::make_shared<const Trace>(std::move(*imported.trace));
        TimelineView view;
        view.resize(1400, 800);
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        const TimelineModel& model = *view.model();
        const auto kindOfRow = [&](int row) {
            return trace->lanes[model.lanesOfRow(row).front()].kind;
        };
        QVERIFY(isGpuLane(kindOfRow(0)));

        // The deepest host thread: fold its stack, then show it again.
        int deep = -1;
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.rowSpan(row) > 5)
                deep = row;
        QVERIFY(deep >= 0);
        const int slot_count = model.slotCount();
        const int span = model.rowSpan(deep);
        std::unique_ptr<QMenu> menu(view.laneMenu(deep));
        QAction* fold = actionNamed(menu.get(), QStringLiteral("Fold Nested Calls"));
        QVERIFY(fold);
        fold->trigger();
        QCOMPARE(view.model()->rowSpan(deep), 1);
        QCOMPARE(view.model()->slotCount(), slot_count - span + 1);
        menu.reset(view.laneMenu(deep));
        QAction* unfold = actionNamed(menu.get(), QStringLiteral("Show Nested Calls"));
        QVERIFY(unfold);
        unfold->trigger();
        QCOMPARE(view.model()->rowSpan(deep), span);

        // Move to Top pins the thread above the GPU lanes.
        const auto lane = view.model()->lanesOfRow(deep).front();
        menu.reset(view.laneMenu(deep));
        QAction* top = actionNamed(menu.get(), QStringLiteral("Move to Top"));
        QVERIFY(top && top->isEnabled());
        top->trigger();
        QCOMPARE(view.model()->lanesOfRow(0).front(), lane);

        // Frames of different names are told apart by colour; one name keeps one colour.
        std::map<std::string, QColor> colours;
        std::set<QRgb> distinct;
        for (const TraceEvent& e : trace->events) {
            if (e.kind != EventKind::Annotation && e.kind != EventKind::Generic)
                continue;
            const QColor c = view.lanes()->fillColor(e);
            const auto [it, added] = colours.emplace(std::string(trace->nameOf(e)), c);
            QVERIFY(it->second == c);
            distinct.insert(c.rgb());
        }
        QVERIFY2(distinct.size() >= 4, qPrintable(QString::number(distinct.size())));
    }

    // Issue 38 item 15: a collapsed rank reads as a summary, its host calls above its GPU work,
    // not as every lane's bars piled into one mix of colours.
    void aCollapsedRankDrawsEachKindInItsBand() {
        auto t = std::make_shared<Trace>();
        Lane host{
            LaneKind::HostThread, "host thread 1", kNone, StreamKind::NonBlocking, 0, kNoLane, 1};
        host.rank = 0;
        Lane stream{LaneKind::Stream, "stream 7", 7, StreamKind::NonBlocking, 0, kNoLane, kNone};
        stream.rank = 0;
        const auto h = t->addLane(host);
        const auto g = t->addLane(stream);
        // A call and a kernel over the same 100 µs.
        for (const auto& [lane, kind, name] :
             {std::tuple{h, EventKind::ApiCall, "cudaMemcpy"}, {g, EventKind::Kernel, "k"}}) {
            TraceEvent e;
            e.kind = kind;
            e.lane = lane;
            e.start_ns = 0;
            e.end_ns = 100'000;
            e.name = t->strings.intern(name);
            t->addEvent(e);
        }
        TimelineView view;
        view.resize(800, 400);
        view.setTrace(t);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setGroupCollapsed(view.laneLayout().groupOf(h), true);
        settle(view);
        QCOMPARE(view.model()->rowCount(), 1);
        const QImage image = view.plot()->toPixmap().toImage();
        const double x = view.plot()->xAxis->coordToPixel(50'000);
        const double top = view.plot()->yAxis->coordToPixel(0.25);
        const double bottom = view.plot()->yAxis->coordToPixel(0.75);
        const QColor api = view.theme().kindColor(EventKind::ApiCall);
        const QColor gpu = view.theme().kindColor(EventKind::Kernel);
        const QColor at_top = image.pixelColor(int(x), int(top));
        const QColor at_bottom = image.pixelColor(int(x), int(bottom));
        QVERIFY2(at_top == api, qPrintable(at_top.name() + QStringLiteral(" vs ") + api.name()));
        QVERIFY2(at_bottom == gpu,
                 qPrintable(at_bottom.name() + QStringLiteral(" vs ") + gpu.name()));
    }

    void kinetoImportsHideTheirBookkeeping() {
        // Kineto's "Traces" and "Spans" processes, in the HTA trace that has them.
        const QString path = QDir(syncscope::test::realTracesDir())
                                 .filePath(QStringLiteral(
                                     "facebookresearch__HolisticTraceAnalysis__cuda_event_sync__"
                                     "event_sync_trace.json.gz"));
        if (!QFileInfo::exists(path))
            SYNCSCOPE_MISSING_REAL_TRACES("the HTA cuda_event_sync trace");
        ImportResult imported = importTrace(path.toStdString());
        QVERIFY2(imported.ok(), imported.error.c_str());
        int found = 0;
        for (const auto& lane : imported.trace->lanes)
            found += LaneLayout::isBookkeeping(lane);
        QVERIFY2(found > 0, "no bookkeeping lane in a trace that has Spans/ events");
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineLanes)
#include "tst_timeline_lanes.moc"
