// The code view beside the timeline: it shows the run's scenario as code, an event selected on
// the timeline selects its line, and a line selected in the code selects its events.
#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <set>

#include "core/analysis/step_events.h"
#include "tests/ui/window_test_utils.h"
#include "ui/code/code_view.h"
#include "ui/code/step_highlight.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

// The first event of expanded step `step` in `role`.
std::optional<std::uint32_t> eventOf(const Trace& trace, std::uint32_t step,
                                     StepEvents::Role role) {
    const StepEvents roles(*trace.scenario);
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (trace.events[i].step == step && roles.roleOf(trace, trace.events[i]) == role)
            return i;
    return std::nullopt;
}

void clickRow(QTableWidget* table, int row) {
    const QRect rect = table->visualItemRect(table->item(row, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
}

}  // namespace

class TestCodeView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        test::isolateWindowTest();
        QSettings().clear();
    }

    void init() {
        window_ = std::make_unique<MainWindow>();
        window_->setInteractive(false);
        window_->resize(1500, 950);
        window_->show();
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
        QSignalSpy shown(window_.get(), &MainWindow::runShown);
        QVERIFY(window_->openPath(QStringLiteral("builtin:mode-device"), true));
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 60000);
        window_->timeline()->zoomToFit();
        window_->timeline()->plot()->replot(QCustomPlot::rpImmediateRefresh);
    }

    void cleanup() { window_.reset(); }

    void viewCodeShortcutShowsTheDock() {
        QDockWidget* dock = window_->codeDock();
        QVERIFY(!dock->isVisible());
        QCOMPARE(dock->toggleViewAction()->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
        QTest::keyClick(window_.get(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(dock->isVisible());
        const CodeView* code = window_->codeView();
        QVERIFY(code->scenario());
        QCOMPARE(code->scenario()->title, window_->currentTrace()->scenario->title);
        QCOMPARE(code->table()->rowCount(), int(code->lines().size()));
        const int last = code->table()->rowCount() - 1;
        QCOMPARE(code->table()->item(last, 0)->text(),
                 QStringLiteral("    torch.cuda.synchronize()"));
        QCOMPARE(code->table()->item(last, 1)->text(),
                 QStringLiteral("    cudaDeviceSynchronize();"));
    }

    void clickingAnEventSelectsItsLine() {
        window_->codeDock()->show();
        const auto trace = window_->currentTrace();
        // The second iteration's first kernel (expanded step 3), clicked on its bar.
        const auto kernel = eventOf(*trace, 3, StepEvents::Role::Gpu);
        QVERIFY(kernel);
        TimelineView* timeline = window_->timeline();
        const auto centre = timeline->eventCenter(*kernel);
        QVERIFY(centre);
        QTest::mouseClick(timeline->plot(), Qt::LeftButton, Qt::NoModifier,
                          timeline->plot()->mapFrom(timeline, centre->toPoint()));
        QCOMPARE(timeline->selectedEvent(), kernel);
        const CodeView* code = window_->codeView();
        const auto row = code->selectedRow();
        QVERIFY(row);
        QCOMPARE(ScenarioCode::lineOfStep(code->lines(), 3), std::optional<std::size_t>(*row));
        QVERIFY(code->table()->item(*row, 0)->text().contains(QStringLiteral("_sleep")));

        // An empty spot clears both.
        QTest::mouseClick(timeline->plot(), Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));
        QVERIFY(!code->selectedRow());
    }

    void clickingALineSelectsItsEvents() {
        window_->codeDock()->show();
        CodeView* code = window_->codeView();
        const auto trace = window_->currentTrace();
        const std::size_t line = *ScenarioCode::lineOfStep(code->lines(), 2);  // the device sync
        QSignalSpy picked(code, &CodeView::lineSelected);
        clickRow(code->table(), int(line));
        QCOMPARE(picked.size(), 1);

        // Every event of the four device syncs, and only those, is highlighted.
        const std::vector<std::uint32_t>& steps = code->lines()[line].steps;
        QCOMPARE(steps, (std::vector<std::uint32_t>{2, 5, 8, 11}));
        const StepEvents roles(*trace->scenario);
        std::set<std::uint32_t> want;
        for (std::uint32_t i = 0; i < trace->events.size(); ++i) {
            const TraceEvent& e = trace->events[i];
            if (std::count(steps.begin(), steps.end(), e.step) &&
                roles.roleOf(*trace, e) != StepEvents::Role::None)
                want.insert(i);
        }
        const std::vector<std::uint32_t>& got = window_->stepHighlight()->events();
        QCOMPARE(std::set<std::uint32_t>(got.begin(), got.end()), want);
        QVERIFY(want.size() >= 8);  // a call and a wait each

        // The timeline selects the first sync's wait, and its details are shown.
        const auto selected = window_->timeline()->selectedEvent();
        QCOMPARE(selected, eventOf(*trace, 2, StepEvents::Role::Wait));
        QVERIFY(!window_->detailsPlainText().isEmpty());
        QCOMPARE(code->selectedRow(), std::optional<int>(int(line)));

        // The keyboard moves to the line above, the second kernel of each batch: its events
        // replace the highlight; and back.
        QTest::keyClick(code->table(), Qt::Key_Up);
        QCOMPARE(code->selectedRow(), std::optional<int>(int(line) - 1));
        const std::vector<std::uint32_t>& kernels = window_->stepHighlight()->events();
        QVERIFY(kernels.size() >= 8);  // a launch and a kernel each
        for (const std::uint32_t i : kernels) {
            const std::uint32_t step = trace->events[i].step;
            QVERIFY(step == 1 || step == 4 || step == 7 || step == 10);
        }
        QTest::keyClick(code->table(), Qt::Key_Down);
        QCOMPARE(std::set<std::uint32_t>(window_->stepHighlight()->events().begin(),
                                         window_->stepHighlight()->events().end()),
                 want);

        // A new run clears the highlight.
        QSignalSpy shown(window_.get(), &MainWindow::runShown);
        window_->runScenario();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 60000);
        QVERIFY(window_->stepHighlight()->events().empty());
    }

private:
    std::unique_ptr<MainWindow> window_;
};

QTEST_MAIN(TestCodeView)
#include "tst_code_view.moc"
