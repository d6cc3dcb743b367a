#include "ui/window/compare_feature.h"

#include <QAction>
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

CompareFeature::CompareFeature(MainWindow& window) : QObject(&window), window_(window) {
    compare_with_ = new QAction(tr("Compare &With…"), this);
    compare_with_->setStatusTip(
        tr("Show the run on screen above another run or a recording, on "
           "one time axis, with a table of what differs"));
    connect(compare_with_, &QAction::triggered, this, &CompareFeature::compareWithDialog);
}

CompareWindow* CompareFeature::compareWindow() const {
    return compare_window_;
}

void CompareFeature::compareWithDialog() {
    const QString browse = tr("A scenario or trace file…");
    QStringList items{browse};
    for (const auto& name : BuiltinScenarios::names())
        items << QStringLiteral("builtin:") + name;
    bool ok = false;
    QString choice = QInputDialog::getItem(
        &window_, tr("Compare With"),
        tr("Compare the run on screen (A) with B — a built-in scenario, or type a path:"), items, 1,
        true, &ok);
    if (!ok || choice.trimmed().isEmpty())
        return;
    if (choice == browse) {
        choice = QFileDialog::getOpenFileName(
            &window_, tr("Compare With"), QString(),
            tr("Scenarios and traces (*.json *.gz *.sqlite *.sqlite3 *.db);;All files (*)"));
        if (choice.isEmpty())
            return;
    }
    compareWith(choice.trimmed());
}

CompareWindow* CompareFeature::compareWith(const QString& b) {
    const auto trace = window_.currentTrace();
    if (!trace || trace->events.empty())
        return nullptr;
    if (!compare_window_) {
        compare_window_ = new CompareWindow(&window_);
        compare_window_->setWindowFlag(Qt::Window);
        compare_window_->setAttribute(Qt::WA_DeleteOnClose);
    }
    compare_window_->setInteractive(window_.interactive());
    compare_window_->setTheme(window_.timeline()->theme());
    compare_window_->show();
    compare_window_->raise();
    // A live run's trace keeps growing on this thread; the comparison reads it on a worker, so it
    // gets a copy of what has arrived.
    const bool live = window_.runs()->isRunning();
    compare_window_->compare(live ? std::make_shared<const Trace>(*trace) : trace, b,
                             window_.runPanel()->engineId());
    return compare_window_;
}

void CompareFeature::compareCoursePage() {
    const CoursePage* page = window_.course()->page();
    if (!page || !page->compare)
        return;
    if (!window_.currentTrace() || window_.runs()->isRunning()) {
        window_.statusBar()->showMessage(
            tr("The page's run has not finished yet: compare once it has"), 5000);
        return;
    }
    compareWith(QStringLiteral("builtin:") + QString::fromStdString(*page->compare));
}

}  // namespace syncscope
