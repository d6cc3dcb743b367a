#pragma once

#include <QLineF>
#include <QRectF>
#include <QStringList>

#include "ui/timeline/callout_layer.h"
#include "ui/timeline/callout_placer.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope::test {

// The placement rule (docs/architecture.md "Callouts"), checked on what a timeline drew last, in
// rectangles rather than pixels: a callout, its leader and a torch.cpu.synchronize() label never
// cover a label of an event the lesson is about, nor another callout, nor (a callout) the
// interval it explains; callouts stay inside the plot. One line per breach, naming `where`.
inline QStringList placementViolations(const TimelineView& view, const QString& where) {
    QStringList out;
    const CalloutLayer::Drawn& drawn = view.callouts()->lastDrawn();
    const LanePlottable::DrawnLabels& labels = view.lanes()->lastDrawnLabels();
    auto crosses = [](const QLineF& line, const QRectF& rect) {
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
    };
    // Rects are compared a pixel in from their edges: touching is not covering.
    auto inner = [](const QRectF& r) { return r.adjusted(1, 1, -1, -1); };
    std::vector<std::pair<QString, QRectF>> readable;
    for (const QRectF& r : labels.lesson)
        readable.emplace_back(QStringLiteral("a label the lesson is about"), r);
    for (const QRectF& r : labels.cpu_sync)
        readable.emplace_back(QStringLiteral("the torch.cpu.synchronize() label"), r);
    for (std::size_t i = 0; i < drawn.placed.size(); ++i) {
        const CalloutLayer::Placed& p = drawn.placed[i];
        const QString name = where + QStringLiteral(": callout '%1'").arg(p.text.left(40));
        if (!p.keeps_rule)
            out << name + QStringLiteral(" found no spot keeping the rule");
        if (!drawn.area.contains(inner(p.box)))
            out << name + QStringLiteral(" is cut off by the plot's edge");
        if (inner(p.box).intersects(p.own))
            out << name + QStringLiteral(" covers the interval it explains");
        for (const QRectF& gap : p.explains)
            if (inner(p.box).intersects(gap))
                out << name + QStringLiteral(" covers the GPU idle gap it explains");
        for (std::size_t k = 0; k < drawn.placed.size(); ++k)
            if (k != i && inner(p.box).intersects(drawn.placed[k].box))
                out << name + QStringLiteral(" covers callout '%1'")
                                  .arg(drawn.placed[k].text.left(40));
        const QLineF leader(p.anchor, CalloutPlacer::leaderEnd(p.box, p.anchor));
        for (const auto& [what, rect] : readable) {
            if (inner(p.box).intersects(rect))
                out << name + QStringLiteral(" covers ") + what;
            if (crosses(leader, inner(rect)))
                out << name + QStringLiteral("'s leader crosses ") + what;
        }
    }
    for (const QRectF& cpu : labels.cpu_sync)
        for (const QRectF& label : labels.lesson)
            if (inner(cpu).intersects(label))
                out << where + QStringLiteral(
                                   ": the torch.cpu.synchronize() label covers a label "
                                   "the lesson is about");
    return out;
}

}  // namespace syncscope::test
