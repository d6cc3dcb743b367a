// MainWindow: comparing the run on screen with another (File ▸ Compare With…, the course's compare
// pages).
#include <QFileDialog>
#include <QInputDialog>
#include <QStatusBar>

#include "ui/compare/compare_window.h"
#include "ui/course/course_player.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

namespace syncscope {

void MainWindow::compareWithDialog() {
    const QString browse = tr("A scenario or trace file…");
    QStringList items{browse};
    for (const auto& name : BuiltinScenarios::names())
        items << QStringLiteral("builtin:") + name;
    bool ok = false;
    QString choice = QInputDialog::getItem(
        this, tr("Compare With"),
        tr("Compare the run on screen (A) with B — a built-in scenario, or type a path:"), items, 1,
        true, &ok);
    if (!ok || choice.trimmed().isEmpty())
        return;
    if (choice == browse) {
        choice = QFileDialog::getOpenFileName(
            this, tr("Compare With"), QString(),
            tr("Scenarios and traces (*.json *.gz *.sqlite *.sqlite3 *.db);;All files (*)"));
        if (choice.isEmpty())
            return;
    }
    compareWith(choice.trimmed());
}

CompareWindow* MainWindow::compareWindow() const {
    return compare_window_;
}

CompareWindow* MainWindow::compareWith(const QString& b) {
    if (!trace_ || trace_->events.empty())
        return nullptr;
    if (!compare_window_) {
        compare_window_ = new CompareWindow(this);
        compare_window_->setWindowFlag(Qt::Window);
        compare_window_->setAttribute(Qt::WA_DeleteOnClose);
    }
    compare_window_->setInteractive(interactive_);
    compare_window_->setTheme(timeline_->theme());
    compare_window_->show();
    compare_window_->raise();
    // A live run's trace keeps growing on this thread; the comparison reads it on a worker, so it
    // gets a copy of what has arrived.
    compare_window_->compare(runs_->isRunning() ? std::make_shared<const Trace>(*trace_) : trace_,
                             b, run_panel_->engineId());
    return compare_window_;
}

// A compare page (claim 1: torch.cpu.synchronize() against torch.cuda.synchronize()): the page's
// run, once it is on screen, beside a run of the scenario it compares with.
void MainWindow::compareCoursePage() {
    const CoursePage* page = course_->page();
    if (!page || !page->compare)
        return;
    if (!trace_ || runs_->isRunning()) {
        statusBar()->showMessage(tr("The page's run has not finished yet: compare once it has"),
                                 5000);
        return;
    }
    compareWith(QStringLiteral("builtin:") + QString::fromStdString(*page->compare));
}

}  // namespace syncscope
