#pragma once

#include <qcustomplot.h>

#include <QString>

#include "core/model/trace.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// Device memory over time under the timeline: device used, pool reserved, pool used and PyTorch
// allocated/reserved as step lines in one axis rect whose key axis shares the timeline's range.
// Binary units, labelled (GiB/MiB — pytorch #120171). QCPGraph's adaptive sampling keeps the
// peaks when there are more samples than pixels (heaptrack's lesson).
class MemoryPlot : public QObject {
    Q_OBJECT
public:
    // Adds an axis rect at `layoutRow` of the plot's main layout.
    MemoryPlot(QCustomPlot* plot, int layoutRow);

    // `endNs`: where the trace ends (TimelineModel::endNs()); each series holds its last value up
    // to there. Passed in, as the model has it, so that the GUI thread never reads every event.
    void setTrace(const Trace& trace, TimeNs endNs);
    void setTheme(const Theme& theme);
    bool hasData() const { return has_data_; }
    // Some sample is above zero: a run that never held device memory (the simulator still writes
    // its all-zero initial sample) has nothing to plot.
    bool hasActivity() const { return has_activity_; }
    QCPAxisRect* axisRect() const { return rect_; }
    QCPAxis* timeAxis() const { return rect_->axis(QCPAxis::atBottom); }
    // "GiB", "MiB" or "KiB": the unit the value axis shows now.
    QString unit() const { return unit_; }
    int graphCount() const { return static_cast<int>(graphs_.size()); }

    static constexpr int kSeries = 5;
    static QString seriesName(int series);

private:
    QCustomPlot* plot_;
    QCPAxisRect* rect_;
    QCPLegend* legend_;
    std::vector<QCPGraph*> graphs_;
    std::vector<int> graph_series_;
    Theme theme_ = Theme::light();
    bool has_data_ = false;
    bool has_activity_ = false;
    QString unit_ = QStringLiteral("GiB");
};

}  // namespace syncscope
