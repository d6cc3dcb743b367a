// LanePlottable's markers: events a lesson turns on that are too short to see as bars (records,
// launches, queries, zero-length waits) and torch.cpu.synchronize(), which waits for nothing and
// would otherwise be a 0 ns call hidden under the next bar.
#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>

#include "core/model/torch_call.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/lane_plottable.h"

namespace syncscope {

double LanePlottable::markerWidth() const {
    return std::max(2.0, theme_.outlineWidth * 2.0);
}

QString LanePlottable::cpuSyncLabel(int queuedGpuOps, TimeNs leftNs) {
    const QString head =
        QCoreApplication::translate("LanePlottable", "torch.cpu.synchronize(): waited for nothing");
    if (queuedGpuOps <= 0)
        return head;
    // Two sources rather than %n: the English needs no plural rules loaded to read right.
    QString tail = queuedGpuOps == 1
                       ? QCoreApplication::translate("LanePlottable", "%1 GPU op still queued")
                       : QCoreApplication::translate("LanePlottable", "%1 GPU ops still queued");
    tail = tail.arg(queuedGpuOps);
    if (leftNs > 0)
        tail = QCoreApplication::translate("LanePlottable", "%1: %2 more")
                   .arg(tail, durationText(leftNs));
    return head + QLatin1Char('\n') + tail;
}

void LanePlottable::drawInstantMarkers(QCPPainter* p, const TimeMapping& map, int row) const {
    std::vector<std::uint32_t> instants;
    for (const auto lane : model_->lanesOfRow(row))
        model_->instantsInView(lane, map, markerWidth() + 1.0, instants);
    const auto& events = model_->trace()->events;
    for (const auto index : instants) {
        const auto& e = events[index];
        if (isCpuSynchronizeCall(e))
            continue;  // drawCpuSyncMarkers gives it a rule of its own
        drawInstantMarker(p, map, model_->slotOf(index), e);
    }
}

void LanePlottable::drawInstantMarker(QCPPainter* p, const TimeMapping& map, int slot,
                                      const TraceEvent& e) const {
    // A ring of plot ground around a record keeps it apart from the kernel-end tick it sits on.
    const QPen ring(theme_.plotBackground, 1.0);
    if (e.kind == EventKind::EventMarker) {
        const QRectF bar = barRect(map, slot, e.start_ns, e.start_ns, 0.0);
        const double h =
            std::clamp(bar.height() * 0.3, 4.0, 9.0 * std::max(1.0, theme_.outlineWidth));
        const QPointF c = bar.center();
        const QPointF pts[4] = {{c.x(), c.y() - h},
                                {c.x() + h * 0.6, c.y()},
                                {c.x(), c.y() + h},
                                {c.x() - h * 0.6, c.y()}};
        p->setPen(ring);
        p->setBrush(fillColor(e));
        p->drawPolygon(pts, 4);
        return;
    }
    // Edges a shade darker than the fill set a tick apart from a bar of its own colour without
    // punching ground-coloured holes into a busy lane.
    const QRectF rect = barRect(map, slot, e.start_ns, e.end_ns, markerWidth());
    const QColor fill = fillColor(e);
    p->fillRect(rect.adjusted(-1.0, 0.0, 1.0, 0.0), fill.darker(170));
    p->fillRect(rect, fill);
}

std::vector<std::uint32_t> LanePlottable::cpuSyncsDrawn(const TimeMapping& map) const {
    std::vector<std::uint32_t> drawn;
    if (!model_ || !model_->trace())
        return drawn;
    const auto& events = model_->trace()->events;
    const auto& syncs = model_->cpuSyncs();
    auto it = std::lower_bound(syncs.begin(), syncs.end(), static_cast<TimeNs>(map.t0()),
                               [&](std::uint32_t e, TimeNs t) { return events[e].start_ns < t; });
    double lastX = -1e9;
    for (; it != syncs.end() && static_cast<double>(events[*it].start_ns) <= map.t1(); ++it) {
        if (now_ && events[*it].start_ns > *now_)
            break;  // a replay has not reached it
        const double x = map.toPixel(static_cast<double>(events[*it].start_ns));
        if (x - lastX < 2.0 * markerWidth())
            continue;  // a loop of them at fit zoom: one rule per few pixels is the truth
        lastX = x;
        if (model_->slotOf(*it) >= 0)
            drawn.push_back(*it);
    }
    return drawn;
}

void LanePlottable::drawCpuSyncMarkers(QCPPainter* p, const TimeMapping& map) const {
    const auto& events = model_->trace()->events;
    for (const std::uint32_t index : cpuSyncsDrawn(map))
        drawCpuSyncMarker(p, map, events[index]);
}

std::vector<QRectF> LanePlottable::cpuSyncLabelBoxes(const TimeMapping& map) const {
    std::vector<QRectF> boxes;
    if (!model_ || !model_->trace() || !mValueAxis)
        return boxes;
    const auto& events = model_->trace()->events;
    for (const std::uint32_t index : cpuSyncsDrawn(map))
        boxes.push_back(cpuSyncLabelOf(map, events[index]).second);
    return boxes;
}

std::pair<QString, QRectF> LanePlottable::cpuSyncLabelOf(const TimeMapping& map,
                                                         const TraceEvent& e) const {
    const auto index = static_cast<std::uint32_t>(&e - model_->trace()->events.data());
    const QRectF bar =
        barRect(map, model_->slotOf(index), e.start_ns, e.start_ns, markerWidth() * 1.5);
    const double x = bar.center().x();
    QFont font = theme_.font;
    font.setBold(true);
    const TimelineModel::QueuedWork queued = model_->gpuWorkQueuedAt(index);
    const QString text = cpuSyncLabel(queued.ops, queued.left_ns);
    const QFontMetricsF fm(font);
    const QRectF textSize = fm.boundingRect(QRectF(0, 0, 10000, 10000), Qt::AlignLeft, text);
    const double pad = 4.0;
    const double w = textSize.width() + 2 * pad;
    const double h = textSize.height() + 2 * pad;
    const double plotRight = map.left() + map.width();
    double left = x + markerWidth() * 2;
    if (left + w > plotRight)
        left = std::max(map.left(), x - markerWidth() * 2 - w);
    return {text, QRectF(left, bar.top() + 2.0, w, h)};
}

void LanePlottable::drawCpuSyncMarker(QCPPainter* p, const TimeMapping& map,
                                      const TraceEvent& e) const {
    const auto index = static_cast<std::uint32_t>(&e - model_->trace()->events.data());
    const int slot = model_->slotOf(index);
    if (slot < 0)
        return;
    const QRectF bar = barRect(map, slot, e.start_ns, e.start_ns, markerWidth() * 1.5);
    const double x = bar.center().x();
    // The rule runs from the call down through every GPU lane: where it crosses a bar, that GPU
    // work was still running when the "synchronize" returned. An import's call may sit on an
    // annotation lane below the streams: then the rule starts at the first GPU row.
    int top = slot;
    if (model_->firstGpuRow() < model_->rowCount())
        top = std::min(top, model_->rowTop(model_->firstGpuRow()));
    const double yTop = mValueAxis->coordToPixel(top);
    const double yBottom = mValueAxis->coordToPixel(model_->slotCount());
    QPen rule(theme_.cpuSync, std::max(1.5, markerWidth() * 0.75), Qt::DashLine);
    p->setPen(rule);
    p->drawLine(QPointF(x, std::min(yTop, yBottom)), QPointF(x, std::max(yTop, yBottom)));
    p->fillRect(bar.adjusted(-1.0, 0.0, 1.0, 0.0), theme_.plotBackground);
    p->fillRect(bar, theme_.cpuSync);

    const auto running = model_->gpuOpsRunningAt(e.start_ns);
    const double r = std::clamp(bar.height() * 0.12, 3.0, 9.0);
    for (const auto op : running) {
        const int opSlot = model_->slotOf(op);
        if (opSlot < 0)
            continue;
        const double y = mValueAxis->coordToPixel(opSlot + 0.5);
        p->setPen(QPen(theme_.plotBackground, 1.5));
        p->setBrush(theme_.cpuSync);
        p->drawEllipse(QPointF(x, y), r, r);
    }

    // The label says what it waited for: nothing, while the GPU work the rule crosses ran on.
    QFont font = theme_.font;
    font.setBold(true);
    p->setFont(font);
    const auto [text, box] = cpuSyncLabelOf(map, e);
    const double pad = 4.0;
    QColor ground = theme_.plotBackground;
    ground.setAlpha(235);
    p->setPen(QPen(theme_.cpuSync, std::max(1.0, theme_.outlineWidth * 2.0)));
    p->setBrush(ground);
    p->drawRect(box);
    p->setPen(theme_.cpuSync);
    p->drawText(box.adjusted(pad, pad, -pad, -pad), Qt::AlignLeft | Qt::AlignTop, text);
    p->setFont(theme_.font);
}

}  // namespace syncscope
