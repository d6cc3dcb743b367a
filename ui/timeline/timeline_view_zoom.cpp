// TimelineView's zoom and pan: fit, a range, the focus window, by a factor or by pixels, always
// inside the trace. The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/analysis/focus_resolver.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/marker_layer.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {

// The narrowest range the view zooms to.
constexpr double kMinSpanNs = 10.0;

}  // namespace

void TimelineView::zoomToFit() {
    double lo = model_ ? static_cast<double>(model_->beginNs()) : 0.0;
    double hi = model_ ? static_cast<double>(model_->endNs()) : 1.0;
    // The events, not a tail of memory samples after the last of them (they stay scrollable).
    if (model_ && model_->eventSpan().first <= model_->eventSpan().second) {
        lo = static_cast<double>(std::min<TimeNs>(model_->eventSpan().first, 0));
        hi = static_cast<double>(
            std::max(model_->eventSpan().second, model_->eventSpan().first + 1));
    }
    const double pad = std::max(1.0, (hi - lo) * 0.01);
    plot_->xAxis->setRange(lo - pad, hi + pad);
    user_zoomed_ = false;
    requestReplot();
}

void TimelineView::zoomToRange(TimeNs a, TimeNs b) {
    if (a > b)
        std::swap(a, b);
    setRangeClamped(static_cast<double>(a), static_cast<double>(b));
    user_zoomed_ = true;
    requestReplot();
}

bool TimelineView::zoomToFocus() {
    const auto window = trace_ ? FocusResolver::resolve(*trace_) : std::nullopt;
    if (!window)
        return false;
    zoomToRange(window->first, window->second);
    return true;
}

std::pair<double, double> TimelineView::visibleRange() const {
    return {plot_->xAxis->range().lower, plot_->xAxis->range().upper};
}

void TimelineView::setRangeClamped(double lo, double hi) {
    if (hi - lo < kMinSpanNs) {
        const double mid = (lo + hi) / 2.0;
        lo = mid - kMinSpanNs / 2.0;
        hi = mid + kMinSpanNs / 2.0;
    }
    // Never lose the trace entirely: at most 4x its extent, and always overlapping it.
    const double b = model_ ? static_cast<double>(model_->beginNs()) : 0.0;
    const double e = model_ ? static_cast<double>(model_->endNs()) : 1.0;
    const double extent = std::max(kMinSpanNs, e - b);
    if (hi - lo > 4.0 * extent) {
        const double mid = (lo + hi) / 2.0;
        lo = mid - 2.0 * extent;
        hi = mid + 2.0 * extent;
    }
    const double span = hi - lo;
    if (hi < b + span * 0.1) {
        hi = b + span * 0.1;
        lo = hi - span;
    }
    if (lo > e - span * 0.1) {
        lo = e - span * 0.1;
        hi = lo + span;
    }
    plot_->xAxis->setRange(lo, hi);
}

double TimelineView::timeAtPixel(double x) const {
    return plot_->xAxis->pixelToCoord(x);
}

void TimelineView::zoomBy(double factor, double centerPx) {
    const auto r = plot_->xAxis->range();
    const double c = timeAtPixel(centerPx);
    setRangeClamped(c - (c - r.lower) * factor, c + (r.upper - c) * factor);
    user_zoomed_ = true;
    requestReplot();
}

void TimelineView::panByPixels(double dx) {
    const auto r = plot_->xAxis->range();
    const double ns = dx * r.size() / std::max(1, plot_->axisRect()->width());
    setRangeClamped(r.lower + ns, r.upper + ns);
    user_zoomed_ = true;
    requestReplot();
}

void TimelineView::requestReplot() {
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace syncscope
