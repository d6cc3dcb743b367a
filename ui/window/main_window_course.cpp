// MainWindow: the start page, the course and its lesson pages, the code view and full screen.
// The rest of the class is in main_window.cpp and main_window_files.cpp.
#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "core/analysis/step_events.h"
#include "ui/code/code_view.h"
#include "ui/code/step_highlight.h"
#include "ui/course/course_library.h"
#include "ui/course/course_player.h"
#include "ui/course/lesson_panel.h"
#include "ui/course/start_page.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/files/recent_files.h"
#include "ui/i18n/ui_language.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

namespace syncscope {

namespace {

QString builtinTitle(const QString& name) {
    const std::optional<Scenario> scenario = BuiltinScenarios::load(name, nullptr);
    return scenario ? QString::fromStdString(scenario->title.in(UiLanguage::current())) : QString();
}

}  // namespace

void MainWindow::buildCourse() {
    lesson_ = new LessonPanel(this);
    lesson_->hide();
    stage_ = new QWidget(this);
    auto* stage_layout = new QVBoxLayout(stage_);
    stage_layout->setContentsMargins(0, 0, 0, 0);
    stage_layout->setSpacing(0);
    stage_layout->addWidget(lesson_);
    stage_layout->addWidget(timeline_, 1);

    start_page_ = new StartPage(this);
    central_ = new QStackedWidget(this);
    central_->addWidget(stage_);
    central_->addWidget(start_page_);
    central_->setCurrentWidget(stage_);
    setCentralWidget(central_);

    course_ = new CoursePlayer(this, this);
    connect(course_, &CoursePlayer::pageChanged, this, &MainWindow::showCoursePage);
    connect(course_, &CoursePlayer::left, this, &MainWindow::onCourseLeft);
    connect(lesson_, &LessonPanel::nextRequested, course_, &CoursePlayer::next);
    connect(lesson_, &LessonPanel::previousRequested, course_, &CoursePlayer::previous);
    connect(lesson_, &LessonPanel::leaveRequested, course_, &CoursePlayer::leave);
    connect(lesson_, &LessonPanel::compareRequested, this, &MainWindow::compareCoursePage);
    connect(course_, &CoursePlayer::compareRequested, this, &MainWindow::compareCoursePage);

    connect(start_page_, &StartPage::courseRequested, this, [this] { startCourse(0); });
    connect(start_page_, &StartPage::openTraceRequested, this, &MainWindow::openTraceDialog);
    connect(start_page_, &StartPage::openScenarioRequested, this, &MainWindow::openScenarioDialog);
    connect(start_page_, &StartPage::recentRequested, this,
            [this](const QString& path) { openPath(path); });

    code_view_ = new CodeView(this);
    code_dock_ = new QDockWidget(tr("Code"), this);
    code_dock_->setObjectName(QStringLiteral("codeDock"));
    code_dock_->setWidget(code_view_);
    addDockWidget(Qt::BottomDockWidgetArea, code_dock_);
    code_dock_->hide();
    QAction* toggle = code_dock_->toggleViewAction();
    toggle->setText(tr("&Code"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    toggle->setStatusTip(
        tr("The scenario as the PyTorch program and the CUDA runtime calls it "
           "stands for, one line a step"));
    addAction(toggle);
    connect(code_view_, &CodeView::lineSelected, this,
            [this](int, const std::vector<std::uint32_t>& steps) { onCodeLineSelected(steps); });
    highlight_ = new StepHighlight(timeline_);
}

void MainWindow::openFromCommandLine(const QString& scenario, const QString& file,
                                     std::optional<int> coursePage) {
    if (coursePage)
        startCourse(*coursePage);
    else if (!scenario.isEmpty())
        openPath(scenario, true);
    else if (!file.isEmpty())
        openPath(file);
    else
        showStartPage();
}

void MainWindow::showStartPage() {
    leaveCourse();
    start_page_->setRecentFiles(recent_->files());
    central_->setCurrentWidget(start_page_);
    start_page_->courseButton()->setFocus();
}

bool MainWindow::startPageShown() const {
    return central_->currentWidget() == start_page_;
}

void MainWindow::showTimelineArea() {
    central_->setCurrentWidget(stage_);
}

bool MainWindow::startCourse(int page) {
    if (course_->count() == 0) {
        QString error;
        std::optional<Course> course = CourseLibrary::load(&error);
        if (!course) {
            showError(tr("Cannot start the course"), error);
            return false;
        }
        course_->setCourse(std::move(*course));
    }
    if (!course_->isActive()) {
        // Lessons run on the simulator: the same picture in every room, GPU or not. Esc now
        // leaves the course instead of cancelling a run.
        engine_before_course_ = run_panel_->engineId();
        run_panel_->setEngineId(QStringLiteral("sim"));
        cancel_->setShortcut(QKeySequence());
        lesson_->show();
        code_dock_->show();
        // Once the dock is laid out: a quarter of the window, room for a short program.
        QTimer::singleShot(0, this,
                           [this] { resizeDocks({code_dock_}, {height() / 4}, Qt::Vertical); });
    }
    showTimelineArea();
    timeline_->setFocus();
    return course_->start(page);
}

bool MainWindow::startLessonAbout(const QString& scenario) {
    std::optional<Course> course = CourseLibrary::load(nullptr);
    if (!course)
        return false;
    for (std::size_t page = 0; page < course->pages.size(); ++page)
        if (QString::fromStdString(course->pages[page].scenario) == scenario)
            return startCourse(static_cast<int>(page));
    return false;
}

void MainWindow::leaveCourse() {
    course_->leave();
}

void MainWindow::onCourseLeft() {
    lesson_->hide();
    run_panel_->setEngineId(engine_before_course_);
    cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
    statusBar()->showMessage(tr("Left the course (Help ▸ Course goes back)"), 5000);
}

void MainWindow::showCoursePage(int index) {
    const CoursePage* page = course_->page();
    if (!page)
        return;
    const QString name = QString::fromStdString(page->scenario);
    lesson_->setPage(
        *page, index, course_->count(), builtinTitle(name),
        page->compare ? builtinTitle(QString::fromStdString(*page->compare)) : QString());
    opening_course_page_ = true;
    openPath(QStringLiteral("builtin:") + name, true);
    opening_course_page_ = false;
}

void MainWindow::setPresentationFullScreen(bool on) {
    if (on == full_screen_on_)
        return;
    full_screen_on_ = on;
    {
        const QSignalBlocker blocker(full_screen_);
        full_screen_->setChecked(on);
    }
    if (on) {
        theme_before_full_screen_ = theme_name_;
        was_maximized_ = isMaximized();
        // The room sees the lesson, the timeline and the code; the editing panes come back on F11.
        docks_before_full_screen_ = saveState();
        for (QDockWidget* dock : findChildren<QDockWidget*>())
            if (dock != code_dock_)
                dock->hide();
        setThemeByName(QStringLiteral("presentation"));
        showFullScreen();
    } else {
        setThemeByName(theme_before_full_screen_);
        restoreState(docks_before_full_screen_);
        if (was_maximized_)
            showMaximized();
        else
            showNormal();
    }
}

// ---- code view

void MainWindow::showCodeFor(std::shared_ptr<const Scenario> scenario) {
    highlight_->clear();
    // A live run's snapshots and its final trace carry the same scenario: keep the selection.
    if (scenario && code_view_->scenario() == scenario.get())
        return;
    code_view_->setScenario(std::move(scenario));
}

void MainWindow::onTimelineEventSelected(std::optional<std::uint32_t> index) {
    if (selecting_from_code_)
        return;
    highlight_->clear();
    std::optional<std::uint32_t> step;
    if (index && trace_ && *index < trace_->events.size() && trace_->events[*index].step != kNone)
        step = trace_->events[*index].step;
    code_view_->selectStep(step);
}

void MainWindow::onCodeLineSelected(const std::vector<std::uint32_t>& steps) {
    if (!trace_ || steps.empty()) {
        highlight_->clear();
        return;
    }
    // The events StepEvents assigns to these steps: the same mapping claims and callouts use.
    std::optional<StepEvents> roles;
    if (trace_->scenario)
        roles.emplace(*trace_->scenario);
    std::vector<std::uint32_t> events;
    std::optional<std::uint32_t> main;
    int main_rank = -1;
    for (std::uint32_t i = 0; i < trace_->events.size(); ++i) {
        const TraceEvent& e = trace_->events[i];
        if (e.step == kNone || !std::binary_search(steps.begin(), steps.end(), e.step))
            continue;
        const StepEvents::Role role = roles ? roles->roleOf(*trace_, e) : StepEvents::Role::Other;
        if (role == StepEvents::Role::None)
            continue;
        events.push_back(i);
        // The event the details pane describes: a sync's wait, else the GPU work, else the call.
        const int rank = role == StepEvents::Role::Wait   ? 3
                         : role == StepEvents::Role::Gpu  ? 2
                         : role == StepEvents::Role::Call ? 1
                                                          : 0;
        if (rank > main_rank) {
            main_rank = rank;
            main = i;
        }
    }
    highlight_->show(events);
    if (main) {
        selecting_from_code_ = true;
        timeline_->selectEvent(*main);
        selecting_from_code_ = false;
    }
    statusBar()->showMessage(
        tr("%n event(s) of this line on the timeline", nullptr, int(events.size())), 5000);
}

}  // namespace syncscope
