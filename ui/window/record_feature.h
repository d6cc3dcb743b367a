#pragma once

#include <QObject>
#include <QString>
#include <memory>

#include "ui/record/recent_commands.h"
#include "ui/record/record_request.h"

class QAction;
class QLabel;
class QPushButton;
class QTimer;
class QWidget;

namespace syncscope {

class MainWindow;
class ProgramRecorder;
class RecordDialog;
class TimelineModel;
struct LiveRecording;
struct RecordOutcome;
struct Trace;

// The window's recordings of the user's own programs (docs/recorder.md, the window): File ▸
// Record Program… asks what to record, the timeline grows while it runs, Stop (Shift+F5) keeps
// what was recorded, and the trace opens when the recorder has saved it. Without a GPU the dialog
// says why and offers to open a trace instead.
class RecordFeature final : public QObject {
    Q_OBJECT
public:
    explicit RecordFeature(MainWindow& window);
    ~RecordFeature() override;

    QAction* recordAction() const { return record_; }
    QAction* stopAction() const { return stop_; }
    ProgramRecorder* recorder() const { return recorder_; }
    const RecentCommands& recentCommands() const { return recent_; }

    // File ▸ Record Program…
    void showDialog();
    // Starts recording `request` (what the dialog gives); errors go to a dialog or, when the
    // window is not interactive, the status bar. False when it did not start.
    bool startRecording(const RecordRequest& request);
    void stop();
    bool isRecording() const;
    // Closing the window while recording: asks (interactive) whether to stop and keep the trace;
    // false = the user chose to keep recording.
    bool maybeStopForClose();

signals:
    // A recording ended and what it left is on screen (or named in the status bar).
    void recordingFinished(bool has_trace);

private:
    void onSnapshot(const LiveRecording& live);
    void onFinished(const RecordOutcome& outcome);
    void updateStatus();
    void updateActions();
    // Whether the timeline still shows this recording (nothing else was opened or run since).
    bool attached() const;

    MainWindow& window_;
    ProgramRecorder* recorder_ = nullptr;
    RecentCommands recent_;
    QAction* record_ = nullptr;
    QAction* stop_ = nullptr;
    QWidget* status_ = nullptr;  // the status bar's "recording … [Stop]"
    QLabel* status_text_ = nullptr;
    QPushButton* status_stop_ = nullptr;
    QTimer* clock_ = nullptr;
    std::shared_ptr<const Trace> shown_;  // what this recording last put on the timeline
    QString pending_message_;             // said once the recording's trace has opened
    std::size_t events_ = 0;
    int processes_ = 0;
};

}  // namespace syncscope
