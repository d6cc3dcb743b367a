#pragma once

#include <qcustomplot.h>

#include <cstddef>
#include <vector>

namespace syncscope {

// A memory series' step line (QCPGraph::lsStepLeft), drawn per pixel column on screen: each
// column is one rectangle from the lowest to the highest value the series takes in it, and a run
// of columns at one value is one horizontal rectangle. So a frame draws at most about two
// rectangles per column however many samples a column holds (issue 14: at 10 M events a sampled
// run has thousands of samples per pixel, and QCustomPlot's segments of a 2 px pen were a third
// of the frame). What the series shows stays QCPGraph's: its data, legend icon and hit test;
// vector exports (PDF, SVG) and any other line style or axis draw as QCPGraph does; picture
// exports (toPixmap) draw columns, as the screen does.
//
// A column's samples are read through the minima and maxima of aligned blocks of 2^L samples
// (L >= kFirstLevel), built on the first draw after the data changed: a column of thousands of
// samples is a few dozen blocks, so the frame no longer follows the sample count (issue 14: the
// 10 M zoom-to-fit frame spent 0.23 ms more than the 1 M one walking 125 k samples).
class MemoryGraph : public QCPGraph {
    Q_OBJECT
public:
    MemoryGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // Off: every sample is read one by one (tests compare both ways' pixels).
    void setBlockSkipping(bool on) { skip_blocks_ = on; }
    // Off: every column's bar is filled on its own, not as part of their union (ColumnUnion).
    void setColumnMerging(bool on) { merge_columns_ = on; }
    static constexpr int kFirstLevel = 3;

protected:
    void draw(QCPPainter* painter) override;

private:
    // A block's range of values, and its last sample: the skip tests and takes a block from
    // these alone, without reading its samples (probing a block's last sample in the data missed
    // the cache once per probe, and cost what skipping saved).
    struct MinMax {
        double lo, hi, last_key, last_value;
    };
    bool drawsByColumn(const QCPPainter* painter) const;
    // Rebuilds levels_ when the data is not what they were built from.
    void summarize();

    bool skip_blocks_ = true;
    bool merge_columns_ = true;
    // levels_[k][b]: the values' range over samples [b << L, (b + 1) << L), L = kFirstLevel + k;
    // whole blocks only.
    std::vector<std::vector<MinMax>> levels_;
    const QCPGraphData* summarized_first_ = nullptr;
    int summarized_size_ = -1;
    double summarized_last_key_ = 0;
};

}  // namespace syncscope
