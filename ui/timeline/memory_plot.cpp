#include "ui/timeline/memory_plot.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "ui/timeline/memory_graph.h"

namespace syncscope {

namespace {

std::int64_t valueOf(const MemorySample& m, int series) {
    switch (series) {
        case 0:
            return m.device_used;
        case 1:
            return m.pool_reserved;
        case 2:
            return m.pool_used;
        case 3:
            return m.allocated;
        case 4:
            return m.reserved;
        default:
            return -1;
    }
}

}  // namespace

QString MemoryPlot::seriesName(int series) {
    switch (series) {
        case 0:
            return tr("device used");
        case 1:
            return tr("pool reserved");
        case 2:
            return tr("pool used");
        case 3:
            return tr("PyTorch allocated");
        case 4:
            return tr("PyTorch reserved");
        default:
            return {};
    }
}

MemoryPlot::MemoryPlot(QCustomPlot* plot, int layoutRow) : QObject(plot), plot_(plot) {
    rect_ = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(layoutRow, 0, rect_);
    rect_->setRangeDrag(Qt::Orientations());
    rect_->setRangeZoom(Qt::Orientations());
    legend_ = new QCPLegend;
    rect_->insetLayout()->addElement(legend_, Qt::AlignTop | Qt::AlignLeft);
    legend_->setLayer(QStringLiteral("legend"));
    legend_->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend_->setWrap(5);
    legend_->setVisible(false);
    auto* y = rect_->axis(QCPAxis::atLeft);
    y->setNumberFormat(QStringLiteral("g"));
    y->ticker()->setTickCount(3);
}

void MemoryPlot::setTrace(const Trace& trace, TimeNs endNs) {
    for (auto* g : graphs_)
        plot_->removeGraph(g);
    graphs_.clear();
    graph_series_.clear();
    legend_->clearItems();
    std::int64_t peak = 0;
    bool present[kSeries] = {};
    // A series that never rises above zero (the pool of a run that allocates with cudaMalloc
    // only) would only cover the axis: it is left out.
    for (const auto& m : trace.memory)
        for (int s = 0; s < kSeries; ++s)
            if (valueOf(m, s) > 0) {
                present[s] = true;
                peak = std::max(peak, valueOf(m, s));
            }
    double divisor = 1024.0 * 1024.0 * 1024.0;
    unit_ = QStringLiteral("GiB");
    if (peak < 1024LL * 1024 * 1024) {
        divisor = 1024.0 * 1024.0;
        unit_ = QStringLiteral("MiB");
    }
    if (peak < 1024LL * 1024) {
        divisor = 1024.0;
        unit_ = QStringLiteral("KiB");
    }
    has_data_ = false;
    // Each series holds its last value to the end of the trace.
    const TimeNs traceEnd = endNs;
    for (int s = 0; s < kSeries; ++s) {
        if (!present[s])
            continue;
        auto* g = new MemoryGraph(rect_->axis(QCPAxis::atBottom), rect_->axis(QCPAxis::atLeft));
        g->setName(seriesName(s));
        g->setAdaptiveSampling(true);
        QVector<double> keys, values;
        keys.reserve(static_cast<qsizetype>(trace.memory.size()) + 1);
        values.reserve(keys.capacity());
        double last = 0;
        TimeNs lastT = std::numeric_limits<TimeNs>::min();
        for (const auto& m : trace.memory) {
            const auto v = valueOf(m, s);
            if (v < 0)
                continue;
            last = static_cast<double>(v) / divisor;
            // Samples may repeat a time; keys must not go backwards for sorted graph data.
            lastT = std::max(lastT, m.t_ns);
            keys.push_back(static_cast<double>(lastT));
            values.push_back(last);
        }
        if (!keys.isEmpty() && traceEnd > lastT) {  // hold the last value to the end of the run
            keys.push_back(static_cast<double>(traceEnd));
            values.push_back(last);
        }
        g->setData(keys, values, true);
        g->addToLegend(legend_);
        graphs_.push_back(g);
        graph_series_.push_back(s);
        has_data_ = true;
    }
    has_activity_ = has_data_ && peak > 0;
    legend_->setVisible(has_data_);
    auto* y = rect_->axis(QCPAxis::atLeft);
    y->setLabel(tr("memory (%1)").arg(unit_));
    y->setRange(0, peak > 0 ? static_cast<double>(peak) / divisor * 1.4 : 1.0);
    setTheme(theme_);
}

void MemoryPlot::setTheme(const Theme& theme) {
    theme_ = theme;
    for (std::size_t i = 0; i < graphs_.size(); ++i) {
        const QColor c = theme.memory[static_cast<std::size_t>(graph_series_[i])];
        // Step lines are only horizontal and vertical runs: antialiasing would only blur them, and
        // at 10 M events the antialiased stroke of the sampled line cost half a frame (issue 14).
        // A whole pixel width keeps them crisp.
        graphs_[i]->setAntialiased(false);
        graphs_[i]->setPen(QPen(c, std::max(2.0, std::round(theme.outlineWidth))));
        // No fill: QCustomPlot fills step lines through a polygon of every sample, which costs
        // hundreds of ms at a million events; the lines alone keep the peaks (adaptive sampling).
        graphs_[i]->setBrush(Qt::NoBrush);
    }
    legend_->setFont(theme.font);
    legend_->setTextColor(theme.foreground);
    QColor legendBg = theme.plotBackground;
    legendBg.setAlpha(220);
    legend_->setBrush(legendBg);
    legend_->setBorderPen(QPen(theme.grid));
    rect_->setBackground(theme.plotBackground);
}

}  // namespace syncscope
