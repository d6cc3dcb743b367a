#include "ui/timeline/timeline_view.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "core/analysis/claimed_events.h"
#include "core/analysis/focus_resolver.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/legend_strip.h"
#include "ui/timeline/marker_layer.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/search_bar.h"
#include "ui/timeline/time_ticker.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_plot.h"

namespace syncscope {

namespace {

void styleAxis(QCPAxis* axis, const Theme& t) {
    axis->setBasePen(QPen(t.foreground, 1));
    axis->setTickPen(QPen(t.foreground, 1));
    axis->setSubTickPen(QPen(t.foreground, 1));
    axis->setTickLabelColor(t.foreground);
    axis->setLabelColor(t.foreground);
    axis->setTickLabelFont(t.font);
    QFont label = t.font;
    label.setBold(true);
    axis->setLabelFont(label);
    axis->grid()->setPen(QPen(t.grid, 1, Qt::SolidLine));
    axis->grid()->setSubGridVisible(false);
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
    qRegisterMetaType<std::optional<std::uint32_t>>();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    search_bar_ = new SearchBar(this);
    search_bar_->setObjectName(QStringLiteral("searchBar"));
    search_bar_->hide();
    layout->addWidget(search_bar_);
    auto* plotRow = new QHBoxLayout;
    plotRow->setSpacing(0);
    plot_ = new TimelinePlot(this);
    plotRow->addWidget(plot_, 1);
    scroll_ = new QScrollBar(Qt::Vertical, this);
    scroll_->setObjectName(QStringLiteral("laneScroll"));
    scroll_->hide();
    plotRow->addWidget(scroll_);
    layout->addLayout(plotRow, 1);
    legend_ = new LegendStrip(this);
    legend_->setObjectName(QStringLiteral("legend"));
    layout->addWidget(legend_);
    plot_->setAutoAddPlottableToLegend(false);
    // Memory step lines are drawn with pens wider than 1 px: Qt's stroker makes those slow unless
    // QCustomPlot draws them as segments.
    plot_->setPlottingHint(QCP::phFastPolylines, true);
    plot_->setInteractions(QCP::Interactions());  // all interaction is ours (see eventFilter)
    plot_->setMouseTracking(true);
    plot_->setFocusPolicy(Qt::StrongFocus);
    plot_->installEventFilter(this);
    setFocusProxy(plot_);

    auto* main = plot_->axisRect();
    main->setRangeDrag(Qt::Orientations());
    main->setRangeZoom(Qt::Orientations());
    ticker_.reset(new TimeTicker(plot_->xAxis));
    plot_->xAxis->setTicker(ticker_);
    plot_->yAxis->setRangeReversed(true);
    plot_->yAxis->setTickLength(0, 0);
    plot_->yAxis->setSubTicks(false);
    plot_->yAxis->grid()->setVisible(false);
    plot_->yAxis->setPadding(8);

    memory_ = new MemoryPlot(plot_, 1);
    memory_ticker_.reset(new TimeTicker(memory_->timeAxis()));
    memory_->timeAxis()->setTicker(memory_ticker_);
    // Its ticks line up under the lanes' time axis, whose labels sit just above: a second row of
    // the same labels would take a line of text from the plot.
    memory_->timeAxis()->setTickLabels(false);
    memory_->axisRect()->axis(QCPAxis::atLeft)->grid()->setSubGridVisible(false);
    auto* group = new QCPMarginGroup(plot_);
    main->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    memory_->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    plot_->plotLayout()->setRowStretchFactor(0, 3.0);
    plot_->plotLayout()->setRowStretchFactor(1, 1.0);
    plot_->plotLayout()->setRowSpacing(4);
    // One time axis: the memory rect follows whatever the timeline shows.
    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) {
                memory_->timeAxis()->setRange(r);
                updateLegend();
                emit visibleRangeChanged(r.lower, r.upper);
            });

    lanes_ = new LanePlottable(plot_->xAxis, plot_->yAxis);
    plot_->addLayer(QStringLiteral("flows"), plot_->layer(QStringLiteral("main")),
                    QCustomPlot::limAbove);
    flows_ = new FlowLayer(plot_->xAxis, plot_->yAxis);
    flows_->setLayer(QStringLiteral("flows"));
    // Callouts above the arrows: the lesson's words are never hidden by a flow.
    plot_->addLayer(QStringLiteral("callouts"), plot_->layer(QStringLiteral("flows")),
                    QCustomPlot::limAbove);
    callouts_ = new CalloutLayer(plot_->xAxis, plot_->yAxis);
    callouts_->setLayer(QStringLiteral("callouts"));
    // The torch.cpu.synchronize() labels say the lesson's point, and the names of the bars the
    // lesson is about are what it points at: no callout hides them.
    callouts_->setKeepClear([lanes = lanes_](const TimeMapping& map) {
        std::vector<QRectF> clear = lanes->cpuSyncLabelBoxes(map);
        for (const QRectF& label : lanes->lessonLabelBoxes(map))
            clear.push_back(label);
        return clear;
    });
    callouts_->setLanguage(UiLanguage::current());

    // Transient overlays (box zoom, Δt ruler): a handful of items on the buffered overlay layer,
    // so dragging them repaints that layer only.
    auto onOverlay = [main](QCPAbstractItem* item) {
        item->setLayer(QStringLiteral("overlay"));
        item->setClipAxisRect(main);
        item->setClipToAxisRect(true);
        item->setSelectable(false);
        item->setVisible(false);
    };
    box_item_ = new QCPItemRect(plot_);
    onOverlay(box_item_);
    ruler_a_ = new QCPItemStraightLine(plot_);
    ruler_b_ = new QCPItemStraightLine(plot_);
    onOverlay(ruler_a_);
    onOverlay(ruler_b_);
    ruler_span_ = new QCPItemLine(plot_);
    onOverlay(ruler_span_);
    ruler_span_->setHead(QCPLineEnding::esSpikeArrow);
    ruler_span_->setTail(QCPLineEnding::esSpikeArrow);
    ruler_label_ = new QCPItemText(plot_);
    onOverlay(ruler_label_);
    ruler_label_->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    ruler_label_->setPadding(QMargins(6, 3, 6, 3));
    updateOverlayMode(plot_);  // nothing shows on it yet: no buffer of its own

    // Row height and scroll follow the axis rect's size, known only once QCustomPlot laid it out.
    connect(plot_, &QCustomPlot::afterLayout, this, &TimelineView::layoutRows);
    connect(scroll_, &QScrollBar::valueChanged, this, [this](int v) { setScrollPx(v); });

    setMinimumSize(320, 200);
    createNavigation();
    applyTheme();
    createLaneActions();
    createSearch();
    applyLaneLayout();
}

TimelineView::~TimelineView() = default;

std::shared_ptr<const Trace> TimelineView::trace() const {
    return trace_;
}

std::vector<std::uint32_t> TimelineView::lessonEvents() const {
    // A lesson is a scenario run with claims or callouts: small. A long run's live snapshots or
    // an import have neither, and cost nothing here.
    std::vector<std::uint32_t> events;
    if (!trace_ || !trace_->scenario ||
        (trace_->scenario->expect.empty() && trace_->scenario->callouts.empty()))
        return events;
    events = ClaimedEvents::of(*trace_);
    for (const std::uint32_t e : callouts_->calloutEvents())
        events.push_back(e);
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    return events;
}

void TimelineView::setTrace(std::shared_ptr<const Trace> trace) {
    setTrace(std::move(trace), nullptr);
}

void TimelineView::setTrace(std::shared_ptr<const Trace> trace,
                            std::shared_ptr<TimelineModel> model) {
    // A Δt ruler measures this trace: a re-run (which starts empty) or another document drops it.
    const bool grows = trace_ && trace && trace->title == trace_->title &&
                       trace->source == trace_->source &&
                       trace->events.size() >= trace_->events.size();
    // A live run's trace grows in place between snapshots (RunController): the model indexes
    // what it gained instead of everything again, so a run shown live costs O(new) per update.
    const bool appended = trace && trace == trace_ && model_ && model_->trace() == trace.get();
    trace_ = std::move(trace);
    explainer_.setTrace(trace_);
    if (appended)
        model_->append();
    else
        model_ = model && model->trace() == trace_.get() ? std::move(model)
                                                         : std::make_shared<TimelineModel>(trace_);
    // A live run's growing snapshots keep what the user did to the lanes; a new trace starts over.
    if (trace_) {
        if (!lane_layout_.adopt(*trace_, model_->naturalOrder())) {
            scroll_px_ = 0.0;
            // An imported program whose host threads stack deeper than a screen's worth of rows
            // (Python frames): its GPU lanes go first, where they are seen without scrolling.
            if (!trace_->scenario) {
                int host_slots = 0;
                for (std::uint16_t l = 0; l < trace_->lanes.size(); ++l)
                    if (trace_->lanes[l].kind == LaneKind::HostThread)
                        host_slots += model_->depthCount(l);
                if (host_slots > kDeepHostSlots)
                    lane_layout_.putGpuLanesFirst(*trace_);
            }
        }
    } else {
        lane_layout_.reset(Trace{}, {});
        scroll_px_ = 0.0;
    }
    // Hidden without a replot of their layer: the plot is not laid out for the new trace yet,
    // and the full replot below draws the overlay anyway.
    if (!grows) {
        for (QCPAbstractItem* item :
             {static_cast<QCPAbstractItem*>(box_item_), static_cast<QCPAbstractItem*>(ruler_a_),
              static_cast<QCPAbstractItem*>(ruler_b_), static_cast<QCPAbstractItem*>(ruler_span_),
              static_cast<QCPAbstractItem*>(ruler_label_)})
            item->setVisible(false);
        range_.reset();
        updateOverlayMode(plot_);
    }
    search_.setTrace(trace_);
    const auto keepSelection = selected_;
    lanes_->setModel(model_);
    flows_->setModel(model_);
    callouts_->setModel(model_);
    lanes_->setLessonEvents(lessonEvents());
    if (trace_) {
        memory_->setTrace(*trace_, model_->endNs());
    } else {
        memory_->setTrace(Trace{}, 0);
    }
    updateMemoryVisibility();
    applyLaneLayout();
    // A live run appends; indices of earlier events stay valid, so a selection survives.
    if (keepSelection && trace_ && *keepSelection < trace_->events.size()) {
        selected_ = keepSelection;
    } else {
        selected_.reset();
    }
    hovered_.reset();
    lanes_->setSelectedEvent(selected_);
    flows_->setSelectedEvent(selected_);
    if (!user_zoomed_) {
        zoomToFit();
    } else {
        requestReplot();
    }
}

void TimelineView::setTheme(const Theme& theme) {
    theme_ = theme;
    applyTheme();
    updateLegend();
    requestReplot();
}

void TimelineView::applyTheme() {
    const auto& t = theme_;
    plot_->setBackground(t.background);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, t.background);
    setPalette(pal);
    plot_->axisRect()->setBackground(t.plotBackground);
    for (auto* axis : plot_->axisRect()->axes())
        styleAxis(axis, t);
    for (auto* axis : memory_->axisRect()->axes())
        styleAxis(axis, t);
    // Without its tick labels the time axis leaves no room under the plot for the lowest value
    // label, which hangs below the axis: QCustomPlot drops a label that would leave the picture
    // (half a line was not enough for the presentation theme's labels).
    memory_->timeAxis()->setPadding(QFontMetrics(t.font).height() * 3 / 5 + 4);
    QFont laneFont = t.font;
    plot_->yAxis->setTickLabelFont(laneFont);
    // Room right of the plots for half a time label: QCustomPlot drops a tick label that would
    // stick out of the widget, so without it the axis loses its last label at the right end.
    const int right = QFontMetrics(t.font).horizontalAdvance(QStringLiteral("00.00 ms")) / 2 + 4;
    for (auto* rect : {plot_->axisRect(), memory_->axisRect()}) {
        rect->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
        QMargins m = rect->margins();
        m.setRight(right);
        rect->setMargins(m);
    }
    // The memory plot's margins grow with the type (tick labels, axis title, its series legend),
    // so a share of the height alone leaves a projector picture a sliver of a plot under its own
    // legend: keep its inner area at least a few text lines tall.
    memory_->axisRect()->setSizeConstraintRect(QCPLayoutElement::scrInnerRect);
    fitMemoryMinimum();
    memory_->setTheme(t);
    lanes_->setTheme(t);
    flows_->setTheme(t);
    callouts_->setTheme(t);
    markers_->setTheme(t);
    overview_->setTheme(t);
    box_item_->setPen(QPen(t.selection, 1, Qt::DashLine));
    QColor boxFill = t.selection;
    boxFill.setAlpha(30);
    box_item_->setBrush(boxFill);
    const QPen rulerPen(t.foreground, std::max(1.0, t.outlineWidth), Qt::DashLine);
    ruler_a_->setPen(rulerPen);
    ruler_b_->setPen(rulerPen);
    ruler_span_->setPen(QPen(t.foreground, std::max(1.5, t.outlineWidth)));
    ruler_label_->setColor(t.foreground);
    ruler_label_->setFont(t.font);
    QColor labelBg = t.background;
    labelBg.setAlpha(230);
    ruler_label_->setBrush(labelBg);
    ruler_label_->setPen(QPen(t.foreground));
}

bool TimelineView::fitMemoryMinimum() {
    const int line = QFontMetrics(theme_.font).height();
    // The height being laid out: a picture's (the plot's viewport while it renders), else the
    // widget's. A picture measured by the widget's height came out different each time it was
    // rendered, by whatever size the widget had last.
    const int laid = plot_->viewport().height();
    const int h = laid > 0 ? laid : plot_->height() > 0 ? plot_->height() : height();
    // The memory plot takes a third of what the lanes do not need (their rows at the theme's
    // height, the time axis and room for a lesson's callouts): on a lesson's three lanes a plot a
    // projector shows, where a sixth of the height left it 65 px under its own legend. At least
    // three lines of text (less on a short view) and at most a third of the height.
    const int rows = model_ ? model_->slotCount() : 0;
    const double lane_px =
        std::max<double>(line + 2, static_cast<double>(lane_layout_.heightPx()) *
                                       theme_.laneLabelMinPx / LaneLayout::kDefaultHeightPx);
    const double spare = h - rows * lane_px - 4.0 * line;
    const int least = std::max(2 * line, std::min(3 * line, h / 4));
    const int minimum = std::clamp(static_cast<int>(spare / 3.0), least, std::max(least, h / 3));
    if (memory_->axisRect()->minimumSize().height() == minimum)
        return false;
    memory_->axisRect()->setMinimumSize(0, minimum);
    return true;
}

void TimelineView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitMemoryMinimum();
}

void TimelineView::setMemoryPlotForced(bool forced) {
    memory_forced_ = forced;
    updateMemoryVisibility();
    requestReplot();
}

void TimelineView::updateMemoryVisibility() {
    const bool want = memory_forced_ || memory_->hasActivity();
    if (want == memory_shown_)
        return;
    auto* layout = plot_->plotLayout();
    if (want) {
        layout->addElement(1, 0, memory_->axisRect());
        layout->setRowStretchFactor(1, 1.0);
    } else {
        layout->take(memory_->axisRect());
        layout->simplify();
    }
    memory_->axisRect()->setVisible(want);
    memory_shown_ = want;
}

void TimelineView::setShowFlows(bool show) {
    flows_->setShowAll(show);
    updateLegend();
    requestReplot();
}

bool TimelineView::showFlows() const {
    return flows_->showAll();
}

void TimelineView::setShowCallouts(bool show) {
    callouts_->setVisible(show);
    requestReplot();
}

bool TimelineView::showCallouts() const {
    return callouts_->visible();
}

void TimelineView::setColorByBatch(bool byBatch) {
    lanes_->setColorBy(byBatch ? LanePlottable::ColorBy::Batch : LanePlottable::ColorBy::Kind);
    updateLegend();
    requestReplot();
}

bool TimelineView::colorByBatch() const {
    return lanes_->colorBy() == LanePlottable::ColorBy::Batch;
}

void TimelineView::setLegendVisible(bool visible) {
    legend_wanted_ = visible;
    legend_->setVisible(visible);
    updateLegend();
}

std::vector<LegendEntry> TimelineView::legendEntries(int plotWidthPx) const {
    if (!model_)
        return {};
    const QCPRange keys = plot_->xAxis->range();
    const QCPRange rows = plot_->yAxis->range();
    const int width = plotWidthPx > 0 ? plotWidthPx : plot_->axisRect()->width();
    LegendScope scope;
    scope.t0 = keys.lower;
    scope.t1 = keys.upper;
    // The value axis counts slots (a row spans one per depth level): the rows they fall in.
    const int slotTotal = model_->slotCount();
    scope.first_row = std::max(0, model_->rowAtSlot(std::clamp(rows.lower, 0.0, slotTotal - 1.0)));
    scope.last_row =
        model_->rowAtSlot(std::clamp(std::ceil(rows.upper) - 1.0, 0.0, slotTotal - 1.0)) + 1;
    scope.color_by_batch = colorByBatch();
    scope.flows = flows_->showAll();
    scope.max_flows = flows_->maxVisible();
    // The lanes draw idle gaps of at least 2 px (LanePlottable::drawIdleSpans).
    scope.min_idle_ns = TimeMapping(keys.lower, keys.upper, 0, std::max(1, width)).spanNs(2.0);
    std::vector<LegendEntry> entries = syncscope::legendEntries(*model_, theme_, scope);
    // The memory plot's series, named here rather than in a legend over their lines.
    if (memory_shown_)
        for (LegendEntry& e : memory_->legendEntries())
            entries.push_back(std::move(e));
    return entries;
}

void TimelineView::updateLegend() {
    if (!legend_wanted_)
        return;
    legend_->setEntries(legendEntries(), theme_);
}

}  // namespace syncscope
