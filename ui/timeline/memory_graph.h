#pragma once

#include <qcustomplot.h>

namespace syncscope {

// A memory series' step line (QCPGraph::lsStepLeft), drawn per pixel column on screen: each
// column is one rectangle from the lowest to the highest value the series takes in it, and a run
// of columns at one value is one horizontal rectangle. So a frame draws at most about two
// rectangles per column however many samples a column holds (issue 14: at 10 M events a sampled
// run has thousands of samples per pixel, and QCustomPlot's segments of a 2 px pen were a third
// of the frame). What the series shows stays QCPGraph's: its data, legend icon and hit test;
// vector exports (PDF, SVG) and any other line style or axis draw as QCPGraph does; picture
// exports (toPixmap) draw columns, as the screen does.
class MemoryGraph : public QCPGraph {
    Q_OBJECT
public:
    MemoryGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

protected:
    void draw(QCPPainter* painter) override;

private:
    bool drawsByColumn(const QCPPainter* painter) const;
};

}  // namespace syncscope
