#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <utility>
#include <vector>

namespace syncscope {

// Where callout boxes go (pixels, no Qt widgets, so it is tested on its own). Greedy, left to
// right by anchor (and again with a crowded box first, when that crowds fewer): each box takes the
// free spot nearest above or below its anchor that overlaps no earlier box, does not lie across an
// earlier leader line, keeps its own leader off earlier boxes and covers as few bars as it can.
// What must stay readable is never covered, by a box or a leader (the placement rule of
// docs/architecture.md "Callouts"): the rects kept clear (labels the lesson is about); nor does a
// box cover its own bar (the interval it explains, where its leader starts). A box that finds
// no spot keeping that rule is reported in Result::overflow, so the caller can shrink it or make
// room; it is then stacked under the boxes it would collide with. Boxes never overlap each other.
class CalloutPlacer {
public:
    struct Request {
        QPointF anchor;      // the middle of the bar the callout is about
        QSizeF size;         // the box, text and padding included
        double reach = 0.0;  // half the bar's height: the leader stops at its edge
        QRectF own;          // the bar itself (the interval it explains), or empty
        // What else it explains and its box must leave in view: the GPU's idle gaps over its bar.
        std::vector<QRectF> explains = {};
    };
    struct Result {
        std::vector<QRectF> boxes;          // one per request
        std::vector<std::size_t> overflow;  // requests placed against the rule
        std::vector<QPointF> anchors;       // where on its bar each leader meets it
    };

    explicit CalloutPlacer(const QRectF& area) : area_(area) {}

    // A horizontal band (a lane's bars, y0..y1) and the x intervals its bars cover: boxes avoid
    // hiding them where there is room.
    void addObstacles(double y0, double y1, std::vector<std::pair<double, double>> intervals);

    // A box no callout may cover (a label drawn on the plot: the torch.cpu.synchronize() rule's),
    // nor its leader cross: as if placed before every callout.
    void keepClear(const QRectF& rect) { clear_.push_back(rect); }

    // One box per request, in the order given.
    std::vector<QRectF> place(const std::vector<Request>& requests) const {
        return placeAll(requests).boxes;
    }
    Result placeAll(const std::vector<Request>& requests) const;

    // Where the leader line of `request` starts when its box is `box`: the edge of the bar that
    // faces the box.
    static QPointF leaderStart(const QRectF& box, const Request& request);
    // The point of `box`'s outline the leader line from `start` meets.
    static QPointF leaderEnd(const QRectF& box, const QPointF& start);

    static constexpr double kGap = 6.0;       // between boxes
    static constexpr double kClearGap = 2.0;  // between a box and a label kept clear
    static constexpr double kLeader = 12.0;   // least distance from the anchor to its box
    static constexpr double kStep = 4.0;      // vertical search step

private:
    struct Band {
        double y0, y1;
        std::vector<std::pair<double, double>> intervals;  // sorted, merged
    };
    double coveredArea(const QRectF& box) const;
    // One greedy pass in `order`; `crowded`: the requests whose box or leader could not keep
    // clear of the others, in the order placed.
    struct Attempt {
        std::vector<QRectF> boxes;
        std::vector<std::size_t> crowded;
        std::vector<std::size_t> overflow;
        std::vector<QPointF> anchors;
    };
    Attempt placeInOrder(const std::vector<Request>& requests,
                         const std::vector<std::size_t>& order) const;

    QRectF area_;
    std::vector<Band> bands_;
    std::vector<QRectF> clear_;
};

}  // namespace syncscope
