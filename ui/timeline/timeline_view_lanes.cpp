// TimelineView's lanes: the LaneLayout applied to the model, row height and vertical scroll, the
// lane menu and the View menu's lane actions. The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QAction>
#include <QFontMetrics>
#include <QMenu>
#include <QScrollBar>
#include <algorithm>
#include <cmath>

#include "ui/timeline/callout_layer.h"
#include "ui/timeline/callout_placer.h"
#include "ui/timeline/legend_strip.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/search_bar.h"
#include "ui/timeline/time_mapping.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

void TimelineView::createLaneActions() {
    taller_ = new QAction(tr("&Taller Lanes"), this);
    taller_->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Equal),
                           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Plus)});
    taller_->setStatusTip(tr("Give every lane more height; the lanes scroll when they do not fit"));
    connect(taller_, &QAction::triggered, this, &TimelineView::tallerLanes);
    shorter_ = new QAction(tr("&Shorter Lanes"), this);
    shorter_->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Minus),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Underscore)});
    shorter_->setStatusTip(tr("Fit more lanes on screen (never below one line of label text)"));
    connect(shorter_, &QAction::triggered, this, &TimelineView::shorterLanes);
    show_hidden_ = new QAction(tr("Show &Hidden Lanes"), this);
    show_hidden_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    show_hidden_->setStatusTip(
        tr("Bring back the lanes hidden from the lane menu, and the recorder's own bookkeeping "
           "lanes of imported traces"));
    connect(show_hidden_, &QAction::triggered, this, &TimelineView::showHiddenLanes);
    collapse_all_ = new QAction(tr("&Collapse All Lane Groups"), this);
    collapse_all_->setStatusTip(
        tr("One row per host thread, per GPU and for the other lanes, each drawing all its lanes"));
    connect(collapse_all_, &QAction::triggered, this, [this] { setAllGroupsCollapsed(true); });
    expand_all_ = new QAction(tr("&Expand All Lane Groups"), this);
    connect(expand_all_, &QAction::triggered, this, [this] { setAllGroupsCollapsed(false); });
    // On the view too, so the keys work where no window menu holds them.
    addActions({taller_, shorter_, show_hidden_});
}

QList<QAction*> TimelineView::laneActions() const {
    return {taller_, shorter_, show_hidden_, collapse_all_, expand_all_};
}

void TimelineView::applyLaneLayout() {
    const auto rows = lane_layout_.rows();
    row_labels_.clear();
    if (model_ && trace_) {
        std::vector<std::vector<std::uint16_t>> arranged;
        std::vector<bool> flat;
        arranged.reserve(rows.size());
        for (const auto& row : rows) {
            arranged.push_back(row.lanes);
            flat.push_back(row.flat);
            row_labels_.push_back(lane_layout_.rowLabel(*trace_, row));
        }
        model_->arrangeRows(arranged, flat);
        std::vector<bool> searchable(trace_->lanes.size(), false);
        for (const auto& row : rows)
            for (const auto l : row.lanes)
                searchable[l] = true;
        search_.setSearchableLanes(std::move(searchable));
    }
    // Highlights belong to the open find bar only.
    lanes_->setHighlights(search_bar_->isHidden() ? nullptr : search_.matches());
    updateFindStatus();
    const int hidden = lane_layout_.hiddenCount();
    show_hidden_->setText(hidden > 0 ? tr("Show &Hidden Lanes (%1)").arg(hidden)
                                     : tr("Show &Hidden Lanes"));
    show_hidden_->setEnabled(hidden > 0);
    labelled_rows_ = {-1, -1};
    // The flows and the selection may point at lanes that are gone from the rows now.
    updateLegend();
    fitMemoryMinimum();  // the memory plot gets what the rows leave
    requestReplot();
    emit laneLayoutChanged();
}

namespace {
// The most of the plot's height the callouts' band may take from the lanes.
constexpr double kBandShare = 0.45;
}  // namespace

void TimelineView::layoutRows() {
    // The memory axis' ticks and title follow its height as laid out now: a changed step is set
    // up before the plot draws (and before a picture renders at its own size).
    // The memory plot's share follows the height laid out now (a picture's own): a changed share
    // lays the plot out again before anything is measured.
    if (memory_shown_ && fitMemoryMinimum()) {
        auto* layout = plot_->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
    }
    if (memory_shown_ && memory_->fitToHeight())
        memory_->axisRect()->update(QCPLayoutElement::upPreparation);
    // Heights count slots: a row of nested slices spans one per depth level, each as tall as a
    // lane of one level (so a level never gets below the readable minimum).
    const int rows = model_ ? model_->slotCount() : 0;
    // Never shorter than a line of label text: labels must not run into each other.
    const double textPx = QFontMetrics(theme_.font).height() + 2;
    // The layout's height is for the default theme; a theme for projectors asks for more.
    const double themed = static_cast<double>(lane_layout_.heightPx()) * theme_.laneLabelMinPx /
                          LaneLayout::kDefaultHeightPx;
    const double minPx = std::max(themed, textPx);
    // A picture rendered off the widget (export) lays out at its own size: it must not move the
    // window's scroll bar.
    const bool live = plot_->viewport() == plot_->rect();
    double avail = 1.0, maxScroll = 0.0, lower = 0.0, upper = 1.0;
    // The rows in the axis rect as it is now. The view makes room for the lesson's callouts: a
    // callout that finds no spot leaving the lesson readable (CalloutPlacer) gets an empty band
    // above the lanes, as tall as it needs, at most kBandShare of the plot.
    const auto fit = [&] {
        const double whole = std::max(1, plot_->axisRect()->height());
        // Never so much that a lane is scrolled out of view: the lanes keep a line of label text
        // each (a band may take them below the theme's height, never below that).
        const double most = std::min(whole * kBandShare, std::max(0.0, whole - rows * textPx));
        double band = 0.0;
        for (int pass = 0; pass < 4; ++pass) {
            avail = std::max(1.0, whole - band);
            row_px_ = rows > 0 ? std::max(band > 0.0 ? textPx : minPx, avail / rows) : avail;
            if (max_row_px_ > 0.0 && rows > 0)
                row_px_ = std::max(textPx, std::min(row_px_, max_row_px_));
            const double content = rows * row_px_;
            maxScroll = std::max(0.0, std::ceil(content - avail));
            const double scroll = std::clamp(scroll_px_, 0.0, maxScroll);
            if (live)
                scroll_px_ = scroll;
            lower = rows > 0 ? (scroll - band) / row_px_ : 0.0;
            upper = rows > 0 ? (scroll + avail) / row_px_ : 1.0;
            plot_->yAxis->setRange(lower, upper);
            if (band >= most)
                return;
            double need = 0.0;
            if (callouts_->visible() && callouts_->calloutCount() > 0)
                for (const CalloutLayer::Placed& placed : callouts_->layout())
                    if (!placed.keeps_rule)
                        need = std::max(need, placed.box.height());
            // A torch.cpu.synchronize() label that finds no row leaving the lesson's labels
            // readable goes above the lanes too (LanePlottable::cpuSyncLabels).
            const QRectF area = plot_->axisRect()->rect();
            const QCPRange keys = plot_->xAxis->range();
            const TimeMapping map(keys.lower, keys.upper, area.left(), area.width());
            const std::vector<QRectF> lesson = lanes_->lessonLabelBoxes(map);
            for (const QRectF& label : lanes_->cpuSyncLabelBoxes(map))
                for (const QRectF& named : lesson)
                    if (label.adjusted(1, 1, -1, -1).intersects(named))
                        need = std::max(need, label.height());
            if (need <= 0.0)
                return;
            band = std::min(most, band + need + 2.0 * CalloutPlacer::kLeader);
        }
    };
    // The first layout measured the old labels and ticks: after a change of the rows in view,
    // lay out again (what QCustomPlot::updateLayout does, without its signal) so this very frame,
    // and a picture rendered in one pass, get the label column and ticks of the rows now in view,
    // and fit the rows (and the callouts' room) to the axis rect that leaves.
    for (int pass = 0; pass < 2; ++pass) {
        const QCPRange before = plot_->yAxis->range();
        fit();
        const bool relabelled = updateRowLabels(lower, upper);
        if (!relabelled && std::abs(before.lower - lower) <= 1e-9 &&
            std::abs(before.upper - upper) <= 1e-9)
            break;
        auto* layout = plot_->plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
        if (live)
            updateLegend();
    }
    if (!live)
        return;
    {
        const QSignalBlocker block(scroll_);
        scroll_->setRange(0, static_cast<int>(maxScroll));
        scroll_->setPageStep(static_cast<int>(avail));
        scroll_->setSingleStep(static_cast<int>(std::ceil(row_px_)));
        scroll_->setValue(static_cast<int>(std::lround(scroll_px_)));
    }
    scroll_->setVisible(maxScroll > 0);
}

bool TimelineView::updateRowLabels(double lower, double upper) {
    const int slotTotal = model_ ? model_->slotCount() : 0;
    // A label sits in the top slot of its row, and only where that slot's middle is in view:
    // QCustomPlot draws a tick label outside the axis rect otherwise, over the time axis.
    const int firstSlot = std::clamp(static_cast<int>(std::ceil(lower - 0.5)), 0, slotTotal);
    const int lastSlot =
        std::clamp(static_cast<int>(std::floor(upper - 0.5)) + 1, firstSlot, slotTotal);
    if (labelled_rows_ == std::make_pair(firstSlot, lastSlot))
        return false;
    labelled_rows_ = {firstSlot, lastSlot};
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->setSubTickCount(0);
    const int first = firstSlot < slotTotal ? model_->rowAtSlot(firstSlot) : 0;
    for (int r = first; model_ && r < model_->rowCount() && r < row_labels_.size(); ++r) {
        const int top = model_->rowTop(r);
        if (top >= lastSlot)
            break;
        if (top >= firstSlot)
            ticker->addTick(top + 0.5, row_labels_[r]);
    }
    plot_->yAxis->setTicker(ticker);
    return true;
}

void TimelineView::setScrollPx(double px) {
    if (px == scroll_px_)
        return;
    scroll_px_ = std::max(0.0, px);
    requestReplot();
}

int TimelineView::rowAt(QPoint pos) const {
    if (!model_)
        return -1;
    const QPointF p = plot_->mapFrom(this, pos);
    const QRect rect = plot_->axisRect()->rect();
    // The plot and its label column left of it.
    if (p.y() < rect.top() || p.y() > rect.bottom() || p.x() > rect.right())
        return -1;
    return model_->rowAtSlot(plot_->yAxis->pixelToCoord(p.y()));
}

void TimelineView::hideLane(std::uint16_t lane) {
    lane_layout_.setHidden(lane, true);
    applyLaneLayout();
}

void TimelineView::showHiddenLanes() {
    lane_layout_.showAllLanes();
    applyLaneLayout();
}

void TimelineView::setGroupCollapsed(int group, bool collapsed) {
    lane_layout_.setCollapsed(group, collapsed);
    applyLaneLayout();
}

void TimelineView::setAllGroupsCollapsed(bool collapsed) {
    for (int g = 0; g < static_cast<int>(lane_layout_.groups().size()); ++g)
        lane_layout_.setCollapsed(g, collapsed);
    applyLaneLayout();
}

bool TimelineView::moveRow(int row, int delta) {
    if (!lane_layout_.moveRow(row, delta))
        return false;
    applyLaneLayout();
    return true;
}

void TimelineView::setLaneHeight(int px) {
    // Keep the slot at the top of the view where it is.
    const double topRow = row_px_ > 0 ? scroll_px_ / row_px_ : 0.0;
    lane_layout_.setHeightPx(px);
    scroll_px_ = topRow * std::max<double>(lane_layout_.heightPx(), 1);
    requestReplot();
    emit laneLayoutChanged();
}

void TimelineView::tallerLanes() {
    LaneLayout probe = lane_layout_;
    if (probe.taller())
        setLaneHeight(probe.heightPx());
}

void TimelineView::shorterLanes() {
    LaneLayout probe = lane_layout_;
    if (probe.shorter())
        setLaneHeight(probe.heightPx());
}

QMenu* TimelineView::laneMenu(int row) {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("laneMenu"));
    const auto& lanes = model_ ? model_->lanesOfRow(row) : std::vector<std::uint16_t>{};
    if (!lanes.empty()) {
        const auto lane = lanes.front();
        const int group = lane_layout_.groupOf(lane);
        const bool collapsed = lane_layout_.isCollapsed(group);
        const QString label = row < row_labels_.size() ? row_labels_[row] : QString();
        menu->addSection(label);
        QAction* up = menu->addAction(tr("Move &Up"), this, [this, row] { moveRow(row, -1); });
        up->setEnabled(row > 0);
        QAction* down = menu->addAction(tr("Move &Down"), this, [this, row] { moveRow(row, 1); });
        down->setEnabled(row + 1 < model_->rowCount());
        QAction* top = menu->addAction(tr("Move to &Top"), this, [this, row] {
            if (lane_layout_.moveRowToTop(row))
                applyLaneLayout();
        });
        top->setEnabled(row > 0);
        // A deep stack (an imported Python thread) folds onto one row, and back.
        if (lanes.size() == 1 && (model_->depthCount(lane) > 1 || lane_layout_.isFlat(lane))) {
            const bool flat = lane_layout_.isFlat(lane);
            menu->addAction(flat ? tr("Show &Nested Calls") : tr("Fold &Nested Calls"), this,
                            [this, lane, flat] {
                                lane_layout_.setFlat(lane, !flat);
                                applyLaneLayout();
                            });
        }
        if (collapsed) {
            menu->addAction(tr("&Hide Lanes of This Group"), this, [this, lanes] {
                for (const auto l : lanes)
                    lane_layout_.setHidden(l, true);
                applyLaneLayout();
            });
        } else {
            menu->addAction(tr("&Hide Lane"), this, [this, lane] { hideLane(lane); });
        }
        if (lane_layout_.canCollapse(group)) {
            const QString name = lane_layout_.groups()[static_cast<std::size_t>(group)].name;
            menu->addAction(
                collapsed ? tr("&Expand “%1”").arg(name) : tr("&Collapse “%1”").arg(name), this,
                [this, group, collapsed] { setGroupCollapsed(group, !collapsed); });
        }
        menu->addSeparator();
    }
    menu->addAction(show_hidden_);
    menu->addAction(taller_);
    menu->addAction(shorter_);
    return menu;
}

}  // namespace syncscope
