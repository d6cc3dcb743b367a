#include "ui/record/program_recorder.h"

#include <signal.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include "core/record/kernel_name_demangler.h"
#include "core/record/recording_set.h"
#include "ui/jobs/background_release.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {

constexpr int kDefaultPollMs = 500;     // twice the recorder's own write period
constexpr int kSaveTimeoutMs = 30'000;  // closing the window: syncscope-cli saving the trace

}  // namespace

ProgramRecorder::ProgramRecorder(QObject* parent)
    : QObject(parent),
      process_(new QProcess(this)),
      poll_timer_(new QTimer(this)),
      reader_(new JobTracker(JobTracker::Concurrency::OneAtATime, this)) {
    poll_timer_->setInterval(kDefaultPollMs);
    connect(poll_timer_, &QTimer::timeout, this, &ProgramRecorder::poll);
    process_->setProcessChannelMode(QProcess::SeparateChannels);
    process_->setStandardOutputFile(QProcess::nullDevice());
    connect(process_, &QProcess::readyReadStandardError, this,
            [this] { stderr_ += QString::fromLocal8Bit(process_->readAllStandardError()); });
    connect(process_, &QProcess::finished, this, &ProgramRecorder::onProcessFinished);
    connect(process_, &QProcess::errorOccurred, this, &ProgramRecorder::onProcessError);
}

ProgramRecorder::~ProgramRecorder() {
    if (!isRecording())
        return;
    disconnect(process_, nullptr, this, nullptr);
    stop();
    if (!process_->waitForFinished(kSaveTimeoutMs))
        process_->kill();
    process_->waitForFinished(1000);
}

QString ProgramRecorder::cliPath() {
    const QString named = qEnvironmentVariable("SYNCSCOPE_CLI");
    if (!named.isEmpty())
        return QFileInfo(named).isExecutable() ? named : QString();
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& candidate : {here.filePath(QStringLiteral("syncscope-cli")),
                                     here.filePath(QStringLiteral("../syncscope-cli"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return {};
}

void ProgramRecorder::setPollInterval(int ms) {
    poll_timer_->setInterval(ms);
}

bool ProgramRecorder::isRecording() const {
    return process_->state() != QProcess::NotRunning;
}

QString ProgramRecorder::start(const RecordRequest& request) {
    if (isRecording())
        return tr("A recording is in progress: stop it first.");
    if (const QString problem = request.problem(); !problem.isEmpty())
        return problem;
    const QString cli = cliPath();
    if (cli.isEmpty())
        return tr(
            "syncscope-cli, which records, is not installed beside this window "
            "(set SYNCSCOPE_CLI to where it is).");
    // The live view converts the recordings here: kernel names are demangled by the same helper
    // as syncscope-cli's, with its limits.
    KernelNameDemangler::setHelper({QFile::encodeName(cli).toStdString(), "__demangle"});
    auto dir = std::make_unique<QTemporaryDir>(
        QDir::temp().filePath(QStringLiteral("syncscope-live-XXXXXX")));
    if (!dir->isValid())
        return tr("Cannot make a folder for the recording: %1").arg(dir->errorString());
    request_ = request;
    // What syncscope-cli keeps, kept by the live view too (the request checked the range).
    capture_.set(request.delay_s, request.duration_s, request.capture_range.toStdString());
    record_dir_ = std::move(dir);
    stderr_.clear();
    bytes_read_ = -1;
    stop_requests_ = 0;
    // A file the user chose to replace is the recording's only once syncscope-cli wrote it.
    out_before_ =
        QFileInfo::exists(request.out) ? QFileInfo(request.out).lastModified() : QDateTime();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& assignment : request.environment) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        env.insert(assignment.left(eq), assignment.mid(eq + 1));
    }
    process_->setProcessEnvironment(env);
    process_->setWorkingDirectory(request.working_dir);
    process_->start(cli, request.cliArguments(record_dir_->path()));
    clock_.start();
    poll_timer_->start();
    return {};
}

void ProgramRecorder::stop() {
    if (!isRecording())
        return;
    ++stop_requests_;
    // As Ctrl+C in a terminal: syncscope-cli stops the program (SIGINT, then SIGTERM, then
    // SIGKILL on each further one) and saves what was recorded.
    if (process_->processId() > 0)
        ::kill(static_cast<pid_t>(process_->processId()), SIGINT);
}

QString ProgramRecorder::runFolder() const {
    // syncscope-cli records each run into a fresh folder it makes in the one it is given.
    if (!record_dir_)
        return {};
    const QDir dir(record_dir_->path());
    const QStringList runs = dir.entryList({QStringLiteral("syncscope-record-*")},
                                           QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    return runs.isEmpty() ? QString() : dir.filePath(runs.front());
}

qint64 ProgramRecorder::recordedBytes(int* files) const {
    qint64 bytes = 0;
    *files = 0;
    const QString run = runFolder();
    if (run.isEmpty())
        return 0;
    const QFileInfoList infos = QDir(run).entryInfoList({QStringLiteral("*.ssrec")}, QDir::Files);
    for (const QFileInfo& info : infos)
        bytes += info.size();
    *files = int(infos.size());
    return bytes;
}

void ProgramRecorder::poll() {
    if (reading_ || !record_dir_)
        return;
    int files = 0;
    const qint64 bytes = recordedBytes(&files);
    if (files == 0 || bytes == bytes_read_)
        return;
    bytes_read_ = bytes;
    reading_ = true;
    const CaptureOptions capture = capture_;
    const std::string folder = QFile::encodeName(runFolder()).toStdString();
    reader_->start(
        [folder, capture, files](const JobContext& job) {
            LiveRecording read;
            ImportResult result = RecordingSet::load(folder, capture);
            if (!result.ok() || job.cancelled())
                return read;  // nothing whole to show yet (or the range has not begun)
            read.trace = std::make_shared<const Trace>(std::move(*result.trace));
            read.model = sharedReleasedInBackground(std::make_unique<TimelineModel>(read.trace));
            read.processes = files;
            return read;
        },
        [this](const LiveRecording& read) {
            reading_ = false;
            if (read.trace && isRecording())
                emit snapshot(read);
        });
}

void ProgramRecorder::onProcessError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart)
        return;  // a crash also ends in finished()
    poll_timer_->stop();
    reader_->drop();
    reading_ = false;
    RecordOutcome outcome;
    outcome.cli_failed = true;
    outcome.out = request_.out;
    outcome.messages = tr("Cannot start syncscope-cli: %1").arg(process_->errorString());
    emit finished(outcome);
}

void ProgramRecorder::onProcessFinished(int code, QProcess::ExitStatus status) {
    poll_timer_->stop();
    reader_->drop();
    reading_ = false;
    stderr_ += QString::fromLocal8Bit(process_->readAllStandardError());
    RecordOutcome outcome;
    outcome.exit_code = code;
    outcome.cli_failed = status == QProcess::CrashExit;
    outcome.stopped = stop_requests_ > 0;
    outcome.out = request_.out;
    const QFileInfo written(request_.out);
    outcome.has_trace =
        written.exists() && (!out_before_.isValid() || written.lastModified() != out_before_);
    outcome.messages = stderr_.trimmed();
    if (outcome.cli_failed && outcome.messages.isEmpty())
        outcome.messages = tr("syncscope-cli crashed while recording.");
    // The raw recordings: what they held is in the trace now. Without a trace they are what the
    // user waited for: syncscope-cli kept them and its message (in outcome.messages) says where.
    // It also keeps them after a Ctrl+C (Stop) while it made the trace, and says so.
    int files = 0;
    if ((!outcome.has_trace && recordedBytes(&files) > 0) ||
        stderr_.contains(QLatin1String("the raw recording is kept in")))
        record_dir_->setAutoRemove(false);
    record_dir_.reset();
    emit finished(outcome);
}

}  // namespace syncscope
