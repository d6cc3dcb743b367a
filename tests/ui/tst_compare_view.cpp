// ui/compare: two timelines kept in step (QTest zoom and wheel input on one, the other follows;
// a selection finds its twin or clears), B moved onto A's clock, the difference table, the whole
// view as one picture, and File ▸ Compare With… in the main window.
#include <qcustomplot.h>

#include <QAction>
#include <QMenuBar>
#include <QSignalSpy>
#include <QtTest>

#include "core/compare/trace_alignment.h"
#include "core/engine/engine_factory.h"
#include "tests/ui/tst_timeline_fixtures.h"
#include "tests/ui/window_test_utils.h"
#include "ui/compare/compare_exporter.h"
#include "ui/compare/compare_view.h"
#include "ui/compare/compare_window.h"
#include "ui/compare/comparison_table_painter.h"
#include "ui/compare/comparison_table_widget.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/replay/replay_bar.h"
#include "ui/run/run_panel.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

bool sameRange(const TimelineView* a, const TimelineView* b) {
    const auto ra = a->visibleRange();
    const auto rb = b->visibleRange();
    return qFuzzyCompare(ra.first + 1.0, rb.first + 1.0) &&
           qFuzzyCompare(ra.second + 1.0, rb.second + 1.0);
}

void showView(CompareView& view) {
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

// Pixels of the kernel colour in rows [top, bottom) of the picture.
int kernelPixels(const QImage& image, int top, int bottom, const QColor& kernel) {
    int n = 0;
    for (int y = std::max(0, top); y < std::min(image.height(), bottom); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixelColor(x, y) == kernel)
                ++n;
    return n;
}

}  // namespace

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        testing::fixPlatform();
        test::isolateWindowTest();
    }
    void zoomInOneAndTheOtherFollows();
    void wheelOnTheSecondMovesTheFirst();
    void selectionFindsItsTwin();
    void recordingIsMovedOntoTheFirstClock();
    void timeAxesLineUpDespiteLongerLaneNames();
    void tableShowsBothRunsAndTheDifference();
    void pictureHasTwoTimelinesAndTheTable();
    void aSlideIsTheSameEachTimeItIsDrawn();
    void aSlidesTableNeverCutsANumber();
    void mainWindowComparesTheRunOnScreen();
};

void TestCompareView::zoomInOneAndTheOtherFollows() {
    CompareView view;
    view.setTraces(testing::makeDemoTrace(6), testing::makeDemoTrace(3));
    showView(view);
    QVERIFY(sameRange(view.viewA(), view.viewB()));
    const auto before = view.viewB()->visibleRange();
    view.viewA()->plot()->setFocus();
    QTest::keyClick(view.viewA()->plot(), Qt::Key_Plus);
    QTest::keyClick(view.viewA()->plot(), Qt::Key_Plus);
    const auto after = view.viewB()->visibleRange();
    QVERIFY(after.second - after.first < 0.6 * (before.second - before.first));
    QVERIFY(sameRange(view.viewA(), view.viewB()));
    QTest::keyClick(view.viewA()->plot(), Qt::Key_Right);
    QVERIFY(sameRange(view.viewA(), view.viewB()));
}

void TestCompareView::wheelOnTheSecondMovesTheFirst() {
    CompareView view;
    view.setTraces(testing::makeDemoTrace(6), testing::makeDemoTrace(6));
    showView(view);
    const auto before = view.viewA()->visibleRange();
    auto* plot = view.viewB()->plot();
    const QPointF pos = plot->axisRect()->center();
    QWheelEvent wheel(pos, plot->mapToGlobal(pos), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    const auto after = view.viewA()->visibleRange();
    QVERIFY(after.second - after.first < before.second - before.first);
    QVERIFY(sameRange(view.viewA(), view.viewB()));
}

void TestCompareView::selectionFindsItsTwin() {
    testing::DemoIds ids_a, ids_b;
    auto a = testing::makeDemoTrace(6, &ids_a);
    auto b = testing::makeDemoTrace(3, &ids_b);
    CompareView view;
    view.setTraces(a, b);
    view.viewA()->selectEvent(ids_a.firstKernelS0);
    QCOMPARE(view.viewB()->selectedEvent(), std::optional(ids_b.firstKernelS0));
    view.viewB()->selectEvent(ids_b.firstSpinWait);
    QCOMPARE(view.viewA()->selectedEvent(), std::optional(ids_a.firstSpinWait));
    // The last kernel of A's sixth batch has no twin in a three-batch run: B lets go.
    std::uint32_t last_kernel = kNone;
    for (std::uint32_t i = 0; i < a->events.size(); ++i)
        if (a->events[i].kind == EventKind::Kernel)
            last_kernel = i;
    view.viewA()->selectEvent(last_kernel);
    QVERIFY(!view.viewB()->selectedEvent());
}

void TestCompareView::recordingIsMovedOntoTheFirstClock() {
    auto a = testing::makeDemoTrace(3);
    auto recording =
        std::make_shared<Trace>(TraceAlignment::shifted(*a, 1'700'000'000'000'000'000));
    CompareView view;
    view.setTraces(a, recording);
    QCOMPARE(view.viewB()->model()->beginNs(), view.viewA()->model()->beginNs());
    QCOMPARE(view.viewB()->model()->endNs(), view.viewA()->model()->endNs());
}

void TestCompareView::timeAxesLineUpDespiteLongerLaneNames() {
    auto a = testing::makeDemoTrace(3);
    auto b = testing::makeDemoTrace(3);
    b->lanes[0].name = "thread 948300 (python3.10) of a recorded run";
    CompareView view;
    view.setTraces(a, b);
    showView(view);
    auto* ra = view.viewA()->plot()->axisRect();
    auto* rb = view.viewB()->plot()->axisRect();
    // The label columns settle over a queued replot or two (rows in view set the labels).
    QTRY_COMPARE(ra->left(), rb->left());
    QCOMPARE(ra->right(), rb->right());
    const double t = static_cast<double>(a->events[3].start_ns);
    QCOMPARE(view.viewA()->plot()->xAxis->coordToPixel(t),
             view.viewB()->plot()->xAxis->coordToPixel(t));
}

void TestCompareView::tableShowsBothRunsAndTheDifference() {
    auto a = testing::makeDemoTrace(6);
    auto b = testing::makeDemoTrace(3);
    b->title = "three batches";
    CompareView view;
    view.setTraces(a, b);
    const ComparisonTable& t = view.table();
    QCOMPARE(t.rows.size(), std::size_t{4});
    const auto* blocked = t.row("host blocked");
    QVERIFY(blocked->a > blocked->b);  // twice the batches, twice the waits
    QCOMPARE(ComparisonTablePainter::cellText(t, -1, 2), QStringLiteral("B: three batches"));
    QCOMPARE(ComparisonTablePainter::cellText(t, 1, 3),
             QString::fromStdString(formatSignedDuration(blocked->b - blocked->a)));
    QVERIFY(ComparisonTablePainter::cellText(t, 1, 4).startsWith(QStringLiteral("×0.")));
    QVERIFY(view.titleA().startsWith(QStringLiteral("A: two-stream pipeline — sim on")));
    QVERIFY(view.titleB().startsWith(QStringLiteral("B: three batches")));
    QVERIFY(view.tableWidget()->sizeHint().height() >=
            5 * QFontMetrics(view.theme().font).height());
}

void TestCompareView::pictureHasTwoTimelinesAndTheTable() {
    CompareView view;
    view.setTraces(testing::makeDemoTrace(6), testing::makeDemoTrace(3));
    ExportOptions options;
    options.size = QSize(1200, 900);
    const CompareExporter exporter(view);
    QString error;
    const QImage image = exporter.renderImage(options, &error);
    QVERIFY2(!image.isNull(), qPrintable(error));
    QCOMPARE(image.size(), QSize(1200, 900));
    const auto layout = exporter.layout(options);
    QVERIFY(layout.a.bottom() < layout.b.top());
    QVERIFY(layout.b.bottom() < layout.legend.top());
    QVERIFY(layout.legend.height() > 0);
    // Under the halves, the legend above the table or beside it; never over it.
    QVERIFY(layout.b.bottom() < layout.table.top());
    QVERIFY(!layout.legend.intersects(layout.table));
    QCOMPARE(layout.table.bottom(), 899);
    const QColor kernel = view.theme().kindColor(EventKind::Kernel);
    QVERIFY(kernelPixels(image, layout.a.top(), layout.a.bottom(), kernel) > 100);
    QVERIFY(kernelPixels(image, layout.b.top(), layout.b.bottom(), kernel) > 100);
    // The table is text on the background: some pixels in its rows are not background.
    int ink = 0;
    for (int y = layout.table.top(); y <= layout.table.bottom(); ++y)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixelColor(x, y) != view.theme().background &&
                image.pixelColor(x, y) != view.theme().laneStripe)
                ++ink;
    QVERIFY(ink > 200);
    testing::maybeSave(image, QStringLiteral("compare-view.png"));
}

// The halves' legend and heights follow what each half showed at the size it was last laid out
// at: claim 5's slide came out with another legend row and a callout with no room the second
// time it was drawn. Every drawing of a slide is the same picture.
void TestCompareView::aSlideIsTheSameEachTimeItIsDrawn() {
    const auto a = test::simulatedBuiltin(QStringLiteral("claim-5-sync-does-not-free-memory"));
    const auto b = test::simulatedBuiltin(QStringLiteral("sync-memory-empty-cache-swapped"));
    QVERIFY(a && b);
    // 1280×720 and 1366×768 differed before, among others.
    for (const QSize size : {QSize(1920, 1080), QSize(1600, 1200), QSize(1366, 768),
                             QSize(1280, 720), QSize(1024, 768)}) {
        ExportOptions options;
        options.size = size;
        options.theme = Theme::presentation();
        CompareView view;
        prepareCompareView(view, a, b, options);
        const CompareExporter exporter(view);
        const QImage first = exporter.renderImage(options);
        QVERIFY(!first.isNull());
        QVERIFY2(first == exporter.renderImage(options),
                 qPrintable(QStringLiteral("%1×%2").arg(size.width()).arg(size.height())));
    }
}

// On a slide the table shares its width with the legend: its numbers stay whole ("+140.0…" was
// the spin-vs-sleep slide's difference), the runs' names give way.
void TestCompareView::aSlidesTableNeverCutsANumber() {
    const auto a = test::simulatedBuiltin(QStringLiteral("policy-spin"));
    const auto b = test::simulatedBuiltin(QStringLiteral("policy-blocking-sync"));
    QVERIFY(a && b);
    ExportOptions options;
    options.size = QSize(1920, 1080);
    options.theme = Theme::presentation();
    CompareView view;
    prepareCompareView(view, a, b, options);
    const CompareExporter exporter(view);
    const auto layout = exporter.layout(options);
    const ComparisonTable& table = view.table();
    const auto widths =
        ComparisonTablePainter::columnWidths(table, view.theme(), layout.table.width());
    const QFontMetrics fm(view.theme().font);
    for (int r = 0; r < int(table.rows.size()); ++r)
        for (int c = 1; c < ComparisonTablePainter::kColumns; ++c) {
            const QString cell = ComparisonTablePainter::cellText(table, r, c);
            QVERIFY2(fm.horizontalAdvance(cell) <= widths[std::size_t(c)] - 16,
                     qPrintable(QStringLiteral("'%1' in %2 px").arg(cell).arg(widths[c] - 16)));
        }
}

void TestCompareView::mainWindowComparesTheRunOnScreen() {
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.replayBar());
    bool found = false;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                found = found || a->text() == QStringLiteral("Compare &With…");
    QVERIFY(found);
    QVERIFY(!window.compareWith(QStringLiteral("builtin:mode-device")));  // nothing on screen
    QSignalSpy shown(&window, &MainWindow::runShown);
    window.runPanel()->setEngineId(QStringLiteral("sim"));
    QVERIFY(window.openPath(QStringLiteral("builtin:mode-cpu-synchronize"), true));
    QVERIFY(shown.wait(60000));
    CompareWindow* compare = window.compareWith(QStringLiteral("builtin:mode-device"));
    QVERIFY(compare);
    QSignalSpy compared(compare, &CompareWindow::compared);
    QVERIFY(compared.wait(60000));
    const ComparisonTable& t = compare->view()->table();
    // The simulator's numbers for the pair (tst_comparison_table has them all).
    QCOMPARE(t.row("makespan")->a, TimeNs{2'004'500});
    QCOMPARE(t.row("makespan")->b, TimeNs{1'618'000});
    QSignalSpy failed(compare, &CompareWindow::failed);
    window.compareWith(QStringLiteral("builtin:no-such-scenario"));
    QVERIFY(failed.wait(60000));
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("no-such-scenario")));
}

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
