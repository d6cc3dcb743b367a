#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class QAction;
class QDockWidget;
class QMenu;

namespace syncscope {

class DocumentOpener;
class MainWindow;
class OpenProgress;
class RankTable;
class RecentFiles;
struct LoadedDocument;
struct Trace;

// The window's files (docs/architecture.md section 5): Open Scenario, Save, Save As, Open Trace,
// Open Recent, opening what was dropped or named on the command line, the load in progress in
// the status bar, and the Ranks dock of a timeline of several ranks. The worker reads the file;
// this thread never does.
class FilesFeature final : public QObject {
    Q_OBJECT
public:
    explicit FilesFeature(MainWindow& window);

    DocumentOpener* opener() const { return opener_; }
    RecentFiles* recentFiles() const { return recent_; }
    QMenu* recentMenu() const { return recent_menu_; }
    RankTable* rankTable() const { return rank_table_; }
    QDockWidget* rankDock() const { return rank_dock_; }
    QAction* openScenarioAction() const { return open_scenario_; }
    QAction* saveScenarioAction() const { return save_scenario_; }
    QAction* saveScenarioAsAction() const { return save_scenario_as_; }
    QAction* openTraceAction() const { return open_trace_; }
    // Where Save writes (empty: ask), and the file on screen (reopened by a language restart).
    QString scenarioPath() const { return scenario_path_; }
    QString documentPath() const { return document_path_; }

    // Opens a scenario or trace file, or `builtin:NAME`. Errors go to a dialog naming the file
    // (or, when the window is not interactive, to the status bar). False when nothing opened.
    bool openPath(const QString& path, bool run_after);
    // Several files are the per-rank traces of one distributed step, opened as one timeline
    // grouped by rank; one file is openPath.
    bool openPaths(const QStringList& paths);
    void openScenarioDialog();
    void openTraceDialog();
    // Asks before the edited scenario is replaced; false = the user chose Cancel.
    bool maybeDiscardScenario();
    // Shows the Ranks dock while a timeline of several ranks is on screen.
    void updateRanks(const std::shared_ptr<const Trace>& trace);

    // The folder file dialogs start in: where the user last opened or saved something.
    static QString lastFolder();
    static void rememberFolder(const QString& file);

private:
    void showDocument(const LoadedDocument& document);
    bool saveScenario();
    bool saveScenarioAs();
    bool writeScenario(const QString& path);

    MainWindow& window_;
    DocumentOpener* opener_ = nullptr;
    OpenProgress* open_progress_ = nullptr;  // the status bar's view of the load in progress
    QMenu* recent_menu_ = nullptr;
    RecentFiles* recent_ = nullptr;
    RankTable* rank_table_ = nullptr;  // made with the first timeline of several ranks
    QDockWidget* rank_dock_ = nullptr;
    QAction* open_scenario_ = nullptr;
    QAction* save_scenario_ = nullptr;
    QAction* save_scenario_as_ = nullptr;
    QAction* open_trace_ = nullptr;
    QString scenario_path_;
    QString document_path_;
    bool run_after_load_ = false;  // run the scenario the current load opens
};

}  // namespace syncscope
