#pragma once

#include <QObject>
#include <memory>
#include <optional>
#include <vector>

#include "core/model/scenario.h"

class QAction;
class QDockWidget;
class QStackedWidget;
class QWidget;

namespace syncscope {

class CodeView;
class CoursePlayer;
class HandoutExport;
class LessonPanel;
class MainWindow;
class StartPage;
class StepHighlight;

// The window's teaching side (docs/architecture.md section 5): the start page in place of the
// timeline, the course with its lesson panel over the timeline, and the Code dock that shows the
// scenario as a program and links its lines to the timeline's events.
class CourseFeature final : public QObject {
    Q_OBJECT
public:
    explicit CourseFeature(MainWindow& window);

    StartPage* startPage() const { return start_page_; }
    LessonPanel* lessonPanel() const { return lesson_; }
    CoursePlayer* course() const { return course_; }
    CodeView* codeView() const { return code_view_; }
    QDockWidget* codeDock() const { return code_dock_; }
    StepHighlight* stepHighlight() const { return highlight_; }
    QAction* startPageAction() const { return start_page_action_; }
    QAction* courseAction() const { return course_action_; }
    // Help ▸ Course Handouts….
    HandoutExport* handouts() const { return handouts_; }

    void showStartPage();
    bool startPageShown() const;
    void showTimelineArea();
    // Opens the course at `page` (clamped); each page runs its built-in on the simulator.
    bool startCourse(int page);
    // Opens the course at the page of a built-in scenario (a finding's lesson).
    bool startLessonAbout(const QString& scenario);
    void leaveCourse();
    // True while the course opens its own page (that open does not leave the course).
    bool openingCoursePage() const { return opening_course_page_; }
    void setPresentation(bool large);

    void showCodeFor(std::shared_ptr<const Scenario> scenario);
    void onTimelineEventSelected(std::optional<std::uint32_t> index);

private:
    void showCoursePage(int index);
    void onCourseLeft();
    void onCodeLineSelected(const std::vector<std::uint32_t>& steps);

    MainWindow& window_;
    LessonPanel* lesson_ = nullptr;
    QWidget* stage_ = nullptr;  // lesson panel over the timeline
    StartPage* start_page_ = nullptr;
    QStackedWidget* central_ = nullptr;
    CoursePlayer* course_ = nullptr;
    CodeView* code_view_ = nullptr;
    QDockWidget* code_dock_ = nullptr;
    bool code_closed_for_import_ = false;  // the dock was open when an import closed it
    StepHighlight* highlight_ = nullptr;
    QAction* start_page_action_ = nullptr;
    QAction* course_action_ = nullptr;
    HandoutExport* handouts_ = nullptr;
    QString engine_before_course_;
    bool opening_course_page_ = false;
    bool selecting_from_code_ = false;  // a timeline selection made for a code line
};

}  // namespace syncscope
