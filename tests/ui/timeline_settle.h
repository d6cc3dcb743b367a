#pragma once

// What the timeline tests do before they read pixels or geometry: draw now, let queued layout
// and resize events run, and draw again with what they changed.

#include <qcustomplot.h>

#include <QCoreApplication>

#include "ui/timeline/timeline_view.h"

namespace syncscope::testing {

inline void settle(TimelineView& view) {
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCoreApplication::processEvents();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
}

}  // namespace syncscope::testing
