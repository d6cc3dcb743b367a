#include "ui/window/record_feature.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include "core/model/trace.h"
#include "ui/files/document_opener.h"
#include "ui/files/recent_files.h"
#include "ui/record/program_recorder.h"
#include "ui/record/record_dialog.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/timeline_model.h"
#include "ui/window/course_feature.h"
#include "ui/window/main_window.h"
#include "ui/window/scenario_dock.h"

namespace syncscope {

RecordFeature::RecordFeature(MainWindow& window)
    : QObject(&window), window_(window), recorder_(new ProgramRecorder(this)) {
    record_ = new QAction(tr("Record &Program…"), this);
    record_->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R));
    record_->setStatusTip(tr("Run a program of yours (python3 train.py…) and record its syncs"));
    connect(record_, &QAction::triggered, this, &RecordFeature::showDialog);
    stop_ = new QAction(tr("S&top Recording"), this);
    stop_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    stop_->setStatusTip(tr("Stop the recorded program and keep what was recorded"));
    connect(stop_, &QAction::triggered, this, &RecordFeature::stop);
    window.addAction(record_);
    window.addAction(stop_);

    status_ = new QWidget(&window);
    auto* layout = new QHBoxLayout(status_);
    layout->setContentsMargins(0, 0, 0, 0);
    status_text_ = new QLabel(status_);
    status_stop_ = new QPushButton(tr("Stop"), status_);
    status_stop_->setObjectName(QStringLiteral("stopRecording"));
    status_stop_->setToolTip(
        tr("Stop the program and keep what was recorded (Shift+F5); press "
           "again to stop it harder"));
    connect(status_stop_, &QPushButton::clicked, this, &RecordFeature::stop);
    layout->addWidget(status_text_);
    layout->addWidget(status_stop_);
    window.statusBar()->addPermanentWidget(status_);
    status_->hide();
    clock_ = new QTimer(this);
    clock_->setInterval(1000);
    connect(clock_, &QTimer::timeout, this, &RecordFeature::updateStatus);

    connect(recorder_, &ProgramRecorder::snapshot, this, &RecordFeature::onSnapshot);
    // How the recording ended is said after the trace opened ("Opened …" would hide it).
    connect(window.opener(), &DocumentOpener::loaded, this, [this] {
        if (pending_message_.isEmpty())
            return;
        QTimer::singleShot(0, this, [this, message = pending_message_] {
            window_.statusBar()->showMessage(message, 20000);
        });
        pending_message_.clear();
    });
    connect(recorder_, &ProgramRecorder::finished, this, &RecordFeature::onFinished);
    updateActions();
}

// A recording in progress is stopped by ProgramRecorder's destructor, which waits until
// syncscope-cli has saved the trace: nothing recorded is lost when the window goes.
RecordFeature::~RecordFeature() = default;

bool RecordFeature::isRecording() const {
    return recorder_->isRecording();
}

void RecordFeature::showDialog() {
    if (isRecording()) {
        window_.statusBar()->showMessage(tr("A recording is in progress: stop it first."), 5000);
        return;
    }
    RecordDialog dialog(recent_, &window_);
    const RunPanel* panel = window_.runPanel();
    dialog.setAvailability(panel->cudaAvailable(), panel->cudaText());
    connect(&dialog, &RecordDialog::openTraceRequested, window_.files(),
            &FilesFeature::openTraceDialog, Qt::QueuedConnection);
    if (dialog.exec() == QDialog::Accepted)
        startRecording(dialog.request());
}

bool RecordFeature::startRecording(const RecordRequest& request) {
    if (const QString why = recorder_->start(request); !why.isEmpty()) {
        window_.showError(tr("Cannot record"), why);
        return false;
    }
    recent_.add(request);
    events_ = 0;
    processes_ = 0;
    // The timeline is the recording's from now: empty until the first processes' files arrive.
    auto placeholder = std::make_shared<Trace>();
    placeholder->title = request.command.toStdString();
    shown_ = placeholder;
    window_.clearDetails();
    window_.summary()->clear();
    window_.courseFeature()->showTimelineArea();  // from the start page, too
    window_.showLiveTrace(shown_, QString());
    clock_->start();
    status_->show();
    updateStatus();
    updateActions();
    window_.statusBar()->showMessage(
        tr("Recording “%1”… Stop (Shift+F5) keeps what was recorded.").arg(request.command));
    return true;
}

void RecordFeature::stop() {
    if (!isRecording())
        return;
    recorder_->stop();
    updateStatus();
    window_.statusBar()->showMessage(
        recorder_->stopRequests() == 1
            ? tr("Stopping the program; the trace so far is being saved…")
            : tr("Stopping the program harder (press again to kill it)…"));
}

bool RecordFeature::attached() const {
    return shown_ && window_.currentTrace() == shown_;
}

void RecordFeature::onSnapshot(const LiveRecording& live) {
    events_ = live.trace->events.size();
    processes_ = live.processes;
    updateStatus();
    if (!attached())
        return;  // the user opened or ran something else: the recording goes on unseen
    shown_ = live.trace;
    // The status bar's recording widget counts the events: the trace label stays empty.
    window_.showLiveTrace(live.trace, QString(), live.model);
    // The left dock says what is recorded, not the editor's batches.
    window_.scenarioDock()->showTrace(
        *live.trace, QDir::toNativeSeparators(recorder_->request().out), live.model.get());
}

void RecordFeature::updateStatus() {
    const qint64 s = recorder_->elapsedMs() / 1000;
    const QString clock = QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    QString text = recorder_->stopRequests() > 0 ? tr("stopping %1").arg(clock)
                                                 : tr("● recording %1").arg(clock);
    if (processes_ > 0)
        text += QStringLiteral(" · ") + tr("%n process(es)", nullptr, processes_) +
                QStringLiteral(" · ") +
                tr("%1 events").arg(QLocale().toString(qulonglong(events_)));
    status_text_->setText(text);
}

void RecordFeature::updateActions() {
    const bool recording = isRecording();
    record_->setEnabled(!recording);
    stop_->setEnabled(recording);
}

void RecordFeature::onFinished(const RecordOutcome& outcome) {
    clock_->stop();
    status_->hide();
    updateActions();
    const bool was_attached = attached();
    shown_.reset();
    const QString file = QDir::toNativeSeparators(outcome.out);
    // What syncscope-cli said last is the line that matters (the error, or the last warning).
    const QString said = outcome.messages.section(QLatin1Char('\n'), -1).trimmed();
    if (outcome.cli_failed) {
        if (was_attached)
            window_.showLiveTrace(std::make_shared<const Trace>(), QString());
        window_.showError(tr("Recording failed"), outcome.messages);
        emit recordingFinished(false);
        return;
    }
    if (!outcome.has_trace) {
        if (was_attached)
            window_.showLiveTrace(std::make_shared<const Trace>(), QString());
        // Nothing to show is no crash: "made no CUDA call", a range that never began, a program
        // that could not start. syncscope-cli's own sentence says which.
        const QString text = said.isEmpty() ? tr("No trace was written.") : said;
        window_.statusBar()->showMessage(tr("Nothing recorded: %1").arg(text), 15000);
        window_.showError(tr("Nothing recorded"),
                          outcome.messages.isEmpty() ? text : outcome.messages);
        emit recordingFinished(false);
        return;
    }
    QString message;
    if (outcome.stopped)
        message = tr("Recording stopped; what was recorded is in %1").arg(file);
    else if (outcome.exit_code != 0)
        message = tr("The program exited with status %1; its trace is in %2")
                      .arg(outcome.exit_code)
                      .arg(file);
    else
        message = tr("Recorded: %1").arg(file);
    if (!said.isEmpty() && said.startsWith(QLatin1String("warning:")))
        message += QStringLiteral(" — ") + said;
    if (was_attached) {
        pending_message_ = message;
        window_.files()->openPath(outcome.out, false);
    } else {
        window_.files()->recentFiles()->add(outcome.out);
        message += QStringLiteral(" ") + tr("(File ▸ Open Recent)");
    }
    window_.statusBar()->showMessage(message, 20000);
    emit recordingFinished(true);
}

bool RecordFeature::maybeStopForClose() {
    if (!isRecording())
        return true;
    if (window_.interactive()) {
        const auto answer =
            QMessageBox::question(&window_, tr("Recording in progress"),
                                  tr("“%1” is being recorded. Stop it and keep what was recorded?")
                                      .arg(recorder_->request().command),
                                  QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Yes);
        if (answer != QMessageBox::Yes)
            return false;
    }
    // The recorder's destructor waits for syncscope-cli to save the trace.
    return true;
}

}  // namespace syncscope
