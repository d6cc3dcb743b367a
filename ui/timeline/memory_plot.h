#pragma once

#include <qcustomplot.h>

#include <QString>
#include <vector>

#include "core/model/trace.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// Device memory over time under the timeline: device used, pool reserved, pool used and PyTorch
// allocated/reserved as step lines in one axis rect whose key axis shares the timeline's range.
// Binary units, labelled (GiB/MiB — pytorch #120171). QCPGraph's adaptive sampling keeps the
// peaks when there are more samples than pixels (heaptrack's lesson).
// Nothing lies over the lines: the series are named in the timeline's legend strip
// (legendEntries()), the value axis keeps as many ticks as its height holds apart and shortens its
// title to the unit when the whole one would be cut, and where a series falls only a few times
// (a `del` in a lesson) each fall is marked, so a drop that lasts a few microseconds is not a
// spike a pixel wide.
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
    // How many falls carry a marker, all series together.
    int fallMarkCount() const { return fall_marks_; }
    // The series on the plot, as the legend strip names them.
    std::vector<LegendEntry> legendEntries() const;
    // Ticks and title for the axis rect's height now; true when they changed (the caller lays
    // the plot out again). Called after each layout, an exported picture's too.
    bool fitToHeight();
    // A series with more falls than this is drawn as its line alone (a real program frees
    // thousands of times).
    static constexpr int kMostFallMarks = 24;

    static constexpr int kSeries = 5;
    static QString seriesName(int series);

private:
    // Markers on the falls of one series' line, unless it falls more than kMostFallMarks times.
    void addFallMarks(const QVector<double>& keys, const QVector<double>& values, int series);

    QCustomPlot* plot_;
    QCPAxisRect* rect_;
    QSharedPointer<QCPAxisTickerFixed> ticker_;
    std::vector<QCPGraph*> graphs_;
    std::vector<QCPGraph*> marks_;  // one per series with few falls: its falls' markers
    std::vector<int> graph_series_;
    Theme theme_ = Theme::light();
    bool has_data_ = false;
    bool has_activity_ = false;
    int fall_marks_ = 0;
    double top_ = 1.0;  // the value axis' upper end
    QString unit_ = QStringLiteral("GiB");
};

}  // namespace syncscope
