#include "ui/timeline/legend_swatch.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "ui/timeline/flow_layer.h"
#include "ui/timeline/lane_plottable.h"

namespace syncscope {

namespace {

void paintArrow(QPainter* p, const QRectF& r, FlowKind kind, const Theme& theme) {
    const QPen pen = FlowLayer::penFor(theme, kind, false);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    const double head = FlowLayer::headLength(pen.widthF());
    const QPointF a(r.left() + 1, r.bottom() - 1);
    const QPointF b(r.right() - 1, r.center().y());
    QPainterPath path(a);
    path.cubicTo(QPointF(r.center().x(), a.y()), QPointF(r.center().x(), b.y()), b);
    p->drawPath(path);
    const QPointF pts[3] = {b, QPointF(b.x() - head, b.y() - head * 0.5),
                            QPointF(b.x() - head, b.y() + head * 0.5)};
    p->setPen(Qt::NoPen);
    p->setBrush(pen.color());
    p->drawPolygon(pts, 3);
}

EventKind kindOf(LegendStyle s) {
    switch (s) {
        case LegendStyle::ApiCall:
            return EventKind::ApiCall;
        case LegendStyle::HostWork:
            return EventKind::HostWork;
        case LegendStyle::Kernel:
            return EventKind::Kernel;
        case LegendStyle::Memcpy:
            return EventKind::Memcpy;
        case LegendStyle::Memset:
            return EventKind::Memset;
        case LegendStyle::HostCallback:
            return EventKind::HostCallback;
        case LegendStyle::MemoryOp:
            return EventKind::MemoryOp;
        case LegendStyle::Annotation:
            return EventKind::Annotation;
        case LegendStyle::Error:
            return EventKind::Error;
        default:
            return EventKind::Generic;
    }
}

}  // namespace

void LegendSwatch::paint(QPainter* p, const QRectF& sw, const LegendEntry& e, const Theme& t) {
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    switch (e.style) {
        case LegendStyle::SpinningWait:
            LanePlottable::paintFill(p, sw, e.color, EventKind::HostWait, event_flags::kSpinning,
                                     t.plotBackground);
            break;
        case LegendStyle::SleepingWait:
            LanePlottable::paintFill(p, sw, e.color, EventKind::HostWait, event_flags::kSleeping,
                                     t.plotBackground);
            break;
        case LegendStyle::Wait:
            LanePlottable::paintFill(p, sw, e.color, EventKind::HostWait, 0, t.plotBackground);
            break;
        case LegendStyle::StreamWait:
            LanePlottable::paintFill(p, sw, e.color, EventKind::StreamWait, 0, t.plotBackground);
            break;
        case LegendStyle::EventMarker: {
            const QPointF c = sw.center();
            const double h = sw.height() / 2.0;
            const QPointF pts[4] = {{c.x(), c.y() - h},
                                    {c.x() + h * 0.6, c.y()},
                                    {c.x(), c.y() + h},
                                    {c.x() - h * 0.6, c.y()}};
            p->setPen(Qt::NoPen);
            p->setBrush(e.color);
            p->drawPolygon(pts, 4);
            break;
        }
        case LegendStyle::CpuSync: {
            // The rule the lanes show: dashed, with its marker at the top.
            QPen rule(e.color, 2.0, Qt::DashLine);
            p->setPen(rule);
            p->drawLine(QPointF(sw.center().x(), sw.top()), QPointF(sw.center().x(), sw.bottom()));
            p->fillRect(QRectF(sw.center().x() - 2.0, sw.top(), 4.0, sw.height() * 0.45), e.color);
            break;
        }
        case LegendStyle::IdleGap: {
            p->fillRect(sw, e.color);
            QColor strip = e.color;
            strip.setAlpha(std::min(255, strip.alpha() * 3));
            p->fillRect(QRectF(sw.left(), sw.bottom() - 3, sw.width(), 3), strip);
            break;
        }
        case LegendStyle::MemorySeries: {
            // The plot's step line: flat, as thick as the plot draws it.
            p->setRenderHint(QPainter::Antialiasing, false);
            const double width = std::max(2.0, std::round(t.outlineWidth));
            p->fillRect(QRectF(sw.left(), sw.center().y() - width / 2.0, sw.width(), width),
                        e.color);
            break;
        }
        case LegendStyle::LaunchFlow:
            paintArrow(p, sw, FlowKind::Launch, t);
            break;
        case LegendStyle::RecordFlow:
            paintArrow(p, sw, FlowKind::Record, t);
            break;
        case LegendStyle::AwaitedFlow:
            paintArrow(p, sw, FlowKind::Awaited, t);
            break;
        case LegendStyle::OtherFlow:
            paintArrow(p, sw, FlowKind::Generic, t);
            break;
        default:
            LanePlottable::paintFill(p, sw, e.color, kindOf(e.style), 0, t.plotBackground);
            break;
    }
    p->restore();
}

}  // namespace syncscope
