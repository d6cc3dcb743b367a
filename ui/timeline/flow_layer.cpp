#include "ui/timeline/flow_layer.h"

#include <cmath>

namespace syncscope {

FlowLayer::FlowLayer(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPLayerable(keyAxis->parentPlot(), QString(), keyAxis->axisRect()),
      key_axis_(keyAxis),
      value_axis_(valueAxis) {}

void FlowLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeOther);
}

QRect FlowLayer::clipRect() const {
    return key_axis_ ? key_axis_->axisRect()->rect() : QCPLayerable::clipRect();
}

std::optional<std::pair<QPointF, QPointF>> FlowLayer::arrowOf(std::uint32_t flow) const {
    if (!model_ || !model_->trace() || !key_axis_ || !value_axis_)
        return std::nullopt;
    const auto& trace = *model_->trace();
    if (flow >= trace.flows.size())
        return std::nullopt;
    const auto& f = trace.flows[flow];
    if (f.from >= trace.events.size() || f.to >= trace.events.size())
        return std::nullopt;
    const auto& a = trace.events[f.from];
    const auto& b = trace.events[f.to];
    // Slots, not rows: an end nested a few levels deep is drawn at its own depth.
    const int ra = model_->slotOf(f.from);
    const int rb = model_->slotOf(f.to);
    if (ra < 0 || rb < 0)
        return std::nullopt;
    TimeNs ta = a.start_ns, tb = b.start_ns;
    switch (f.kind) {
        case FlowKind::Launch:
            ta = a.start_ns;
            tb = b.start_ns;
            break;
        case FlowKind::Record:
            ta = a.start_ns;
            tb = b.start_ns;
            break;
        // The wait ended because the awaited op ended: point at that completion.
        case FlowKind::Awaited:
            ta = a.end_ns;
            tb = b.end_ns;
            break;
        case FlowKind::Generic:
            ta = a.end_ns;
            tb = b.start_ns;
            break;
    }
    // Leave and enter at the lane edge that faces the other end, so arrows do not cross bars.
    const double ya = ra == rb ? ra + 0.5 : (ra < rb ? ra + 0.85 : ra + 0.15);
    const double yb = ra == rb ? rb + 0.5 : (ra < rb ? rb + 0.15 : rb + 0.85);
    return std::make_pair(
        QPointF(key_axis_->coordToPixel(static_cast<double>(ta)), value_axis_->coordToPixel(ya)),
        QPointF(key_axis_->coordToPixel(static_cast<double>(tb)), value_axis_->coordToPixel(yb)));
}

QPen FlowLayer::penFor(const Theme& theme, FlowKind kind, bool emphasised) {
    const auto k = static_cast<std::size_t>(kind);
    QColor c = theme.flow[std::min<std::size_t>(k, theme.flow.size() - 1)];
    // Launch arrows are many and unsurprising: keep them quiet so the sync arrows stand out.
    const bool launch = kind == FlowKind::Launch;
    if (!emphasised)
        c.setAlpha(launch ? 90 : 170);
    const double width =
        emphasised ? theme.flowWidth * 1.5 : (launch ? theme.flowWidth * 0.7 : theme.flowWidth);
    return QPen(c, width, Qt::SolidLine, Qt::RoundCap);
}

void FlowLayer::drawArrow(QCPPainter* p, std::uint32_t flow, bool emphasised) {
    const auto ends = arrowOf(flow);
    if (!ends)
        return;
    const auto [a, b] = *ends;
    const QRectF clip = clipRect().adjusted(-2000, -2000, 2000, 2000);
    if (!clip.contains(a) && !clip.contains(b))
        return;
    const FlowKind kind = model_->trace()->flows[flow].kind;
    drawCurve(p, a, b, penFor(theme_, kind, emphasised), bowFor(kind, b.x() - a.x()));
}

double FlowLayer::bowFor(FlowKind kind, double dx) {
    if (std::abs(dx) >= kBow)
        return 0.0;  // far enough apart to read as an S-curve
    const double bow = kBow - std::abs(dx) * 0.5;
    return kind == FlowKind::Awaited || kind == FlowKind::Generic ? bow : -bow;
}

FlowLayer::Curve FlowLayer::curve(QPointF a, QPointF b, double bow) {
    Curve c;
    c.path = QPainterPath(a);
    const double dy = (b.y() - a.y()) * 0.5;
    if (bow == 0.0) {
        // A gentle S-curve reads as "goes from here to there" better than a straight line.
        c.path.cubicTo(QPointF(a.x(), a.y() + dy), QPointF(b.x(), b.y() - dy), b);
        c.arrival = dy == 0 ? QPointF(b.x() >= a.x() ? 1 : -1, 0) : QPointF(0, dy > 0 ? 1 : -1);
        return c;
    }
    // A bracket: out sideways from a, back in to b, arriving from the side it bowed to.
    const QPointF c1(a.x() + bow * 1.33, a.y() + dy * 0.2);
    const QPointF c2(b.x() + bow * 1.33, b.y() - dy * 0.2);
    c.path.cubicTo(c1, c2, b);
    const QPointF d = b - c2;
    const double len = std::hypot(d.x(), d.y());
    c.arrival = len > 0 ? d / len : QPointF(0, dy > 0 ? 1 : -1);
    return c;
}

void FlowLayer::drawCurve(QCPPainter* p, QPointF a, QPointF b, const QPen& pen, double bow) {
    const QColor c = pen.color();
    const Curve line = curve(a, b, bow);
    p->setBrush(Qt::NoBrush);
    if (bow != 0.0) {
        // A bracket runs over bars: a casing of plot ground keeps it readable on any fill.
        QColor ground = theme_.plotBackground;
        ground.setAlpha(200);
        p->setPen(QPen(ground, pen.widthF() + 3.0, Qt::SolidLine, Qt::RoundCap));
        p->drawPath(line.path);
    }
    p->setPen(pen);
    p->drawPath(line.path);
    const double head = headLength(pen.widthF());
    const QPointF dir = line.arrival;
    const QPointF n(-dir.y(), dir.x());
    const QPointF base = b - dir * head;
    const QPointF pts[3] = {b, base + n * (head * 0.5), base - n * (head * 0.5)};
    p->setPen(Qt::NoPen);
    p->setBrush(c);
    p->drawPolygon(pts, 3);
    ++last_drawn_;
}

void FlowLayer::draw(QCPPainter* painter) {
    last_drawn_ = 0;
    if (!model_ || !model_->trace() || !key_axis_)
        return;
    if (show_all_) {
        std::vector<std::uint32_t> flows;
        const QCPRange r = key_axis_->range();
        if (model_->flowsInView(static_cast<TimeNs>(std::floor(r.lower)),
                                static_cast<TimeNs>(std::ceil(r.upper)), max_visible_, flows))
            for (auto f : flows)
                drawArrow(painter, f, false);
    }
    if (selected_)
        for (auto f : model_->flowsOf(*selected_))
            drawArrow(painter, f, true);
    drawCauseArrow(painter);
}

void FlowLayer::drawCauseArrow(QCPPainter* p) {
    if (!cause_ || !value_axis_ || cause_->event >= model_->trace()->events.size())
        return;
    const int slot = model_->slotOf(cause_->event);
    if (slot < 0)
        return;
    const auto& e = model_->trace()->events[cause_->event];
    // To the cause's end when it is before the gap's point (the wait the host woke from), else
    // its start (the launch that came later).
    const TimeNs te = e.end_ns <= cause_->t ? e.end_ns : std::max(e.start_ns, cause_->t);
    const double ya = slot < cause_->slot ? cause_->slot + 0.15 : cause_->slot + 0.85;
    const double yb = slot < cause_->slot ? slot + 0.85 : slot + 0.15;
    const QPointF a(key_axis_->coordToPixel(static_cast<double>(cause_->t)),
                    value_axis_->coordToPixel(ya));
    const QPointF b(key_axis_->coordToPixel(static_cast<double>(te)),
                    value_axis_->coordToPixel(yb));
    drawCurve(p, a, b, penFor(theme_, FlowKind::Awaited, true),
              bowFor(FlowKind::Awaited, b.x() - a.x()));
}

}  // namespace syncscope
