#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <memory>

#include "core/record/capture_window.h"
#include "ui/record/record_request.h"

class QTemporaryDir;
class QTimer;

namespace syncscope {

class JobTracker;
class TimelineModel;
struct Trace;

// How a recording ended (docs/recorder.md, exit statuses).
struct RecordOutcome {
    int exit_code = 0;        // syncscope-cli's: the program's status, 3 when stopped, 2 = cannot
    bool cli_failed = false;  // syncscope-cli did not start or crashed: `messages` says which
    bool stopped = false;     // the user pressed Stop
    bool has_trace = false;   // `out` was written
    QString out;              // the trace file
    QString messages;         // what syncscope-cli said on stderr (errors, warnings)
};

// The recording so far: a new trace each read, its timeline model built off the GUI thread, and
// how many processes have written a recording.
struct LiveRecording {
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<TimelineModel> model;
    int processes = 0;
};

// Records a program for the window: runs `syncscope-cli record` (the one recorder, so the window
// and the command line record alike) and, while it runs, reads the processes' recordings as they
// grow (each writes its file every 250 ms) into a live trace, off the GUI thread. Stop sends the
// recorder SIGINT, as Ctrl+C in a terminal: it stops the program and keeps what was recorded; a
// second Stop escalates (SIGTERM, then SIGKILL to the program).
class ProgramRecorder final : public QObject {
    Q_OBJECT
public:
    explicit ProgramRecorder(QObject* parent = nullptr);
    // A recording in progress is stopped and its trace kept (waits for syncscope-cli to save).
    ~ProgramRecorder() override;

    // Where syncscope-cli is: $SYNCSCOPE_CLI, else beside this executable or one folder up (a
    // build tree); empty when not found.
    static QString cliPath();

    // Starts recording; "" or why not (the request's problem, no syncscope-cli).
    QString start(const RecordRequest& request);
    void stop();
    bool isRecording() const;
    int stopRequests() const { return stop_requests_; }
    qint64 elapsedMs() const { return clock_.isValid() ? clock_.elapsed() : 0; }
    const RecordRequest& request() const { return request_; }
    // How often the recordings are read while the program runs (ms); tests shorten it.
    void setPollInterval(int ms);

signals:
    void snapshot(const syncscope::LiveRecording& live);
    void finished(const syncscope::RecordOutcome& outcome);

private:
    void poll();
    void onProcessFinished(int code, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    qint64 recordedBytes(int* files) const;
    // The folder syncscope-cli records this run into (in record_dir_), or "" before it made it.
    QString runFolder() const;

    QProcess* process_ = nullptr;
    QTimer* poll_timer_ = nullptr;
    JobTracker* reader_ = nullptr;  // one read of the recordings at a time
    std::unique_ptr<QTemporaryDir> record_dir_;
    RecordRequest request_;
    CaptureOptions capture_;
    QElapsedTimer clock_;
    QString stderr_;
    QDateTime
        out_before_;  // when the trace file was last written before this recording (if it was)
    qint64 bytes_read_ = -1;  // the recordings' size at the last read: unchanged, not read again
    bool reading_ = false;
    int stop_requests_ = 0;
};

}  // namespace syncscope
