// TimelineView's overview strip, markers, W/A/S/D keys and the range picked on the time ruler.
// The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QAction>
#include <QKeyEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/timeline/marker_layer.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {
constexpr int kRangeSlopPx = 4;
constexpr double kKeyZoom = 0.8;  // W: 20 % narrower; S undoes it exactly
}  // namespace

void TimelineView::createNavigation() {
    overview_ = new OverviewStrip(this);
    if (auto* box = qobject_cast<QVBoxLayout*>(layout()))
        box->insertWidget(1, overview_);  // under the search bar, above the lanes
    connect(overview_, &OverviewStrip::windowRequested, this, [this](double lo, double hi) {
        setRangeClamped(lo, hi);
        user_zoomed_ = true;
        requestReplot();
    });
    connect(this, &TimelineView::visibleRangeChanged, overview_, &OverviewStrip::setWindow);
    connect(this, &TimelineView::laneLayoutChanged, this,
            [this] { overview_->setContent(model_, lane_layout_); });
    // The strip's columns line up with the plot's time axis.
    connect(plot_, &QCustomPlot::afterLayout, this, [this] {
        const QRect a = plot_->axisRect()->rect();
        const int left = plot_->x() + a.left();
        overview_->setMargins(left, std::max(0, width() - (plot_->x() + a.right() + 1)));
    });

    plot_->addLayer(QStringLiteral("markers"), plot_->layer(QStringLiteral("flows")),
                    QCustomPlot::limAbove);
    markers_ = new MarkerLayer(plot_->xAxis, plot_->yAxis);
    markers_->setLayer(QStringLiteral("markers"));

    show_overview_ = new QAction(tr("&Overview"), this);
    show_overview_->setCheckable(true);
    show_overview_->setChecked(true);
    show_overview_->setStatusTip(
        tr("A strip above the lanes with the whole trace's busy time and the visible window"));
    connect(show_overview_, &QAction::toggled, this, &TimelineView::setOverviewVisible);
    add_marker_ = new QAction(tr("Add &Marker"), this);
    add_marker_->setStatusTip(
        tr("Mark the selected event's start, or the middle of the view (M over the lanes marks "
           "the time under the cursor)"));
    connect(add_marker_, &QAction::triggered, this, [this] { addMarker(markerTime(false)); });
    previous_marker_ = new QAction(tr("&Previous Marker"), this);
    previous_marker_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    connect(previous_marker_, &QAction::triggered, this, &TimelineView::previousMarker);
    next_marker_ = new QAction(tr("&Next Marker"), this);
    next_marker_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    connect(next_marker_, &QAction::triggered, this, &TimelineView::nextMarker);
    clear_markers_ = new QAction(tr("C&lear Markers"), this);
    connect(clear_markers_, &QAction::triggered, this, &TimelineView::clearMarkers);
    addActions({previous_marker_, next_marker_});
    updateMarkerActions();
}

QList<QAction*> TimelineView::navigationActions() const {
    return {show_overview_, add_marker_, previous_marker_, next_marker_, clear_markers_};
}

void TimelineView::setOverviewVisible(bool visible) {
    overview_->setVisible(visible);
    if (show_overview_->isChecked() != visible)
        show_overview_->setChecked(visible);
}

bool TimelineView::overviewVisible() const {
    return !overview_->isHidden();
}

const std::vector<TimeNs>& TimelineView::markers() const {
    return markers_->markers();
}

void TimelineView::addMarker(TimeNs t) {
    markers_->add(t);
    updateMarkerActions();
    requestReplot();
}

void TimelineView::clearMarkers() {
    markers_->clear();
    updateMarkerActions();
    requestReplot();
}

void TimelineView::updateMarkerActions() {
    const bool any = !markers_->markers().empty();
    previous_marker_->setEnabled(any);
    next_marker_->setEnabled(any);
    clear_markers_->setEnabled(any);
}

bool TimelineView::stepMarker(bool forward) {
    const auto r = plot_->xAxis->range();
    const double centre = r.center();
    const TimeNs* m = forward ? markers_->next(centre) : markers_->previous(centre);
    if (!m)
        return false;
    // Keep the zoom; bring the marker to the middle.
    const double shift = static_cast<double>(*m) - centre;
    setRangeClamped(r.lower + shift, r.upper + shift);
    user_zoomed_ = true;
    requestReplot();
    return true;
}

bool TimelineView::nextMarker() {
    return stepMarker(true);
}

bool TimelineView::previousMarker() {
    return stepMarker(false);
}

double TimelineView::cursorPx() const {
    if (mouse_in_plot_ && plot_->axisRect()->rect().contains(mouse_pos_))
        return mouse_pos_.x();
    return plot_->axisRect()->center().x();
}

TimeNs TimelineView::markerTime(bool atCursor) const {
    if (atCursor && mouse_in_plot_ && plot_->axisRect()->rect().contains(mouse_pos_))
        return static_cast<TimeNs>(std::llround(timeAtPixel(mouse_pos_.x())));
    if (selected_ && trace_ && *selected_ < trace_->events.size())
        return trace_->events[*selected_].start_ns;
    return static_cast<TimeNs>(std::llround(plot_->xAxis->range().center()));
}

bool TimelineView::handleNavigationKey(QKeyEvent* event) {
    // Plain letters only: Ctrl+S, Ctrl+D and friends belong to the window's menus.
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    const double page = plot_->axisRect()->width() * 0.1;
    switch (event->key()) {
        case Qt::Key_W:
            zoomBy(kKeyZoom, cursorPx());
            return true;
        case Qt::Key_S:
            zoomBy(1.0 / kKeyZoom, cursorPx());
            return true;
        case Qt::Key_A:
            panByPixels(-page);
            return true;
        case Qt::Key_D:
            panByPixels(page);
            return true;
        case Qt::Key_M:
            addMarker(markerTime(true));
            return true;
        case Qt::Key_F:  // frame the selection, as in Perfetto
            frameSelection();
            return true;
        case Qt::Key_BracketLeft:
            previousMarker();
            return true;
        case Qt::Key_BracketRight:
            nextMarker();
            return true;
        default:
            return false;
    }
}

bool TimelineView::inTimeRuler(QPoint plotPos) const {
    // The strip of the lanes' time axis: under the lanes, as wide as them, down to the axis'
    // labels (not the memory plot below).
    const QRect a = plot_->axisRect()->rect();
    const QRect outer = plot_->axisRect()->outerRect();
    return plotPos.x() >= a.left() && plotPos.x() <= a.right() && plotPos.y() > a.bottom() &&
           plotPos.y() <= outer.bottom();
}

void TimelineView::finishRangeDrag(QPoint plotPos) {
    if (std::abs(plotPos.x() - press_pos_.x()) < kRangeSlopPx) {
        // A click on the axis, as before ranges: drop the band and the selection.
        hideOverlay();
        setSelected(std::nullopt, true);
        return;
    }
    const double t = timeAtPixel(plotPos.x());
    const auto a = static_cast<TimeNs>(std::llround(std::min(press_time_, t)));
    const auto b = static_cast<TimeNs>(std::llround(std::max(press_time_, t)));
    // The band stays up as the range's mark until the next click or Esc.
    range_ = std::make_pair(a, b);
    emit rangeSelected(a, b);
}

std::optional<std::pair<TimeNs, TimeNs>> TimelineView::pickedRange() const {
    return range_;
}

std::vector<bool> TimelineView::countedLanes() const {
    std::vector<bool> counted(trace_ ? trace_->lanes.size() : 0, true);
    for (std::size_t lane = 0; lane < counted.size(); ++lane)
        counted[lane] = !lane_layout_.isHidden(static_cast<std::uint16_t>(lane));
    return counted;
}

}  // namespace syncscope
