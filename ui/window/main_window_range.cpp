// The range statistics dock: a range dragged on the timeline's time axis fills it and shows it.
#include <QDockWidget>

#include "ui/timeline/range_stats_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

namespace syncscope {

void MainWindow::buildRangeDock() {
    range_stats_ = new RangeStatsPanel(this);
    range_stats_->setObjectName(QStringLiteral("rangeStats"));
    range_dock_ = new QDockWidget(tr("Range statistics"), this);
    range_dock_->setObjectName(QStringLiteral("rangeDock"));
    range_dock_->setWidget(range_stats_);
    addDockWidget(Qt::BottomDockWidgetArea, range_dock_);
    range_dock_->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    range_dock_->hide();  // until a range is picked, or the user opens it
    // A new trace (open, run, live snapshot) makes the range's figures stale; hiding or showing
    // lanes changes what they count.
    connect(timeline_, &TimelineView::laneLayoutChanged, this, [this] {
        range_stats_->setTrace(timeline_->trace());
        range_stats_->recount(timeline_->countedLanes());
    });
    connect(timeline_, &TimelineView::rangeSelected, this, [this](qint64 t0, qint64 t1) {
        range_stats_->setTrace(timeline_->trace());
        range_stats_->showRange(t0, t1, timeline_->countedLanes());
        range_dock_->show();
        range_dock_->raise();
    });
}

}  // namespace syncscope
