#include "ui/timeline/memory_graph.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace syncscope {

MemoryGraph::MemoryGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis) {
    setLineStyle(QCPGraph::lsStepLeft);
}

bool MemoryGraph::drawsByColumn(const QCPPainter* painter) const {
    // Columns are pixels: a vector output (PDF, SVG) keeps QCustomPlot's exact segments; the
    // screen and picture exports (toPixmap) draw columns alike.
    return !painter->modes().testFlag(QCPPainter::pmVectorized) && lineStyle() == lsStepLeft &&
           scatterStyle().isNone() && brush().style() == Qt::NoBrush &&
           pen().style() == Qt::SolidLine && mKeyAxis && mValueAxis &&
           mKeyAxis->orientation() == Qt::Horizontal &&
           mKeyAxis->scaleType() == QCPAxis::stLinear && !mKeyAxis->rangeReversed();
}

void MemoryGraph::draw(QCPPainter* painter) {
    if (!drawsByColumn(painter)) {
        QCPGraph::draw(painter);
        return;
    }
    if (mDataContainer->isEmpty())
        return;
    QCPAxis* keyAxis = mKeyAxis.data();
    QCPAxis* valueAxis = mValueAxis.data();
    const QCPRange range = keyAxis->range();
    const double x0 = keyAxis->coordToPixel(range.lower);
    const double x1 = keyAxis->coordToPixel(range.upper);
    if (!(x1 > x0) || !(range.size() > 0))
        return;
    // The key axis is linear: one multiply per sample instead of a call of coordToPixel.
    const double pxPerKey = (x1 - x0) / range.size();
    const int left = static_cast<int>(std::floor(x0));
    const int right = static_cast<int>(std::ceil(x1));
    auto columnOf = [&](double key) {
        const double px = std::floor(x0 + (key - range.lower) * pxPerKey);
        return static_cast<int>(
            std::clamp(px, static_cast<double>(left) - 1.0, static_cast<double>(right) + 1.0));
    };
    const int width = std::max(1, static_cast<int>(std::lround(pen().widthF())));
    const QColor color = pen().color();
    auto yOf = [&](double value) { return valueAxis->coordToPixel(value); };
    // A horizontal line at `value` over columns [from, to).
    auto horizontal = [&](int from, int to, double value) {
        if (to <= from)
            return;
        const int y = static_cast<int>(std::lround(yOf(value) - width / 2.0));
        painter->fillRect(QRect(from, y, to - from, width), color);
    };
    // Column `c` spans every value in [lo, hi] (a vertical step, or many samples in one pixel).
    auto column = [&](int c, double lo, double hi) {
        const int top = static_cast<int>(std::lround(yOf(hi) - width / 2.0));
        const int bottom = static_cast<int>(std::lround(yOf(lo) - width / 2.0)) + width;
        painter->fillRect(QRect(c, top, width, std::max(width, bottom - top)), color);
    };

    // Flat columns at one value gather into one rectangle, drawn when the line leaves it.
    struct Run {
        int from = 0, to = 0;
        double value = 0;
        bool open = false;
    } run;
    auto flushRun = [&] {
        if (run.open)
            horizontal(run.from, run.to, run.value);
        run.open = false;
    };
    auto flat = [&](int from, int to, double v) {  // columns [from, to) at v
        if (to <= from)
            return;
        if (run.open && run.to == from && run.value == v) {
            run.to = to;
            return;
        }
        flushRun();
        run = {from, to, v, true};
    };
    auto emitColumn = [&](int c, double lo, double hi) {
        if (lo == hi) {
            flat(c, c + 1, lo);
        } else {
            flushRun();
            column(c, lo, hi);
        }
    };

    // From the sample holding the value at the view's left edge to the first past its right.
    auto it = mDataContainer->findBegin(range.lower, true);
    const auto end = mDataContainer->findEnd(range.upper, true);
    if (it == end)
        return;
    double value = it->value;  // the value the line holds after the samples read so far
    // The sample before the view's left edge draws only if the line goes on past it (the line
    // ends at its last sample, as QCustomPlot's does).
    const bool firstInView = columnOf(it->key) >= left;
    bool more = false;
    int c = std::max(left, columnOf(it->key));
    double lo = value, hi = value;  // what the line spans in column c
    double edge = c + 1.0;          // the pixel where column c ends
    for (++it; it != end; ++it) {
        more = true;
        // Another sample in this column? At 10 M events a column holds dozens of samples, so
        // this is the frame's per-sample cost: the first test is a multiply-add and a compare,
        // without columnOf's floor call (px < c + 1 means floor(px) <= c, which the clamp to
        // the view's edges cannot raise above c); columnOf decides only the rest.
        const bool sameColumn = x0 + (it->key - range.lower) * pxPerKey < edge;
        const int next = sameColumn ? c : columnOf(it->key);
        if (next <= c) {
            lo = std::min(lo, it->value);
            hi = std::max(hi, it->value);
            value = it->value;
            continue;
        }
        emitColumn(c, lo, hi);
        if (next >= right) {
            flat(c + 1, right, value);
            c = right;
            break;
        }
        flat(c + 1, next, value);  // held until the next sample's column, where it steps
        c = next;
        edge = c + 1.0;
        lo = std::min(value, it->value);
        hi = std::max(value, it->value);
        value = it->value;
    }
    if (c < right && (more || firstInView))
        emitColumn(c, lo, hi);  // the last sample: the line ends there
    flushRun();
}

}  // namespace syncscope
