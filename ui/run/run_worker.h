#pragma once

#include <QString>
#include <functional>
#include <memory>

#include "core/engine/engine.h"
#include "ui/jobs/job_context.h"

namespace syncscope {

// Makes the engine for one run. Called on the worker thread, so a slow probe (CUDA driver
// initialisation) never stalls the GUI. Returns null with `error` set when no engine can run.
using EngineFactory = std::function<std::unique_ptr<Engine>(std::string* note, std::string* error)>;

// Runs one scenario as a job on a worker thread (hotspot's perfparser pattern): it hands every
// delta, progress step and log line to the receiver through the job, by value, so they arrive only
// while the run is still the current one.
class RunWorker final : public EngineObserver {
public:
    // Called on the receiver's thread, and only while the run is current.
    struct Receiver {
        std::function<void(const TraceDelta&)> delta;
        std::function<void(double fraction, const QString& phase)> progress;
        std::function<void(int level, const QString& message)> log;
    };

    RunWorker(JobContext job, Receiver receiver);

    // Makes the engine and runs `scenario` on it, on the calling (worker) thread.
    std::shared_ptr<RunResult> run(const Scenario& scenario, const EngineFactory& factory);

private:
    void onTraceDelta(const TraceDeltaView& view) override;
    void onProgress(double fraction, std::string_view phase) override;
    void onLog(LogLevel level, std::string_view message) override;

    JobContext job_;
    std::shared_ptr<const Receiver> receiver_;
};

}  // namespace syncscope
