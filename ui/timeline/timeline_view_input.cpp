// TimelineView's mouse, wheel and keyboard handling, and the Δt ruler and box-zoom overlay.
// The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/timeline/event_details.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {
constexpr int kClickSlopPx = 4;
}  // namespace

void TimelineView::showRuler(double t0, double t1) {
    const double y = plot_->yAxis->pixelToCoord(pressPos_.y());
    rulerA_->point1->setCoords(t0, 0);
    rulerA_->point2->setCoords(t0, 1);
    rulerB_->point1->setCoords(t1, 0);
    rulerB_->point2->setCoords(t1, 1);
    rulerSpan_->start->setCoords(t0, y);
    rulerSpan_->end->setCoords(t1, y);
    rulerLabel_->position->setCoords((t0 + t1) / 2.0, y);
    rulerLabel_->setText(QStringLiteral("Δt = ") +
                         durationText(static_cast<TimeNs>(std::llround(std::abs(t1 - t0)))));
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(rulerA_), static_cast<QCPAbstractItem*>(rulerB_),
          static_cast<QCPAbstractItem*>(rulerSpan_), static_cast<QCPAbstractItem*>(rulerLabel_)})
        item->setVisible(true);
    plot_->layer(QStringLiteral("overlay"))->replot();
}

void TimelineView::hideOverlay() {
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(boxItem_), static_cast<QCPAbstractItem*>(rulerA_),
          static_cast<QCPAbstractItem*>(rulerB_), static_cast<QCPAbstractItem*>(rulerSpan_),
          static_cast<QCPAbstractItem*>(rulerLabel_)})
        item->setVisible(false);
    plot_->layer(QStringLiteral("overlay"))->replot();
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
            setHovered(std::nullopt, QPoint());
            return false;
        default:
            return QWidget::eventFilter(watched, event);
    }
}

bool TimelineView::handleMouse(QEvent* event) {
    auto* me = static_cast<QMouseEvent*>(event);
    const QPoint pos = me->position().toPoint();
    const bool inTimeline = plot_->axisRect()->rect().contains(pos) ||
                            (memoryShown_ && memory_->axisRect()->rect().contains(pos));
    if (event->type() == QEvent::MouseButtonDblClick) {
        if (me->button() == Qt::LeftButton && !eventAt(plot_->mapTo(this, pos)))
            zoomToFit();
        return true;
    }
    if (event->type() == QEvent::MouseButtonPress) {
        if (!inTimeline) {
            // A click on the labels or the axes clears the selection, nothing else.
            if (me->button() == Qt::LeftButton)
                drag_ = Drag::Pending;
            pressPos_ = pos;
            pressRangeLo_ = plot_->xAxis->range().lower;
            pressRangeHi_ = plot_->xAxis->range().upper;
            return drag_ == Drag::Pending;
        }
        plot_->setFocus(Qt::MouseFocusReason);
        pressPos_ = pos;
        pressRangeLo_ = plot_->xAxis->range().lower;
        pressRangeHi_ = plot_->xAxis->range().upper;
        pressTime_ = timeAtPixel(pos.x());
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
                setHovered(hit, me->globalPosition().toPoint());
                if (!hit) {
                    // Over a GPU lane with nothing on it: say why the GPU was idle there.
                    const QString why = idleGapText(plot_->mapTo(this, pos));
                    if (!why.isEmpty())
                        QToolTip::showText(me->globalPosition().toPoint(), why, plot_);
                }
                return false;
            }
            case Drag::Pending:
                if ((pos - pressPos_).manhattanLength() < kClickSlopPx)
                    return true;
                drag_ = Drag::Pan;
                setHovered(std::nullopt, QPoint());
                [[fallthrough]];
            case Drag::Pan: {
                const double nsPerPx =
                    (pressRangeHi_ - pressRangeLo_) / std::max(1, plot_->axisRect()->width());
                const double dt = (pressPos_.x() - pos.x()) * nsPerPx;
                setRangeClamped(pressRangeLo_ + dt, pressRangeHi_ + dt);
                userZoomed_ = true;
                requestReplot();
                return true;
            }
            case Drag::Box: {
                boxItem_->topLeft->setCoords(pressTime_, 0);
                boxItem_->bottomRight->setCoords(timeAtPixel(pos.x()),
                                                 std::max(1, model_ ? model_->rowCount() : 1));
                boxItem_->setVisible(true);
                plot_->layer(QStringLiteral("overlay"))->replot();
                return true;
            }
            case Drag::Ruler:
                showRuler(pressTime_, timeAtPixel(pos.x()));
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
                boxItem_->setVisible(false);
                plot_->layer(QStringLiteral("overlay"))->replot();
                if (std::abs(pos.x() - pressPos_.x()) >= kClickSlopPx)
                    zoomToRange(static_cast<TimeNs>(std::min(pressTime_, timeAtPixel(pos.x()))),
                                static_cast<TimeNs>(std::max(pressTime_, timeAtPixel(pos.x()))));
                return true;
            }
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
        case Qt::Key_Escape:
            hideOverlay();
            setSelected(std::nullopt, true);
            return true;
        default:
            return false;
    }
}

}  // namespace syncscope
