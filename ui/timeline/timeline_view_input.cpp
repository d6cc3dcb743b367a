// TimelineView's mouse, wheel and keyboard handling, and the Δt ruler and box-zoom overlay.
// The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/timeline/event_details.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/search_bar.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {
constexpr int kClickSlopPx = 4;
}  // namespace

void TimelineView::showRuler(double t0, double t1) {
    const double y = plot_->yAxis->pixelToCoord(press_pos_.y());
    ruler_a_->point1->setCoords(t0, 0);
    ruler_a_->point2->setCoords(t0, 1);
    ruler_b_->point1->setCoords(t1, 0);
    ruler_b_->point2->setCoords(t1, 1);
    ruler_span_->start->setCoords(t0, y);
    ruler_span_->end->setCoords(t1, y);
    ruler_label_->position->setCoords((t0 + t1) / 2.0, y);
    ruler_label_->setText(QStringLiteral("Δt = ") +
                          durationText(static_cast<TimeNs>(std::llround(std::abs(t1 - t0)))));
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(ruler_a_), static_cast<QCPAbstractItem*>(ruler_b_),
          static_cast<QCPAbstractItem*>(ruler_span_), static_cast<QCPAbstractItem*>(ruler_label_)})
        item->setVisible(true);
    replotOverlay(plot_);
}

void TimelineView::hideOverlay() {
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(box_item_), static_cast<QCPAbstractItem*>(ruler_a_),
          static_cast<QCPAbstractItem*>(ruler_b_), static_cast<QCPAbstractItem*>(ruler_span_),
          static_cast<QCPAbstractItem*>(ruler_label_)})
        item->setVisible(false);
    range_.reset();
    replotOverlay(plot_);
}

bool TimelineView::eventFilter(QObject* watched, QEvent* event) {
    if (watched != plot_)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseMove:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
            return handleMouse(event);
        case QEvent::Wheel:
            return handleWheel(static_cast<QWheelEvent*>(event));
        case QEvent::KeyPress:
            return handleKey(static_cast<QKeyEvent*>(event));
        case QEvent::Leave:
            mouse_in_plot_ = false;
            setHovered(std::nullopt, QPoint());
            showIdleGapCause(QPoint(-1, -1));
            return false;
        default:
            return QWidget::eventFilter(watched, event);
    }
}

bool TimelineView::handleMouse(QEvent* event) {
    auto* me = static_cast<QMouseEvent*>(event);
    const QPoint pos = me->position().toPoint();
    const bool inTimeline = plot_->axisRect()->rect().contains(pos) ||
                            (memory_shown_ && memory_->axisRect()->rect().contains(pos));
    if (event->type() == QEvent::MouseMove) {
        mouse_pos_ = pos;
        mouse_in_plot_ = true;
    }
    if (event->type() == QEvent::MouseButtonDblClick) {
        if (me->button() == Qt::LeftButton && pos.x() < plot_->axisRect()->left()) {
            // On a label: collapse or expand its group.
            const int row = rowAt(plot_->mapTo(this, pos));
            if (row >= 0) {
                const int group = lane_layout_.groupOf(model_->lanesOfRow(row).front());
                setGroupCollapsed(group, !lane_layout_.isCollapsed(group));
            }
            return true;
        }
        if (me->button() == Qt::LeftButton && !eventAt(plot_->mapTo(this, pos)))
            zoomToFit();
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress && me->button() == Qt::RightButton &&
        pos.x() < plot_->axisRect()->left() && rowAt(plot_->mapTo(this, pos)) >= 0) {
        showLaneMenu(pos, me->globalPosition().toPoint());
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress && me->button() == Qt::LeftButton &&
        inTimeRuler(pos)) {
        plot_->setFocus(Qt::MouseFocusReason);
        press_pos_ = pos;
        press_time_ = timeAtPixel(pos.x());
        drag_ = Drag::Range;
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress) {
        if (!inTimeline) {
            // A click on the labels or the axes clears the selection, nothing else.
            if (me->button() == Qt::LeftButton)
                drag_ = Drag::Pending;
            press_pos_ = pos;
            press_range_lo_ = plot_->xAxis->range().lower;
            press_range_hi_ = plot_->xAxis->range().upper;
            return drag_ == Drag::Pending;
        }
        plot_->setFocus(Qt::MouseFocusReason);
        press_pos_ = pos;
        press_range_lo_ = plot_->xAxis->range().lower;
        press_range_hi_ = plot_->xAxis->range().upper;
        press_time_ = timeAtPixel(pos.x());
        const auto mods = me->modifiers();
        if (me->button() == Qt::MiddleButton ||
            (me->button() == Qt::LeftButton && (mods & Qt::AltModifier))) {
            drag_ = Drag::Ruler;
        } else if (me->button() == Qt::RightButton ||
                   (me->button() == Qt::LeftButton && (mods & Qt::ShiftModifier))) {
            drag_ = Drag::Box;
        } else if (me->button() == Qt::LeftButton) {
            drag_ = Drag::Pending;  // a click or the start of a pan
        }
        return true;
    }
    if (event->type() == QEvent::MouseMove) {
        switch (drag_) {
            case Drag::None: {
                const auto hit = eventAt(plot_->mapTo(this, pos));
                // Over a GPU lane with nothing on it: say why the GPU was idle there, with an
                // arrow to the cause. The sentence stays while the pointer is inside the gap: it
                // is not hidden and shown again at every move (the same text does not move).
                const QString why = hit ? QString() : idleGapText(plot_->mapTo(this, pos));
                setHovered(hit, me->globalPosition().toPoint(), !why.isEmpty());
                showIdleGapCause(hit ? QPoint(-1, -1) : plot_->mapTo(this, pos));
                if (!why.isEmpty() && !(QToolTip::isVisible() && QToolTip::text() == why))
                    QToolTip::showText(me->globalPosition().toPoint(), why, plot_);
                return false;
            }
            case Drag::Pending:
                if ((pos - press_pos_).manhattanLength() < kClickSlopPx)
                    return true;
                drag_ = Drag::Pan;
                setHovered(std::nullopt, QPoint());
                [[fallthrough]];
            case Drag::Pan: {
                const double nsPerPx =
                    (press_range_hi_ - press_range_lo_) / std::max(1, plot_->axisRect()->width());
                const double dt = (press_pos_.x() - pos.x()) * nsPerPx;
                setRangeClamped(press_range_lo_ + dt, press_range_hi_ + dt);
                user_zoomed_ = true;
                requestReplot();
                return true;
            }
            case Drag::Box:
            case Drag::Range: {
                box_item_->topLeft->setCoords(press_time_, 0);
                box_item_->bottomRight->setCoords(timeAtPixel(pos.x()),
                                                  std::max(1, model_ ? model_->slotCount() : 1));
                box_item_->setVisible(true);
                replotOverlay(plot_);
                return true;
            }
            case Drag::Ruler:
                showRuler(press_time_, timeAtPixel(pos.x()));
                return true;
        }
    }
    if (event->type() == QEvent::MouseButtonRelease) {
        const Drag was = drag_;
        drag_ = Drag::None;
        switch (was) {
            case Drag::Pending:
                // A click: select what is under it (or clear), and drop a leftover ruler.
                hideOverlay();
                setSelected(eventAt(plot_->mapTo(this, pos)), true);
                return true;
            case Drag::Box: {
                box_item_->setVisible(false);
                replotOverlay(plot_);
                // A right click that did not drag: the lane menu.
                if (me->button() == Qt::RightButton &&
                    (pos - press_pos_).manhattanLength() < kClickSlopPx) {
                    showLaneMenu(pos, me->globalPosition().toPoint());
                    return true;
                }
                if (std::abs(pos.x() - press_pos_.x()) >= kClickSlopPx)
                    zoomToRange(static_cast<TimeNs>(std::min(press_time_, timeAtPixel(pos.x()))),
                                static_cast<TimeNs>(std::max(press_time_, timeAtPixel(pos.x()))));
                return true;
            }
            case Drag::Range:
                finishRangeDrag(pos);
                return true;
            case Drag::Ruler:
            case Drag::Pan:
            case Drag::None:
                return true;
        }
    }
    return false;
}

bool TimelineView::handleWheel(QWheelEvent* event) {
    const QPoint pos = event->position().toPoint();
    const QPoint delta = event->angleDelta();
    // Lanes taller than the view: the plain wheel scrolls them (as every list does), Ctrl+wheel
    // zooms time. Over the memory plot the wheel keeps zooming.
    const bool overLanes = pos.y() <= plot_->axisRect()->rect().bottom();
    if (delta.x() == 0 && delta.y() != 0 && !(event->modifiers() & Qt::ControlModifier) &&
        !(event->modifiers() & Qt::ShiftModifier) && overLanes && scroll_->maximum() > 0) {
        setScrollPx(scroll_px_ - delta.y() / 120.0 * 3.0 * row_px_);
        return true;
    }
    if (delta.x() != 0 || (event->modifiers() & Qt::ShiftModifier)) {
        const int d = delta.x() != 0 ? delta.x() : delta.y();
        panByPixels(-d / 120.0 * plot_->axisRect()->width() * 0.1);
        return true;
    }
    if (delta.y() == 0)
        return true;
    const double steps = delta.y() / 120.0;
    const double base = (event->modifiers() & Qt::ControlModifier) ? 0.6 : 0.8;
    zoomBy(std::pow(base, steps), pos.x());
    return true;
}

bool TimelineView::handleKey(QKeyEvent* event) {
    const double centre = plot_->axisRect()->center().x();
    const double page = plot_->axisRect()->width() * 0.1;
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            zoomBy(0.7, centre);
            return true;
        case Qt::Key_Minus:
        case Qt::Key_Underscore:
            zoomBy(1.0 / 0.7, centre);
            return true;
        case Qt::Key_Left:
            panByPixels(-page);
            return true;
        case Qt::Key_Right:
            panByPixels(page);
            return true;
        case Qt::Key_0:
        case Qt::Key_Home:
            zoomToFit();
            return true;
        case Qt::Key_Up:
        case Qt::Key_Down:
            setScrollPx(scroll_px_ + (event->key() == Qt::Key_Up ? -row_px_ : row_px_));
            return true;
        case Qt::Key_PageUp:
        case Qt::Key_PageDown: {
            const double rowsPage = std::max(row_px_, plot_->axisRect()->height() - row_px_);
            setScrollPx(scroll_px_ + (event->key() == Qt::Key_PageUp ? -rowsPage : rowsPage));
            return true;
        }
        case Qt::Key_Escape:
            hideOverlay();
            if (!search_bar_->isHidden())
                closeSearch();
            setSelected(std::nullopt, true);
            return true;
        default:
            return handleNavigationKey(event);
    }
}

void TimelineView::showLaneMenu(QPoint plotPos, QPoint globalPos) {
    const int row = rowAt(plot_->mapTo(this, plotPos));
    QMenu* menu = laneMenu(row);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    // Not exec(): a modal loop inside a mouse handler would also block tests driving the view.
    menu->popup(globalPos);
}

}  // namespace syncscope
