#include "ui/timeline/callout_placer.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace syncscope {

namespace {

// Lines keep this far from other boxes, so a leader never seems to run along a box's edge.
constexpr double kClearance = 4.0;

bool segmentCrosses(const QLineF& line, const QRectF& box, double clearance) {
    const QRectF rect = box.adjusted(-clearance, -clearance, clearance, clearance);
    if (rect.contains(line.p1()) || rect.contains(line.p2()))
        return true;
    const QLineF edges[4] = {{rect.topLeft(), rect.topRight()},
                             {rect.topRight(), rect.bottomRight()},
                             {rect.bottomRight(), rect.bottomLeft()},
                             {rect.bottomLeft(), rect.topLeft()}};
    for (const QLineF& e : edges)
        if (line.intersects(e, nullptr) == QLineF::BoundedIntersection)
            return true;
    return false;
}

}  // namespace

void CalloutPlacer::addObstacles(double y0, double y1,
                                 std::vector<std::pair<double, double>> intervals) {
    std::sort(intervals.begin(), intervals.end());
    std::vector<std::pair<double, double>> merged;
    for (const auto& iv : intervals) {
        if (!merged.empty() && iv.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, iv.second);
        else
            merged.push_back(iv);
    }
    bands_.push_back({std::min(y0, y1), std::max(y0, y1), std::move(merged)});
}

double CalloutPlacer::coveredArea(const QRectF& box) const {
    double area = 0;
    for (const Band& b : bands_) {
        const double h = std::min(b.y1, box.bottom()) - std::max(b.y0, box.top());
        if (h <= 0)
            continue;
        auto it = std::lower_bound(
            b.intervals.begin(), b.intervals.end(), box.left(),
            [](const std::pair<double, double>& iv, double x) { return iv.second < x; });
        double w = 0;
        for (; it != b.intervals.end() && it->first < box.right(); ++it)
            w += std::min(it->second, box.right()) - std::max(it->first, box.left());
        area += std::max(0.0, w) * h;
    }
    return area;
}

QPointF CalloutPlacer::leaderStart(const QRectF& box, const Request& r) {
    if (box.bottom() <= r.anchor.y())
        return {r.anchor.x(), r.anchor.y() - r.reach};
    if (box.top() >= r.anchor.y())
        return {r.anchor.x(), r.anchor.y() + r.reach};
    return r.anchor;
}

QPointF CalloutPlacer::leaderEnd(const QRectF& box, const QPointF& start) {
    return {std::clamp(start.x(), box.left(), box.right()),
            std::clamp(start.y(), box.top(), box.bottom())};
}

CalloutPlacer::Result CalloutPlacer::placeAll(const std::vector<Request>& requests) const {
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return requests[a].anchor.x() < requests[b].anchor.x();
    });
    Attempt best = placeInOrder(requests, order);
    // Greedy left to right can give the best spot to a box that had others: where a box had to
    // let a leader cross a box, try placing that one first, and keep what crosses least.
    auto worse = [](const Attempt& a, const Attempt& b) {
        return a.overflow.size() != b.overflow.size() ? a.overflow.size() > b.overflow.size()
                                                      : a.crowded.size() >= b.crowded.size();
    };
    for (std::size_t tries = 0;
         tries < requests.size() && (!best.crowded.empty() || !best.overflow.empty()); ++tries) {
        std::vector<std::size_t> again = order;
        const std::size_t first =
            !best.overflow.empty() ? best.overflow.front() : best.crowded.front();
        if (again.front() == first)
            break;
        again.erase(std::find(again.begin(), again.end(), first));
        again.insert(again.begin(), first);
        Attempt attempt = placeInOrder(requests, again);
        if (worse(attempt, best))
            break;
        best = std::move(attempt);
        order = std::move(again);
    }
    return {std::move(best.boxes), std::move(best.overflow), std::move(best.anchors)};
}

CalloutPlacer::Attempt CalloutPlacer::placeInOrder(const std::vector<Request>& requests,
                                                   const std::vector<std::size_t>& order) const {
    Attempt attempt;
    std::vector<QRectF>& out = attempt.boxes;
    out.resize(requests.size());
    attempt.anchors.resize(requests.size());
    std::vector<QRectF> placed;
    std::vector<QLineF> leaders;
    const QRectF inner = area_.adjusted(2, 2, -2, -2);
    for (const std::size_t i : order) {
        const Request& request = requests[i];
        const double w = std::min(request.size.width(), std::max(1.0, inner.width()));
        const double h = request.size.height();
        const double ay = request.anchor.y();
        // Where on its bar the leader may meet it: the middle first; along a long bar also a
        // quarter and a tenth from either end, so the leader can reach past what must stay clear.
        std::vector<std::pair<double, double>> anchors{{request.anchor.x(), 0.0}};  // x, cost
        if (request.own.width() > 40.0)
            for (const double f : {0.25, 0.75, 0.1, 0.9})
                anchors.emplace_back(request.own.left() + f * request.own.width(),
                                     std::abs(f - 0.5) * 20.0);
        Request r = request;
        auto leaderOf = [&](const QRectF& box) {
            const QPointF start = leaderStart(box, r);
            return QLineF(start, leaderEnd(box, start));
        };
        // Strictness 2: leaders keep clear of other boxes; 1: they may pass close; 0: they may
        // cross (a crowded view). Boxes never overlap at any strictness.
        auto free = [&](const QRectF& box, int strictness) {
            const QRectF padded = box.adjusted(-kGap, -kGap, kGap, kGap);
            for (const QRectF& p : placed)
                if (padded.intersects(p))
                    return false;
            // What must stay readable has its own frame or fill: a hair of room is enough. It is
            // never covered by a box nor crossed by a leader (but for the leader's own bar, where
            // it starts), at any strictness.
            const QRectF near = box.adjusted(-kClearGap, -kClearGap, kClearGap, kClearGap);
            const QLineF leader = leaderOf(box);
            for (const QRectF& c : clear_)
                if (near.intersects(c) || segmentCrosses(leader, c, 0.0))
                    return false;
            // Nor does a box cover the interval it explains (its own bar, the idle gaps there).
            if (!r.own.isEmpty() && near.intersects(r.own))
                return false;
            for (const QRectF& gap : r.explains)
                if (near.intersects(gap))
                    return false;
            if (strictness == 0)
                return true;
            const double clearance = strictness == 2 ? kClearance : 0.0;
            for (const QLineF& l : leaders)
                if (segmentCrosses(l, box, clearance))
                    return false;
            for (const QRectF& p : placed)
                if (segmentCrosses(leader, p, clearance))
                    return false;
            return true;
        };
        double best_cost = std::numeric_limits<double>::infinity();
        QRectF best;
        double best_anchor = request.anchor.x();
        int strictness = 2;
        for (; strictness >= 0 && !std::isfinite(best_cost); --strictness) {
            for (const auto& [ax, anchor_cost] : anchors) {
                r.anchor.setX(ax);
                // Lefts to try: right of the anchor reads first, then left of it, centred, and
                // further out on either side when the near spots are taken; each step out costs a
                // little.
                std::vector<std::pair<double, double>> lefts;  // left, cost
                for (const double away : {0.0, 40.0, 100.0, 200.0, 400.0}) {
                    lefts.emplace_back(ax + kLeader * 0.5 + away, away * 0.3);
                    lefts.emplace_back(ax - kLeader * 0.5 - w - away, 6 + away * 0.3);
                }
                lefts.emplace_back(ax - w / 2, 12);
                for (double d = 0; d <= inner.height(); d += kStep) {
                    // Stop once nothing further can beat the best: cost grows with d.
                    if (d + anchor_cost > best_cost)
                        break;
                    for (const double top :
                         {ay - r.reach - kLeader - h - d, ay + r.reach + kLeader + d}) {
                        if (top < inner.top() || top + h > inner.bottom())
                            continue;
                        for (const auto& [x, x_cost] : lefts) {
                            const double left = std::clamp(x, inner.left(), inner.right() - w);
                            const QRectF box(left, top, w, h);
                            const double cost = d + anchor_cost + x_cost + coveredArea(box) * 0.02;
                            if (cost < best_cost && free(box, strictness)) {
                                best_cost = cost;
                                best = box;
                                best_anchor = ax;
                            }
                        }
                    }
                }
            }
        }
        r.anchor.setX(best_anchor);
        if (!std::isfinite(best_cost)) {
            // No spot keeps the rule: the caller shrinks the box or makes room. Meanwhile it is
            // stacked under every box it would collide with.
            attempt.overflow.push_back(i);
            const double left =
                std::clamp(best_anchor + kLeader * 0.5, inner.left(), inner.right() - w);
            double top = inner.top();
            for (const QRectF& p : placed)
                if (p.right() + kGap > left && p.left() - kGap < left + w)
                    top = std::max(top, p.bottom() + kGap + 1);
            for (const QRectF& c : clear_)
                if (c.right() + kClearGap > left && c.left() - kClearGap < left + w &&
                    c.bottom() + kClearGap >= top)
                    top = std::max(top, c.bottom() + kClearGap + 1);
            best = QRectF(left, top, w, h);
        }
        // The loop stepped past the strictness that found a spot.
        if (strictness + 1 < 2)
            attempt.crowded.push_back(i);
        placed.push_back(best);
        leaders.push_back(leaderOf(best));
        out[i] = best;
        attempt.anchors[i] = r.anchor;
    }
    return attempt;
}

}  // namespace syncscope
