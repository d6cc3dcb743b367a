#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <utility>
#include <vector>

namespace syncscope {

// Where callout boxes go (pixels, no Qt widgets, so it is tested on its own). Greedy, left to
// right by anchor: each box takes the free spot nearest above or below its anchor that overlaps
// no earlier box, does not lie across an earlier leader line, keeps its own leader off earlier
// boxes and covers as few bars as it can; when the area is full it stacks under the boxes it
// would collide with. Boxes never overlap each other.
class CalloutPlacer {
public:
    struct Request {
        QPointF anchor;      // the middle of the bar the callout is about
        QSizeF size;         // the box, text and padding included
        double reach = 0.0;  // half the bar's height: the leader stops at its edge
    };

    explicit CalloutPlacer(const QRectF& area) : area_(area) {}

    // A horizontal band (a lane's bars, y0..y1) and the x intervals its bars cover: boxes avoid
    // hiding them where there is room.
    void addObstacles(double y0, double y1, std::vector<std::pair<double, double>> intervals);

    // One box per request, in the order given.
    std::vector<QRectF> place(const std::vector<Request>& requests) const;

    // Where the leader line of `request` starts when its box is `box`: the edge of the bar that
    // faces the box.
    static QPointF leaderStart(const QRectF& box, const Request& request);
    // The point of `box`'s outline the leader line from `start` meets.
    static QPointF leaderEnd(const QRectF& box, const QPointF& start);

    static constexpr double kGap = 6.0;      // between boxes
    static constexpr double kLeader = 12.0;  // least distance from the anchor to its box
    static constexpr double kStep = 4.0;     // vertical search step

private:
    struct Band {
        double y0, y1;
        std::vector<std::pair<double, double>> intervals;  // sorted, merged
    };
    double coveredArea(const QRectF& box) const;

    QRectF area_;
    std::vector<Band> bands_;
};

}  // namespace syncscope
