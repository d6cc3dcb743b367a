#include "ui/timeline/callout_layer.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/timeline/callout_placer.h"
#include "ui/timeline/time_mapping.h"

namespace syncscope {

namespace {

constexpr double kPadX = 7.0;
// Pictures are measured for the screen and painted on an image, SVG or PDF whose metrics differ
// by a fraction of a pixel: this much spare width keeps the painted text on the measured lines.
constexpr double kSlack = 6.0;
constexpr double kPadY = 4.0;
constexpr double kFoldPx = 2.0;
// How much of a bar a replay must have drawn before the callout about it appears.
constexpr double kDrawnPx = 3.0;

}  // namespace

CalloutLayer::CalloutLayer(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPLayerable(keyAxis->parentPlot(), QString(), keyAxis->axisRect()),
      key_axis_(keyAxis),
      value_axis_(valueAxis) {}

void CalloutLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeOther);
}

QRect CalloutLayer::clipRect() const {
    return key_axis_ ? key_axis_->axisRect()->rect() : QCPLayerable::clipRect();
}

void CalloutLayer::setModel(std::shared_ptr<const TimelineModel> model) {
    model_ = std::move(model);
    resolve();
}

void CalloutLayer::setLanguage(Language language) {
    language_ = language;
    resolve();
}

void CalloutLayer::resolve() {
    resolved_.clear();
    if (model_ && model_->trace())
        resolved_ = CalloutResolver::resolve(*model_->trace(), language_);
    resolved_.insert(resolved_.end(), extra_.begin(), extra_.end());
}

std::vector<std::uint32_t> CalloutLayer::calloutEvents() const {
    std::vector<std::uint32_t> events;
    for (const ResolvedCallout& c : resolved_)
        events.push_back(c.event);
    return events;
}

void CalloutLayer::setExtraCallouts(std::vector<ResolvedCallout> callouts) {
    extra_ = std::move(callouts);
    resolve();
}

QFont CalloutLayer::font(double scale) const {
    QFont f = theme_.font;
    f.setBold(false);
    if (scale != 1.0) {
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * scale);
        else
            f.setPixelSize(std::max(1, static_cast<int>(std::lround(f.pixelSize() * scale))));
    }
    return f;
}

double CalloutLayer::maxTextWidth(const QRectF& area) const {
    // A callout is one line of at most ~70 characters where the view has room; in a narrow view
    // it wraps into balanced lines rather than covering half the lanes.
    const QFontMetricsF fm(font());
    return std::max(120.0, std::min(area.width() * 0.45, fm.averageCharWidth() * 72.0));
}

QSizeF CalloutLayer::boxSize(const QString& text, double text_width, double scale) const {
    // Balanced lines: a text that needs two lines gets two of about the same length, not a full
    // line and an orphan word.
    const QFontMetricsF fm(font(scale));
    const double one_line = fm.horizontalAdvance(text);
    const double lines = std::ceil(one_line / text_width);
    const double width =
        lines <= 1 ? text_width : std::min(text_width, one_line / lines * 1.12 + 8);
    const QRectF rect =
        fm.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap | Qt::AlignLeft, text);
    return {std::ceil(rect.width()) + kSlack + 2 * kPadX, std::ceil(rect.height()) + 2 * kPadY};
}

std::vector<CalloutLayer::Placed> CalloutLayer::layout() const {
    std::vector<Placed> out;
    if (resolved_.empty() || !model_ || !model_->trace() || !key_axis_ || !value_axis_)
        return out;
    const Trace& trace = *model_->trace();
    const QRectF area = key_axis_->axisRect()->rect();
    const QCPRange range = key_axis_->range();
    const TimeMapping map(range.lower, range.upper, area.left(), area.width());
    const double margin = (1.0 - theme_.barFraction) / 2.0;
    const double text_width = maxTextWidth(area);

    const double bar_half =
        std::abs(value_axis_->coordToPixel(1.0 - margin) - value_axis_->coordToPixel(margin)) / 2;
    std::vector<CalloutPlacer::Request> requests;
    for (const ResolvedCallout& c : resolved_) {
        const TraceEvent& e = trace.events[c.event];
        const int slot = model_->slotOf(c.event);
        if (slot < 0 || static_cast<double>(e.end_ns) < range.lower ||
            static_cast<double>(e.start_ns) > range.upper)
            continue;
        if (now_ && e.start_ns > *now_)
            continue;  // a replay has not reached it yet
        // Nor before what it points at is drawn: a callout over a bar a replay has begun but not
        // drawn yet would point at nothing (it appeared before the host work it names).
        if (now_ && *now_ < e.end_ns &&
            map.toPixel(static_cast<double>(*now_)) - map.toPixel(static_cast<double>(e.start_ns)) <
                kDrawnPx)
            continue;
        // The middle of the part of the bar in view (and, in a replay, that has happened), so a
        // long bar's callout stays on screen.
        const double t0 = std::max<double>(static_cast<double>(e.start_ns), range.lower);
        const double t1 = std::min<double>(
            std::min<double>(static_cast<double>(e.end_ns), range.upper),
            now_ ? static_cast<double>(*now_) : std::numeric_limits<double>::infinity());
        const double x = map.toPixel((t0 + t1) / 2.0);
        const double y = value_axis_->coordToPixel(slot + 0.5);
        if (y < area.top() || y > area.bottom())
            continue;
        Placed p;
        p.callout = c.index;
        p.event = c.event;
        p.text = QString::fromStdString(c.text);
        p.box = QRectF(QPointF(0, 0), boxSize(p.text, text_width));
        p.anchor = QPointF(x, y);
        // The interval it explains: the part of its bar in view (and drawn, in a replay), at
        // least a marker's width.
        const double x0 = map.toPixel(t0), x1 = std::max(map.toPixel(t1), x0);
        const double widen = std::max(0.0, 4.0 - (x1 - x0)) / 2.0;
        const double ya = value_axis_->coordToPixel(slot + margin);
        const double yb = value_axis_->coordToPixel(slot + 1.0 - margin);
        p.own = QRectF(QPointF(x0 - widen, std::min(ya, yb)), QPointF(x1 + widen, std::max(ya, yb)))
                    .intersected(area);
        p.explains = idleBandsOver(map, static_cast<TimeNs>(t0), static_cast<TimeNs>(t1));
        requests.push_back({p.anchor, p.box.size(), bar_half, p.own, p.explains});
        out.push_back(std::move(p));
    }
    if (out.empty())
        return out;

    CalloutPlacer placer(area);
    if (keep_clear_)
        for (const QRectF& rect : keep_clear_(map))
            placer.keepClear(rect);
    // Bars in view, lane by lane, so boxes sit over empty lane space where they can.
    std::vector<DrawItem> items;
    // A row spans a slot per depth level of its nested slices: each level is its own obstacle.
    for (int row = 0; row < model_->rowCount(); ++row) {
        const int levels = model_->rowSpan(row);
        for (int d = 0; d < levels; ++d) {
            items.clear();
            for (const auto lane : model_->lanesOfRow(row)) {
                if (levels == 1 && model_->depthCount(lane) > 1)
                    model_->itemsInView(lane, map, kFoldPx, items);  // a collapsed row: flat
                else
                    model_->itemsInView(lane, d, map, kFoldPx, items);
            }
            std::vector<std::pair<double, double>> spans;
            spans.reserve(items.size());
            for (const DrawItem& item : items)
                spans.emplace_back(map.toPixel(static_cast<double>(item.start)),
                                   std::max(map.toPixel(static_cast<double>(item.end)),
                                            map.toPixel(static_cast<double>(item.start)) + 2.0));
            const int slot = model_->rowTop(row) + d;
            placer.addObstacles(value_axis_->coordToPixel(slot + margin),
                                value_axis_->coordToPixel(slot + 1.0 - margin), std::move(spans));
        }
    }
    CalloutPlacer::Result placed = placer.placeAll(requests);
    // Where a box finds no spot that leaves the lesson readable, it shrinks: narrower lines, more
    // of them, twice.
    // of them, twice; then smaller type, as wide as it was, and narrower again (the projector's
    // large type is what leaves a short plot, a compare slide's half, no room).
    const double least_width = std::min(120.0, text_width);
    const std::pair<double, double> steps[] = {{1.0, 0.6},  {1.0, 0.4}, {0.82, 1.0},
                                               {0.82, 0.6}, {0.7, 1.0}, {0.7, 0.5}};
    for (const auto& [scale, narrower] : steps) {
        if (placed.overflow.empty())
            break;
        for (const std::size_t i : placed.overflow) {
            const double width = std::max(least_width * scale, text_width * scale * narrower);
            out[i].box = QRectF(QPointF(0, 0), boxSize(out[i].text, width, scale));
            out[i].font_scale = scale;
            requests[i].size = out[i].box.size();
        }
        placed = placer.placeAll(requests);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].box = placed.boxes[i];
        // The leader stops at the bar's edge that faces the box, not in the middle of the bar.
        requests[i].anchor = placed.anchors[i];
        out[i].anchor = CalloutPlacer::leaderStart(placed.boxes[i], requests[i]);
    }
    for (const std::size_t i : placed.overflow)
        out[i].keeps_rule = false;
    return out;
}

std::vector<QRectF> CalloutLayer::idleBandsOver(const TimeMapping& map, TimeNs t0,
                                                TimeNs t1) const {
    std::vector<QRectF> bands;
    const Trace& trace = *model_->trace();
    // Runs of GPU rows, as the lanes tint an idle gap across them.
    std::vector<std::pair<int, int>> runs;
    for (int row = 0; row < model_->rowCount(); ++row) {
        const auto lane = model_->laneOfRow(row);
        if (!lane || !isGpuLane(trace.lanes[*lane].kind))
            continue;
        if (!runs.empty() && runs.back().second == row)
            runs.back().second = row + 1;
        else
            runs.emplace_back(row, row + 1);
    }
    if (runs.empty() || t1 < t0)
        return bands;
    std::vector<IdleSpan> gaps;
    model_->idleGapsInView(t0, t1, map.spanNs(2.0), gaps);
    for (const auto& [a, b] : runs) {
        const double y0 = value_axis_->coordToPixel(model_->rowTop(a));
        const double y1 = value_axis_->coordToPixel(model_->rowTop(b));
        for (const IdleSpan& g : gaps)
            bands.emplace_back(QPointF(map.toPixel(static_cast<double>(g.start)), std::min(y0, y1)),
                               QPointF(map.toPixel(static_cast<double>(g.end)), std::max(y0, y1)));
    }
    return bands;
}

std::vector<QRectF> CalloutLayer::keptClear(const TimeMapping& map) const {
    return keep_clear_ ? keep_clear_(map) : std::vector<QRectF>{};
}

void CalloutLayer::draw(QCPPainter* painter) {
    const std::vector<Placed> placed = layout();
    last_drawn_.placed = placed;
    last_drawn_.kept_clear.clear();
    if (key_axis_) {
        const QRectF area = key_axis_->axisRect()->rect();
        last_drawn_.area = area;
        const QCPRange range = key_axis_->range();
        last_drawn_.kept_clear =
            keptClear(TimeMapping(range.lower, range.upper, area.left(), area.width()));
    }
    if (placed.empty())
        return;
    const QColor ink = theme_.foreground;
    QColor accent = theme_.selection;
    // A pale note colour over the theme's ground: reads as an annotation, not as an event.
    const QColor ground = theme_.background;
    const QColor note(0xFF, 0xC8, 0x3D);
    const double tint = ground.lightnessF() > 0.5 ? 0.16 : 0.22;
    QColor fill = QColor::fromRgbF(ground.redF() + (note.redF() - ground.redF()) * tint,
                                   ground.greenF() + (note.greenF() - ground.greenF()) * tint,
                                   ground.blueF() + (note.blueF() - ground.blueF()) * tint);
    fill.setAlpha(240);
    const double line = std::max(1.2, theme_.outlineWidth * 1.2);
    painter->setFont(font());
    // Leaders first, then every box over them: no line runs across a box's text.
    for (const Placed& p : placed) {
        const QPointF end = CalloutPlacer::leaderEnd(p.box, p.anchor);
        painter->setPen(QPen(accent, line, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(p.anchor, end);
        painter->setPen(Qt::NoPen);
        painter->setBrush(accent);
        painter->drawEllipse(p.anchor, line + 1.5, line + 1.5);
    }
    for (const Placed& p : placed) {
        painter->setPen(QPen(accent, line));
        painter->setBrush(fill);
        painter->drawRoundedRect(p.box, 4, 4);
        painter->setFont(font(p.font_scale));
        painter->setPen(ink);
        painter->drawText(p.box.adjusted(kPadX, kPadY, -kPadX, -kPadY),
                          Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter, p.text);
    }
}

}  // namespace syncscope
