// TimelineView's selection and hover: the event under the pointer, the selected one, their texts,
// and the idle gap's sentence. The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/analysis/focus_resolver.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/marker_layer.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

std::optional<std::uint32_t> TimelineView::eventAt(QPoint pos) const {
    return lanes_->hitTest(QPointF(plot_->mapFrom(this, pos)));
}

std::optional<QPointF> TimelineView::eventCenter(std::uint32_t index) const {
    if (!model_ || !trace_ || index >= trace_->events.size())
        return std::nullopt;
    const auto& e = trace_->events[index];
    const int slot = model_->slotOf(index);
    if (slot < 0)
        return std::nullopt;
    const double x = plot_->xAxis->coordToPixel(
        (static_cast<double>(e.start_ns) + static_cast<double>(e.end_ns)) / 2.0);
    const double y = plot_->yAxis->coordToPixel(slot + 0.5);
    return QPointF(plot_->mapTo(this, QPointF(x, y)));
}

void TimelineView::selectEvent(std::uint32_t index) {
    if (!trace_ || index >= trace_->events.size())
        return;
    setSelected(index, true);
}

void TimelineView::clearSelection() {
    setSelected(std::nullopt, true);
}

void TimelineView::setSelected(std::optional<std::uint32_t> index, bool emitSignal) {
    if (index == selected_)
        return;
    selected_ = index;
    lanes_->setSelectedEvent(index);
    flows_->setSelectedEvent(index);
    requestReplot();
    if (emitSignal)
        emit eventSelected(index);
}

void TimelineView::setHovered(std::optional<std::uint32_t> index, QPoint globalPos, bool keepTip) {
    if (index != hovered_) {
        hovered_ = index;
        lanes_->setHoveredEvent(index);
        requestReplot();
        emit hoveredEvent(index);
    }
    if (index && trace_) {
        QToolTip::showText(globalPos, detailsText(*index), plot_);
    } else if (!keepTip) {
        QToolTip::hideText();
    }
}

QString TimelineView::detailsText(std::uint32_t index) const {
    return explainer_.details(index);
}

EventDescription TimelineView::eventDescription(std::uint32_t index) const {
    return explainer_.description(index);
}

std::optional<std::pair<TimeNs, int>> TimelineView::idleGapPoint(QPoint pos) const {
    if (!model_ || !trace_ || model_->idleGaps().empty())
        return std::nullopt;
    const QPointF p = plot_->mapFrom(this, pos);
    if (!plot_->axisRect()->rect().contains(p.toPoint()))
        return std::nullopt;
    const int row = model_->rowAtSlot(plot_->yAxis->pixelToCoord(p.y()));
    const auto lane = model_->laneOfRow(row);
    if (!lane)
        return std::nullopt;
    if (!isGpuLane(trace_->lanes[*lane].kind))
        return std::nullopt;
    const auto t = static_cast<TimeNs>(std::llround(plot_->xAxis->pixelToCoord(p.x())));
    // Cheap check on the view's own gaps first: the analysis runs only when the cursor is in one.
    const auto& spans = model_->idleGaps();
    auto s = std::upper_bound(spans.begin(), spans.end(), t,
                              [](TimeNs v, const IdleSpan& g) { return v < g.start; });
    if (s == spans.begin() || std::prev(s)->end < t)
        return std::nullopt;
    return std::make_pair(t, model_->rowTop(row));
}

QString TimelineView::idleGapText(QPoint pos) const {
    const auto at = idleGapPoint(pos);
    return at ? explainer_.idleGapAt(at->first) : QString();
}

void TimelineView::showIdleGapCause(QPoint pos) {
    std::optional<FlowLayer::CauseArrow> arrow;
    if (const auto at = idleGapPoint(pos)) {
        const std::uint32_t cause = explainer_.idleGapCauseAt(at->first);
        if (cause != kNone)
            arrow = FlowLayer::CauseArrow{at->first, at->second, cause};
    }
    if (arrow == flows_->causeArrow())
        return;
    flows_->setCauseArrow(arrow);
    requestReplot();
}

std::optional<std::uint32_t> TimelineView::idleGapCauseShown() const {
    const auto& arrow = flows_->causeArrow();
    return arrow ? std::optional<std::uint32_t>(arrow->event) : std::nullopt;
}

QString TimelineView::rulerText() const {
    return ruler_label_->visible() ? ruler_label_->text() : QString();
}

}  // namespace syncscope
