#include "ui/replay/replay_overlay.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <algorithm>

#include "core/analysis/time_format.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {

const QString kLayer = QStringLiteral("replay");

}  // namespace

ReplayOverlay::ReplayOverlay(TimelineView* view) : QObject(view), view_(view) {
    auto* plot = view->plot();
    // Above the callouts, below the box-zoom and ruler overlay.
    if (!plot->layer(kLayer))
        plot->addLayer(kLayer, plot->layer(QStringLiteral("callouts")), QCustomPlot::limAbove);
    layer_ = plot->layer(kLayer);
    auto* main = plot->axisRect();
    line_ = new QCPItemStraightLine(plot);
    text_ = new QCPItemText(plot);
    memory_curtain_ = new QCPItemRect(plot);
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(line_), static_cast<QCPAbstractItem*>(text_)}) {
        item->setLayer(layer_);
        item->setClipAxisRect(main);
        item->setClipToAxisRect(true);
        item->setSelectable(false);
        item->setVisible(false);
    }
    auto* memory = view->memoryPlot()->axisRect();
    memory_curtain_->setLayer(layer_);
    memory_curtain_->setClipAxisRect(memory);
    memory_curtain_->setClipToAxisRect(true);
    memory_curtain_->setSelectable(false);
    memory_curtain_->setVisible(false);
    for (auto* pos : {memory_curtain_->topLeft, memory_curtain_->bottomRight}) {
        pos->setTypeX(QCPItemPosition::ptPlotCoords);
        pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        pos->setAxes(view->memoryPlot()->timeAxis(), memory->axis(QCPAxis::atLeft));
        pos->setAxisRect(memory);
    }
    text_->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text_->position->setAxes(plot->xAxis, plot->yAxis);
    text_->position->setAxisRect(main);
    text_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text_->setPadding(QMargins(4, 2, 4, 2));
    // Panning while paused must keep the curtain over the whole future.
    connect(view, &TimelineView::visibleRangeChanged, this, [this] {
        if (now_)
            place();
    });
}

QString ReplayOverlay::label(TimeNs now, TimeNs begin) {
    return QCoreApplication::translate("ReplayOverlay", "now %1")
        .arg(QString::fromStdString(formatDuration(now - begin)));
}

void ReplayOverlay::setNow(std::optional<TimeNs> now) {
    if (!view_)
        return;
    auto* plot = view_->plot();
    auto* flows = plot->layer(QStringLiteral("flows"));
    if (now && !now_) {
        flows_were_visible_ = flows->visible();
        flows->setVisible(false);
    } else if (!now && now_) {
        flows->setVisible(flows_were_visible_);
    }
    // A callout appears once what it points at has begun, as a trainer would say it.
    view_->callouts()->setNow(now);
    now_ = now;
    view_->lanes()->setNowNs(now);
    line_->setVisible(now.has_value());
    text_->setVisible(now.has_value());
    memory_curtain_->setVisible(now.has_value());
    if (now)
        place();
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void ReplayOverlay::place() {
    const Theme& theme = view_->theme();
    const double x = static_cast<double>(*now_);
    line_->point1->setCoords(x, 0.0);
    line_->point2->setCoords(x, 1.0);
    line_->setPen(QPen(theme.selection, std::max(2.0, theme.outlineWidth * 2.0)));
    const TimeNs begin = view_->model() ? view_->model()->beginNs() : 0;
    text_->setText(label(*now_, begin));
    text_->setFont(theme.font);
    text_->setColor(theme.plotBackground);
    text_->setBrush(theme.selection);
    text_->setPen(Qt::NoPen);
    text_->position->setCoords(x, 0.0);
    // Near the right edge (the end of the run) the label goes to the left of the line.
    auto* plot = view_->plot();
    const double text_px = QFontMetricsF(theme.font).horizontalAdvance(text_->text()) + 12.0;
    const bool flip = plot->xAxis->coordToPixel(x) + text_px > plot->axisRect()->right();
    text_->setPositionAlignment((flip ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    const double right = std::max(x, plot->xAxis->range().upper);
    memory_curtain_->topLeft->setCoords(x, 0.0);
    memory_curtain_->bottomRight->setCoords(right, 1.0);
    memory_curtain_->setPen(Qt::NoPen);
    memory_curtain_->setBrush(theme.plotBackground);
}

}  // namespace syncscope
