#pragma once

#include <QMainWindow>
#include <QPointer>
#include <atomic>
#include <memory>
#include <optional>

#include "core/engine/engine.h"
#include "core/model/callout.h"
#include "ui/files/document_loader.h"
#include "ui/files/trace_saver.h"
#include "ui/run/run_metatypes.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QProgressDialog;
class QStackedWidget;
class QTextBrowser;

namespace syncscope {

class CodeView;
class CoursePlayer;
class CompareWindow;
class DocumentOpener;
class JobTracker;
class LanguageMenu;
class LessonPanel;
class RangeStatsPanel;
class FindingsDock;
class RecentFiles;
class ReplayBar;
class ReplayController;
class RunController;
class RunPanel;
class RunSummary;
class ScenarioDock;
class ScenarioEditor;
class ScenarioLibrary;
class StartPage;
class StepHighlight;
class RankTable;
class TimelineView;
struct Theme;

// The syncscope window (docs/architecture.md section 5): scenario editor and library on the left,
// the timeline in the centre, run summary and event details on the right.
class OpenProgress;
class TimelineModel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a scenario or trace file, or `builtin:NAME`. Errors go to a dialog naming the file
    // (or, with `quiet`, to the status bar only). Returns false when nothing was opened.
    bool openPath(const QString& path, bool run_after = false);
    // Several files are the per-rank traces of one distributed step, opened as one timeline
    // grouped by rank (main_window_ranks.cpp); one file is openPath.
    bool openPaths(const QStringList& paths);
    void runScenario();
    void cancelRun();
    // What the command line asked for: the course at `coursePage` (0-based), a scenario to run,
    // a file to open, or, with none of them, the start page.
    void openFromCommandLine(const QString& scenario, const QString& file,
                             std::optional<int> coursePage);

    // The start page (main_window_course.cpp): the course, recent files and the open dialogs, in
    // place of the timeline until something is opened or run.
    void showStartPage();
    bool startPageShown() const;
    // Opens the course at `page` (clamped); each page runs its built-in on the simulator.
    bool startCourse(int page = 0);
    void leaveCourse();
    // F11: full screen in the presentation theme, and back to the window and theme before.
    void setPresentationFullScreen(bool on);
    bool presentationFullScreen() const { return full_screen_on_; }

    ScenarioEditor* editor() const { return editor_; }
    RunPanel* runPanel() const { return run_panel_; }
    ScenarioLibrary* library() const { return library_; }
    // The left dock: the editor, or what an imported trace on screen is.
    ScenarioDock* scenarioDock() const { return scenario_dock_; }
    TimelineView* timeline() const { return timeline_; }
    RunSummary* summary() const { return summary_; }
    QString detailsPlainText() const;
    RunController* runs() const { return runs_; }
    StartPage* startPage() const { return start_page_; }
    LessonPanel* lessonPanel() const { return lesson_; }
    CoursePlayer* course() const { return course_; }
    CodeView* codeView() const { return code_view_; }
    QDockWidget* codeDock() const { return code_dock_; }
    StepHighlight* stepHighlight() const { return highlight_; }
    DocumentOpener* opener() const { return opener_; }
    RankTable* rankTable() const { return rank_table_; }
    QDockWidget* rankDock() const { return rank_dock_; }
    ReplayController* replay() const { return replay_; }
    ReplayBar* replayBar() const { return replay_bar_; }
    // The range statistics dock (View ▸ Range Statistics), filled by dragging on the time axis.
    RangeStatsPanel* rangeStats() const { return range_stats_; }
    QDockWidget* rangeDock() const { return range_dock_; }
    FindingsDock* findingsDock() const { return findings_; }
    // Opens the course at the page of a built-in scenario (a finding's lesson).
    bool startLessonAbout(const QString& scenario);
    // File ▸ Compare With…: the run on screen (A) next to `b` (builtin:NAME, a scenario file or a
    // trace file) in a compare window of its own. Returns that window (null without a run).
    CompareWindow* compareWith(const QString& b);
    CompareWindow* compareWindow() const;
    std::shared_ptr<const Trace> currentTrace() const { return trace_; }
    QString themeName() const { return theme_name_; }
    void setThemeByName(const QString& name);
    // File ▸ Save Trace / Export (main_window_trace_export.cpp): writes the trace on screen to
    // `path` as a job; the status bar (and, on failure, a dialog naming the file) says how it
    // went. False when there is no trace to write.
    bool saveTraceTo(const QString& path, TraceFormat format);
    TraceSaver* traceSaver() const { return saver_; }
    QAction* saveTraceAction() const { return save_trace_; }
    QAction* exportChromeAction() const { return export_chrome_; }
    QAction* exportCsvAction() const { return export_csv_; }
    // Dialogs (error, save-changes) are shown unless this is off; tests turn it off.
    void setInteractive(bool interactive) { interactive_ = interactive; }

signals:
    // A run ended and its trace (possibly partial) is on screen.
    void runShown(syncscope::RunStatus status);
    void documentOpened(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildDocks();
    void buildRangeDock();  // main_window_range.cpp
    void buildCourse();
    void showCoursePage(int index);
    void onCourseLeft();
    void compareCoursePage();
    void showTimelineArea();
    void showCodeFor(std::shared_ptr<const Scenario> scenario);
    void onCodeLineSelected(const std::vector<std::uint32_t>& steps);
    void onTimelineEventSelected(std::optional<std::uint32_t> index);
    void buildActions();
    void buildTraceActions();
    void saveTraceDialog(TraceFormat format);
    void onTraceWriteEnded(const QString& path, const QString& error, bool cancelled);
    // The folder file dialogs start in: where the user last opened or saved something.
    QString lastFolder() const;
    void rememberFolder(const QString& file) const;
    // A scenario replaced the one that ran: its timeline, summary and details go.
    void clearShownRun();
    void buildMenus();
    void buildStatusBar();
    void readSettings();
    void writeSettings() const;
    void probeCudaEngine();

    void openScenarioDialog();
    void openTraceDialog();
    bool saveScenario();
    bool saveScenarioAs();
    bool writeScenario(const QString& path);
    void exportImage();
    void copyImage();
    void showSyncModes();
    void compareWithDialog();
    void showAbout();
    void changeLanguage(Language language);

    void showDocument(const LoadedDocument& document);
    void dropRun();
    // `model`, when given, is `trace`'s timeline model, built off the GUI thread by the opener.
    void showTrace(std::shared_ptr<const Trace> trace, const std::optional<Scenario>& scenario,
                   std::shared_ptr<TimelineModel> model = nullptr);
    void buildOpenProgress();  // main_window_files.cpp
    void showEventDetails(std::optional<std::uint32_t> index);
    void updateRanks();
    void onRunFinished(quint64 id, RunStatus status, const QString& message,
                       std::shared_ptr<const Trace> trace);
    void updateTitle();
    void updateActions();
    // Asks before the edited scenario is replaced; false = the user chose Cancel.
    bool maybeDiscardScenario();
    void showError(const QString& title, const QString& text);

    RunController* runs_ = nullptr;
    DocumentOpener* opener_ = nullptr;
    OpenProgress* open_progress_ = nullptr;  // the status bar's view of the load in progress
    JobTracker* probe_ = nullptr;            // the CUDA engine's availability
    ScenarioEditor* editor_ = nullptr;
    ScenarioDock* scenario_dock_ = nullptr;
    RunPanel* run_panel_ = nullptr;
    ScenarioLibrary* library_ = nullptr;
    TimelineView* timeline_ = nullptr;
    RunSummary* summary_ = nullptr;
    QTextBrowser* details_ = nullptr;
    RecentFiles* recent_ = nullptr;
    QLabel* engine_label_ = nullptr;
    QStackedWidget* central_ = nullptr;
    QWidget* stage_ = nullptr;  // lesson panel over the timeline
    StartPage* start_page_ = nullptr;
    LessonPanel* lesson_ = nullptr;
    CoursePlayer* course_ = nullptr;
    CodeView* code_view_ = nullptr;
    QDockWidget* code_dock_ = nullptr;
    RangeStatsPanel* range_stats_ = nullptr;
    QDockWidget* range_dock_ = nullptr;
    FindingsDock* findings_ = nullptr;
    RankTable* rank_table_ = nullptr;  // made with the first timeline of several ranks
    QDockWidget* rank_dock_ = nullptr;
    StepHighlight* highlight_ = nullptr;
    QLabel* trace_label_ = nullptr;
    ReplayController* replay_ = nullptr;
    ReplayBar* replay_bar_ = nullptr;
    QPointer<CompareWindow> compare_window_;

    QAction* open_scenario_ = nullptr;
    QAction* save_scenario_ = nullptr;
    QAction* save_scenario_as_ = nullptr;
    QAction* open_trace_ = nullptr;
    QAction* compare_with_ = nullptr;
    QAction* export_image_ = nullptr;
    QAction* save_trace_ = nullptr;
    QAction* export_chrome_ = nullptr;
    QAction* export_csv_ = nullptr;
    TraceSaver* saver_ = nullptr;
    QProgressDialog* save_progress_ = nullptr;
    QAction* copy_image_ = nullptr;
    QAction* quit_ = nullptr;
    QAction* undo_ = nullptr;
    QAction* redo_ = nullptr;
    QAction* run_ = nullptr;
    QAction* cancel_ = nullptr;
    QAction* show_flows_ = nullptr;
    QAction* show_legend_ = nullptr;
    QAction* show_callouts_ = nullptr;
    QAction* zoom_fit_ = nullptr;
    QAction* full_screen_ = nullptr;
    QAction* start_page_action_ = nullptr;
    QAction* course_action_ = nullptr;
    QActionGroup* themes_ = nullptr;
    QMenu* recent_menu_ = nullptr;
    QMenu* view_menu_ = nullptr;
    LanguageMenu* language_menu_ = nullptr;

    std::shared_ptr<const Trace> trace_;
    std::optional<Scenario> run_scenario_;  // the scenario of the run on screen, for the checker
    QString scenario_path_;                 // where Save writes; empty = ask
    QString document_path_;                 // the file on screen, reopened by a language restart
    QString theme_name_ = QStringLiteral("light");
    bool interactive_ = true;
    bool run_after_load_ = false;       // run the scenario the current load opens
    bool opening_course_page_ = false;  // an open that does not leave the course
    bool selecting_from_code_ = false;  // a timeline selection made for a code line
    bool full_screen_on_ = false;
    bool was_maximized_ = false;
    QString theme_before_full_screen_;
    QByteArray docks_before_full_screen_;
    QString engine_before_course_;
};

}  // namespace syncscope
