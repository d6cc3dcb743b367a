#pragma once

#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/idle_attribution.h"
#include "core/analysis/wait_attribution.h"
#include "core/model/trace.h"

class QAction;
class QLabel;
class QTableView;

namespace syncscope {

class RangeStatsModel;

// The range statistics dock's content: what the range holds in words (its times, host blocked,
// stream waits, GPU busy and idle, which lanes count and that totals are clipped) over a sortable
// table of the events by name and kind. Ctrl+C or the context menu's "Copy as TSV" copy the
// selected rows, or all of them when none is selected.
class RangeStatsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RangeStatsPanel(QWidget* parent = nullptr);
    ~RangeStatsPanel() override;

    // A new trace drops the shown range.
    void setTrace(std::shared_ptr<const Trace> trace);
    // Computes and shows [t0, t1]; `counted` by lane as RangeStatistics takes it.
    void showRange(TimeNs t0, TimeNs t1, const std::vector<bool>& counted);
    // The shown range again with other lanes counted (lanes hidden or shown); nothing if none.
    void recount(const std::vector<bool>& counted);

    RangeStatsModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QString headerText() const;
    QAction* copyAction() const { return copy_; }
    // Puts the selected rows (or all) on the clipboard as TSV.
    void copyAsTsv() const;

private:
    // "GPU idle by cause: host blocked 2 µs, host launching 40 µs." for the range, or "".
    QString idleCauses(TimeNs t0, TimeNs t1);
    void updateHeader();

    std::shared_ptr<const Trace> trace_;
    std::size_t trace_events_ = 0;           // events trace_ had when set
    std::unique_ptr<GpuActivity> activity_;  // of trace_, built on the first range
    // The idle time's causes (IdleAttribution), built on the first range too: the range's GPU idle
    // is broken down by them.
    std::unique_ptr<WaitAttribution> waits_;
    std::unique_ptr<IdleAttribution> idle_;
    RangeStatsModel* model_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* header_ = nullptr;
    QAction* copy_ = nullptr;
};

}  // namespace syncscope
