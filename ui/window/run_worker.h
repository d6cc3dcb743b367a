#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "core/engine/engine.h"
#include "ui/window/run_metatypes.h"

namespace syncscope {

// Makes the engine for one run. Called on the worker thread, so a slow probe (CUDA driver
// initialisation) never stalls the GUI. Returns null with `error` set when no engine can run.
using EngineFactory = std::function<std::unique_ptr<Engine>(std::string* note, std::string* error)>;

// Runs one scenario on a worker thread (hotspot's perfparser pattern): lives on that thread, speaks
// only through queued signals carrying data by value, and tags everything with its run id so the
// receiver can drop what belongs to a run it no longer cares about.
class RunWorker final : public QObject, public EngineObserver {
    Q_OBJECT
public:
    RunWorker(quint64 run_id, Scenario scenario, EngineFactory factory,
              std::shared_ptr<CancelToken> cancel);

    quint64 runId() const { return run_id_; }

public slots:
    void run();

signals:
    void deltaAvailable(quint64 run_id, syncscope::TraceDelta delta);
    void progressChanged(quint64 run_id, double fraction, QString phase);
    void logged(quint64 run_id, int level, QString message);
    void finished(quint64 run_id, std::shared_ptr<syncscope::RunResult> result);

private:
    void onTraceDelta(const TraceDelta& delta) override;
    void onProgress(double fraction, std::string_view phase) override;
    void onLog(LogLevel level, std::string_view message) override;

    const quint64 run_id_;
    const Scenario scenario_;
    EngineFactory factory_;
    std::shared_ptr<CancelToken> cancel_;
};

}  // namespace syncscope
