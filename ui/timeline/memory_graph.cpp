#include "ui/timeline/memory_graph.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "ui/timeline/column_union.h"

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

void MemoryGraph::summarize() {
    const int n = mDataContainer->size();
    const QCPGraphData* first = n > 0 ? &*mDataContainer->constBegin() : nullptr;
    // QCustomPlot's setData/addData reallocate or resize the container; the memory plot sets a
    // series once per trace, so its address, size and last key tell a change.
    const double lastKey = n > 0 ? (mDataContainer->constEnd() - 1)->key : 0;
    if (first == summarized_first_ && n == summarized_size_ && lastKey == summarized_last_key_)
        return;
    summarized_first_ = first;
    summarized_size_ = n;
    summarized_last_key_ = lastKey;
    levels_.clear();
    const std::size_t block = std::size_t{1} << kFirstLevel;
    if (static_cast<std::size_t>(n) < 2 * block)
        return;
    std::vector<MinMax> level(static_cast<std::size_t>(n) / block);
    auto it = mDataContainer->constBegin();
    for (auto& m : level) {
        m = {it->value, it->value, 0, 0};
        for (std::size_t k = 0; k < block; ++k, ++it) {
            m.lo = std::min(m.lo, it->value);
            m.hi = std::max(m.hi, it->value);
            m.last_key = it->key;
            m.last_value = it->value;
        }
    }
    levels_.push_back(std::move(level));
    while (levels_.back().size() >= 4) {  // the next level up: pairs of this one's blocks
        const auto& below = levels_.back();
        std::vector<MinMax> up(below.size() / 2);
        for (std::size_t b = 0; b < up.size(); ++b)
            up[b] = {std::min(below[2 * b].lo, below[2 * b + 1].lo),
                     std::max(below[2 * b].hi, below[2 * b + 1].hi), below[2 * b + 1].last_key,
                     below[2 * b + 1].last_value};
        levels_.push_back(std::move(up));
    }
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
    // Opaque bars are filled as their union (the same pixels in far fewer row fills); a
    // translucent colour must blend each bar's overlap with its neighbour, so it fills bars.
    ColumnUnion bars([painter, &color](int x, int y, int w,
                                       int h) { painter->fillRect(QRect(x, y, w, h), color); },
                     width);
    const bool merge = merge_columns_ && color.alpha() == 255;
    // Column `c` spans every value in [lo, hi] (a vertical step, or many samples in one pixel).
    auto column = [&](int c, double lo, double hi) {
        const int top = static_cast<int>(std::lround(yOf(hi) - width / 2.0));
        const int bottom = static_cast<int>(std::lround(yOf(lo) - width / 2.0)) + width;
        const int height = std::max(width, bottom - top);
        if (merge)
            bars.add(c, top, top + height);
        else
            painter->fillRect(QRect(c, top, width, height), color);
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
    if (skip_blocks_)
        summarize();
    const auto begin = mDataContainer->constBegin();
    const std::ptrdiff_t endIndex = end - begin;
    const int topLevel = kFirstLevel + static_cast<int>(levels_.size()) - 1;
    // Folds whole blocks that start at `it` and end before the column's edge into [lo, hi], the
    // largest first; the block's last key decides with the same test as one sample's, and keys
    // are sorted, so every sample in it is in column c.
    auto skipBlocks = [&] {
        if (!skip_blocks_ || levels_.empty())
            return;
        for (;;) {
            const std::ptrdiff_t i = it - begin;
            const int aligned = i == 0 ? topLevel : std::countr_zero(static_cast<std::size_t>(i));
            int level = std::min(aligned, topLevel);
            const MinMax* m = nullptr;
            for (; level >= kFirstLevel; --level) {
                if (i + (std::ptrdiff_t{1} << level) > endIndex)
                    continue;
                m = &levels_[static_cast<std::size_t>(level - kFirstLevel)]
                            [static_cast<std::size_t>(i >> level)];
                if (x0 + (m->last_key - range.lower) * pxPerKey < edge)
                    break;
            }
            if (level < kFirstLevel)
                return;
            lo = std::min(lo, m->lo);
            hi = std::max(hi, m->hi);
            it += std::ptrdiff_t{1} << level;
            value = m->last_value;
            more = true;
            if (it == end)
                return;
        }
    };
    for (++it; it != end; ++it) {
        skipBlocks();
        if (it == end)
            break;
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
    bars.finish();
}

}  // namespace syncscope
