#include "ui/window/main_window.h"

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
#include <QInputDialog>
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

#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_writer.h"
#include "ui/code/code_view.h"
#include "ui/compare/compare_window.h"
#include "ui/course/lesson_panel.h"
#include "ui/doctor/findings_dock.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/editor/sync_mode_picker.h"
#include "ui/files/document_opener.h"
#include "ui/files/recent_files.h"
#include "ui/i18n/language_menu.h"
#include "ui/i18n/ui_language.h"
#include "ui/jobs/job_tracker.h"
#include "ui/replay/replay_bar.h"
#include "ui/replay/replay_controller.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/event_description.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/image_export_dialog.h"
#include "ui/window/scenario_dock.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

Theme themeNamed(const QString& name) {
    if (name == QLatin1String("dark"))
        return Theme::dark();
    if (name == QLatin1String("presentation"))
        return Theme::presentation();
    return Theme::light();
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("syncscopeMainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks);
    setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::North);
    runs_ = new RunController(this);
    opener_ = new DocumentOpener(this);
    connect(opener_, &DocumentOpener::loaded, this, &MainWindow::showDocument);
    buildOpenProgress();
    probe_ = new JobTracker(JobTracker::Concurrency::Overlapping, this);

    timeline_ = new TimelineView(this);
    timeline_->setObjectName(QStringLiteral("timeline"));
    replay_ = new ReplayController(timeline_);
    replay_bar_ = new ReplayBar(replay_, this);
    addToolBar(Qt::TopToolBarArea, replay_bar_);
    buildDocks();
    buildCourse();
    buildActions();
    buildMenus();
    buildStatusBar();

    connect(run_panel_, &RunPanel::runRequested, this, &MainWindow::runScenario);
    connect(run_panel_, &RunPanel::cancelRequested, this, &MainWindow::cancelRun);
    connect(editor_, &ScenarioEditor::runnableChanged, run_panel_, &RunPanel::setRunnable);
    connect(editor_, &ScenarioEditor::scenarioChanged, this, &MainWindow::updateTitle);
    connect(editor_->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(library_, &ScenarioLibrary::scenarioActivated, this,
            [this](const QString& name) { openPath(name, true); });
    connect(timeline_, &TimelineView::eventSelected, this, &MainWindow::showEventDetails);
    connect(timeline_, &TimelineView::eventSelected, this, &MainWindow::onTimelineEventSelected);
    connect(summary_, &RunSummary::eventActivated, this, [this](std::uint32_t index) {
        timeline_->selectEvent(index);
        showEventDetails(index);
    });

    connect(runs_, &RunController::snapshotReady, this,
            [this](quint64, std::shared_ptr<const Trace> trace) {
                replay_->stop();  // a replay is of a finished run
                // The run's own growing trace, not a copy: the timeline indexes only what is new.
                // It grows on this thread until the run ends (no save runs meanwhile).
                trace_ = trace;
                timeline_->setTrace(trace);
                trace_label_->setText(tr("%n event(s) so far", nullptr, int(trace->events.size())));
            });
    connect(runs_, &RunController::progressChanged, this,
            [this](quint64, double fraction, const QString& phase) {
                run_panel_->setProgress(fraction, phase);
            });
    connect(runs_, &RunController::logMessage, this,
            [this](quint64, int level, const QString& text) {
                statusBar()->showMessage(text, level == int(LogLevel::Info) ? 4000 : 10000);
            });
    connect(runs_, &RunController::runFinished, this, &MainWindow::onRunFinished);

    // First start: most of the screen; later starts restore what the user left.
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        resize(screen->availableGeometry().size() * 0.92);
    else
        resize(1500, 900);
    readSettings();
    probeCudaEngine();
    updateTitle();
    updateActions();
}

// The docks go with QWidget's destructor, after this class is gone; the editor's undo stack says
// "clean" on its way out, and updateTitle() must not then read the half-destroyed Scenario dock.
MainWindow::~MainWindow() {
    editor_->undoStack()->disconnect(this);
    editor_->disconnect(this);
    scenario_dock_->disconnect(this);
}

void MainWindow::buildActions() {
    open_scenario_ = new QAction(tr("&Open Scenario…"), this);
    open_scenario_->setShortcut(QKeySequence::Open);
    connect(open_scenario_, &QAction::triggered, this, &MainWindow::openScenarioDialog);

    save_scenario_ = new QAction(tr("&Save Scenario"), this);
    save_scenario_->setShortcut(QKeySequence::Save);
    connect(save_scenario_, &QAction::triggered, this, &MainWindow::saveScenario);

    save_scenario_as_ = new QAction(tr("Save Scenario &As…"), this);
    save_scenario_as_->setShortcut(QKeySequence::SaveAs);
    connect(save_scenario_as_, &QAction::triggered, this, &MainWindow::saveScenarioAs);

    open_trace_ = new QAction(tr("Open &Trace…"), this);
    open_trace_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    open_trace_->setStatusTip(
        tr("Open a native trace, a PyTorch profiler trace (.json, .json.gz) "
           "or an Nsight Systems SQLite export"));
    connect(open_trace_, &QAction::triggered, this, &MainWindow::openTraceDialog);

    compare_with_ = new QAction(tr("Compare &With…"), this);
    compare_with_->setStatusTip(
        tr("Show the run on screen above another run or a recording, on "
           "one time axis, with a table of what differs"));
    connect(compare_with_, &QAction::triggered, this, &MainWindow::compareWithDialog);

    export_image_ = new QAction(tr("&Export Image…"), this);
    export_image_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(export_image_, &QAction::triggered, this, &MainWindow::exportImage);
    buildTraceActions();

    copy_image_ = new QAction(tr("&Copy Image"), this);
    copy_image_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copy_image_, &QAction::triggered, this, &MainWindow::copyImage);

    quit_ = new QAction(tr("&Quit"), this);
    quit_->setShortcut(QKeySequence::Quit);
    quit_->setMenuRole(QAction::QuitRole);
    connect(quit_, &QAction::triggered, this, &QWidget::close);

    undo_ = editor_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo_->setShortcut(QKeySequence::Undo);
    redo_ = editor_->undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Shift+Z everywhere: QKeySequence::Redo is Ctrl+Y alone on some platforms.
    redo_->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});

    run_ = new QAction(tr("&Run"), this);
    run_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    connect(run_, &QAction::triggered, this, &MainWindow::runScenario);
    cancel_ = new QAction(tr("&Cancel Run"), this);
    cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel_, &QAction::triggered, this, &MainWindow::cancelRun);
    addAction(run_);
    addAction(cancel_);

    show_flows_ = new QAction(tr("Show &Flows"), this);
    show_flows_->setCheckable(true);
    show_flows_->setChecked(true);
    show_flows_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    show_flows_->setStatusTip(
        tr("Arrows from launches to kernels, records to waits, waits to the "
           "work they waited for"));
    connect(show_flows_, &QAction::toggled, timeline_, &TimelineView::setShowFlows);

    show_legend_ = new QAction(tr("Show &Legend"), this);
    show_legend_->setCheckable(true);
    show_legend_->setChecked(true);
    show_legend_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    show_legend_->setStatusTip(
        tr("A strip under the timeline naming the colours and shapes on "
           "screen"));
    connect(show_legend_, &QAction::toggled, timeline_, &TimelineView::setLegendVisible);
    show_callouts_ = new QAction(tr("&Callouts"), this);
    show_callouts_->setCheckable(true);
    show_callouts_->setChecked(true);
    show_callouts_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    show_callouts_->setStatusTip(
        tr("The scenario's notes on the timeline, at the moment each "
           "lesson happens"));
    connect(show_callouts_, &QAction::toggled, timeline_, &TimelineView::setShowCallouts);

    zoom_fit_ = new QAction(tr("Zoom to &Fit"), this);
    zoom_fit_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(zoom_fit_, &QAction::triggered, timeline_, &TimelineView::zoomToFit);

    full_screen_ = new QAction(tr("&Full Screen Presentation"), this);
    full_screen_->setCheckable(true);
    full_screen_->setShortcut(QKeySequence(Qt::Key_F11));
    full_screen_->setStatusTip(tr("Full screen in the presentation theme; F11 again goes back"));
    connect(full_screen_, &QAction::toggled, this, &MainWindow::setPresentationFullScreen);
    addAction(full_screen_);

    start_page_action_ = new QAction(tr("Start &Page"), this);
    connect(start_page_action_, &QAction::triggered, this, &MainWindow::showStartPage);
    course_action_ = new QAction(tr("&Course"), this);
    course_action_->setStatusTip(
        tr("The article's seven claims, then the sync modes: one page a scenario"));
    connect(course_action_, &QAction::triggered, this, [this] { startCourse(0); });

    themes_ = new QActionGroup(this);
    themes_->setExclusive(true);
    const std::pair<QString, QString> themes[] = {
        {QStringLiteral("light"), tr("&Light")},
        {QStringLiteral("dark"), tr("&Dark")},
        {QStringLiteral("presentation"), tr("&Presentation")}};
    for (const auto& [id, label] : themes) {
        QAction* action = themes_->addAction(label);
        action->setCheckable(true);
        action->setData(id);
        connect(action, &QAction::triggered, this, [this, id = id] { setThemeByName(id); });
    }
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(open_scenario_);
    file->addAction(save_scenario_);
    file->addAction(save_scenario_as_);
    file->addAction(start_page_action_);
    file->addSeparator();
    file->addAction(open_trace_);
    file->addAction(compare_with_);
    recent_menu_ = file->addMenu(tr("Open &Recent"));
    recent_ = new RecentFiles(recent_menu_, this);
    connect(recent_, &RecentFiles::openRequested, this,
            [this](const QString& path) { openPath(path); });
    file->addSeparator();
    file->addActions({save_trace_, export_chrome_, export_csv_});
    file->addAction(export_image_);
    file->addAction(copy_image_);
    file->addSeparator();
    file->addAction(quit_);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(undo_);
    edit->addAction(redo_);
    edit->addSeparator();
    edit->addActions(timeline_->findActions());

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(run_);
    run->addAction(cancel_);

    view_menu_ = menuBar()->addMenu(tr("&View"));
    QMenu* theme = view_menu_->addMenu(tr("&Theme"));
    theme->addActions(themes_->actions());
    language_menu_ = new LanguageMenu(view_menu_);
    view_menu_->addMenu(language_menu_);
    connect(language_menu_, &LanguageMenu::languageChosen, this, &MainWindow::changeLanguage);
    view_menu_->addAction(show_flows_);
    view_menu_->addAction(show_legend_);
    view_menu_->addAction(show_callouts_);
    view_menu_->addAction(zoom_fit_);
    view_menu_->addAction(full_screen_);
    view_menu_->addSeparator();
    view_menu_->addActions(timeline_->laneActions());
    view_menu_->addActions(timeline_->navigationActions());
    view_menu_->addAction(replay_bar_->toggleViewAction());
    view_menu_->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view_menu_->addAction(dock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(course_action_);
    connect(help->addAction(tr("&Sync Modes…")), &QAction::triggered, this,
            &MainWindow::showSyncModes);
    QAction* about = help->addAction(tr("&About syncscope"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::buildStatusBar() {
    engine_label_ = new QLabel(this);
    trace_label_ = new QLabel(this);
    statusBar()->addPermanentWidget(trace_label_);
    statusBar()->addPermanentWidget(engine_label_);
    statusBar()->showMessage(
        tr("Ready. Pick a scenario in the Library, or edit the batches and press "
           "Run (Ctrl+R)."));
}

void MainWindow::readSettings() {
    QSettings settings;
    if (settings.contains(QStringLiteral("window/geometry")))
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (settings.contains(QStringLiteral("window/state")))
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    setThemeByName(
        settings.value(QStringLiteral("view/theme"), QStringLiteral("light")).toString());
    show_flows_->setChecked(settings.value(QStringLiteral("view/flows"), true).toBool());
    timeline_->setShowFlows(show_flows_->isChecked());
    show_legend_->setChecked(settings.value(QStringLiteral("view/legend"), true).toBool());
    timeline_->setLegendVisible(show_legend_->isChecked());
    run_panel_->setEngineId(
        settings.value(QStringLiteral("run/engine"), QStringLiteral("auto")).toString());
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"),
                      full_screen_on_ ? docks_before_full_screen_ : saveState());
    // Full screen's presentation theme is for the room, not the next start.
    settings.setValue(QStringLiteral("view/theme"),
                      full_screen_on_ ? theme_before_full_screen_ : theme_name_);
    settings.setValue(QStringLiteral("view/flows"), show_flows_->isChecked());
    settings.setValue(QStringLiteral("view/legend"), show_legend_->isChecked());
    settings.setValue(QStringLiteral("run/engine"), run_panel_->engineId());
}

void MainWindow::probeCudaEngine() {
    // Initialising a CUDA driver can take a second: ask in a job, answer when it is known.
    auto probe = [](const JobContext&) { return makeCudaEngine()->availability(); };
    probe_->start(probe, [this](const EngineAvailability& a) {
        const QString text = qs(a.available ? a.device_name : a.message);
        run_panel_->setCudaAvailability(a.available, text);
        engine_label_->setText(a.available ? tr("CUDA: %1").arg(text)
                                           : tr("CUDA unavailable · simulator"));
        engine_label_->setToolTip(text);
    });
}

void MainWindow::setThemeByName(const QString& name) {
    const QString known = (name == QLatin1String("dark") || name == QLatin1String("presentation"))
                              ? name
                              : QStringLiteral("light");
    theme_name_ = known;
    const Theme theme = themeNamed(known);
    timeline_->setTheme(theme);
    // The panes follow the timeline: a dark timeline beside light panes glares in a dark room.
    QPalette palette = QApplication::style()->standardPalette();
    if (known == QLatin1String("dark")) {
        palette.setColor(QPalette::Window, theme.background);
        palette.setColor(QPalette::WindowText, theme.foreground);
        palette.setColor(QPalette::Base, theme.plotBackground);
        palette.setColor(QPalette::AlternateBase, theme.laneStripe);
        palette.setColor(QPalette::Text, theme.foreground);
        palette.setColor(QPalette::Button, theme.background.lighter(130));
        palette.setColor(QPalette::ButtonText, theme.foreground);
        palette.setColor(QPalette::ToolTipBase, theme.plotBackground);
        palette.setColor(QPalette::ToolTipText, theme.foreground);
        palette.setColor(QPalette::PlaceholderText, theme.grid.lighter(160));
        palette.setColor(QPalette::Highlight, theme.selection.darker(150));
        palette.setColor(QPalette::HighlightedText, Qt::white);
        palette.setColor(QPalette::Disabled, QPalette::Text, theme.grid.lighter(130));
        palette.setColor(QPalette::Disabled, QPalette::ButtonText, theme.grid.lighter(130));
        palette.setColor(QPalette::Disabled, QPalette::WindowText, theme.grid.lighter(130));
    }
    setPalette(palette);
    const bool large = known == QLatin1String("presentation");
    lesson_->setPresentation(large);
    code_view_->setPresentation(large);
    for (QAction* action : themes_->actions())
        action->setChecked(action->data().toString() == known);
}

// ---- runs

void MainWindow::runScenario() {
    QString error;
    std::optional<Scenario> scenario = editor_->scenario(&error);
    if (!scenario) {
        showError(tr("Cannot run"),
                  (editor_->hasLoadedScenario() ? tr("The edited steps do not make a valid "
                                                     "scenario:\n%1")
                                                : tr("The batches table does not make a valid "
                                                     "scenario:\n%1"))
                      .arg(error));
        return;
    }
    run_scenario_ = scenario;
    scenario_dock_->showEditor();  // the run is of the editor's scenario
    summary_->clear();
    details_->clear();
    showTimelineArea();
    showCodeFor(std::make_shared<const Scenario>(*scenario));
    trace_ = std::make_shared<const Trace>();
    timeline_->setTrace(trace_);
    runs_->start(*scenario, run_panel_->engineId());
    run_panel_->setRunning(true);
    trace_label_->clear();
    statusBar()->showMessage(
        tr("Running “%1”…").arg(qs(scenario->title.in(UiLanguage::current()))));
    updateActions();
}

void MainWindow::cancelRun() {
    if (!runs_->isRunning())
        return;
    runs_->cancel();
    statusBar()->showMessage(tr("Cancelling…"));
}

void MainWindow::onRunFinished(quint64, RunStatus status, const QString& message,
                               std::shared_ptr<const Trace> trace) {
    updateActions();
    const bool has_events = trace && !trace->events.empty();
    if (has_events || status == RunStatus::Ok)
        showTrace(trace, run_scenario_);
    switch (status) {
        case RunStatus::Ok:
            run_panel_->setFinished(tr("finished"));
            statusBar()->showMessage(
                tr("Run finished: %n event(s).", nullptr, int(trace->events.size())), 8000);
            break;
        case RunStatus::Cancelled:
            run_panel_->setFinished(tr("cancelled"));
            statusBar()->showMessage(tr("Run cancelled; showing the %n event(s) that ran before.",
                                        nullptr, has_events ? int(trace->events.size()) : 0));
            break;
        case RunStatus::Failed:
        case RunStatus::Unavailable:
            run_panel_->setFinished(tr("failed"));
            statusBar()->showMessage(tr("Run failed: %1").arg(message));
            showError(status == RunStatus::Failed ? tr("Run failed") : tr("Engine unavailable"),
                      message.isEmpty() ? tr("The engine gave no reason.") : message);
            break;
    }
    emit runShown(status);
}

void MainWindow::showTrace(std::shared_ptr<const Trace> trace,
                           const std::optional<Scenario>& scenario,
                           std::shared_ptr<TimelineModel> model) {
    trace_ = trace ? std::move(trace) : std::make_shared<const Trace>();
    replay_->stop();
    timeline_->setTrace(trace_, std::move(model));
    showTimelineArea();
    showCodeFor(trace_->scenario ? trace_->scenario
                : scenario       ? std::make_shared<const Scenario>(*scenario)
                                 : nullptr);
    // The first view is the part the scenario's lesson is in, when it says which.
    if (!timeline_->zoomToFocus())
        timeline_->zoomToFit();
    summary_->setTrace(trace_, scenario);
    // A trace no scenario produced: the dock says what it is instead of the editor's defaults.
    if (scenario || trace_->scenario) {
        scenario_dock_->showEditor();
    } else {
        const TimelineModel* indexed = timeline_->model();
        scenario_dock_->showTrace(
            *trace_, document_path_,
            trace_->events.empty() || !indexed ? -1 : indexed->endNs() - indexed->beginNs());
    }
    updateRanks();
    findings_->setTrace(trace_);
    details_->clear();
    trace_label_->setText(tr("%n event(s)", nullptr, int(trace_->events.size())) +
                          (trace_->device.name.empty()
                               ? QString()
                               : QStringLiteral(" · ") + qs(trace_->device.name)));
    updateActions();
}

QString MainWindow::detailsPlainText() const {
    return details_->toPlainText();
}

void MainWindow::showEventDetails(std::optional<std::uint32_t> index) {
    if (!index || !trace_ || *index >= trace_->events.size()) {
        details_->clear();
        return;
    }
    // Title, the wait's explanation first, then the rows: EventDescription renders it.
    details_->setHtml(timeline_->eventDescription(*index).toHtml());
}

// ---- window

void MainWindow::updateTitle() {
    QString name;
    const bool trace_page = scenario_dock_->tracePageShown() && trace_;
    if (trace_page)
        name = trace_->title.empty() ? QFileInfo(document_path_).fileName()
                                     : qs(traceTitle(*trace_, UiLanguage::current()));
    else if (editor_->hasLoadedScenario())
        name = editor_->loadedSource();
    else
        name = scenario_path_.isEmpty() ? tr("untitled batches")
                                        : QFileInfo(scenario_path_).fileName();
    setWindowTitle(QStringLiteral("%1[*] — syncscope").arg(name));
    // The mark is the editor's: beside a trace's name it would say the trace was changed.
    setWindowModified(editor_->isModified() && !trace_page);
}

void MainWindow::updateActions() {
    const bool running = runs_->isRunning();
    const bool has_trace = trace_ && !trace_->events.empty();
    run_->setEnabled(!running);
    cancel_->setEnabled(running);
    export_image_->setEnabled(has_trace);
    for (QAction* action : {save_trace_, export_chrome_, export_csv_})
        action->setEnabled(has_trace && !running);
    compare_with_->setEnabled(has_trace);
    copy_image_->setEnabled(has_trace);
    replay_bar_->setEnabled(has_trace && !running);
}

void MainWindow::showError(const QString& title, const QString& text) {
    if (interactive_)
        QMessageBox::warning(this, title, text);
    else
        statusBar()->showMessage(title + QStringLiteral(": ") + text);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeDiscardScenario() && interactive_) {
        event->ignore();
        return;
    }
    runs_->cancel();
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openPath(urls.first().toLocalFile());
}

}  // namespace syncscope
