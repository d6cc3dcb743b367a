// LanePlottable's markers: events a lesson turns on that are too short to see as bars (records,
// launches, queries, zero-length waits) and torch.cpu.synchronize(), which waits for nothing and
// would otherwise be a 0 ns call hidden under the next bar.
#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <limits>

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
    // The labels say what each call waited for: nothing, while the GPU work the rule crosses ran
    // on. Drawn over every rule.
    QFont font = theme_.font;
    font.setBold(true);
    p->setFont(font);
    const double pad = 4.0;
    QColor ground = theme_.plotBackground;
    ground.setAlpha(235);
    last_labels_.cpu_sync.clear();
    last_labels_.lesson = lessonLabelBoxes(map);
    for (const CpuSyncLabel& label : cpuSyncLabels(map)) {
        last_labels_.cpu_sync.push_back(label.box);
        if (label.box.bottom() < label.rule_top.y()) {
            p->setPen(QPen(theme_.cpuSync, std::max(1.5, markerWidth() * 0.75), Qt::DashLine));
            p->drawLine(QPointF(label.rule_top.x(), label.box.bottom()), label.rule_top);
        }
        p->setPen(QPen(theme_.cpuSync, std::max(1.0, theme_.outlineWidth * 2.0)));
        p->setBrush(ground);
        p->drawRect(label.box);
        p->setPen(theme_.cpuSync);
        p->drawText(label.box.adjusted(pad, pad, -pad, -pad), Qt::AlignLeft | Qt::AlignTop,
                    label.text);
    }
    p->setFont(theme_.font);
}

std::vector<QRectF> LanePlottable::cpuSyncLabelBoxes(const TimeMapping& map) const {
    std::vector<QRectF> boxes;
    for (const CpuSyncLabel& label : cpuSyncLabels(map))
        boxes.push_back(label.box);
    return boxes;
}

QString LanePlottable::cpuSyncLabel(int calls, int queuedGpuOps, TimeNs leftNs) {
    if (calls <= 1)
        return cpuSyncLabel(queuedGpuOps, leftNs);
    // Calls whose labels would pile up on each other say it once, with their number and the
    // worst of them.
    QString text = QCoreApplication::translate(
                       "LanePlottable", "torch.cpu.synchronize() ×%1: each waited for nothing")
                       .arg(calls);
    if (queuedGpuOps <= 0)
        return text;
    QString tail = QCoreApplication::translate("LanePlottable", "up to %1 GPU ops still queued")
                       .arg(queuedGpuOps);
    if (leftNs > 0)
        tail = QCoreApplication::translate("LanePlottable", "%1: %2 more")
                   .arg(tail, durationText(leftNs));
    return text + QLatin1Char('\n') + tail;
}

std::vector<LanePlottable::CpuSyncLabel> LanePlottable::cpuSyncLabels(
    const TimeMapping& map) const {
    std::vector<CpuSyncLabel> out;
    if (!model_ || !model_->trace() || !mValueAxis)
        return out;
    const auto& events = model_->trace()->events;
    QFont font = theme_.font;
    font.setBold(true);
    const QFontMetricsF fm(font);
    const double pad = 4.0;
    const double plotRight = map.left() + map.width();
    const std::vector<QRectF> lesson = lessonLabelBoxes(map);
    struct Group {
        std::uint32_t first = 0;
        int calls = 0;
        int ops = 0;
        TimeNs left_ns = 0;
        QRectF box;
        QString text;
        QPointF rule_top;
    };
    // Where a group's label goes: beside the first call's rule, right of it or left, at the top
    // of its row or the bottom, wherever it covers none of the labels the lesson is about nor
    // the names of the bars in its row.
    auto layoutOf = [&](Group& g) {
        const TraceEvent& e = events[g.first];
        const int slot = model_->slotOf(g.first);
        const QRectF bar = barRect(map, slot, e.start_ns, e.start_ns, markerWidth() * 1.5);
        const double x = bar.center().x();
        g.text = cpuSyncLabel(g.calls, g.ops, g.left_ns);
        const QRectF size = fm.boundingRect(QRectF(0, 0, 10000, 10000), Qt::AlignLeft, g.text);
        const double w = size.width() + 2 * pad, h = size.height() + 2 * pad;
        const double right = x + markerWidth() * 2;
        const double left = std::max(map.left(), x - markerWidth() * 2 - w);
        // Its own row first, then the rows its rule runs down through.
        std::vector<int> rows{model_->rowAtSlot(slot)};
        if (model_->firstGpuRow() < model_->rowCount())
            for (int row = std::min(rows.front(), model_->firstGpuRow()); row < model_->rowCount();
                 ++row)
                if (row != rows.front())
                    rows.push_back(row);
        std::vector<QRectF> avoid = lesson;
        std::vector<DrawItem> items;
        std::vector<QRectF> spots;
        for (const int row : rows) {
            items.clear();
            for (const auto lane : model_->lanesOfRow(row))
                model_->itemsInView(lane, map, fold_px_, items);
            for (const DrawItem& item : items)
                if (!item.folded())
                    if (const auto r = labelRectOf(map, item.event))
                        avoid.push_back(*r);
            const QRectF row_bar = row == rows.front() ? bar
                                                       : barRect(map, model_->rowTop(row),
                                                                 e.start_ns, e.start_ns, 0.0);
            for (const double top : {row_bar.top() + 2.0, row_bar.bottom() - 2.0 - h})
                for (const double l : {right, left, plotRight - w - 2.0})
                    if (l + w <= plotRight || l == left)
                        spots.emplace_back(l, top, w, h);
        }
        // Above the lanes, where the view made room for the lesson's callouts: on a short plot
        // a two-line label fits no row without covering the names the lesson is about.
        const double lanes_top =
            std::min(mValueAxis->coordToPixel(0.0), mValueAxis->coordToPixel(model_->slotCount()));
        const double area_top = mValueAxis->axisRect()->rect().top();
        int rule_slot = slot;  // where drawCpuSyncMarker starts the rule
        if (model_->firstGpuRow() < model_->rowCount())
            rule_slot = std::min(rule_slot, model_->rowTop(model_->firstGpuRow()));
        g.rule_top = QPointF(x, std::min(mValueAxis->coordToPixel(rule_slot),
                                         mValueAxis->coordToPixel(rule_slot + 1)));
        if (lanes_top - area_top >= h + 4.0)
            for (const double top : {lanes_top - h - 2.0, area_top + 2.0})
                for (const double l : {right, left, plotRight - w - 2.0})
                    if (l + w <= plotRight || l == left)
                        spots.emplace_back(l, top, w, h);
        // The first spot that covers nothing readable; else the one that covers least of it,
        // the lesson's own labels weighing most.
        auto covered = [](const std::vector<QRectF>& rects, const QRectF& spot) {
            double area = 0.0;
            for (const QRectF& r : rects) {
                const QRectF both = r.intersected(spot);
                area += both.width() * both.height();
            }
            return area;
        };
        double least = std::numeric_limits<double>::infinity();
        for (const QRectF& spot : spots) {
            const double cost = covered(lesson, spot) * 100.0 + covered(avoid, spot);
            if (cost < least) {
                least = cost;
                g.box = spot;
            }
            if (cost == 0.0)
                break;
        }
    };
    std::vector<Group> groups;
    auto overlaps = [&](const Group& g, std::size_t before) {
        for (std::size_t k = 0; k < before; ++k)
            if (g.box.intersects(groups[k].box.adjusted(-pad, -pad, pad, pad)))
                return true;
        return false;
    };
    for (const std::uint32_t index : cpuSyncsDrawn(map)) {
        const TimelineModel::QueuedWork queued = model_->gpuWorkQueuedAt(index);
        Group g{index, 1, queued.ops, queued.left_ns, {}, {}, {}};
        layoutOf(g);
        groups.push_back(g);
        // A label that would pile up on one before it joins the one before it: one label says
        // both, and the joined label, larger now, is checked again.
        while (groups.size() > 1 && overlaps(groups.back(), groups.size() - 1)) {
            const Group last = groups.back();
            groups.pop_back();
            Group& into = groups.back();
            into.calls += last.calls;
            into.ops = std::max(into.ops, last.ops);
            into.left_ns = std::max(into.left_ns, last.left_ns);
            layoutOf(into);
        }
    }
    for (Group& g : groups)
        out.push_back({g.text, g.box, g.rule_top});
    return out;
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
}

}  // namespace syncscope
