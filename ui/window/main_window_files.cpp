// MainWindow: opening, saving and exporting files. The rest of the class is in main_window.cpp.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPalette>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>
#include <utility>

#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_writer.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/editor/sync_mode_picker.h"
#include "ui/files/document_opener.h"
#include "ui/files/open_progress.h"
#include "ui/files/recent_files.h"
#include "ui/replay/replay_controller.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/image_export_dialog.h"
#include "ui/window/main_window.h"

namespace syncscope {

namespace {

bool isBuiltin(const QString& path) {
    return path.startsWith(QLatin1String("builtin:"));
}

}  // namespace

// ---- files

bool MainWindow::maybeDiscardScenario() {
    if (!editor_->isModified())
        return true;
    if (!interactive_)
        return false;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved scenario"),
        tr("The scenario you edited has unsaved changes.\nSave them before continuing?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return saveScenario();
    return true;
}

bool MainWindow::openPath(const QString& path, bool run_after) {
    // Opening anything but the page's own scenario ends the lesson.
    if (!opening_course_page_)
        leaveCourse();
    if (isBuiltin(path)) {
        if (!maybeDiscardScenario())
            return false;
        QString error;
        std::optional<Scenario> scenario = BuiltinScenarios::load(path, &error);
        if (!scenario) {
            showError(tr("Cannot open scenario"), tr("%1: %2").arg(path, error));
            return false;
        }
        // Shown at once: a file still loading would replace it when it arrives.
        opener_->cancel();
        dropRun();
        editor_->loadScenario(*scenario, path);
        scenario_path_.clear();
        library_->select(path.mid(8));
        showTimelineArea();
        statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
        emit documentOpened(path);
        if (run_after)
            runScenario();
        else
            clearShownRun();
        return true;
    }
    const QFileInfo info(path);
    if (!info.exists()) {
        showError(tr("Cannot open file"),
                  tr("%1: no such file").arg(QDir::toNativeSeparators(path)));
        recent_->remove(path);
        return false;
    }
    // Whether it is a scenario (and unsaved edits would be lost) is known once the worker has
    // read it: the GUI thread never reads a file (showDocument asks then).
    statusBar()->showMessage(tr("Opening %1…").arg(info.fileName()));
    // Traces can be large: read them as a job; the window stays responsive, and a newer open
    // supersedes this one.
    run_after_load_ = run_after;
    open_progress_->setFile(info.fileName());
    opener_->open(path);
    return true;
}

void MainWindow::buildOpenProgress() {
    // Left of the trace's event count: reading, then indexing, with a Cancel button.
    open_progress_ = new OpenProgress(opener_, this);
    statusBar()->addPermanentWidget(open_progress_);
    connect(open_progress_, &OpenProgress::cancelled, this, [this](const QString& name) {
        statusBar()->showMessage(tr("Stopped opening %1").arg(name), 5000);
    });
}

void MainWindow::showDocument(const LoadedDocument& document) {
    const bool run_after = std::exchange(run_after_load_, false);
    const QString name = QDir::toNativeSeparators(document.path);
    if (!document.ok()) {
        statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(document.path).fileName()),
                                 8000);
        showError(tr("Cannot open file"), document.error);
        return;
    }
    // A scenario file replaces the editor's scenario: only if unsaved edits may go.
    if (document.scenario && !document.trace && !maybeDiscardScenario()) {
        statusBar()->showMessage(tr("Kept the edited scenario; %1 not opened").arg(name), 8000);
        return;
    }
    dropRun();
    recent_->add(document.path);
    document_path_ = document.path;
    showTimelineArea();
    if (document.scenario) {
        // A native trace's scenario replaces the editor's only when nothing edited would be
        // lost (asked once, here).
        if (!document.trace || maybeDiscardScenario()) {
            editor_->loadScenario(*document.scenario, QFileInfo(document.path).fileName());
            scenario_path_ = document.trace ? QString() : document.path;
        }
    }
    if (document.trace)
        showTrace(document.trace, document.scenario, document.model);
    QString message = tr("Opened %1").arg(name);
    if (!document.warnings.isEmpty())
        message += tr(" (%n warning(s): %1)", nullptr, int(document.warnings.size()))
                       .arg(document.warnings.first());
    statusBar()->showMessage(message, 10000);
    updateTitle();
    emit documentOpened(document.path);
    if (document.scenario && !document.trace) {
        if (run_after)
            runScenario();
        else
            clearShownRun();
    }
}

void MainWindow::clearShownRun() {
    // The timeline of the previous scenario must not stay under the new one's title.
    replay_->stop();
    trace_ = std::make_shared<const Trace>();
    run_scenario_.reset();
    timeline_->setTrace(trace_);
    summary_->clear();
    details_->clear();
    trace_label_->clear();
    run_panel_->setRunning(false);
    updateActions();
}

void MainWindow::dropRun() {
    // What opened replaces what a run in progress would show: the run goes, its result unseen.
    if (!runs_->isRunning())
        return;
    runs_->drop();
    run_panel_->setFinished(tr("cancelled"));
    updateActions();
}

void MainWindow::openScenarioDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), lastFolder(),
                                                      DocumentLoader::scenarioFilter());
    if (path.isEmpty())
        return;
    rememberFolder(path);
    // Opening a scenario is for seeing it run; the old run's timeline never stays under its name.
    openPath(path, true);
}

void MainWindow::openTraceDialog() {
    // Several files chosen together are the ranks of one distributed step: one timeline.
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Trace"), lastFolder(),
                                                            DocumentLoader::traceFilter());
    if (paths.isEmpty())
        return;
    rememberFolder(paths.first());
    openPaths(paths);
}

bool MainWindow::saveScenario() {
    if (scenario_path_.isEmpty())
        return saveScenarioAs();
    return writeScenario(scenario_path_);
}

bool MainWindow::saveScenarioAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), QString(),
                                                DocumentLoader::scenarioFilter());
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".syncscope.json");
    return writeScenario(path);
}

bool MainWindow::writeScenario(const QString& path) {
    QString generation_error;
    const std::optional<Scenario> scenario = editor_->scenario(&generation_error);
    if (!scenario) {
        showError(tr("Cannot save scenario"), generation_error);
        return false;
    }
    std::string error;
    if (!ScenarioWriter::save(*scenario, path.toStdString(), error)) {
        showError(tr("Cannot save scenario"),
                  tr("%1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(error)));
        return false;
    }
    scenario_path_ = path;
    editor_->markSaved();
    recent_->add(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    updateTitle();
    return true;
}

void MainWindow::exportImage() {
    if (!trace_ || trace_->events.empty())
        return;
    ImageExportDialog dialog(timeline_, this);
    dialog.exec();
}

void MainWindow::copyImage() {
    if (!trace_ || trace_->events.empty())
        return;
    QString error;
    if (!ImageExportDialog::copyToClipboard(timeline_, &error))
        showError(tr("Cannot copy image"), error);
    else
        statusBar()->showMessage(tr("Timeline image copied to the clipboard"), 4000);
}

}  // namespace syncscope
