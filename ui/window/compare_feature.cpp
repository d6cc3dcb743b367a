#include "ui/window/compare_feature.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QKeyEvent>
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
    // A course page's comparison is of that page: another page closes it.
    connect(window.course(), &CoursePlayer::pageChanged, this, [this] {
        if (compare_window_ && from_course_)
            compare_window_->close();
    });
    qApp->installEventFilter(this);
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
    return open(b, false);
}

CompareWindow* CompareFeature::open(const QString& b, bool from_course) {
    const auto trace = window_.currentTrace();
    if (!trace || trace->events.empty())
        return nullptr;
    if (!compare_window_) {
        compare_window_ = new CompareWindow(&window_);
        compare_window_->setWindowFlag(Qt::Window);
        compare_window_->setAttribute(Qt::WA_DeleteOnClose);
        compare_window_->fitToScreen(window_.screen());
    }
    from_course_ = from_course;
    // In front of a full-screen presentation, full screen too (F11 or Esc gives the window).
    if (window_.isFullScreen())
        compare_window_->setFullScreen(true);
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
    open(QStringLiteral("builtin:") + QString::fromStdString(*page->compare), true);
}

bool CompareFeature::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::KeyPress && type != QEvent::ShortcutOverride)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!compare_window_ || !from_course_ || !window_.course()->isActive() || !widget ||
        widget->window() != compare_window_)
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    const CoursePlayer::Move move = CoursePlayer::moveFor(key->key(), key->modifiers());
    if (move == CoursePlayer::Move::None)
        return false;
    // Claimed before the window's shortcuts; acted on at the press.
    event->accept();
    if (type == QEvent::ShortcutOverride)
        return true;
    CoursePlayer* course = window_.course();
    compare_window_->close();
    window_.activateWindow();
    switch (move) {
        case CoursePlayer::Move::Next:
            course->next();
            break;
        case CoursePlayer::Move::Previous:
            course->previous();
            break;
        case CoursePlayer::Move::First:
            course->first();
            break;
        case CoursePlayer::Move::Last:
            course->last();
            break;
        default:  // C or Esc: back to the page
            break;
    }
    return true;
}

}  // namespace syncscope
