#pragma once

#include <QObject>
#include <memory>
#include <optional>

#include "core/engine/engine.h"
#include "core/model/scenario.h"
#include "ui/run/run_metatypes.h"

class QAction;
class QLabel;

namespace syncscope {

class JobTracker;
class MainWindow;
class RunController;

// The window's runs (docs/architecture.md section 5): Run and Cancel, the run of the editor's
// scenario on the chosen engine with its live snapshots, how it ended, and the CUDA engine's
// availability in the status bar.
class RunFeature final : public QObject {
    Q_OBJECT
public:
    explicit RunFeature(MainWindow& window);

    RunController* controller() const { return runs_; }
    QAction* runAction() const { return run_; }
    QAction* cancelAction() const { return cancel_; }
    // The scenario of the run on screen, for the checker; reset when something else is shown.
    const std::optional<Scenario>& scenario() const { return scenario_; }
    void forgetScenario() { scenario_.reset(); }

    void run();
    void cancel();
    // What opened replaces what a run in progress would show: the run goes, its result unseen.
    void drop();
    void updateActions();

private:
    void probeCudaEngine();
    void onFinished(RunStatus status, const QString& message, std::shared_ptr<const Trace> trace);

    MainWindow& window_;
    RunController* runs_ = nullptr;
    JobTracker* probe_ = nullptr;  // the CUDA engine's availability
    QLabel* engine_label_ = nullptr;
    QAction* run_ = nullptr;
    QAction* cancel_ = nullptr;
    std::optional<Scenario> scenario_;
};

}  // namespace syncscope
