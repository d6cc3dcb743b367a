#include "ui/code/step_highlight.h"

#include <qcustomplot.h>

#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

StepHighlight::StepHighlight(TimelineView* timeline) : QObject(timeline), timeline_(timeline) {}

StepHighlight::~StepHighlight() {
    clear();
}

void StepHighlight::show(const std::vector<std::uint32_t>& events) {
    clear();
    if (!timeline_ || !timeline_->trace() || !timeline_->model())
        return;
    QCustomPlot* plot = timeline_->plot();
    const Trace& trace = *timeline_->trace();
    const Theme& theme = timeline_->theme();
    QColor fill = theme.selection;
    fill.setAlpha(70);
    for (const std::uint32_t index : events) {
        if (index >= trace.events.size())
            continue;
        const TraceEvent& e = trace.events[index];
        const int row = timeline_->model()->slotOf(index);  // the value axis counts slots
        if (row < 0)
            continue;
        auto* rect = new QCPItemRect(plot);
        rect->setClipAxisRect(plot->axisRect());
        rect->setClipToAxisRect(true);
        rect->setSelectable(false);
        rect->topLeft->setCoords(double(e.start_ns), row + 0.08);
        rect->bottomRight->setCoords(double(e.end_ns), row + 0.92);
        rect->setPen(QPen(theme.selection, 2.0));
        rect->setBrush(fill);
        items_.push_back(rect);
        events_.push_back(index);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void StepHighlight::clear() {
    events_.clear();
    if (items_.empty())
        return;
    if (timeline_) {
        QCustomPlot* plot = timeline_->plot();
        for (QCPItemRect* item : items_)
            plot->removeItem(item);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    items_.clear();
}

}  // namespace syncscope
