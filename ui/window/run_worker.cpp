#include "ui/window/run_worker.h"

#include <exception>
#include <utility>

namespace syncscope {

RunWorker::RunWorker(quint64 run_id, Scenario scenario, EngineFactory factory,
                     std::shared_ptr<CancelToken> cancel)
    : run_id_(run_id),
      scenario_(std::move(scenario)),
      factory_(std::move(factory)),
      cancel_(std::move(cancel)) {}

void RunWorker::run() {
    auto result = std::make_shared<RunResult>();
    std::string note;
    std::string error;
    std::unique_ptr<Engine> engine;
    try {
        engine = factory_ ? factory_(&note, &error) : nullptr;
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!note.empty())
        onLog(LogLevel::Warning, note);
    if (!engine) {
        result->status = RunStatus::Unavailable;
        result->message = error.empty() ? "no engine can run this scenario here" : error;
        emit finished(run_id_, std::move(result));
        return;
    }
    if (cancel_->cancelled()) {
        // Cancelled (or superseded) before it started: nothing to run.
        result->status = RunStatus::Cancelled;
        result->message = "cancelled before the run started";
        emit finished(run_id_, std::move(result));
        return;
    }
    *result = engine->run(scenario_, *this, *cancel_);
    emit finished(run_id_, std::move(result));
}

void RunWorker::onTraceDelta(const TraceDelta& delta) {
    emit deltaAvailable(run_id_, delta);
}

void RunWorker::onProgress(double fraction, std::string_view phase) {
    emit progressChanged(run_id_, fraction,
                         QString::fromUtf8(phase.data(), qsizetype(phase.size())));
}

void RunWorker::onLog(LogLevel level, std::string_view message) {
    emit logged(run_id_, static_cast<int>(level),
                QString::fromUtf8(message.data(), qsizetype(message.size())));
}

}  // namespace syncscope
