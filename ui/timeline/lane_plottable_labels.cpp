// LanePlottable's label geometry: where an event's bar and the text of its label are drawn, as
// drawItem lays them out, for the callouts and the torch.cpu.synchronize() labels to keep clear
// of. The rest of the class is in lane_plottable.cpp.
#include <QFontMetricsF>
#include <algorithm>

#include "ui/timeline/lane_plottable.h"

namespace syncscope {

QRectF LanePlottable::labelArea(const TimeMapping& map, const QRectF& bar) {
    return bar.intersected(QRectF(map.left(), bar.top(), map.width(), bar.height()))
        .adjusted(4, 0, -4, 0);
}

std::optional<QRectF> LanePlottable::barRectOf(const TimeMapping& map, std::uint32_t event) const {
    if (!model_ || !model_->trace() || event >= model_->trace()->events.size())
        return std::nullopt;
    const TraceEvent& e = model_->trace()->events[event];
    const int slot = model_->slotOf(event);
    if (slot < 0 || static_cast<double>(e.end_ns) < map.t0() ||
        static_cast<double>(e.start_ns) > map.t1())
        return std::nullopt;
    const QRectF bar = barRect(map, slot, e.start_ns, e.end_ns, markerWidth());
    const QRectF area = mKeyAxis->axisRect()->rect();
    if (bar.bottom() < area.top() || bar.top() > area.bottom())
        return std::nullopt;
    return bar.intersected(QRectF(map.left(), bar.top(), map.width(), bar.height()));
}

std::optional<QRectF> LanePlottable::labelRectOf(const TimeMapping& map,
                                                 std::uint32_t event) const {
    const auto bar = barRectOf(map, event);
    if (!bar)
        return std::nullopt;
    const TraceEvent& e = model_->trace()->events[event];
    const QRectF rect = barRect(map, model_->slotOf(event), e.start_ns, e.end_ns, 1.5);
    if (rect.width() <= kLabelMinPx || e.kind == EventKind::EventMarker)
        return std::nullopt;
    const QString name = model_->labels().nameOf(*model_->trace(), e);
    if (name.isEmpty())
        return std::nullopt;
    // As drawItem lays it out: elided into the visible part of the bar, left aligned, centred.
    const QRectF area = labelArea(map, rect);
    const QFontMetricsF fm(theme_.font);
    const QString shown = fm.elidedText(name, Qt::ElideRight, area.width());
    if (shown.size() <= 1)
        return std::nullopt;
    const double w = std::min(area.width(), fm.horizontalAdvance(shown));
    const double h = std::min(area.height(), fm.height());
    return QRectF(area.left(), area.center().y() - h / 2.0, w, h);
}

std::vector<QRectF> LanePlottable::lessonLabelBoxes(const TimeMapping& map) const {
    std::vector<QRectF> out;
    for (const std::uint32_t event : lesson_events_)
        if (const auto rect = labelRectOf(map, event))
            out.push_back(*rect);
    return out;
}

}  // namespace syncscope
