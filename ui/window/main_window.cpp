#include "ui/window/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QUndoStack>

#include "ui/course/course_player.h"
#include "ui/course/lesson_panel.h"
#include "ui/course/start_page.h"
#include "ui/doctor/findings_dock.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/i18n/device_name_text.h"
#include "ui/i18n/language_menu.h"
#include "ui/replay/replay_bar.h"
#include "ui/replay/replay_controller.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/help_feature.h"
#include "ui/window/scenario_dock.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("syncscopeMainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks);
    setTabPosition(Qt::LeftDockWidgetArea, QTabWidget::North);

    timeline_ = new TimelineView(this);
    timeline_->setObjectName(QStringLiteral("timeline"));
    replay_ = new ReplayController(timeline_);
    replay_bar_ = new ReplayBar(replay_, this);
    addToolBar(Qt::TopToolBarArea, replay_bar_);
    buildDocks();

    // The features, in the order the status bar shows their parts: the load in progress, the
    // trace's event count, the CUDA engine.
    files_ = new FilesFeature(*this);
    trace_label_ = new QLabel(this);
    statusBar()->addPermanentWidget(trace_label_);
    course_ = new CourseFeature(*this);
    run_ = new RunFeature(*this);
    record_ = new RecordFeature(*this);
    compare_ = new CompareFeature(*this);
    export_ = new ExportFeature(*this);
    view_ = new ViewFeature(*this);
    buildMenus();
    statusBar()->showMessage(
        tr("Ready. Pick a scenario in the Library, or edit the batches and press "
           "Run (Ctrl+R)."));

    // How the features reach each other: the start page opens files, the course compares.
    StartPage* start = course_->startPage();
    connect(start, &StartPage::openTraceRequested, files_, &FilesFeature::openTraceDialog);
    connect(start, &StartPage::openScenarioRequested, files_, &FilesFeature::openScenarioDialog);
    connect(start, &StartPage::recordRequested, record_, &RecordFeature::showDialog);
    connect(start, &StartPage::recentRequested, files_,
            [this](const QString& path) { files_->openPath(path, false); });
    connect(course_->lessonPanel(), &LessonPanel::compareRequested, compare_,
            &CompareFeature::compareCoursePage);
    connect(course_->course(), &CoursePlayer::compareRequested, compare_,
            &CompareFeature::compareCoursePage);
    connect(findings_, &FindingsDock::lessonChosen, course_, &CourseFeature::startLessonAbout);
    connect(library_, &ScenarioLibrary::scenarioActivated, files_,
            [this](const QString& name) { files_->openPath(name, true); });

    connect(editor_, &ScenarioEditor::scenarioChanged, this, &MainWindow::updateTitle);
    connect(editor_->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(timeline_, &TimelineView::eventSelected, this, &MainWindow::showEventDetails);
    connect(summary_, &RunSummary::eventActivated, this, [this](std::uint32_t index) {
        timeline_->selectEvent(index);
        showEventDetails(index);
    });

    // First start: most of the screen; later starts restore what the user left.
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        resize(screen->availableGeometry().size() * 0.92);
    else
        resize(1500, 900);
    readSettings();
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

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addActions({files_->openScenarioAction(), files_->saveScenarioAction(),
                      files_->saveScenarioAsAction(), course_->startPageAction()});
    file->addSeparator();
    file->addActions({files_->openTraceAction(), compare_->compareWithAction()});
    file->addActions({record_->recordAction(), record_->stopAction()});
    file->addMenu(files_->recentMenu());
    file->addSeparator();
    file->addActions({export_->saveTraceAction(), export_->exportChromeAction(),
                      export_->exportCsvAction(), export_->exportImageAction(),
                      export_->copyImageAction()});
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = editor_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = editor_->undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Shift+Z everywhere: QKeySequence::Redo is Ctrl+Y alone on some platforms.
    redo->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addActions({undo, redo});
    edit->addSeparator();
    edit->addActions(timeline_->findActions());

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addActions({run_->runAction(), run_->cancelAction()});

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addMenu(tr("&Theme"))->addActions(view_->themes()->actions());
    view->addMenu(view_->languageMenu());
    view->addActions({view_->showFlowsAction(), view_->showLegendAction(),
                      view_->showCalloutsAction(), view_->zoomFitAction(),
                      view_->fullScreenAction()});
    view->addSeparator();
    view->addActions(timeline_->laneActions());
    view->addActions(timeline_->navigationActions());
    view->addAction(replay_bar_->toggleViewAction());
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    new HelpFeature(*this, menuBar()->addMenu(tr("&Help")));
}

void MainWindow::openFromCommandLine(const QString& scenario, const QString& file,
                                     std::optional<int> coursePage) {
    if (coursePage)
        course_->startCourse(*coursePage);
    else if (!scenario.isEmpty())
        files_->openPath(scenario, true);
    else if (!file.isEmpty())
        files_->openPath(file, false);
    else
        course_->showStartPage();
}

void MainWindow::readSettings() {
    QSettings settings;
    if (settings.contains(QStringLiteral("window/geometry")))
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (settings.contains(QStringLiteral("window/state")))
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    view_->readSettings();
    run_panel_->setEngineId(
        settings.value(QStringLiteral("run/engine"), QStringLiteral("auto")).toString());
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    view_->writeSettings();
    settings.setValue(QStringLiteral("run/engine"), run_panel_->engineId());
}

// ---- the trace on screen

void MainWindow::showTrace(std::shared_ptr<const Trace> trace,
                           const std::optional<Scenario>& scenario,
                           std::shared_ptr<TimelineModel> model) {
    trace_ = trace ? std::move(trace) : std::make_shared<const Trace>();
    replay_->stop();
    timeline_->setTrace(trace_, std::move(model));
    course_->showTimelineArea();
    course_->showCodeFor(trace_->scenario ? trace_->scenario
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
        scenario_dock_->showTrace(*trace_, files_->documentPath(), timeline_->model());
    }
    files_->updateRanks(trace_);
    findings_->setTrace(trace_);
    details_->clear();
    trace_label_->setText(tr("%n event(s)", nullptr, int(trace_->events.size())) +
                          (trace_->device.name.empty()
                               ? QString()
                               : QStringLiteral(" · ") + deviceNameText(trace_->device.name)));
    updateActions();
}

void MainWindow::showLiveTrace(std::shared_ptr<const Trace> trace, const QString& label,
                               std::shared_ptr<TimelineModel> model) {
    trace_ = std::move(trace);
    timeline_->setTrace(trace_, std::move(model));
    trace_label_->setText(label);
}

void MainWindow::clearShownRun() {
    // The timeline of the previous scenario must not stay under the new one's title.
    replay_->stop();
    run_->forgetScenario();
    showLiveTrace(std::make_shared<const Trace>(), QString());
    summary_->clear();
    details_->clear();
    run_panel_->setRunning(false);
    updateActions();
}

void MainWindow::clearDetails() {
    details_->clear();
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

void MainWindow::updateTitle() {
    QString name;
    const bool trace_page = scenario_dock_->tracePageShown() && trace_;
    const QString scenario_path = files_ ? files_->scenarioPath() : QString();
    if (trace_page)
        name = trace_->title.empty() ? QFileInfo(files_->documentPath()).fileName()
                                     : qs(traceTitle(*trace_, UiLanguage::current()));
    else if (editor_->hasLoadedScenario())
        name = editor_->loadedSource();
    else if (!scenario_path.isEmpty())
        name = QFileInfo(scenario_path).fileName();
    else  // the batches being edited, by the title they will be saved with
        name = editor_->batchesTitle().isEmpty() ? tr("Untitled") : editor_->batchesTitle();
    setWindowTitle(QStringLiteral("%1[*] — syncscope").arg(name));
    // The mark is the editor's: beside a trace's name it would say the trace was changed.
    setWindowModified(editor_->isModified() && !trace_page);
}

void MainWindow::updateActions() {
    const bool running = run_->controller()->isRunning();
    const bool has_trace = trace_ && !trace_->events.empty();
    run_->updateActions();
    export_->updateActions(has_trace, running);
    compare_->compareWithAction()->setEnabled(has_trace);
    replay_bar_->setEnabled(has_trace && !running);
}

void MainWindow::showError(const QString& title, const QString& text) {
    if (interactive_)
        QMessageBox::warning(this, title, text);
    else
        statusBar()->showMessage(title + QStringLiteral(": ") + text);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if ((!files_->maybeDiscardScenario() && interactive_) || !record_->maybeStopForClose()) {
        event->ignore();
        return;
    }
    run_->controller()->cancel();
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
    files_->openPath(urls.first().toLocalFile(), false);
}

}  // namespace syncscope
