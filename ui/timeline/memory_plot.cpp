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

MemoryPlot::MemoryPlot(QCustomPlot* plot, int layoutRow)
    : QObject(plot), plot_(plot), ticker_(QSharedPointer<QCPAxisTickerFixed>::create()) {
    rect_ = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(layoutRow, 0, rect_);
    rect_->setRangeDrag(Qt::Orientations());
    rect_->setRangeZoom(Qt::Orientations());
    auto* y = rect_->axis(QCPAxis::atLeft);
    y->setNumberFormat(QStringLiteral("g"));
    // The step is chosen for the height (fitToHeight); a step of 1, 2, 2.5 or 5 times a power of
    // ten reads as round numbers.
    ticker_->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    y->setTicker(ticker_);
}

void MemoryPlot::addFallMarks(const QVector<double>& keys, const QVector<double>& values,
                              int series) {
    QVector<double> at, from;
    for (qsizetype i = 1; i < values.size(); ++i) {
        if (values[i] >= values[i - 1])
            continue;
        if (at.size() == kMostFallMarks)
            return;  // a program that frees all the time: its line says enough
        at.push_back(keys[i]);
        from.push_back(values[i - 1]);  // the marker sits on top of the fall, pointing down it
    }
    if (at.isEmpty())
        return;
    auto* marks = plot_->addGraph(rect_->axis(QCPAxis::atBottom), rect_->axis(QCPAxis::atLeft));
    marks->setLineStyle(QCPGraph::lsNone);
    marks->setAntialiasedScatters(false);
    marks->setProperty("series", series);
    marks->setData(at, from, true);
    marks_.push_back(marks);
    fall_marks_ += static_cast<int>(at.size());
}

std::vector<LegendEntry> MemoryPlot::legendEntries() const {
    std::vector<LegendEntry> out;
    for (std::size_t i = 0; i < graphs_.size(); ++i)
        out.push_back({graphs_[i]->name(), LegendStyle::MemorySeries,
                       theme_.memory[static_cast<std::size_t>(graph_series_[i])]});
    return out;
}

bool MemoryPlot::fitToHeight() {
    auto* y = rect_->axis(QCPAxis::atLeft);
    const QFontMetrics fm(y->tickLabelFont());
    const int height = std::max(1, rect_->height());
    // Tick labels a line and a half apart at least: as many steps as that leaves, rounded up to
    // a round step, so there are never more.
    const int steps = std::max(1, static_cast<int>(height / (1.5 * fm.height())));
    const double raw = top_ / steps;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10.0 * power;
    for (const double m : {1.0, 2.0, 2.5, 5.0})
        if (m * power >= raw) {
            step = m * power;
            break;
        }
    // The whole title where the height holds it, the unit alone where it would be cut.
    const QString whole = tr("memory (%1)").arg(unit_);
    const QString title =
        QFontMetrics(y->labelFont()).horizontalAdvance(whole) <= height ? whole : unit_;
    const bool changed = step != ticker_->tickStep() || title != y->label();
    ticker_->setTickStep(step);
    y->setLabel(title);
    return changed;
}

void MemoryPlot::setTrace(const Trace& trace, TimeNs endNs) {
    for (auto* g : graphs_)
        plot_->removeGraph(g);
    for (auto* g : marks_)
        plot_->removeGraph(g);
    graphs_.clear();
    marks_.clear();
    graph_series_.clear();
    fall_marks_ = 0;
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
        graphs_.push_back(g);
        graph_series_.push_back(s);
        has_data_ = true;
        addFallMarks(keys, values, s);
    }
    has_activity_ = has_data_ && peak > 0;
    auto* y = rect_->axis(QCPAxis::atLeft);
    // A little room above the peak: the legend is no longer over the lines.
    top_ = peak > 0 ? static_cast<double>(peak) / divisor * 1.15 : 1.0;
    y->setRange(0, top_);
    fitToHeight();
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
    // Each fall's marker: a triangle pointing down, a line of text tall, in its series' colour.
    const double size = QFontMetrics(theme.font).height() * 0.7;
    for (QCPGraph* marks : marks_) {
        const QColor c =
            marks->property("series").toInt() >= 0
                ? theme.memory[static_cast<std::size_t>(marks->property("series").toInt())]
                : theme.foreground;
        marks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, c, c, size));
    }
    rect_->setBackground(theme.plotBackground);
}

}  // namespace syncscope
