#include "ui/compare/timeline_sync.h"

#include <qcustomplot.h>

#include "core/compare/event_matcher.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

TimelineSync::TimelineSync(TimelineView* a, TimelineView* b, QObject* parent)
    : QObject(parent), a_(a), b_(b) {
    connect(a, &TimelineView::visibleRangeChanged, this,
            [this](double lo, double hi) { followRange(a_, b_, lo, hi); });
    connect(b, &TimelineView::visibleRangeChanged, this,
            [this](double lo, double hi) { followRange(b_, a_, lo, hi); });
    connect(a, &TimelineView::eventSelected, this,
            [this](std::optional<std::uint32_t> i) { followSelection(a_, b_, i); });
    connect(b, &TimelineView::eventSelected, this,
            [this](std::optional<std::uint32_t> i) { followSelection(b_, a_, i); });
}

void TimelineSync::followRange(TimelineView* from, TimelineView* to, double lo, double hi) {
    if (busy_ || !from || !to)
        return;
    busy_ = true;
    // The axis itself, not zoomToRange: each view clamps to its own run's extent, and the two
    // halves must show one time axis even where one run is longer.
    to->plot()->xAxis->setRange(lo, hi);
    to->plot()->replot(QCustomPlot::rpQueuedReplot);
    busy_ = false;
}

void TimelineSync::followSelection(TimelineView* from, TimelineView* to,
                                   std::optional<std::uint32_t> index) {
    if (busy_ || !from || !to || !from->trace() || !to->trace())
        return;
    busy_ = true;
    std::optional<std::uint32_t> twin;
    if (index)
        twin = EventMatcher(*from->trace(), *to->trace()).match(*index);
    if (twin)
        to->selectEvent(*twin);
    else
        to->clearSelection();  // a stale twin would point at the wrong event
    busy_ = false;
}

}  // namespace syncscope
