#include "ui/window/run_controller.h"

#include <QThread>
#include <utility>

#include "core/engine/engine_factory.h"

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

RunController::RunController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<syncscope::TraceDelta>();
    qRegisterMetaType<std::shared_ptr<syncscope::RunResult>>();
    qRegisterMetaType<std::shared_ptr<const syncscope::Trace>>();
    qRegisterMetaType<syncscope::RunStatus>();
    snapshot_timer_.setInterval(100);
    connect(&snapshot_timer_, &QTimer::timeout, this, &RunController::emitSnapshot);
}

RunController::~RunController() {
    if (cancel_)
        cancel_->cancel();
    for (const QPointer<QThread>& thread : std::as_const(threads_)) {
        if (!thread)
            continue;
        thread->quit();
        thread->wait();
    }
}

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
    // Supersede whatever runs now: its token is cancelled and its id stops being current, so
    // anything it still sends is dropped in isCurrent().
    if (cancel_)
        cancel_->cancel();
    threads_.removeAll(QPointer<QThread>());

    const quint64 id = next_id_++;
    current_id_ = id;
    running_ = true;
    dirty_ = false;
    cancel_ = std::make_shared<CancelToken>();
    live_ = std::make_shared<Trace>();
    live_->title = scenario.title;

    auto* thread = new QThread;
    thread->setObjectName(QStringLiteral("syncscope-run-%1").arg(id));
    auto* worker = new RunWorker(id, scenario, std::move(factory), cancel_);
    worker->moveToThread(thread);
    connect(thread, &QThread::started, worker, &RunWorker::run);
    connect(worker, &RunWorker::deltaAvailable, this, &RunController::onDelta);
    connect(worker, &RunWorker::progressChanged, this, &RunController::onProgress);
    connect(worker, &RunWorker::logged, this, &RunController::onLog);
    connect(worker, &RunWorker::finished, this, &RunController::onFinished);
    // The worker's last act is `finished`; the thread then ends and both go away.
    connect(worker, &RunWorker::finished, thread, &QThread::quit);
    connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    threads_.append(QPointer<QThread>(thread));

    emit runStarted(id);
    snapshot_timer_.start();
    thread->start();
    return id;
}

void RunController::cancel() {
    if (running_ && cancel_)
        cancel_->cancel();
}

std::shared_ptr<const Trace> RunController::liveSnapshot() const {
    if (!live_)
        return std::make_shared<const Trace>();
    return std::make_shared<const Trace>(*live_);
}

bool RunController::isCurrent(quint64 run_id) {
    if (run_id == current_id_ && running_)
        return true;
    emit staleResultDropped(run_id);
    return false;
}

void RunController::onDelta(quint64 run_id, const TraceDelta& delta) {
    if (!isCurrent(run_id))
        return;
    appendDelta(*live_, delta);
    dirty_ = true;
    emit deltaApplied(run_id, qsizetype(live_->events.size()));
}

void RunController::onProgress(quint64 run_id, double fraction, const QString& phase) {
    if (!isCurrent(run_id))
        return;
    emit progressChanged(run_id, fraction, phase);
}

void RunController::onLog(quint64 run_id, int level, const QString& message) {
    if (!isCurrent(run_id))
        return;
    emit logMessage(run_id, level, message);
}

void RunController::emitSnapshot() {
    if (!dirty_ || !running_)
        return;
    dirty_ = false;
    emit snapshotReady(current_id_, liveSnapshot());
}

void RunController::onFinished(quint64 run_id, const std::shared_ptr<RunResult>& result) {
    if (!isCurrent(run_id))
        return;
    running_ = false;
    snapshot_timer_.stop();
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
