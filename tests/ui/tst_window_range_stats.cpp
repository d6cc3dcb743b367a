// The window's analysis docks: dragging on the timeline's time axis after a run opens the range
// statistics with the range's events, and View ▸ Range Statistics (Ctrl+Shift+R) toggles it; the
// Findings dock (Ctrl+Shift+D) lists the doctor's findings of the trace on screen.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUrl>

#include "tests/support/real_traces.h"
#include "tests/ui/tst_timeline_fixtures.h"
#include "tests/ui/window_test_utils.h"
#include "ui/doctor/findings_dock.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/range_stats_model.h"
#include "ui/timeline/range_stats_panel.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

void dragOnRuler(TimelineView* view, int x0, int x1) {
    view->plot()->replot(QCustomPlot::rpImmediateRefresh);
    const int y = view->plot()->axisRect()->rect().bottom() + 8;
    QTest::mousePress(view->plot(), Qt::LeftButton, Qt::NoModifier, QPoint(x0, y));
    QTest::mouseMove(view->plot(), QPoint((x0 + x1) / 2, y));
    QTest::mouseMove(view->plot(), QPoint(x1, y));
    QTest::mouseRelease(view->plot(), Qt::LeftButton, Qt::NoModifier, QPoint(x1, y));
}

}  // namespace

class TestWindowRangeStats : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateWindowTest(); }

    void rulerDragOpensTheStatistics() {
        MainWindow window;
        QVERIFY(test::showAndRun(window, QStringLiteral("builtin:device-vs-stream")));
        QDockWidget* dock = window.rangeDock();
        QVERIFY(dock);
        QVERIFY(!dock->isVisible());
        TimelineView* view = window.timeline();
        const QRect a = view->plot()->axisRect()->rect();
        const int x0 = a.left() + a.width() / 5, x1 = a.left() + a.width() * 4 / 5;
        dragOnRuler(view, x0, x1);
        QTRY_VERIFY(dock->isVisible());
        const auto& stats = window.rangeStats()->model()->statistics();
        QVERIFY(stats);
        const double t0 = view->plot()->xAxis->pixelToCoord(x0);
        const double t1 = view->plot()->xAxis->pixelToCoord(x1);
        QVERIFY(std::abs(static_cast<double>(stats->startNs()) - t0) <= 1.0);
        QVERIFY(std::abs(static_cast<double>(stats->endNs()) - t1) <= 1.0);
        // One row per name and kind of the events in the range.
        const auto trace = window.currentTrace();
        QSet<QString> groups;
        bool kernel = false;
        for (const auto& e : trace->events) {
            const bool in = e.end_ns > e.start_ns
                                ? e.start_ns < stats->endNs() && e.end_ns > stats->startNs()
                                : e.start_ns >= stats->startNs() && e.start_ns <= stats->endNs();
            if (!in || window.timeline()->laneLayout().isHidden(e.lane))
                continue;
            groups.insert(QString::fromStdString(std::string(trace->nameOf(e))) + QLatin1Char('|') +
                          QString::number(int(e.kind)));
            kernel = kernel || e.kind == EventKind::Kernel;
        }
        QVERIFY(kernel);
        QCOMPARE(window.rangeStats()->model()->rowCount(), static_cast<int>(groups.size()));
        QVERIFY(window.rangeStats()->headerText().contains(QStringLiteral("GPU idle")));
        // The range's idle time by cause, when it holds any.
        if (stats->gpuIdleNs() > 0)
            QVERIFY2(
                window.rangeStats()->headerText().contains(QStringLiteral("GPU idle by cause")),
                qPrintable(window.rangeStats()->headerText()));

        // The dock opens to a fifth of the window, not a third; the figures stay in view however
        // long the names (the Name column gives way).
        QTRY_VERIFY2(
            dock->height() <= window.height() / 4,
            qPrintable(QStringLiteral("%1 of %2").arg(dock->height()).arg(window.height())));
        QTableView* table = window.rangeStats()->table();
        const QHeaderView* header = table->horizontalHeader();
        QCOMPARE(header->sectionResizeMode(RangeStatsModel::Name), QHeaderView::Stretch);
        QVERIFY(header->sectionViewportPosition(RangeStatsModel::Share) +
                    header->sectionSize(RangeStatsModel::Share) <=
                table->viewport()->width());

        // The dock's View menu entry and its key.
        QAction* toggle = dock->toggleViewAction();
        QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
        toggle->trigger();
        QTRY_VERIFY(!dock->isVisible());
    }

    // The Nsight Systems export with its streams: a range over the middle, markers and the
    // overview, as a user sees them (SYNCSCOPE_UI_SHOTS=dir saves the picture).
    void findingsOfAnImportedTrace();

    void realNsightTrace() {
        const QString path =
            test::realTracesDir() + QStringLiteral("/extra-p__extrap__profile16.sqlite");
        if (!QFile::exists(path))
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("extra-p__extrap__profile16.sqlite"));
        MainWindow window;
        window.setInteractive(false);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::documentOpened);
        QVERIFY(window.openPath(path));
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
        TimelineView* view = window.timeline();
        // The timeline takes the start page's place once the trace is on screen: drag only then.
        QTRY_VERIFY_WITH_TIMEOUT(
            view->isVisible() && view->model() && view->model()->rowCount() > 0, 30000);
        QCoreApplication::processEvents();
        view->zoomToFit();
        QVERIFY(view->overview()->rows().size() >= 2);  // host and the GPU
        const auto [lo, hi] = view->visibleRange();
        view->addMarker(static_cast<TimeNs>(lo + (hi - lo) * 0.3));
        view->addMarker(static_cast<TimeNs>(lo + (hi - lo) * 0.7));
        const QRect a = view->plot()->axisRect()->rect();
        dragOnRuler(view, a.left() + a.width() / 4, a.left() + a.width() * 3 / 4);
        QTRY_VERIFY_WITH_TIMEOUT(window.rangeDock()->isVisible(), 20000);
        const auto& stats = window.rangeStats()->model()->statistics();
        QVERIFY(stats);
        QVERIFY(!stats->rows().empty());
        QVERIFY(stats->gpuBusyNs() + stats->gpuIdleNs() <= stats->lengthNs());
        QCoreApplication::processEvents();
        testing::maybeSave(window.grab().toImage(), QStringLiteral("window-range-nsight.png"));
    }
};

void TestWindowRangeStats::findingsOfAnImportedTrace() {
    const QString path = test::realTracesDir() +
                         QStringLiteral("/h200/torch-cpu-vs-cuda-synchronize.pt.trace.json.gz");
    if (!QFile::exists(path))
        SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("h200/torch-cpu-vs-cuda-synchronize"));
    MainWindow window;
    window.setInteractive(false);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    FindingsDock* dock = window.findingsDock();
    QCOMPARE(dock->toggleViewAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    QSignalSpy ready(dock, &FindingsDock::findingsReady);
    QVERIFY(window.openPath(path));
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), 30000);
    QCOMPARE(ready.front().front().toInt(), 1);
    QCOMPARE(dock->findings().front().id, std::string("cpu-synchronize"));
    // An import with findings raises the dock.
    QTRY_VERIFY(!dock->visibleRegion().isEmpty());
    const QString text = dock->text();
    QVERIFY2(text.contains(QStringLiteral("torch.cpu.synchronize() used as a GPU barrier")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Why: ")) && text.contains(QStringLiteral("Fix: ")),
             qPrintable(text));
    // The occurrence is a link: following it selects the call on the timeline.
    const std::uint32_t first = dock->findings().front().occurrences.front();
    const QString link = QStringLiteral("event:%1").arg(first);
    QVERIFY2(dock->html().contains(link), qPrintable(dock->html()));
    dock->openLink(QUrl(link));
    QCOMPARE(window.timeline()->selectedEvent(), std::optional<std::uint32_t>(first));
    QVERIFY(dock->html().contains(QStringLiteral("lesson:mode-cpu-synchronize")));
    QCoreApplication::processEvents();
    testing::maybeSave(window.grab().toImage(), QStringLiteral("window-findings.png"));
}

QTEST_MAIN(TestWindowRangeStats)
#include "tst_window_range_stats.moc"
