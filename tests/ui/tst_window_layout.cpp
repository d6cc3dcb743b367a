// The window's layout: the timeline gets most of a 1600 px window, everything fits a 1366×768
// screen with time axis labels apart, the step and batches tables fit their dock in English and
// Japanese, and the
// docks come back where the user left them.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTest>
#include <QToolBar>

#include "tests/ui/tst_timeline_fixtures.h"
#include "tests/ui/window_test_utils.h"
#include "ui/editor/batch_table_view.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/step_table_editor.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/time_ticker.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

// Neighbouring tick labels of `axis` as drawn: each centred on its tick, the width its font gives.
// Empty when they are apart, else which two touch.
QString overlappingLabels(QCPAxis* axis) {
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QFontMetricsF fm(axis->tickLabelFont());
    for (int i = 1; i < ticks.size() && i < labels.size(); ++i) {
        const double gap =
            std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
        const double need =
            (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[i - 1])) / 2.0;
        if (gap < need)
            return QStringLiteral("'%1' and '%2': %3 px apart, %4 px wide")
                .arg(labels[i - 1], labels[i])
                .arg(gap)
                .arg(need);
    }
    return {};
}

// What in `table` would need a sideways scroll, or a column cut to less than a character and the
// ellipsis where its text is longer; empty when every column fits.
QString unfitColumns(const QTableView* table) {
    const QHeaderView* header = table->horizontalHeader();
    if (table->horizontalScrollBar()->maximum() > 0 ||
        header->length() > table->viewport()->width())
        return QStringLiteral("%1 px of columns in %2 px")
            .arg(header->length())
            .arg(table->viewport()->width());
    const int few = table->fontMetrics().horizontalAdvance(QStringLiteral("M…"));
    for (int c = 0; c < header->count(); ++c) {
        if (header->isSectionHidden(c))
            continue;
        const QAbstractItemView* view = table;  // QTableView's override is protected
        const int wanted = std::max(view->sizeHintForColumn(c), header->sectionSizeHint(c));
        if (header->sectionSize(c) < std::min(wanted, few))
            return QStringLiteral("column %1: %2 px, wants %3")
                .arg(table->model()->headerData(c, Qt::Horizontal).toString())
                .arg(header->sectionSize(c))
                .arg(wanted);
    }
    return {};
}

// Every built-in in the step table of a first-start window of `size`: what does not fit.
QString stepTablesThatDoNotFit(const QSize& size) {
    MainWindow window;
    window.setInteractive(false);
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return QStringLiteral("window not shown");
    window.resize(size);
    QTableView* table = window.editor()->stepEditor()->table();
    auto* area = window.findChild<QScrollArea*>(QStringLiteral("scenarioScroll"));
    QStringList problems;
    for (const QString& name : BuiltinScenarios::names()) {
        if (!window.openPath(QStringLiteral("builtin:") + name))
            return QStringLiteral("%1 did not open").arg(name);
        // The layout settles (scroll bars come and go) in queued events, later on a loaded
        // machine: wait for a fit a while, then report what is still wrong.
        (void)QTest::qWaitFor(
            [&] {
                return table->isVisible() && unfitColumns(table).isEmpty() &&
                       !area->horizontalScrollBar()->isVisible();
            },
            2000);
        if (!table->isVisible())
            return QStringLiteral("%1: no step table").arg(name);
        const QString problem = unfitColumns(table);
        if (!problem.isEmpty())
            problems << name + QStringLiteral(": ") + problem;
        if (area->horizontalScrollBar()->isVisible())
            problems << name + QStringLiteral(": the dock scrolls sideways");
    }
    return problems.join(QLatin1Char('\n'));
}

// The window sizes the layout must fit: a first start, and a small laptop screen.
void addWindowSizes() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("first start, 1600x1000") << QSize(1600, 1000);
    QTest::newRow("small screen, 1366x768") << QSize(1366, 768);
}

// A text `table` cuts: a column narrower than its header or a cell asks, or a row header's
// label wider than the row headers; empty when every text shows whole.
QString cutTexts(const QTableView* table) {
    const QString sideways = unfitColumns(table);
    if (!sideways.isEmpty())
        return sideways;
    const QHeaderView* header = table->horizontalHeader();
    const QAbstractItemView* view = table;  // QTableView's override is protected
    for (int c = 0; c < header->count(); ++c) {
        const int wanted = std::max(view->sizeHintForColumn(c), header->sectionSizeHint(c));
        if (!header->isSectionHidden(c) && header->sectionSize(c) < wanted)
            return QStringLiteral("column '%1' cut: %2 px, wants %3")
                .arg(table->model()->headerData(c, Qt::Horizontal).toString())
                .arg(header->sectionSize(c))
                .arg(wanted);
    }
    const QHeaderView* rows = table->verticalHeader();
    const QFontMetrics fm(rows->font());
    for (int r = 0; r < rows->count(); ++r) {
        const QString label = table->model()->headerData(r, Qt::Vertical).toString();
        if (rows->isVisible() && fm.horizontalAdvance(label) > rows->width())
            return QStringLiteral("row header '%1' cut: %2 px, wants %3")
                .arg(label)
                .arg(rows->width())
                .arg(fm.horizontalAdvance(label));
    }
    return {};
}

// What is wrong with the batches table's fit, once the layout settles ("" when nothing): in the
// dock it shows every title and value whole (it read "Batc", "s…" there).
QString batchesTableProblem(const QTableView* table) {
    (void)QTest::qWaitFor([&] { return table->isVisible() && cutTexts(table).isEmpty(); }, 2000);
    if (!table->isVisible())
        return QStringLiteral("no batches table");
    return cutTexts(table);
}

// Whether `w` lies wholly inside `window` (in its coordinates).
bool inside(const QWidget* w, const QWidget* window) {
    const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
    return window->rect().contains(r);
}

}  // namespace

class TestWindowLayout : public QObject {
    Q_OBJECT
private slots:
    void init() {
        test::isolateWindowTest();
        QSettings().clear();  // every case starts as a first start
    }

    void timelineGetsMostOfAWideWindow() {
        MainWindow window;
        window.setInteractive(false);
        window.resize(1600, 900);
        QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-stream")));
        window.resize(1600, 900);
        QTest::qWait(50);
        QCOMPARE(window.width(), 1600);
        const int timeline = window.timeline()->width();
        testing::maybeSave(window.grab().toImage(), QStringLiteral("window-1600x900.png"));
        QVERIFY2(
            timeline >= 0.6 * window.width(),
            qPrintable(QStringLiteral("timeline %1 px of %2").arg(timeline).arg(window.width())));
    }

    void sideDocksNeedNoSidewaysScrolling_data() {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("batches table") << QString();
        QTest::newRow("step table") << QStringLiteral("builtin:mode-stream");
    }
    void sideDocksNeedNoSidewaysScrolling() {
        // The side docks scroll up and down where the screen is short; at their first-start widths
        // nothing in them is wider than the dock.
        QFETCH(QString, scenario);
        MainWindow window;
        window.setInteractive(false);
        window.resize(1600, 900);
        if (scenario.isEmpty()) {
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
        } else {
            QVERIFY(test::showAndRun(window, scenario));
        }
        window.resize(1600, 900);
        QTest::qWait(50);
        for (const QString& name :
             {QStringLiteral("scenarioScroll"), QStringLiteral("summaryScroll")}) {
            auto* area = window.findChild<QScrollArea*>(name);
            QVERIFY2(area, qPrintable(name));
            QVERIFY2(!area->horizontalScrollBar()->isVisible(),
                     qPrintable(QStringLiteral("%1: %2 px shown, %3 px needed")
                                    .arg(name)
                                    .arg(area->viewport()->width())
                                    .arg(area->widget()->minimumSizeHint().width())));
        }
    }

    void stepTableNeedsNoSidewaysScrolling_data() { addWindowSizes(); }
    void stepTableNeedsNoSidewaysScrolling() {
        // The step table's eight columns share the editor dock's 320 px: they fit without a
        // sideways scroll, none cut to nothing, for every built-in.
        QFETCH(QSize, size);
        const QString problems = stepTablesThatDoNotFit(size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    void batchesTableShowsEveryTextWhole_data() { addWindowSizes(); }
    void batchesTableShowsEveryTextWhole() {
        // What a first start shows in the editor: the batches table shares the dock's width too.
        QFETCH(QSize, size);
        MainWindow window;
        window.setInteractive(false);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* table = window.findChild<QTableView*>(QStringLiteral("batchesTable"));
        QVERIFY(table);
        QCOMPARE(batchesTableProblem(table), QString());
        // On its side in the dock; the fields' titles read whole as a tooltip too.
        const auto* batches = qobject_cast<const BatchTableView*>(table);
        QVERIFY(batches && batches->isTransposed());
        const QAbstractItemModel* model = table->model();
        for (int f = 0; f < model->rowCount(); ++f)
            QCOMPARE(model->headerData(f, Qt::Vertical, Qt::ToolTipRole).toString(),
                     model->headerData(f, Qt::Vertical).toString());
    }

    void fitsASmallScreen() {
        MainWindow window;
        QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-stream")));
        window.resize(1366, 768);
        QTest::qWait(50);
        testing::maybeSave(window.grab().toImage(), QStringLiteral("window-1366x768.png"));
        // Nothing's minimum size holds the window bigger than the screen: the side docks scroll.
        QVERIFY2(window.width() <= 1366 && window.height() <= 768,
                 qPrintable(QStringLiteral("%1×%2, minimum %3×%4")
                                .arg(window.width())
                                .arg(window.height())
                                .arg(window.minimumSizeHint().width())
                                .arg(window.minimumSizeHint().height())));
        for (const QDockWidget* dock : window.findChildren<QDockWidget*>()) {
            // A tabbed dock behind the current tab has a geometry but nothing on screen.
            if (!dock->isVisible() || dock->isFloating() || dock->visibleRegion().isEmpty())
                continue;
            QVERIFY2(inside(dock, &window), qPrintable(dock->objectName()));
            QVERIFY2(dock->width() >= dock->minimumSizeHint().width(),
                     qPrintable(dock->objectName()));
        }
        for (const QToolBar* bar : window.findChildren<QToolBar*>())
            if (bar->isVisible())
                QVERIFY2(inside(bar, &window), qPrintable(bar->objectName()));
        QVERIFY(inside(window.timeline(), &window));
        window.timeline()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(window.timeline()->plot()->xAxis->tickVector().size() >= 2);
        QCOMPARE(overlappingLabels(window.timeline()->plot()->xAxis), QString());
        if (window.timeline()->memoryPlotShown())
            QCOMPARE(overlappingLabels(window.timeline()->memoryPlot()->timeAxis()), QString());
    }

    void timeLabelsNeverOverlap_data() {
        QTest::addColumn<double>("t0");
        QTest::addColumn<double>("t1");
        QTest::newRow("µs") << 0.0 << 750'000.0;
        QTest::newRow("ms, far from zero") << 1'234'567'891.0 << 1'234'987'654.0;
        QTest::newRow("s") << 0.0 << 12.5e9;
        QTest::newRow("ns around zero") << -300.0 << 450.0;
    }
    void timeLabelsNeverOverlap() {
        QFETCH(double, t0);
        QFETCH(double, t1);
        QCustomPlot plot;
        plot.xAxis->setTicker(QSharedPointer<TimeTicker>::create(plot.xAxis));
        plot.xAxis->setRange(t0, t1);
        for (int width = 160; width <= 1600; width += 37) {
            plot.resize(width, 200);
            plot.replot(QCustomPlot::rpImmediateRefresh);
            QVERIFY(!plot.xAxis->tickVector().isEmpty());
            QCOMPARE(overlappingLabels(plot.xAxis), QString());
        }
        // A wide axis still gets several ticks: the rule only thins where it must.
        plot.resize(1600, 200);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(plot.xAxis->tickVector().size() >= 4);
    }

    void dockStateIsRestoredByTheNextWindow() {
        QByteArray state;
        QSize size;
        int editorWidth = 0;
        {
            MainWindow first;
            QVERIFY(test::showAndRun(first, QStringLiteral("builtin:mode-stream")));
            first.resize(1300, 800);
            auto* summary = first.findChild<QDockWidget*>(QStringLiteral("summaryDock"));
            auto* editor = first.findChild<QDockWidget*>(QStringLiteral("scenarioDock"));
            QVERIFY(summary && editor);
            summary->hide();
            first.resizeDocks({editor}, {300}, Qt::Horizontal);
            QTest::qWait(50);
            editorWidth = editor->width();
            size = first.size();
            state = first.saveState();
            QVERIFY(first.close());
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/state")));
        MainWindow second;
        second.setInteractive(false);
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        // The offscreen platform puts back the frame's title bar height at most.
        QCOMPARE(second.width(), size.width());
        QVERIFY2(std::abs(second.height() - size.height()) <= 30,
                 qPrintable(QStringLiteral("%1 vs %2").arg(second.height()).arg(size.height())));
        auto* summary = second.findChild<QDockWidget*>(QStringLiteral("summaryDock"));
        auto* editor = second.findChild<QDockWidget*>(QStringLiteral("scenarioDock"));
        QVERIFY(summary && editor);
        QVERIFY(!summary->isVisible());
        QVERIFY2(std::abs(editor->width() - editorWidth) <= 2,
                 qPrintable(QStringLiteral("%1 vs %2").arg(editor->width()).arg(editorWidth)));
    }

    void japaneseStepTableNeedsNoSidewaysScrolling() {
        // Last: the translator stays for the rest of the process.
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        for (const QSize size : {QSize(1600, 1000), QSize(1366, 768)}) {
            const QString problems = stepTablesThatDoNotFit(size);
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
            // The batches table of a first start, in Japanese too.
            MainWindow window;
            window.setInteractive(false);
            window.resize(size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            const auto* table = window.findChild<QTableView*>(QStringLiteral("batchesTable"));
            QVERIFY(table);
            // The run summary's first sentence wraps rather than scroll the dock sideways.
            const auto* summary = window.findChild<QScrollArea*>(QStringLiteral("summaryScroll"));
            QVERIFY(summary);
            QTRY_VERIFY2(!summary->horizontalScrollBar()->isVisible(),
                         qPrintable(QStringLiteral("%1x%2: the run summary scrolls sideways")
                                        .arg(size.width())
                                        .arg(size.height())));
            const QString batches = batchesTableProblem(table);
            QVERIFY2(
                batches.isEmpty(),
                qPrintable(
                    QStringLiteral("%1x%2: %3").arg(size.width()).arg(size.height()).arg(batches)));
        }
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_window_layout.moc"
