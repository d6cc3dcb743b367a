#pragma once

#include <QMainWindow>
#include <memory>
#include <optional>

#include "core/engine/engine.h"
#include "core/model/scenario.h"
#include "ui/files/trace_saver.h"
#include "ui/run/run_metatypes.h"
#include "ui/window/compare_feature.h"
#include "ui/window/course_feature.h"
#include "ui/window/export_feature.h"
#include "ui/window/files_feature.h"
#include "ui/window/record_feature.h"
#include "ui/window/run_feature.h"
#include "ui/window/view_feature.h"

class QDockWidget;
class QLabel;
class QTextBrowser;

namespace syncscope {

class FindingsDock;
class RangeStatsPanel;
class ReplayBar;
class ReplayController;
class RunPanel;
class RunSummary;
class ScenarioDock;
class ScenarioEditor;
class ScenarioLibrary;
class TimelineModel;
class TimelineView;

// The syncscope window (docs/architecture.md section 5), a shell: it holds the trace on screen
// and its panes (scenario editor and library on the left, the timeline in the centre, run summary,
// event details and findings on the right) and assembles one controller per feature, each owning
// its actions and docks: files, runs, the course and code view, compare, exports, the view and
// help. The forwarders below are the window's public face (tests and main() use them).
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // What the command line asked for: the course at `coursePage` (0-based), a scenario to run,
    // a file to open, or, with none of them, the start page.
    void openFromCommandLine(const QString& scenario, const QString& file,
                             std::optional<int> coursePage);

    // ---- the features
    FilesFeature* files() const { return files_; }
    RunFeature* runFeature() const { return run_; }
    RecordFeature* recordFeature() const { return record_; }
    CourseFeature* courseFeature() const { return course_; }
    CompareFeature* compareFeature() const { return compare_; }
    ExportFeature* exports() const { return export_; }
    ViewFeature* view() const { return view_; }

    // ---- the trace on screen (what every feature shows or reads)
    std::shared_ptr<const Trace> currentTrace() const { return trace_; }
    // `model`, when given, is `trace`'s timeline model, built off the GUI thread by the opener.
    void showTrace(std::shared_ptr<const Trace> trace, const std::optional<Scenario>& scenario,
                   std::shared_ptr<TimelineModel> model = nullptr);
    // A live run's or recording's growing trace (or none yet), with what the status bar says of
    // it; `model`, when given, is its timeline model, built off the GUI thread.
    void showLiveTrace(std::shared_ptr<const Trace> trace, const QString& label,
                       std::shared_ptr<TimelineModel> model = nullptr);
    // A scenario replaced the one that ran: its timeline, summary and details go.
    void clearShownRun();
    void clearDetails();
    QString detailsPlainText() const;
    void updateTitle();
    void updateActions();
    void showError(const QString& title, const QString& text);
    // Dialogs (error, save-changes) are shown unless this is off; tests turn it off.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    bool interactive() const { return interactive_; }

    // ---- panes
    ScenarioEditor* editor() const { return editor_; }
    RunPanel* runPanel() const { return run_panel_; }
    ScenarioLibrary* library() const { return library_; }
    // The left dock: the editor, or what an imported trace on screen is.
    ScenarioDock* scenarioDock() const { return scenario_dock_; }
    TimelineView* timeline() const { return timeline_; }
    RunSummary* summary() const { return summary_; }
    ReplayController* replay() const { return replay_; }
    ReplayBar* replayBar() const { return replay_bar_; }
    // The range statistics dock (View ▸ Range Statistics), filled by dragging on the time axis.
    RangeStatsPanel* rangeStats() const { return range_stats_; }
    QDockWidget* rangeDock() const { return range_dock_; }
    FindingsDock* findingsDock() const { return findings_; }

    // ---- forwarders to the features
    bool openPath(const QString& path, bool run_after = false) {
        return files_->openPath(path, run_after);
    }
    bool openPaths(const QStringList& paths) { return files_->openPaths(paths); }
    DocumentOpener* opener() const { return files_->opener(); }
    RankTable* rankTable() const { return files_->rankTable(); }
    QDockWidget* rankDock() const { return files_->rankDock(); }
    void runScenario() { run_->run(); }
    void cancelRun() { run_->cancel(); }
    RunController* runs() const { return run_->controller(); }
    void showStartPage() { course_->showStartPage(); }
    bool startPageShown() const { return course_->startPageShown(); }
    bool startCourse(int page = 0) { return course_->startCourse(page); }
    void leaveCourse() { course_->leaveCourse(); }
    bool startLessonAbout(const QString& scenario) { return course_->startLessonAbout(scenario); }
    StartPage* startPage() const { return course_->startPage(); }
    LessonPanel* lessonPanel() const { return course_->lessonPanel(); }
    CoursePlayer* course() const { return course_->course(); }
    CodeView* codeView() const { return course_->codeView(); }
    QDockWidget* codeDock() const { return course_->codeDock(); }
    StepHighlight* stepHighlight() const { return course_->stepHighlight(); }
    CompareWindow* compareWith(const QString& b) { return compare_->compareWith(b); }
    CompareWindow* compareWindow() const { return compare_->compareWindow(); }
    bool saveTraceTo(const QString& path, TraceFormat format) {
        return export_->saveTraceTo(path, format);
    }
    TraceSaver* traceSaver() const { return export_->saver(); }
    QAction* saveTraceAction() const { return export_->saveTraceAction(); }
    QAction* exportChromeAction() const { return export_->exportChromeAction(); }
    QAction* exportCsvAction() const { return export_->exportCsvAction(); }
    void setPresentationFullScreen(bool on) { view_->setPresentationFullScreen(on); }
    bool presentationFullScreen() const { return view_->presentationFullScreen(); }
    QString themeName() const { return view_->themeName(); }
    void setThemeByName(const QString& name) { view_->setThemeByName(name); }

signals:
    // A run ended and its trace (possibly partial) is on screen.
    void runShown(syncscope::RunStatus status);
    void documentOpened(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildDocks();      // main_window_docks.cpp
    void buildRangeDock();  // main_window_docks.cpp
    void buildMenus();
    void readSettings();
    void writeSettings() const;
    void showEventDetails(std::optional<std::uint32_t> index);

    FilesFeature* files_ = nullptr;
    RunFeature* run_ = nullptr;
    RecordFeature* record_ = nullptr;
    CourseFeature* course_ = nullptr;
    CompareFeature* compare_ = nullptr;
    ExportFeature* export_ = nullptr;
    ViewFeature* view_ = nullptr;

    ScenarioEditor* editor_ = nullptr;
    ScenarioDock* scenario_dock_ = nullptr;
    RunPanel* run_panel_ = nullptr;
    ScenarioLibrary* library_ = nullptr;
    TimelineView* timeline_ = nullptr;
    RunSummary* summary_ = nullptr;
    QTextBrowser* details_ = nullptr;
    RangeStatsPanel* range_stats_ = nullptr;
    QDockWidget* range_dock_ = nullptr;
    FindingsDock* findings_ = nullptr;
    QLabel* trace_label_ = nullptr;
    ReplayController* replay_ = nullptr;
    ReplayBar* replay_bar_ = nullptr;

    std::shared_ptr<const Trace> trace_;
    bool interactive_ = true;
};

}  // namespace syncscope
