#include "ui/timeline/overview_strip.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/timeline/lane_layout.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {
constexpr int kRowPx = 9;  // room for a readable label per row
constexpr int kPadPx = 2;
constexpr double kEdgeGrabPx = 4.0;
constexpr double kMinWindowPx = 3.0;
}  // namespace

OverviewStrip::OverviewStrip(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("overview"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(
        tr("Overview of the whole trace: darker is busier. Click or drag to move the view, "
           "drag the window's edges to zoom."));
}

void OverviewStrip::setContent(std::shared_ptr<const TimelineModel> model,
                               const LaneLayout& layout) {
    model_ = std::move(model);
    rows_.clear();
    const Trace* trace = model_ ? model_->trace() : nullptr;
    if (trace) {
        Row host{tr("host"), {}, false};
        for (const auto& group : layout.groups()) {
            Row gpu{group.name, {}, true};
            for (const auto lane : group.lanes) {
                if (layout.isHidden(lane) || lane >= trace->lanes.size())
                    continue;
                if (isGpuLane(trace->lanes[lane].kind))
                    gpu.lanes.push_back(lane);
                else if (trace->lanes[lane].kind == LaneKind::HostThread)
                    host.lanes.push_back(lane);
            }
            if (!gpu.lanes.empty())
                rows_.push_back(std::move(gpu));
        }
        if (!host.lanes.empty())
            rows_.insert(rows_.begin(), std::move(host));
        begin_ = static_cast<double>(model_->beginNs());
        end_ = static_cast<double>(std::max(model_->endNs(), model_->beginNs() + 1));
    }
    updateGeometry();
    invalidateImage();
}

void OverviewStrip::setTheme(const Theme& theme) {
    theme_ = theme;
    invalidateImage();
}

void OverviewStrip::setWindow(double lo, double hi) {
    lo_ = lo;
    hi_ = hi;
    update();
}

void OverviewStrip::setMargins(int left, int right) {
    if (left == left_ && right == right_)
        return;
    left_ = left;
    right_ = right;
    invalidateImage();
}

int OverviewStrip::rowPx() const {
    return kRowPx;
}

QSize OverviewStrip::sizeHint() const {
    const int rows = std::max<int>(1, static_cast<int>(rows_.size()));
    return {400, rows * rowPx() + 2 * kPadPx};
}

QSize OverviewStrip::minimumSizeHint() const {
    return {100, sizeHint().height()};
}

QRect OverviewStrip::area() const {
    return QRect(left_, kPadPx, std::max(1, width() - left_ - right_),
                 std::max(1, height() - 2 * kPadPx));
}

double OverviewStrip::xAt(double t) const {
    const QRect a = area();
    return a.left() + (t - begin_) / (end_ - begin_) * a.width();
}

double OverviewStrip::timeAt(double x) const {
    const QRect a = area();
    return begin_ + (x - a.left()) / a.width() * (end_ - begin_);
}

QRectF OverviewStrip::windowRect() const {
    const QRect a = area();
    double x0 = std::clamp(xAt(lo_), double(a.left()), double(a.right() + 1));
    double x1 = std::clamp(xAt(hi_), double(a.left()), double(a.right() + 1));
    // However far in the view is zoomed, the window stays visible and grabbable.
    if (x1 - x0 < kMinWindowPx) {
        const double mid = (x0 + x1) / 2.0;
        x0 = mid - kMinWindowPx / 2.0;
        x1 = mid + kMinWindowPx / 2.0;
    }
    return QRectF(QPointF(x0, a.top()), QPointF(x1, a.bottom() + 1));
}

std::vector<double> OverviewStrip::density(const TimelineModel& model,
                                           const std::vector<std::uint16_t>& lanes, double t0,
                                           double t1, int columns) {
    std::vector<double> share(static_cast<std::size_t>(std::max(0, columns)), 0.0);
    if (columns <= 0 || !(t1 > t0))
        return share;
    const double step = (t1 - t0) / columns;
    // Columns much wider than a lane's summary buckets read their busy time there, as the lanes'
    // coverage does: two reads of one small array per column, where the exact busy time searches
    // the lane's events (at 10 M events the strip's first paint after an open was milliseconds of
    // cold pages). Off by less than one bucket per column, which the strip's shading cannot show.
    std::vector<const BusySummary*> summaries;
    summaries.reserve(lanes.size());
    for (const auto lane : lanes) {
        const BusySummary* summary = model.busySummary(lane);
        summaries.push_back(summary && summary->resolves(step) ? summary : nullptr);
    }
    for (int c = 0; c < columns; ++c) {
        const auto a = static_cast<TimeNs>(std::floor(t0 + c * step));
        const auto b =
            std::max<TimeNs>(a + 1, static_cast<TimeNs>(std::floor(t0 + (c + 1) * step)));
        double busy = 0;
        for (std::size_t l = 0; l < lanes.size(); ++l)
            busy += summaries[l] != nullptr
                        ? std::max(0.0, summaries[l]->busyBefore(b) - summaries[l]->busyBefore(a))
                        : static_cast<double>(model.busyNs(lanes[l], a, b));
        share[static_cast<std::size_t>(c)] =
            std::clamp(busy / static_cast<double>(b - a), 0.0, 1.0);
    }
    return share;
}

void OverviewStrip::invalidateImage() {
    // Rebuilt when next painted: a new trace sets the content, the margins and the size in one
    // go, and each rebuild reads the busy time of every column (ms at 10 M events).
    image_dirty_ = true;
    update();
}

void OverviewStrip::rebuildImage() {
    image_dirty_ = false;
    const QRect a = area();
    image_ = QImage(a.size(), QImage::Format_ARGB32_Premultiplied);
    image_.fill(theme_.plotBackground);
    if (!model_ || rows_.empty())
        return;
    QPainter p(&image_);
    const int rowH = std::max(1, a.height() / static_cast<int>(rows_.size()));
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const auto share = density(*model_, rows_[r].lanes, begin_, end_, a.width());
        const QColor full = theme_.kindColor(rows_[r].gpu ? EventKind::Kernel : EventKind::ApiCall);
        const int y = static_cast<int>(r) * rowH;
        for (int c = 0; c < a.width(); ++c) {
            const double s = share[static_cast<std::size_t>(c)];
            if (s <= 0)
                continue;
            QColor col = full;
            // Anything busy at all shows: a lone short kernel in a wide column is still work.
            col.setAlphaF(static_cast<float>(0.15 + 0.85 * s));
            p.fillRect(c, y, 1, rowH - 1, col);
        }
    }
}

void OverviewStrip::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    invalidateImage();
}

void OverviewStrip::paintEvent(QPaintEvent*) {
    if (image_dirty_)
        rebuildImage();
    QPainter p(this);
    p.fillRect(rect(), theme_.background);
    const QRect a = area();
    p.drawImage(a.topLeft(), image_);
    QFont small = theme_.font;
    small.setPixelSize(std::max(6, rowPx()));
    p.setFont(small);
    p.setPen(theme_.foreground);
    if (!rows_.empty()) {
        const int rowH = std::max(1, a.height() / static_cast<int>(rows_.size()));
        for (std::size_t r = 0; r < rows_.size(); ++r)
            p.drawText(QRect(0, a.top() + static_cast<int>(r) * rowH, std::max(0, left_ - 6), rowH),
                       Qt::AlignRight | Qt::AlignVCenter, rows_[r].label);
    }
    if (!model_)
        return;
    const QRectF w = windowRect();
    QColor shade = theme_.foreground;
    shade.setAlpha(40);
    // Dim what is outside the window so the window reads as a light rectangle.
    p.fillRect(QRectF(QPointF(a.left(), a.top()), QPointF(w.left(), a.bottom() + 1)), shade);
    p.fillRect(QRectF(QPointF(w.right(), a.top()), QPointF(a.right() + 1, a.bottom() + 1)), shade);
    p.setPen(QPen(theme_.selection, 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawRect(w.adjusted(0.5, 0.5, -0.5, -0.5));
}

OverviewStrip::Drag OverviewStrip::dragAt(double x) const {
    const QRectF w = windowRect();
    if (std::abs(x - w.left()) <= kEdgeGrabPx && w.width() > 2 * kEdgeGrabPx)
        return Drag::Left;
    if (std::abs(x - w.right()) <= kEdgeGrabPx)
        return Drag::Right;
    return Drag::Move;
}

void OverviewStrip::mousePressEvent(QMouseEvent* event) {
    if (!model_ || event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const double x = event->position().x();
    drag_ = dragAt(x);
    const QRectF w = windowRect();
    if (drag_ == Drag::Move && (x < w.left() || x > w.right())) {
        // A click beside the window centres it there, and the drag goes on from the centre.
        const double span = hi_ - lo_;
        const double t = timeAt(x);
        emit windowRequested(t - span / 2.0, t + span / 2.0);
    }
    grab_offset_ = timeAt(x) - lo_;
    event->accept();
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* event) {
    const double x = event->position().x();
    if (drag_ == Drag::None) {
        const Drag d = model_ ? dragAt(x) : Drag::None;
        setCursor(d == Drag::Left || d == Drag::Right ? Qt::SizeHorCursor : Qt::ArrowCursor);
        return;
    }
    const double t = timeAt(x);
    const double minSpan = (end_ - begin_) / std::max(1, area().width()) * kMinWindowPx;
    switch (drag_) {
        case Drag::Move:
            emit windowRequested(t - grab_offset_, t - grab_offset_ + (hi_ - lo_));
            break;
        case Drag::Left:
            emit windowRequested(std::min(t, hi_ - minSpan), hi_);
            break;
        case Drag::Right:
            emit windowRequested(lo_, std::max(t, lo_ + minSpan));
            break;
        case Drag::None:
            break;
    }
    event->accept();
}

void OverviewStrip::mouseReleaseEvent(QMouseEvent* event) {
    drag_ = Drag::None;
    event->accept();
}

}  // namespace syncscope
