#include "ui/run/run_worker.h"

#include <exception>
#include <utility>

#include "ui/jobs/job_tracker.h"

namespace syncscope {

RunWorker::RunWorker(JobContext job, Receiver receiver)
    : job_(std::move(job)), receiver_(std::make_shared<const Receiver>(std::move(receiver))) {}

std::shared_ptr<RunResult> RunWorker::run(const Scenario& scenario, const EngineFactory& factory) {
    auto result = std::make_shared<RunResult>();
    std::string note;
    std::string error;
    std::unique_ptr<Engine> engine;
    try {
        engine = factory ? factory(&note, &error) : nullptr;
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!note.empty())
        onLog(LogLevel::Warning, note);
    if (!engine) {
        result->status = RunStatus::Unavailable;
        result->message = error.empty() ? "no engine can run this scenario here" : error;
        return result;
    }
    if (job_.cancelled()) {
        // Cancelled (or superseded) before it started: nothing to run.
        result->status = RunStatus::Cancelled;
        result->message = "cancelled before the run started";
        return result;
    }
    *result = engine->run(scenario, *this, job_.token());
    return result;
}

void RunWorker::onTraceDelta(const TraceDeltaView& view) {
    // The view points into the engine's trace: the one copy, for the GUI thread, is made here.
    job_.post([receiver = receiver_, delta = TraceDelta(view)] { receiver->delta(delta); });
}

void RunWorker::onProgress(double fraction, std::string_view phase) {
    job_.post([receiver = receiver_, fraction,
               phase = QString::fromUtf8(phase.data(), qsizetype(phase.size()))] {
        receiver->progress(fraction, phase);
    });
}

void RunWorker::onLog(LogLevel level, std::string_view message) {
    job_.post([receiver = receiver_, level = static_cast<int>(level),
               message = QString::fromUtf8(message.data(), qsizetype(message.size()))] {
        receiver->log(level, message);
    });
}

}  // namespace syncscope
