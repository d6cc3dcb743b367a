#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>

#include "core/engine/engine.h"
#include "ui/run/run_metatypes.h"
#include "ui/run/run_worker.h"

namespace syncscope {

class JobTracker;

// The GUI side of runs, on the UI's one job mechanism (JobTracker): every run is a job with an
// id; a new run supersedes the previous one, which is cancelled, and starts only once that one has
// returned (engines hold a process-wide lock). Results and deltas of a run that is no longer
// current are dropped and never reach the views. Live deltas are appended to a Trace on the GUI
// thread and the views get throttled snapshots of it: that same Trace, shared, not a copy.
class RunController final : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    // Cancels every run still going and waits for them to return.
    ~RunController() override;

    // `engine_id` is "auto", "sim" or "cuda" (engine_factory.h's chooseEngine).
    quint64 start(const Scenario& scenario, const QString& engine_id);
    // Runs on an engine made by `factory` (tests inject slow or failing engines this way).
    quint64 start(const Scenario& scenario, EngineFactory factory);
    // Asks the current run to stop and returns at once. runFinished(…, Cancelled, …) follows with
    // the partial trace when the engine has noticed (engines poll every <= 50 ms).
    void cancel();
    // Cancels the current run and drops everything it still sends, its result included: for when
    // something else (an opened file) replaces what the run would show. No runFinished follows.
    void drop();

    bool isRunning() const { return running_; }
    quint64 currentRunId() const { return current_id_; }
    // A copy of the trace rebuilt from the current run's live deltas so far (stays as it is).
    std::shared_ptr<const Trace> liveSnapshot() const;
    // How often views get a new snapshot while a run goes (default 100 ms = 10 Hz).
    void setSnapshotInterval(int ms) { snapshot_timer_.setInterval(ms); }

    // An EngineFactory for "auto", "sim" and "cuda".
    static EngineFactory factoryFor(const QString& engine_id);

signals:
    void runStarted(quint64 run_id);
    // A delta of the current run was appended; `events` = events received so far.
    void deltaApplied(quint64 run_id, qsizetype events);
    // Throttled: the live trace so far, for the timeline. It is the run's growing trace itself:
    // until runFinished it keeps growing between snapshots (events, flows, memory and lanes are
    // only appended, earlier indices stay valid), on the GUI thread. Read it on the GUI thread
    // only, never hand it to a worker, and copy it to keep it as it is now.
    void snapshotReady(quint64 run_id, std::shared_ptr<const syncscope::Trace> trace);
    void progressChanged(quint64 run_id, double fraction, QString phase);
    void logMessage(quint64 run_id, int level, QString message);
    // The run ended (ok, cancelled, failed, unavailable). `trace` is the engine's trace, or for a
    // cancelled run whatever had arrived, whichever holds more.
    void runFinished(quint64 run_id, syncscope::RunStatus status, QString message,
                     std::shared_ptr<const syncscope::Trace> trace);
    // Something arrived from a superseded run and was dropped (for tests and the log).
    void staleResultDropped(quint64 run_id);

private:
    void onDelta(quint64 run_id, const TraceDelta& delta);
    void onFinished(quint64 run_id, const std::shared_ptr<RunResult>& result);
    void emitSnapshot();

    JobTracker* jobs_;
    quint64 current_id_ = 0;
    bool running_ = false;
    bool dirty_ = false;
    // The user asked the current run to stop: it ends "cancelled" even if the engine had already
    // finished (the window lags the worker: a cancel at 31 % on screen can reach a done run).
    bool cancel_requested_ = false;
    std::shared_ptr<Trace> live_;
    QTimer snapshot_timer_;
    // Since the last snapshot: a fast engine floods the GUI thread with deltas, and Qt delivers
    // queued deltas before timers, so the timer alone could go silent for a whole run.
    QElapsedTimer since_snapshot_;
};

}  // namespace syncscope
