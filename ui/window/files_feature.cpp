#include "ui/window/files_feature.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <utility>

#include "core/interchange/rank_merger.h"
#include "core/scenario/scenario_writer.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/files/document_loader.h"
#include "ui/files/document_opener.h"
#include "ui/files/open_progress.h"
#include "ui/files/recent_files.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/course_feature.h"
#include "ui/window/main_window.h"
#include "ui/window/rank_table.h"
#include "ui/window/run_feature.h"

namespace syncscope {

namespace {

const QString kLastFolderKey = QStringLiteral("files/lastFolder");

bool isBuiltin(const QString& path) {
    return path.startsWith(QLatin1String("builtin:"));
}

}  // namespace

FilesFeature::FilesFeature(MainWindow& window) : QObject(&window), window_(window) {
    opener_ = new DocumentOpener(this);
    connect(opener_, &DocumentOpener::loaded, this, &FilesFeature::showDocument);
    // Left of the trace's event count: reading, then indexing, with a Cancel button.
    open_progress_ = new OpenProgress(opener_, &window);
    window.statusBar()->addPermanentWidget(open_progress_);
    connect(open_progress_, &OpenProgress::cancelled, this, [this](const QString& name) {
        window_.statusBar()->showMessage(tr("Stopped opening %1").arg(name), 5000);
    });

    open_scenario_ = new QAction(tr("&Open Scenario…"), this);
    open_scenario_->setShortcut(QKeySequence::Open);
    connect(open_scenario_, &QAction::triggered, this, &FilesFeature::openScenarioDialog);

    save_scenario_ = new QAction(tr("&Save Scenario"), this);
    save_scenario_->setShortcut(QKeySequence::Save);
    connect(save_scenario_, &QAction::triggered, this, &FilesFeature::saveScenario);

    save_scenario_as_ = new QAction(tr("Save Scenario &As…"), this);
    save_scenario_as_->setShortcut(QKeySequence::SaveAs);
    connect(save_scenario_as_, &QAction::triggered, this, &FilesFeature::saveScenarioAs);

    open_trace_ = new QAction(tr("Open &Trace…"), this);
    open_trace_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    open_trace_->setStatusTip(
        tr("Open a native trace, a PyTorch profiler trace (.json, .json.gz) "
           "or an Nsight Systems SQLite export"));
    connect(open_trace_, &QAction::triggered, this, &FilesFeature::openTraceDialog);

    recent_menu_ = new QMenu(tr("Open &Recent"), &window);
    recent_ = new RecentFiles(recent_menu_, this);
    connect(recent_, &RecentFiles::openRequested, this,
            [this](const QString& path) { openPath(path, false); });
}

// ---- opening

bool FilesFeature::maybeDiscardScenario() {
    ScenarioEditor* editor = window_.editor();
    if (!editor->isModified())
        return true;
    if (!window_.interactive())
        return false;
    const auto answer = QMessageBox::warning(
        &window_, tr("Unsaved scenario"),
        tr("The scenario you edited has unsaved changes.\nSave them before continuing?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return saveScenario();
    return true;
}

bool FilesFeature::openPath(const QString& path, bool run_after) {
    CourseFeature* course = window_.courseFeature();
    // Opening anything but the page's own scenario ends the lesson.
    if (!course->openingCoursePage())
        course->leaveCourse();
    if (isBuiltin(path)) {
        if (!maybeDiscardScenario())
            return false;
        QString error;
        std::optional<Scenario> scenario = BuiltinScenarios::load(path, &error);
        if (!scenario) {
            window_.showError(tr("Cannot open scenario"), tr("%1: %2").arg(path, error));
            return false;
        }
        // Shown at once: a file still loading would replace it when it arrives.
        opener_->cancel();
        window_.runFeature()->drop();
        window_.editor()->loadScenario(*scenario, path);
        scenario_path_.clear();
        window_.library()->select(path.mid(8));
        course->showTimelineArea();
        window_.statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        emit window_.documentOpened(path);
        if (run_after)
            window_.runFeature()->run();
        else
            window_.clearShownRun();
        return true;
    }
    const QFileInfo info(path);
    if (!info.exists()) {
        window_.showError(tr("Cannot open file"),
                          tr("%1: no such file").arg(QDir::toNativeSeparators(path)));
        recent_->remove(path);
        return false;
    }
    // Whether it is a scenario (and unsaved edits would be lost) is known once the worker has
    // read it: the GUI thread never reads a file (showDocument asks then).
    window_.statusBar()->showMessage(tr("Opening %1…").arg(info.fileName()));
    // Traces can be large: read them as a job; the window stays responsive, and a newer open
    // supersedes this one.
    run_after_load_ = run_after;
    open_progress_->setFile(info.fileName());
    opener_->open(path);
    return true;
}

bool FilesFeature::openPaths(const QStringList& paths) {
    if (paths.size() == 1)
        return openPath(paths.front(), false);
    if (paths.isEmpty())
        return false;
    if (static_cast<std::size_t>(paths.size()) > RankMerger::kMaxFiles) {
        window_.showError(tr("Cannot open files"),
                          tr("%1 files chosen; at most %2 ranks open as one timeline")
                              .arg(paths.size())
                              .arg(RankMerger::kMaxFiles));
        return false;
    }
    for (const QString& path : paths) {
        if (!QFileInfo::exists(path)) {
            window_.showError(tr("Cannot open file"),
                              tr("%1: no such file").arg(QDir::toNativeSeparators(path)));
            return false;
        }
    }
    window_.courseFeature()->leaveCourse();
    window_.statusBar()->showMessage(tr("Opening %n rank file(s)…", nullptr, int(paths.size())));
    run_after_load_ = false;
    open_progress_->setFile(QFileInfo(paths.first()).fileName());
    opener_->openRanks(paths);
    return true;
}

void FilesFeature::showDocument(const LoadedDocument& document) {
    const bool run_after = std::exchange(run_after_load_, false);
    const QString name = QDir::toNativeSeparators(document.path);
    QStatusBar* bar = window_.statusBar();
    if (!document.ok()) {
        bar->showMessage(tr("Could not open %1").arg(QFileInfo(document.path).fileName()), 8000);
        window_.showError(tr("Cannot open file"), document.error);
        return;
    }
    // A scenario file replaces the editor's scenario: only if unsaved edits may go.
    if (document.scenario && !document.trace && !maybeDiscardScenario()) {
        bar->showMessage(tr("Kept the edited scenario; %1 not opened").arg(name), 8000);
        return;
    }
    window_.runFeature()->drop();
    recent_->add(document.path);
    document_path_ = document.path;
    window_.courseFeature()->showTimelineArea();
    if (document.scenario) {
        // A native trace's scenario replaces the editor's only when nothing edited would be
        // lost (asked once, here).
        if (!document.trace || maybeDiscardScenario()) {
            window_.editor()->loadScenario(*document.scenario, QFileInfo(document.path).fileName());
            scenario_path_ = document.trace ? QString() : document.path;
        }
    }
    if (document.trace)
        window_.showTrace(document.trace, document.scenario, document.model);
    QString message = tr("Opened %1").arg(name);
    if (!document.warnings.isEmpty())
        message += tr(" (%n warning(s): %1)", nullptr, int(document.warnings.size()))
                       .arg(document.warnings.first());
    bar->showMessage(message, 10000);
    window_.updateTitle();
    emit window_.documentOpened(document.path);
    if (document.scenario && !document.trace) {
        if (run_after)
            window_.runFeature()->run();
        else
            window_.clearShownRun();
    }
}

void FilesFeature::openScenarioDialog() {
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Open Scenario"), lastFolder(),
                                                      DocumentLoader::scenarioFilter());
    if (path.isEmpty())
        return;
    rememberFolder(path);
    // Opening a scenario is for seeing it run; the old run's timeline never stays under its name.
    openPath(path, true);
}

void FilesFeature::openTraceDialog() {
    // Several files chosen together are the ranks of one distributed step: one timeline.
    const QStringList paths = QFileDialog::getOpenFileNames(
        &window_, tr("Open Trace"), lastFolder(), DocumentLoader::traceFilter());
    if (paths.isEmpty())
        return;
    rememberFolder(paths.first());
    openPaths(paths);
}

void FilesFeature::updateRanks(const std::shared_ptr<const Trace>& trace) {
    if (!rank_table_) {
        rank_table_ = new RankTable(&window_);
        rank_dock_ = new QDockWidget(tr("Ranks"), &window_);
        rank_dock_->setObjectName(QStringLiteral("ranksDock"));
        rank_dock_->setWidget(rank_table_);
        window_.addDockWidget(Qt::BottomDockWidgetArea, rank_dock_);
    }
    // Shown only while a timeline of several ranks is on screen.
    const bool ranks = rank_table_->setTrace(trace) > 0;
    rank_dock_->setVisible(ranks);
    // Every rank starts as one summary row, as Perfetto shows many processes: all ranks are on
    // screen at once, side by side in time, where expanded the first rank's lanes alone fill the
    // view. A double-click on a rank's label (or View ▸ Expand All Lane Groups) opens it.
    if (ranks)
        window_.timeline()->setAllGroupsCollapsed(true);
}

// ---- saving

bool FilesFeature::saveScenario() {
    if (scenario_path_.isEmpty())
        return saveScenarioAs();
    return writeScenario(scenario_path_);
}

bool FilesFeature::saveScenarioAs() {
    QString path = QFileDialog::getSaveFileName(&window_, tr("Save Scenario"), QString(),
                                                DocumentLoader::scenarioFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".syncscope.json");
    return writeScenario(path);
}

bool FilesFeature::writeScenario(const QString& path) {
    QString generation_error;
    const std::optional<Scenario> scenario = window_.editor()->scenario(&generation_error);
    if (!scenario) {
        window_.showError(tr("Cannot save scenario"), generation_error);
        return false;
    }
    std::string error;
    if (!ScenarioWriter::save(*scenario, path.toStdString(), error)) {
        window_.showError(
            tr("Cannot save scenario"),
            tr("%1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(error)));
        return false;
    }
    scenario_path_ = path;
    window_.editor()->markSaved();
    recent_->add(path);
    window_.statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    window_.updateTitle();
    return true;
}

QString FilesFeature::lastFolder() {
    const QString folder = QSettings().value(kLastFolderKey).toString();
    if (!folder.isEmpty() && QFileInfo(folder).isDir())
        return folder;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void FilesFeature::rememberFolder(const QString& file) {
    QSettings().setValue(kLastFolderKey, QFileInfo(file).absolutePath());
}

}  // namespace syncscope
