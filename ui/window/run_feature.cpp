#include "ui/window/run_feature.h"

#include <QAction>
#include <QLabel>
#include <QStatusBar>

#include "core/engine/engine_factory.h"
#include "ui/editor/scenario_editor.h"
#include "ui/i18n/ui_language.h"
#include "ui/jobs/job_tracker.h"
#include "ui/replay/replay_controller.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/window/course_feature.h"
#include "ui/window/main_window.h"
#include "ui/window/scenario_dock.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

}  // namespace

RunFeature::RunFeature(MainWindow& window) : QObject(&window), window_(window) {
    runs_ = new RunController(this);
    probe_ = new JobTracker(JobTracker::Concurrency::Overlapping, this);

    run_ = new QAction(tr("&Run"), this);
    run_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    connect(run_, &QAction::triggered, this, &RunFeature::run);
    cancel_ = new QAction(tr("&Cancel Run"), this);
    cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel_, &QAction::triggered, this, &RunFeature::cancel);
    window.addAction(run_);
    window.addAction(cancel_);

    RunPanel* panel = window.runPanel();
    connect(panel, &RunPanel::runRequested, this, &RunFeature::run);
    connect(panel, &RunPanel::cancelRequested, this, &RunFeature::cancel);
    connect(window.editor(), &ScenarioEditor::runnableChanged, panel, &RunPanel::setRunnable);
    connect(runs_, &RunController::snapshotReady, this,
            [this](quint64, std::shared_ptr<const Trace> trace) {
                window_.replay()->stop();  // a replay is of a finished run
                // The run's own growing trace, not a copy: the timeline indexes only what is new.
                // It grows on this thread until the run ends (no save runs meanwhile).
                window_.showLiveTrace(trace,
                                      tr("%n event(s) so far", nullptr, int(trace->events.size())));
            });
    connect(runs_, &RunController::progressChanged, panel,
            [panel](quint64, double fraction, const QString& phase) {
                panel->setProgress(fraction, phase);
            });
    connect(runs_, &RunController::logMessage, this,
            [this](quint64, int level, const QString& text) {
                window_.statusBar()->showMessage(text, level == int(LogLevel::Info) ? 4000 : 10000);
            });
    connect(runs_, &RunController::runFinished, this,
            [this](quint64, RunStatus status, const QString& message,
                   std::shared_ptr<const Trace> trace) {
                onFinished(status, message, std::move(trace));
            });

    engine_label_ = new QLabel(&window);
    window.statusBar()->addPermanentWidget(engine_label_);
    probeCudaEngine();
}

void RunFeature::probeCudaEngine() {
    // Initialising a CUDA driver can take a second: ask in a job, answer when it is known.
    auto probe = [](const JobContext&) { return makeCudaEngine()->availability(); };
    probe_->start(probe, [this](const EngineAvailability& a) {
        const QString text = qs(a.available ? a.device_name : a.message);
        window_.runPanel()->setCudaAvailability(a.available, text);
        engine_label_->setText(a.available ? tr("CUDA: %1").arg(text)
                                           : tr("CUDA unavailable · simulator"));
        engine_label_->setToolTip(text);
    });
}

void RunFeature::run() {
    ScenarioEditor* editor = window_.editor();
    QString error;
    std::optional<Scenario> scenario = editor->scenario(&error);
    if (!scenario) {
        window_.showError(tr("Cannot run"),
                          (editor->hasLoadedScenario() ? tr("The edited steps do not make a valid "
                                                            "scenario:\n%1")
                                                       : tr("The batches table does not make a "
                                                            "valid scenario:\n%1"))
                              .arg(error));
        return;
    }
    scenario_ = scenario;
    window_.scenarioDock()->showEditor();  // the run is of the editor's scenario
    window_.summary()->clear();
    window_.clearDetails();
    window_.courseFeature()->showTimelineArea();
    window_.courseFeature()->showCodeFor(std::make_shared<const Scenario>(*scenario));
    window_.showLiveTrace(std::make_shared<const Trace>(), QString());
    runs_->start(*scenario, window_.runPanel()->engineId());
    window_.runPanel()->setRunning(true);
    window_.statusBar()->showMessage(
        tr("Running “%1”…").arg(qs(scenario->title.in(UiLanguage::current()))));
    window_.updateActions();
}

void RunFeature::cancel() {
    if (!runs_->isRunning())
        return;
    runs_->cancel();
    window_.statusBar()->showMessage(tr("Cancelling…"));
}

void RunFeature::drop() {
    if (!runs_->isRunning())
        return;
    runs_->drop();
    window_.runPanel()->setFinished(tr("cancelled"));
    window_.updateActions();
}

void RunFeature::updateActions() {
    run_->setEnabled(!runs_->isRunning());
    cancel_->setEnabled(runs_->isRunning());
}

void RunFeature::onFinished(RunStatus status, const QString& message,
                            std::shared_ptr<const Trace> trace) {
    window_.updateActions();
    const bool has_events = trace && !trace->events.empty();
    if (has_events || status == RunStatus::Ok)
        window_.showTrace(trace, scenario_);
    RunPanel* panel = window_.runPanel();
    QStatusBar* bar = window_.statusBar();
    switch (status) {
        case RunStatus::Ok:
            panel->setFinished(tr("finished"));
            bar->showMessage(tr("Run finished: %n event(s).", nullptr, int(trace->events.size())),
                             8000);
            break;
        case RunStatus::Cancelled:
            panel->setFinished(tr("cancelled"));
            bar->showMessage(tr("Run cancelled; showing the %n event(s) that ran before.", nullptr,
                                has_events ? int(trace->events.size()) : 0));
            break;
        case RunStatus::Failed:
        case RunStatus::Unavailable:
            panel->setFinished(tr("failed"));
            bar->showMessage(tr("Run failed: %1").arg(message));
            window_.showError(
                status == RunStatus::Failed ? tr("Run failed") : tr("Engine unavailable"),
                message.isEmpty() ? tr("The engine gave no reason.") : message);
            break;
    }
    emit window_.runShown(status);
}

}  // namespace syncscope
