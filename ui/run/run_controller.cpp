#include "ui/run/run_controller.h"

#include <utility>

#include "core/engine/engine_factory.h"
#include "ui/jobs/job_tracker.h"

namespace syncscope {

namespace {

void appendDelta(Trace& trace, const TraceDelta& delta) {
    for (const Lane& lane : delta.new_lanes)
        trace.addLane(lane);
    // Deltas carry strings in the engine's table order; interning in that order keeps indices.
    for (const std::string& s : delta.new_strings)
        trace.strings.intern(s);
    trace.events.insert(trace.events.end(), delta.new_events.begin(), delta.new_events.end());
    trace.flows.insert(trace.flows.end(), delta.new_flows.begin(), delta.new_flows.end());
    trace.memory.insert(trace.memory.end(), delta.new_memory.begin(), delta.new_memory.end());
    trace.device = delta.device;
}

}  // namespace

RunController::RunController(QObject* parent)
    : QObject(parent), jobs_(new JobTracker(JobTracker::Concurrency::OneAtATime, this)) {
    qRegisterMetaType<syncscope::TraceDelta>();
    qRegisterMetaType<std::shared_ptr<syncscope::RunResult>>();
    qRegisterMetaType<std::shared_ptr<const syncscope::Trace>>();
    qRegisterMetaType<syncscope::RunStatus>();
    snapshot_timer_.setInterval(100);
    connect(&snapshot_timer_, &QTimer::timeout, this, &RunController::emitSnapshot);
    connect(jobs_, &JobTracker::dropped, this, &RunController::staleResultDropped);
}

// The tracker (a child) cancels the runs and waits for them when it goes.
RunController::~RunController() = default;

EngineFactory RunController::factoryFor(const QString& engine_id) {
    const std::string which = engine_id.isEmpty() ? std::string("auto") : engine_id.toStdString();
    return [which](std::string* note, std::string* error) -> std::unique_ptr<Engine> {
        EngineChoice choice = chooseEngine(which);
        *note = choice.note;
        *error = choice.error;
        return std::move(choice.engine);
    };
}

quint64 RunController::start(const Scenario& scenario, const QString& engine_id) {
    return start(scenario, factoryFor(engine_id));
}

quint64 RunController::start(const Scenario& scenario, EngineFactory factory) {
    running_ = true;
    dirty_ = false;
    cancel_requested_ = false;
    live_ = std::make_shared<Trace>();
    live_->title = scenario.title.en;  // a trace's own title is English; traceTitle() translates

    // The tracker cancels the previous run; ours queues behind it and runs once it has returned,
    // so the engine's process-wide lock never sees two runs. Everything the old run still sends is
    // dropped by the tracker, not here.
    auto work = [this, scenario, factory = std::move(factory)](const JobContext& job) {
        const quint64 id = job.id();
        RunWorker::Receiver receiver;
        receiver.delta = [this, id](const TraceDelta& delta) { onDelta(id, delta); };
        receiver.progress = [this, id](double fraction, const QString& phase) {
            // After a cancel the bar stays where the user stopped it (engines report "done").
            if (!cancel_requested_)
                emit progressChanged(id, fraction, phase);
        };
        receiver.log = [this, id](int level, const QString& message) {
            emit logMessage(id, level, message);
        };
        return RunWorker(job, std::move(receiver)).run(scenario, factory);
    };
    // The id is known only once the job exists; the delivery reads it from current_id_, which
    // the tracker guarantees is this job's when it arrives.
    current_id_ = jobs_->start(std::move(work), [this](const std::shared_ptr<RunResult>& result) {
        onFinished(current_id_, result);
    });

    emit runStarted(current_id_);
    snapshot_timer_.start();
    since_snapshot_.start();
    return current_id_;
}

void RunController::cancel() {
    if (!running_)
        return;
    cancel_requested_ = true;
    jobs_->cancel();
}

void RunController::drop() {
    jobs_->drop();
    running_ = false;
    cancel_requested_ = false;
    dirty_ = false;
    snapshot_timer_.stop();
    live_.reset();
}

std::shared_ptr<const Trace> RunController::liveSnapshot() const {
    if (!live_)
        return std::make_shared<const Trace>();
    return std::make_shared<const Trace>(*live_);
}

void RunController::onDelta(quint64 run_id, const TraceDelta& delta) {
    appendDelta(*live_, delta);
    dirty_ = true;
    emit deltaApplied(run_id, qsizetype(live_->events.size()));
    if (since_snapshot_.isValid() && since_snapshot_.elapsed() >= snapshot_timer_.interval())
        emitSnapshot();  // the views keep their pace however fast deltas come
}

void RunController::emitSnapshot() {
    if (!dirty_ || !running_)
        return;
    dirty_ = false;
    since_snapshot_.start();
    // The live trace itself, no copy: a copy per snapshot made a run's cost grow with the square
    // of its length. It only grows (appends, on this thread), so a view indexes what is new.
    emit snapshotReady(current_id_, live_);
}

void RunController::onFinished(quint64 run_id, const std::shared_ptr<RunResult>& result) {
    running_ = false;
    snapshot_timer_.stop();
    if (std::exchange(cancel_requested_, false) && result->status == RunStatus::Ok) {
        result->status = RunStatus::Cancelled;
        result->message = "cancelled; the engine had already finished the run";
    }
    std::shared_ptr<const Trace> trace;
    // A cancelled engine keeps what ran; should it hand back less than arrived live, keep ours.
    if (result->status == RunStatus::Cancelled && live_ &&
        live_->events.size() > result->trace.events.size())
        trace = live_;
    else
        trace = std::make_shared<const Trace>(std::move(result->trace));
    live_.reset();
    emit runFinished(run_id, result->status, QString::fromStdString(result->message), trace);
}

}  // namespace syncscope
