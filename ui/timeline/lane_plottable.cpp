#include "ui/timeline/lane_plottable.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace syncscope {

namespace {

// Readable text on any fill: dark on light fills, light on dark ones.
QColor textOn(const QColor& fill) {
    const double luminance = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return luminance > 0.5 ? QColor(0x10, 0x10, 0x10) : QColor(0xFF, 0xFF, 0xFF);
}

// Batch colours go to kernels only: copies, memsets and waits keep their kind colour so the legend
// still tells them apart.
bool isWork(EventKind k) {
    return k == EventKind::Kernel || k == EventKind::HostCallback;
}

// A collapsed group draws its lanes flat in one row, in layers: annotations (a whole ProfilerStep)
// and unclassified lanes underneath, then host calls and waits, the GPU's streams on top. What such
// a row summarises, above all of a rank, is when its GPU was busy and when its host waited.
int drawLayer(LaneKind kind) {
    switch (kind) {
        case LaneKind::Annotation:
        case LaneKind::Other:
            return 0;
        case LaneKind::HostThread:
            return 1;
        case LaneKind::HostWaits:
            return 2;
        case LaneKind::Stream:
        case LaneKind::CopyEngine:
            return 3;
    }
    return 0;
}

// The band of a collapsed row a lane's bars go in: 0 host calls, 1 waits, 2 GPU work.
std::size_t bandClass(LaneKind kind) {
    const int layer = drawLayer(kind);
    return layer <= 1 ? 0 : layer == 2 ? 1 : 2;
}

// The lanes of `row` bottom layer first (by-depth rows have one lane).
std::vector<std::uint16_t> lanesInDrawOrder(const TimelineModel& model, int row) {
    std::vector<std::uint16_t> lanes = model.lanesOfRow(row);
    if (lanes.size() > 1)
        std::stable_sort(lanes.begin(), lanes.end(), [&](std::uint16_t a, std::uint16_t b) {
            return drawLayer(model.trace()->lanes[a].kind) <
                   drawLayer(model.trace()->lanes[b].kind);
        });
    return lanes;
}

}  // namespace

LanePlottable::LanePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);  // selection is the view's business (one event, not data ranges)
    setAntialiasedFill(false);
}

void LanePlottable::setModel(std::shared_ptr<const TimelineModel> model) {
    model_ = std::move(model);
    selected_.reset();
    hovered_.reset();
}

void LanePlottable::setTheme(const Theme& theme) {
    theme_ = theme;
}

QCPRange LanePlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = model_ && model_->trace();
    return model_ ? QCPRange(static_cast<double>(model_->beginNs()),
                             static_cast<double>(model_->endNs()))
                  : QCPRange(0, 1);
}

QCPRange LanePlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const {
    foundRange = model_ && model_->rowCount() > 0;
    return QCPRange(0, model_ ? std::max(1, model_->slotCount()) : 1);
}

TimeMapping LanePlottable::mapping() const {
    const QRect r = mKeyAxis->axisRect()->rect();
    const QCPRange range = mKeyAxis->range();
    return TimeMapping(range.lower, range.upper, r.left(), r.width());
}

QRectF LanePlottable::barRect(const TimeMapping& map, int slot, TimeNs start, TimeNs end,
                              double minWidth) const {
    const double margin = (1.0 - theme_.barFraction) / 2.0;
    // A collapsed row's summary draws each kind of lane in a band of its own (band_).
    const double height = 1.0 - 2.0 * margin;
    const double y0 = mValueAxis->coordToPixel(slot + margin + height * band_.first);
    const double y1 = mValueAxis->coordToPixel(slot + margin + height * band_.second);
    // Clamp to a little beyond the axis rect: QPainter and some paint engines misbehave with
    // coordinates in the billions when zoomed far in.
    const double lo = map.left() - 10.0;
    const double hi = map.left() + map.width() + 10.0;
    double x0 = std::clamp(map.toPixel(static_cast<double>(start)), lo, hi);
    double x1 = std::clamp(map.toPixel(static_cast<double>(end)), lo, hi);
    if (x1 - x0 < minWidth) {
        const double mid = (x0 + x1) / 2.0;
        x0 = mid - minWidth / 2.0;
        x1 = mid + minWidth / 2.0;
    }
    return QRectF(QPointF(x0, std::min(y0, y1)), QPointF(x1, std::max(y0, y1)));
}

QColor LanePlottable::fillColor(const TraceEvent& e) const {
    if (e.kind == EventKind::HostWait) {
        if (e.flags & event_flags::kSleeping)
            return theme_.sleepingWait;
        return theme_.spinningWait;
    }
    if (e.kind == EventKind::ApiCall && (e.flags & event_flags::kQueueFull))
        return theme_.spinningWait;  // the host is held in the launch: a wait, not a call
    if (color_by_ == ColorBy::Batch && isWork(e.kind) && e.batch != kNone)
        return theme_.batchColor(e.batch);
    if ((e.kind == EventKind::Annotation || e.kind == EventKind::Generic) && model_ &&
        model_->trace() && !model_->trace()->scenario) {
        // An imported program's frames and ops: one hue per name, as Perfetto colours slices, so
        // a nested stack reads apart; mixed into the kind's grey so the sync colours (waits,
        // cpu-sync) still stand out.
        const QColor base = theme_.kindColor(e.kind);
        const QColor hue = theme_.batchColor(
            static_cast<std::uint32_t>((std::uint64_t{e.name} * 2654435761u) >> 7));
        constexpr double kHue = 0.5;
        return QColor::fromRgbF(base.redF() + (hue.redF() - base.redF()) * kHue,
                                base.greenF() + (hue.greenF() - base.greenF()) * kHue,
                                base.blueF() + (hue.blueF() - base.blueF()) * kHue);
    }
    return theme_.kindColor(e.kind);
}

void LanePlottable::drawStripes(QCPPainter* p) const {
    const QRect r = mKeyAxis->axisRect()->rect();
    const auto [first, last] = rowsInView();
    for (int row = first; row < last; ++row) {
        if (row % 2 == 0)
            continue;
        const double y0 = mValueAxis->coordToPixel(model_->rowTop(row));
        const double y1 = mValueAxis->coordToPixel(model_->rowTop(row + 1));
        p->fillRect(
            QRectF(QPointF(r.left(), std::min(y0, y1)), QPointF(r.right() + 1, std::max(y0, y1))),
            theme_.laneStripe);
    }
    const int gpu = model_->firstGpuRow();
    if (gpu > 0 && gpu < model_->rowCount()) {
        const double y = mValueAxis->coordToPixel(model_->rowTop(gpu));
        p->setPen(QPen(theme_.laneSeparator, 1.0));
        p->drawLine(QPointF(r.left(), y), QPointF(r.right() + 1, y));
    }
}

std::pair<int, int> LanePlottable::rowsInView() const {
    // The axis counts slots; a row spans as many as its lane has depth levels.
    const QCPRange r = mValueAxis->range();
    const int slotTotal = model_->slotCount();
    if (slotTotal <= 0 || r.upper <= 0 || r.lower >= slotTotal)
        return {0, 0};
    const int first = std::max(0, model_->rowAtSlot(std::max(0.0, r.lower)));
    const int lastSlot = std::clamp(static_cast<int>(std::ceil(r.upper)) - 1, 0, slotTotal - 1);
    const int last = model_->rowAtSlot(lastSlot) + 1;
    return {first, std::max(first, last)};
}

void LanePlottable::drawIdleSpans(QCPPainter* p, const TimeMapping& map) const {
    // Rows the user reordered can interleave GPU and host lanes: a band per run of GPU rows.
    const auto [first, last] = rowsInView();
    std::vector<std::pair<int, int>> runs;
    for (int row = first; row < last; ++row) {
        if (!isGpuLane(model_->trace()->lanes[*model_->laneOfRow(row)].kind))
            continue;
        if (!runs.empty() && runs.back().second == row)
            runs.back().second = row + 1;
        else
            runs.emplace_back(row, row + 1);
    }
    if (runs.empty())
        return;
    std::vector<IdleSpan> gaps;
    model_->idleGapsInView(static_cast<TimeNs>(map.t0()), static_cast<TimeNs>(map.t1()),
                           map.spanNs(2.0), gaps);
    // Idle time is background, not an event: a tint across all GPU lanes plus a strong strip at
    // the bottom edge so it reads even when the tint is faint on a projector.
    QColor strip = theme_.idleGap;
    strip.setAlpha(std::min(255, strip.alpha() * 3));
    for (const auto& [a, b] : runs) {
        const double y0 = mValueAxis->coordToPixel(model_->rowTop(a));
        const double y1 = mValueAxis->coordToPixel(model_->rowTop(b));
        for (const auto& g : gaps) {
            const double x0 = std::max(map.toPixel(static_cast<double>(g.start)), map.left() - 1);
            const double x1 =
                std::min(map.toPixel(static_cast<double>(g.end)), map.left() + map.width() + 1);
            const QRectF band(QPointF(x0, std::min(y0, y1)), QPointF(x1, std::max(y0, y1)));
            p->fillRect(band, theme_.idleGap);
            p->fillRect(QRectF(band.left(), band.bottom() - 3, band.width(), 3), strip);
        }
    }
}

void LanePlottable::drawHighlights(QCPPainter* p, const TimeMapping& map) const {
    if (!highlights_ || highlights_->empty())
        return;
    const auto& events = model_->trace()->events;
    const auto [first, last] = rowsInView();
    QPen pen(theme_.searchMatch, std::max(2.0, theme_.outlineWidth * 1.5));
    pen.setJoinStyle(Qt::MiterJoin);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    // One outline per pixel column and row: a thousand matches at fit zoom cost what the pixels
    // can show, not what the trace holds.
    const int firstSlot = model_->rowTop(first);
    std::vector<double> lastX(
        static_cast<std::size_t>(std::max(0, model_->rowTop(last) - firstSlot)), -1e9);
    for (const auto index : *highlights_) {
        if (index >= events.size())
            continue;
        const auto& e = events[index];
        if (static_cast<double>(e.start_ns) > map.t1())
            break;  // sorted by start
        if (static_cast<double>(std::max(e.end_ns, e.start_ns)) < map.t0())
            continue;
        const int row = model_->rowOfLane(e.lane);
        if (row < first || row >= last)
            continue;
        const int slot = model_->slotOf(index);
        const QRectF rect = barRect(map, slot, e.start_ns, e.end_ns, 4.0).adjusted(-1, -1, 1, 1);
        double& seen = lastX[static_cast<std::size_t>(slot - firstSlot)];
        if (rect.right() <= seen + 1.0)
            continue;
        seen = rect.right();
        p->drawRect(rect);
    }
}

void LanePlottable::drawCoverage(QCPPainter* p, const TimeMapping& map, int slot,
                                 const DrawItem& item, RowCoverage& coverage) const {
    const auto& e = model_->trace()->events[item.event];
    const QRectF rect = barRect(map, slot, item.start, item.end, 0.0);
    QColor fill = fillColor(e);
    if (item.folded()) {
        // Greyed towards the theme's fold colour: a pattern brush would cost more than all the
        // other bars of a frame together.
        fill = QColor::fromRgbF((fill.redF() + theme_.folded.redF()) / 2,
                                (fill.greenF() + theme_.folded.greenF()) / 2,
                                (fill.blueF() + theme_.folded.blueF()) / 2);
    }
    // Narrow events and folds of them are not solid blocks: each pixel column is filled or left
    // empty by error diffusion over the lane's true busy time, so the drawn busy share follows the
    // real one at every zoom and idle time stays visible (a lane 77 % idle must not look busy).
    // The carry runs across the whole row, so rounding never adds up.
    // A fold holds events of one depth level: the busy time of that level is what it covers.
    const auto lane = e.lane;
    const int depth = model_->depthOf(item.event);
    const double left = std::floor(rect.left());
    const double right = std::max(left + 1.0, std::ceil(rect.right()));
    const double columnNs = std::max(1.0, map.nsPerPixel());
    double runStart = -1.0;
    double filled = 0.0;
    auto flush = [&](double x) {
        if (runStart >= 0.0)
            p->fillRect(QRectF(runStart, rect.top(), x - runStart, rect.height()), fill);
        runStart = -1.0;
    };
    // The columns' edges first, then their busy time in one sweep of the level (the sweep reads
    // ahead in memory; a search per column would wait for it at every column edge).
    coverage.starts.clear();
    coverage.ends.clear();
    for (double x = left; x < right; x += 1.0) {
        coverage.starts.push_back(
            std::max(item.start, static_cast<TimeNs>(std::floor(map.toTime(x)))));
        coverage.ends.push_back(
            std::min(item.end, static_cast<TimeNs>(std::ceil(map.toTime(x + 1.0)))));
    }
    // Columns many buckets wide read the level's busy summary: the cost of a zoomed-out frame then
    // follows the pixels, not the events (issue 14).
    const BusySummary* summary = model_->busySummary(lane, depth);
    const bool summarised = summary && summary->resolves(columnNs);
    if (!summarised) {
        model_->busyBeforeEach(lane, depth, coverage.starts, coverage.busy_starts);
        model_->busyBeforeEach(lane, depth, coverage.ends, coverage.busy_ends);
    }
    std::size_t column = 0;
    for (double x = left; x < right; x += 1.0, ++column) {
        // busyNs(lane, depth, a, b), from the two sweeps or the summary.
        double busy = 0.0;
        if (coverage.ends[column] > coverage.starts[column]) {
            busy = summarised ? summary->busyBefore(coverage.ends[column]) -
                                    summary->busyBefore(coverage.starts[column])
                              : static_cast<double>(coverage.busy_ends[column] -
                                                    coverage.busy_starts[column]);
            busy = std::max(0.0, busy);
        }
        coverage.carry += busy / columnNs;
        if (coverage.carry >= 0.5) {
            coverage.carry -= 1.0;
            filled += 1.0;
            if (runStart < 0.0)
                runStart = x;
        } else {
            flush(x);
        }
    }
    flush(right);
    if (filled == 0.0 && coverage.forced_px + 1.0 <= coverage.force_budget) {
        // An isolated short event still shows as one column; a small budget per row keeps many of
        // them from adding up to a busy lane that is not.
        coverage.forced_px += 1.0;
        p->fillRect(QRectF(std::floor(rect.center().x()), rect.top(), 1.0, rect.height()), fill);
    }
    // The count only where the fold reads as one block; a sparse fold says it on hover.
    if (item.folded() && rect.width() > 28 && filled >= 0.9 * (right - left)) {
        p->setPen(textOn(fill));
        p->drawText(rect, Qt::AlignCenter, QStringLiteral("%1×").arg(item.count));
    }
}

void LanePlottable::drawItem(QCPPainter* p, const TimeMapping& map, int slot, const DrawItem& item,
                             RowCoverage& coverage) const {
    const auto& e = model_->trace()->events[item.event];
    const double widthPx = static_cast<double>(item.end - item.start) * map.pixelsPerNs();
    if (item.folded() || (widthPx < 3.0 && e.kind != EventKind::EventMarker)) {
        drawCoverage(p, map, slot, item, coverage);
        return;
    }
    if (e.kind == EventKind::EventMarker)
        return;  // a diamond, drawn with the other markers over every bar
    const QRectF rect = barRect(map, slot, e.start_ns, e.end_ns, 1.5);
    const QColor fill = fillColor(e);
    const bool wide = rect.width() >= 5.0;
    paintFill(p, rect, fill, e.kind, e.flags, theme_.plotBackground);
    if (wide) {
        QPen outline(fill.darker(150), theme_.outlineWidth);
        if (e.kind == EventKind::StreamWait)
            outline.setStyle(Qt::DashLine);
        p->setPen(outline);
        p->setBrush(Qt::NoBrush);
        p->drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    if (e.kind == EventKind::Kernel && rect.width() >= 3.0) {
        // Completion mark: the instant a sync can be released by this kernel.
        const double w = std::max(2.0, theme_.outlineWidth * 1.5);
        const double overhang = rect.height() * 0.15;
        p->fillRect(
            QRectF(rect.right() - w, rect.top() - overhang, w, rect.height() + 2 * overhang),
            theme_.completion);
    }
    if (rect.width() > kLabelMinPx) {
        const QString name = model_->labels().nameOf(*model_->trace(), e);
        if (!name.isEmpty()) {
            const QRectF textRect = labelArea(map, rect);
            const QFontMetricsF fm(p->font());
            const QString shown = fm.elidedText(name, Qt::ElideRight, textRect.width());
            if (shown.size() > 1) {
                const bool hatched =
                    e.kind == EventKind::HostWait || e.kind == EventKind::StreamWait;
                p->setPen(hatched ? theme_.foreground : textOn(fill));
                p->drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, shown);
            }
        }
    }
}

void LanePlottable::hatch(QPainter* p, const QRectF& rect, const QColor& colour, bool rising) {
    // Lines rather than a pattern brush: SVG and PDF viewers (and slide tools importing them)
    // render plain lines everywhere; the count follows the bar's width on screen, not events.
    if (rect.width() < 1.0 || rect.height() < 1.0)
        return;
    // Each line is cut to the rectangle here, not by a clip path: some SVG renderers ignore clips.
    constexpr double spacing = 6.0;
    p->setPen(QPen(colour, 1.0));
    const double h = rect.height();
    for (double x = rect.left() - h; x < rect.right(); x += spacing) {
        const double t0 = std::max(0.0, (rect.left() - x) / h);
        const double t1 = std::min(1.0, (rect.right() - x) / h);
        if (t0 >= t1)
            continue;
        if (rising)
            p->drawLine(QPointF(x + t0 * h, rect.bottom() - t0 * h),
                        QPointF(x + t1 * h, rect.bottom() - t1 * h));
        else
            p->drawLine(QPointF(x + t0 * h, rect.top() + t0 * h),
                        QPointF(x + t1 * h, rect.top() + t1 * h));
    }
}

void LanePlottable::paintFill(QPainter* p, const QRectF& rect, const QColor& fill, EventKind kind,
                              std::uint8_t flags, const QColor& ground) {
    // Hatched fills sit on a tint of their colour over the plot ground, so they read on light and
    // dark themes alike.
    auto tint = [&](double share) {
        return QColor::fromRgbF(fill.redF() * share + ground.redF() * (1 - share),
                                fill.greenF() * share + ground.greenF() * (1 - share),
                                fill.blueF() * share + ground.blueF() * (1 - share));
    };
    if (kind == EventKind::HostWait && !(flags & event_flags::kSleeping)) {
        // Spinning burns a CPU core: hatched, so "busy waiting" looks busy; sleeping stays solid.
        p->fillRect(rect, tint(0.35));
        hatch(p, rect, fill, true);
    } else if (kind == EventKind::StreamWait) {
        p->fillRect(rect, tint(0.3));
        hatch(p, rect, fill, false);
    } else {
        p->fillRect(rect, fill);
    }
}

void LanePlottable::drawOutline(QCPPainter* p, const TimeMapping& map, std::uint32_t event,
                                const QPen& pen) const {
    const auto& events = model_->trace()->events;
    if (event >= events.size())
        return;
    const auto& e = events[event];
    const int slot = model_->slotOf(event);
    if (slot < 0)
        return;
    if (static_cast<double>(e.end_ns) < map.t0() || static_cast<double>(e.start_ns) > map.t1())
        return;
    const QRectF rect = barRect(map, slot, e.start_ns, e.end_ns, 4.0).adjusted(-2, -2, 2, 2);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    p->drawRect(rect);
}

void LanePlottable::draw(QCPPainter* painter) {
    last_item_count_ = 0;
    if (!model_ || !model_->trace() || !mKeyAxis || !mValueAxis)
        return;
    painter->save();
    painter->setAntialiasing(false);
    painter->setFont(theme_.font);
    const TimeMapping map = mapping();
    drawStripes(painter);
    if (now_) {
        // A clip rather than a filter in every drawing path: bars, folds, markers and labels all
        // stop at now the same way.
        const QRect r = mKeyAxis->axisRect()->rect();
        const double x =
            std::clamp(map.toPixel(static_cast<double>(*now_)), r.left() - 1.0, r.right() + 1.0);
        painter->setClipRect(QRectF(QPointF(r.left() - 1.0, r.top()), QPointF(x, r.bottom() + 1.0)),
                             Qt::IntersectClip);
    }
    drawIdleSpans(painter, map);
    // Only the rows scrolled into view: a frame costs the rows on screen, not the lanes.
    const auto [first, last] = rowsInView();
    const QCPRange slotRange = mValueAxis->range();
    for (int row = first; row < last; ++row) {
        const bool byDepth = model_->rowByDepth(row);
        // A collapsed group (a rank, a GPU, a thread with its waits) reads as a summary: its host
        // calls, its waits and its GPU work each in a band, top to bottom as when expanded,
        // instead of every lane's bars piled into one mix of colours.
        const std::vector<std::uint16_t> lanes = lanesInDrawOrder(*model_, row);
        std::array<bool, 3> classes{};
        for (const auto lane : lanes)
            classes[bandClass(model_->trace()->lanes[lane].kind)] = true;
        const int bands = int(classes[0]) + int(classes[1]) + int(classes[2]);
        for (const auto lane : lanes) {
            if (bands > 1) {
                const int cls = bandClass(model_->trace()->lanes[lane].kind);
                int index = 0;
                for (int c = 0; c < cls; ++c)
                    index += classes[std::size_t(c)] ? 1 : 0;
                band_ = {double(index) / bands, double(index + 1) / bands};
            }
            // A collapsed row draws its lanes flat, the deepest level first: the outer slices
            // then lie on top with their labels, as the summary of what the lane does.
            for (int d = model_->depthCount(lane) - 1; d >= 0; --d) {
                const int slot = model_->rowTop(row) + (byDepth ? d : 0);
                if (slot + 1 <= slotRange.lower || slot >= slotRange.upper)
                    continue;  // a deep lane scrolled partly out of view
                items_.clear();
                model_->itemsInView(lane, d, map, fold_px_, items_);
                last_item_count_ += items_.size();
                RowCoverage coverage;
                coverage.force_budget = std::floor(map.width() * 0.01);
                for (const auto& item : items_)
                    drawItem(painter, map, slot, item, coverage);
            }
        }
        band_ = {0.0, 1.0};
    }
    // Markers go over every bar of every lane, so a neighbour never paints them away.
    for (int row = first; row < last; ++row)
        drawInstantMarkers(painter, map, row);
    if (now_) {
        // A replay shows the label of a torch.cpu.synchronize() that has happened whole: it says
        // what the moment means, and the moment is now or past.
        painter->save();
        painter->setClipRect(mKeyAxis->axisRect()->rect(), Qt::ReplaceClip);
        drawCpuSyncMarkers(painter, map);
        painter->restore();
    } else {
        drawCpuSyncMarkers(painter, map);
    }
    drawHighlights(painter, map);
    if (hovered_ && hovered_ != selected_)
        drawOutline(painter, map, *hovered_, QPen(theme_.hover, 1.5));
    if (selected_) {
        QPen pen(theme_.selection, std::max(2.0, theme_.outlineWidth * 1.5));
        pen.setJoinStyle(Qt::MiterJoin);
        drawOutline(painter, map, *selected_, pen);
    }
    painter->restore();
}

void LanePlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(rect, theme_.kindColor(EventKind::Kernel));
}

std::optional<std::uint32_t> LanePlottable::hitTest(const QPointF& pos) const {
    if (!model_ || !model_->trace() || !mKeyAxis || !mValueAxis)
        return std::nullopt;
    if (!mKeyAxis->axisRect()->rect().contains(pos.toPoint()))
        return std::nullopt;
    const double value = mValueAxis->pixelToCoord(pos.y());
    const int row = model_->rowAtSlot(value);
    if (row < 0)
        return std::nullopt;
    const TimeMapping map = mapping();
    const auto t = static_cast<TimeNs>(std::llround(map.toTime(pos.x())));
    const TimeNs slop = map.spanNs(3.0);
    if (model_->rowByDepth(row)) {
        // The slice at the clicked depth, not its parent nor a child.
        const int depth = static_cast<int>(std::floor(value)) - model_->rowTop(row);
        return model_->eventAt(model_->lanesOfRow(row).front(), depth, t, slop);
    }
    // A collapsed group draws several lanes in one row, in layers, outer slices on top: the top
    // layer with an event there wins, its outermost slice first.
    const std::vector<std::uint16_t> lanes = lanesInDrawOrder(*model_, row);
    for (auto it = lanes.rbegin(); it != lanes.rend(); ++it)
        for (int d = 0; d < model_->depthCount(*it); ++d)
            if (auto hit = model_->eventAt(*it, d, t, slop))
                return hit;
    return std::nullopt;
}

double LanePlottable::selectTest(const QPointF& pos, bool onlySelectable, QVariant* details) const {
    if (onlySelectable && mSelectable == QCP::stNone)
        return -1;
    const auto hit = hitTest(pos);
    if (!hit)
        return -1;
    if (details)
        details->setValue(static_cast<quint32>(*hit));
    const auto& e = model_->trace()->events[*hit];
    const TimeMapping map = mapping();
    const double x0 = map.toPixel(static_cast<double>(e.start_ns));
    const double x1 = map.toPixel(static_cast<double>(e.end_ns));
    if (pos.x() >= x0 && pos.x() <= x1)
        return 0.0;
    return std::min(std::abs(pos.x() - x0), std::abs(pos.x() - x1));
}

}  // namespace syncscope
