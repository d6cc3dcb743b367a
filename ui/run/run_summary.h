#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/model/scenario.h"
#include "core/model/trace.h"

class QLabel;
class QListWidget;
class QFormLayout;

namespace syncscope {

class JobTracker;

// The run summary (docs/architecture.md section 5): makespan, host blocked, host CPU burnt waiting,
// GPU idle (and how much of it the syncs caused), overlap, peak memory, and the invariant check: "0
// violations" or the list. The analysis runs as a job; a newer trace makes an older result stale.
class RunSummary final : public QWidget {
    Q_OBJECT
public:
    explicit RunSummary(QWidget* parent = nullptr);

    // `scenario`: the scenario that produced the trace, if known (the checker's I21 needs it).
    void setTrace(std::shared_ptr<const Trace> trace, const std::optional<Scenario>& scenario);
    void clear();

    // What the summary shows, one "label: value" per line (tests read it).
    QString summaryText() const;
    QString invariantText() const;
    int violationCount() const { return violations_; }
    bool isReady() const { return ready_; }

signals:
    // The analysis of the current trace is on screen.
    void ready();
    // The user activated a violation: select its first event.
    void eventActivated(std::uint32_t event);

private:
    void addNote(const QString& text);  // a line of its own, wrapped
    struct Result;
    void show(const Result& result);

    QFormLayout* form_;
    QLabel* invariants_;
    QListWidget* violation_list_;
    JobTracker* jobs_;
    int violations_ = -1;
    bool ready_ = false;
};

}  // namespace syncscope
