#include "ui/window/course_feature.h"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
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
#include "ui/run/run_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/compare_feature.h"
#include "ui/window/files_feature.h"
#include "ui/window/handout_export.h"
#include "ui/window/main_window.h"
#include "ui/window/run_feature.h"
#include "ui/window/view_feature.h"

namespace syncscope {

namespace {

QString builtinTitle(const QString& name) {
    const std::optional<Scenario> scenario = BuiltinScenarios::load(name, nullptr);
    return scenario ? QString::fromStdString(scenario->title.in(UiLanguage::current())) : QString();
}

}  // namespace

CourseFeature::CourseFeature(MainWindow& window) : QObject(&window), window_(window) {
    lesson_ = new LessonPanel(&window);
    lesson_->hide();
    stage_ = new QWidget(&window);
    auto* stage_layout = new QVBoxLayout(stage_);
    stage_layout->setContentsMargins(0, 0, 0, 0);
    stage_layout->setSpacing(0);
    stage_layout->addWidget(lesson_);
    stage_layout->addWidget(window.timeline(), 1);

    start_page_ = new StartPage(&window);
    central_ = new QStackedWidget(&window);
    central_->addWidget(stage_);
    central_->addWidget(start_page_);
    central_->setCurrentWidget(stage_);
    window.setCentralWidget(central_);

    course_ = new CoursePlayer(&window, this);
    connect(course_, &CoursePlayer::pageChanged, this, &CourseFeature::showCoursePage);
    connect(course_, &CoursePlayer::left, this, &CourseFeature::onCourseLeft);
    connect(lesson_, &LessonPanel::nextRequested, course_, &CoursePlayer::next);
    connect(lesson_, &LessonPanel::previousRequested, course_, &CoursePlayer::previous);
    connect(lesson_, &LessonPanel::leaveRequested, course_, &CoursePlayer::leave);

    connect(start_page_, &StartPage::courseRequested, this, [this] { startCourse(0); });

    code_view_ = new CodeView(&window);
    code_dock_ = new QDockWidget(tr("Code"), &window);
    code_dock_->setObjectName(QStringLiteral("codeDock"));
    code_dock_->setWidget(code_view_);
    window.addDockWidget(Qt::BottomDockWidgetArea, code_dock_);
    code_dock_->hide();
    QAction* toggle = code_dock_->toggleViewAction();
    toggle->setText(tr("&Code"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    toggle->setStatusTip(
        tr("The scenario as the PyTorch program and the CUDA runtime calls it "
           "stands for, one line a step"));
    window.addAction(toggle);
    connect(code_view_, &CodeView::lineSelected, this,
            [this](int, const std::vector<std::uint32_t>& steps) { onCodeLineSelected(steps); });
    connect(window.timeline(), &TimelineView::eventSelected, this,
            &CourseFeature::onTimelineEventSelected);
    highlight_ = new StepHighlight(window.timeline());

    start_page_action_ = new QAction(tr("Start &Page"), this);
    connect(start_page_action_, &QAction::triggered, this, &CourseFeature::showStartPage);
    course_action_ = new QAction(tr("&Course"), this);
    course_action_->setStatusTip(
        tr("The article's seven claims, then the sync modes: one page a scenario"));
    connect(course_action_, &QAction::triggered, this, [this] { startCourse(0); });
    handouts_ = new HandoutExport(&window);
    connect(handouts_, &HandoutExport::finished, this, [this](bool ok, const QString& message) {
        window_.statusBar()->showMessage(message, ok ? 10000 : 0);
    });
}

void CourseFeature::showStartPage() {
    leaveCourse();
    start_page_->setRecentFiles(window_.files()->recentFiles()->files());
    central_->setCurrentWidget(start_page_);
    start_page_->courseButton()->setFocus();
}

bool CourseFeature::startPageShown() const {
    return central_->currentWidget() == start_page_;
}

void CourseFeature::showTimelineArea() {
    central_->setCurrentWidget(stage_);
}

bool CourseFeature::startCourse(int page) {
    if (course_->count() == 0) {
        QString error;
        std::optional<Course> course = CourseLibrary::load(&error);
        if (!course) {
            window_.showError(tr("Cannot start the course"), error);
            return false;
        }
        course_->setCourse(std::move(*course));
    }
    if (!course_->isActive()) {
        // Lessons run on the simulator: the same picture in every room, GPU or not. Esc now
        // leaves the course instead of cancelling a run.
        engine_before_course_ = window_.runPanel()->engineId();
        window_.runPanel()->setEngineId(QStringLiteral("sim"));
        window_.runFeature()->cancelAction()->setShortcut(QKeySequence());
        lesson_->show();
        if (window_.view()->roomForCode())
            code_dock_->show();
        else  // said once the page's run is on screen, or its "Run finished" would hide it
            connect(
                &window_, &MainWindow::runShown, this,
                [this] {
                    window_.statusBar()->showMessage(
                        tr("The Code pane stays closed to give the timeline room: Ctrl+Shift+P "
                           "opens it"),
                        8000);
                },
                Qt::SingleShotConnection);
        // Once the dock is laid out: a quarter of the window, room for a short program.
        QTimer::singleShot(0, this, [this] {
            window_.resizeDocks({code_dock_}, {window_.height() / 4}, Qt::Vertical);
        });
    }
    showTimelineArea();
    window_.timeline()->setFocus();
    return course_->start(page);
}

bool CourseFeature::startLessonAbout(const QString& scenario) {
    std::optional<Course> course = CourseLibrary::load(nullptr);
    if (!course)
        return false;
    for (std::size_t page = 0; page < course->pages.size(); ++page)
        if (QString::fromStdString(course->pages[page].scenario) == scenario)
            return startCourse(static_cast<int>(page));
    return false;
}

void CourseFeature::leaveCourse() {
    course_->leave();
}

void CourseFeature::setPresentation(bool large) {
    lesson_->setPresentation(large);
    code_view_->setPresentation(large);
}

void CourseFeature::onCourseLeft() {
    lesson_->hide();
    window_.runPanel()->setEngineId(engine_before_course_);
    window_.runFeature()->cancelAction()->setShortcut(QKeySequence(Qt::Key_Escape));
    window_.statusBar()->showMessage(tr("Left the course (Help ▸ Course goes back)"), 5000);
}

void CourseFeature::showCoursePage(int index) {
    const CoursePage* page = course_->page();
    if (!page)
        return;
    const QString name = QString::fromStdString(page->scenario);
    lesson_->setPage(
        *page, index, course_->count(), builtinTitle(name),
        page->compare ? builtinTitle(QString::fromStdString(*page->compare)) : QString());
    opening_course_page_ = true;
    window_.files()->openPath(QStringLiteral("builtin:") + name, true);
    opening_course_page_ = false;
}

// ---- code view

void CourseFeature::showCodeFor(std::shared_ptr<const Scenario> scenario) {
    highlight_->clear();
    // An import has no program to show: the dock closes rather than take a fifth of a small
    // screen empty, and comes back with the next scenario it was open for.
    if (!scenario && code_dock_->isVisible()) {
        code_dock_->hide();
        code_closed_for_import_ = true;
    } else if (scenario && code_closed_for_import_) {
        code_dock_->show();
        code_closed_for_import_ = false;
    }
    // A live run's snapshots and its final trace carry the same scenario: keep the selection.
    if (scenario && code_view_->scenario() == scenario.get())
        return;
    code_view_->setScenario(std::move(scenario));
}

void CourseFeature::onTimelineEventSelected(std::optional<std::uint32_t> index) {
    if (selecting_from_code_)
        return;
    highlight_->clear();
    const auto trace = window_.currentTrace();
    std::optional<std::uint32_t> step;
    if (index && trace && *index < trace->events.size() && trace->events[*index].step != kNone)
        step = trace->events[*index].step;
    code_view_->selectStep(step);
}

void CourseFeature::onCodeLineSelected(const std::vector<std::uint32_t>& steps) {
    const auto trace = window_.currentTrace();
    if (!trace || steps.empty()) {
        highlight_->clear();
        return;
    }
    // The events StepEvents assigns to these steps: the same mapping claims and callouts use.
    std::optional<StepEvents> roles;
    if (trace->scenario)
        roles.emplace(*trace->scenario);
    std::vector<std::uint32_t> events;
    std::optional<std::uint32_t> main;
    int main_rank = -1;
    for (std::uint32_t i = 0; i < trace->events.size(); ++i) {
        const TraceEvent& e = trace->events[i];
        if (e.step == kNone || !std::binary_search(steps.begin(), steps.end(), e.step))
            continue;
        const StepEvents::Role role = roles ? roles->roleOf(*trace, e) : StepEvents::Role::Other;
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
        window_.timeline()->selectEvent(*main);
        selecting_from_code_ = false;
    }
    window_.statusBar()->showMessage(
        tr("%n event(s) of this line on the timeline", nullptr, int(events.size())), 5000);
}

}  // namespace syncscope
