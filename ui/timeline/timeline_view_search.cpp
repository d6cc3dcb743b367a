// TimelineView's search: the find bar, its actions, and jumping to a match. The matching itself is
// EventSearch's. The rest of the class is in timeline_view.cpp.
#include <qcustomplot.h>

#include <QAction>
#include <algorithm>

#include "ui/timeline/search_bar.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

void TimelineView::createSearch() {
    find_ = new QAction(tr("&Find Events…"), this);
    find_->setShortcut(QKeySequence::Find);
    find_->setStatusTip(tr("Search event names on the timeline (text or regular expression)"));
    connect(find_, &QAction::triggered, this, &TimelineView::openSearch);
    find_next_ = new QAction(tr("Find &Next"), this);
    find_next_->setShortcut(QKeySequence(Qt::Key_F3));
    connect(find_next_, &QAction::triggered, this, &TimelineView::findNext);
    find_previous_ = new QAction(tr("Find &Previous"), this);
    find_previous_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    connect(find_previous_, &QAction::triggered, this, &TimelineView::findPrevious);
    addActions({find_, find_next_, find_previous_});

    connect(search_bar_, &SearchBar::queryChanged, this, [this](const QString& text, bool regex) {
        search_.setQuery(text, regex);
        lanes_->setHighlights(search_.matches());
        updateFindStatus();
        requestReplot();
    });
    connect(search_bar_, &SearchBar::nextRequested, this, &TimelineView::findNext);
    connect(search_bar_, &SearchBar::previousRequested, this, &TimelineView::findPrevious);
    connect(search_bar_, &SearchBar::closeRequested, this, &TimelineView::closeSearch);
}

QList<QAction*> TimelineView::findActions() const {
    return {find_, find_next_, find_previous_};
}

void TimelineView::openSearch() {
    search_bar_->open();
}

void TimelineView::closeSearch() {
    search_bar_->hide();
    // No highlights for a search no one sees; the query stays for the next Ctrl+F.
    lanes_->setHighlights(nullptr);
    requestReplot();
    plot_->setFocus(Qt::OtherFocusReason);
}

void TimelineView::findNext() {
    if (search_bar_->isHidden()) {
        openSearch();
        lanes_->setHighlights(search_.matches());
    }
    if (const auto e = search_.next())
        revealEvent(*e);
    updateFindStatus();
}

void TimelineView::findPrevious() {
    if (search_bar_->isHidden()) {
        openSearch();
        lanes_->setHighlights(search_.matches());
    }
    if (const auto e = search_.previous())
        revealEvent(*e);
    updateFindStatus();
}

void TimelineView::updateFindStatus() {
    search_bar_->setStatus(search_.statusText(), !search_.error().isEmpty());
}

namespace {
constexpr double kFrameMinSpanNs = 10.0;  // the view's narrowest span (timeline_view.cpp)
}  // namespace

void TimelineView::setRangeInsideTrace(double lo, double hi, double start, double end) {
    // Never into the time before the trace or after it when the event [start, end] does not
    // need it: the window slides, keeping its width.
    const double b = static_cast<double>(model_->beginNs());
    const double t_end = static_cast<double>(model_->endNs());
    if (lo < b && start >= b) {
        hi += b - lo;
        lo = b;
    } else if (hi > t_end && end <= t_end && lo - (hi - t_end) >= b) {
        lo -= hi - t_end;
        hi = t_end;
    }
    setRangeClamped(lo, hi);
}

void TimelineView::revealEvent(std::uint32_t index) {
    if (!trace_ || !model_ || index >= trace_->events.size())
        return;
    const auto& e = trace_->events[index];
    const auto start = static_cast<double>(e.start_ns);
    const auto end = static_cast<double>(std::max(e.end_ns, e.start_ns));
    const QCPRange r = plot_->xAxis->range();
    const double px = r.size() / std::max(1, plot_->axisRect()->width());
    double lo, hi;
    if (end - start <= r.size() * 0.8 && end - start >= kRevealMinPx * px) {
        // Centred at the current zoom: stepping through matches keeps the scale the user chose.
        const double mid = (start + end) / 2.0;
        lo = mid - r.size() / 2.0;
        hi = mid + r.size() / 2.0;
    } else {
        // Too wide to fit, or too narrow to see at this zoom: frame it.
        const double span = std::max(end - start, kFrameMinSpanNs) / kRevealFraction;
        const double mid = (start + end) / 2.0;
        lo = mid - span / 2.0;
        hi = mid + span / 2.0;
    }
    setRangeInsideTrace(lo, hi, start, end);
    user_zoomed_ = true;
    const int slot = model_->slotOf(index);
    if (slot >= 0) {
        const double avail = plot_->axisRect()->height();
        setScrollPx((slot + 0.5) * row_px_ - avail / 2.0);
    }
    setSelected(index, true);
    requestReplot();
}

void TimelineView::frameSelection() {
    if (selected_)
        revealFramed(*selected_);
}

void TimelineView::revealFramed(std::uint32_t index) {
    if (!trace_ || !model_ || index >= trace_->events.size())
        return;
    const auto& e = trace_->events[index];
    const auto start = static_cast<double>(e.start_ns);
    const auto end = static_cast<double>(std::max(e.end_ns, e.start_ns));
    const double span = std::max(end - start, kFrameMinSpanNs) / kRevealFraction;
    const double mid = (start + end) / 2.0;
    setRangeInsideTrace(mid - span / 2.0, mid + span / 2.0, start, end);
    user_zoomed_ = true;
    requestReplot();
}

}  // namespace syncscope
