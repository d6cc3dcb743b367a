#pragma once

#include <QPointer>
#include <QSharedPointer>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/model/trace.h"
#include "ui/timeline/event_search.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_explainer.h"

class QAction;
class QCustomPlot;
class QKeyEvent;
class QMenu;
class QScrollBar;
class QWheelEvent;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemLine;

namespace syncscope {

class CalloutLayer;
class FlowLayer;
class LegendStrip;
class MarkerLayer;
class MemoryPlot;
class OverviewStrip;
class SearchBar;
class TimelineModel;
class TimeTicker;

// The timeline (docs/architecture.md section 5 "The timeline"): a host lane with its waits
// sub-lane, one lane per stream, flow arrows on demand, and the memory plot underneath on the same
// time axis.
//
// Interaction: wheel zooms around the cursor (Ctrl+wheel faster, Shift+wheel or a horizontal wheel
// pans); when the lanes are taller than the view the plain wheel scrolls them and Ctrl+wheel zooms.
// Drag pans, Shift+drag or right-drag box-zooms, middle-drag or Alt+drag measures Δt, dragging on
// the time axis picks a range (rangeSelected), click selects, right-click opens the lane menu,
// hovering shows a tooltip. Keys: +/- and W/S zoom, arrows and A/D pan, Up/Down and Page Up/Down
// scroll lanes, 0/Home fit, M marks the time under the cursor, [ and ] step through the markers,
// Esc clears. The keys act only while the lanes have focus, never in the search bar.
//
// Lanes keep a readable height (LaneLayout) and scroll; the lane menu and laneActions() reorder,
// hide, collapse and resize them. findActions() open a search bar over the timeline.
class TimelineView : public QWidget {
    Q_OBJECT
public:
    // Host rows (lanes by depth) beyond which an imported trace opens with its GPU lanes first.
    static constexpr int kDeepHostSlots = 12;
    explicit TimelineView(QWidget* parent = nullptr);
    ~TimelineView() override;

    // Called again with growing snapshots during a live run: the zoom stays where the user put it;
    // if the user has not zoomed, the view keeps the whole run in sight (follows the end).
    void setTrace(std::shared_ptr<const syncscope::Trace> trace);
    // The same with the trace's model already built (off the GUI thread, for a file being
    // opened): the view swaps it in without indexing the trace again, so a 10M-event trace costs
    // the GUI thread O(lanes) here. A model built from another trace is ignored (built anew).
    void setTrace(std::shared_ptr<const syncscope::Trace> trace,
                  std::shared_ptr<TimelineModel> model);
    std::shared_ptr<const syncscope::Trace> trace() const;

    void setTheme(const Theme& theme);
    const Theme& theme() const { return theme_; }
    void setShowFlows(bool show);
    bool showFlows() const;
    // The scenario's callouts (on by default; drawn only when the trace's scenario has some).
    void setShowCallouts(bool show);
    bool showCallouts() const;
    // Colour GPU work by batch instead of by kind.
    void setColorByBatch(bool byBatch);
    bool colorByBatch() const;

    // The legend strip under the plot (on by default) lists the styles on screen.
    void setLegendVisible(bool visible);
    bool legendVisible() const { return legend_wanted_; }
    LegendStrip* legendStrip() const { return legend_; }
    // The styles drawn in the visible range and rows; `plotWidthPx` is the width the plot is
    // drawn at (negative: as on screen), which decides the shortest idle gap still drawn.
    std::vector<LegendEntry> legendEntries(int plotWidthPx = -1) const;

    // The memory plot shows when the trace has memory activity; forcing it shows it regardless.
    void setMemoryPlotForced(bool forced);
    bool memoryPlotShown() const { return memory_shown_; }

    void zoomToFit();
    void zoomToRange(syncscope::TimeNs a, syncscope::TimeNs b);
    // Shows the scenario's `focus` window; false (the view unchanged) when the trace has none.
    bool zoomToFocus();
    // Visible time range in ns.
    std::pair<double, double> visibleRange() const;
    // True once the user zoomed or panned (or zoomToRange was called) since the last fit.
    bool userZoomed() const { return user_zoomed_; }

    std::optional<std::uint32_t> eventAt(QPoint pos) const;  // pos in this widget's coordinates
    std::optional<std::uint32_t> selectedEvent() const { return selected_; }
    void selectEvent(std::uint32_t index);
    void clearSelection();

    // --- lanes (timeline_view_lanes.cpp)
    const LaneLayout& laneLayout() const { return lane_layout_; }
    void hideLane(std::uint16_t lane);
    void showHiddenLanes();
    void setGroupCollapsed(int group, bool collapsed);
    void setAllGroupsCollapsed(bool collapsed);
    bool moveRow(int row, int delta);
    void setLaneHeight(int px);
    void tallerLanes();
    void shorterLanes();
    // The height a row has on screen now: the layout's height, at least a line of label text, and
    // more when all rows fit (they then fill the view).
    double rowHeightPx() const { return row_px_; }
    // Rows no taller than `px` (0: as tall as the plot allows): a printed page leaves what the
    // lanes do not need empty rather than stretch a few lanes over it.
    void setMaxRowHeight(double px) { max_row_px_ = px; }
    // Vertical scroll, in pixels from the top row; clamped to the content.
    double scrollPx() const { return scroll_px_; }
    void setScrollPx(double px);
    QScrollBar* verticalScrollBar() const { return scroll_; }
    // The row under a widget position (in the plot or on its label), -1 when none.
    int rowAt(QPoint pos) const;
    // The lane menu of a row: move up/down, hide, collapse/expand its group, show hidden lanes.
    // The caller owns it (the view pops it up on right-click).
    QMenu* laneMenu(int row);
    // Taller/shorter lanes, show hidden lanes, collapse/expand all groups: for the View menu.
    QList<QAction*> laneActions() const;

    // --- search (timeline_view_search.cpp)
    SearchBar* searchBar() const { return search_bar_; }
    const EventSearch& search() const { return search_; }
    void openSearch();
    void closeSearch();
    void findNext();
    void findPrevious();
    // Selects an event, centres it in time and scrolls its row into view. An event too narrow to
    // see at the current zoom (under kRevealMinPx) is framed instead: it takes kRevealFraction of
    // the view. The view does not slide before the trace's start (or past its end) for it.
    void revealEvent(std::uint32_t index);
    // F: zoom to the selected event, framed as above (Perfetto's F).
    void frameSelection();
    static constexpr double kRevealFraction = 0.2;
    static constexpr double kRevealMinPx = 2.0;
    // Find, Find Next, Find Previous: for the Edit menu.
    QList<QAction*> findActions() const;

    // --- overview, markers, ranges (timeline_view_navigation.cpp)
    OverviewStrip* overview() const { return overview_; }
    void setOverviewVisible(bool visible);
    bool overviewVisible() const;
    // Marker times, sorted.
    const std::vector<syncscope::TimeNs>& markers() const;
    void addMarker(syncscope::TimeNs t);
    void clearMarkers();
    // Centre the view on the next / previous marker after the view's middle; false when none.
    bool nextMarker();
    bool previousMarker();
    // Overview toggle, Add Marker, Previous/Next Marker (Ctrl+[ / Ctrl+]), Clear Markers.
    QList<QAction*> navigationActions() const;
    // The range last picked on the time axis, while its band is shown.
    std::optional<std::pair<syncscope::TimeNs, syncscope::TimeNs>> pickedRange() const;
    // By lane: whether the lanes show it (not hidden); what the range statistics count.
    std::vector<bool> countedLanes() const;

    QCustomPlot* plot() const { return plot_; }
    MemoryPlot* memoryPlot() const { return memory_; }
    LanePlottable* lanes() const { return lanes_; }
    FlowLayer* flows() const { return flows_; }
    CalloutLayer* callouts() const { return callouts_; }
    const TimelineModel* model() const { return model_.get(); }
    // Widget-pixel centre of an event's bar (for tests and for scrolling a selection into view).
    std::optional<QPointF> eventCenter(std::uint32_t index) const;
    // The details-pane text of an event: describeEvent plus the analysis' attribution of waits
    // (built on first use for the current trace).
    QString detailsText(std::uint32_t index) const;
    // The same as data (title, rows, explanation), for the details pane.
    EventDescription eventDescription(std::uint32_t index) const;
    // Why the GPU was idle under a widget position on a GPU lane (the analysis' sentence, e.g.
    // "The GPU was idle 150.0 µs from … because the host was blocked in cudaStreamSynchronize."),
    // empty when the position is not in an idle gap.
    QString idleGapText(QPoint pos) const;
    // The time and the GPU row's top slot under `pos` when it is in an idle gap.
    std::optional<std::pair<TimeNs, int>> idleGapPoint(QPoint pos) const;
    // Points an arrow from the idle gap under `pos` to its cause, or clears it.
    void showIdleGapCause(QPoint pos);
    // The event the cause arrow points at, while one is shown.
    std::optional<std::uint32_t> idleGapCauseShown() const;
    // Text the Δt ruler shows now, empty when no ruler is up.
    QString rulerText() const;

signals:
    void eventSelected(std::optional<std::uint32_t> index);
    void hoveredEvent(std::optional<std::uint32_t> index);
    void visibleRangeChanged(double startNs, double endNs);
    void laneLayoutChanged();
    // Dragged on the time axis: the range [startNs, endNs].
    void rangeSelected(qint64 startNs, qint64 endNs);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The events the lesson is about: what its claims name and its callouts point at.
    std::vector<std::uint32_t> lessonEvents() const;
    enum class Drag { None, Pending, Pan, Box, Ruler, Range };

    // The memory plot's least inner height: six text lines, or less on a short view (a small
    // projector in full screen), where the lanes need the rows more.
    bool fitMemoryMinimum();  // true: it changed
    void applyTheme();
    void createLaneActions();
    void createSearch();
    // Hands the layout's rows to the model and the search, then replots.
    void applyLaneLayout();
    // After QCustomPlot laid out the plot: row height, scroll range, value range, row labels.
    void layoutRows();
    // False when the rows labelled did not change.
    bool updateRowLabels(double lower, double upper);
    void updateFindStatus();
    void updateMemoryVisibility();
    void updateLegend();
    void setRangeClamped(double lo, double hi);
    void zoomBy(double factor, double centerPx);
    void panByPixels(double dx);
    void requestReplot();
    void setSelected(std::optional<std::uint32_t> index, bool emitSignal);
    // keepTip: leave the tooltip that shows (an idle gap's sentence) where no event is hovered.
    void setHovered(std::optional<std::uint32_t> index, QPoint globalPos, bool keepTip = false);
    void showRuler(double t0, double t1);
    void hideOverlay();
    double timeAtPixel(double x) const;
    bool handleMouse(QEvent* event);
    bool handleKey(QKeyEvent* event);
    bool handleWheel(QWheelEvent* event);
    void showLaneMenu(QPoint plotPos, QPoint globalPos);
    void createNavigation();
    bool handleNavigationKey(QKeyEvent* event);
    bool inTimeRuler(QPoint plotPos) const;
    void finishRangeDrag(QPoint plotPos);
    bool stepMarker(bool forward);
    void updateMarkerActions();
    // The cursor's x over the lanes, else the middle of the view (plot pixels).
    double cursorPx() const;
    // The cursor's time (when `atCursor` and over the lanes), else the selection's start, else the
    // middle of the view.
    syncscope::TimeNs markerTime(bool atCursor) const;

    QCustomPlot* plot_ = nullptr;
    LanePlottable* lanes_ = nullptr;
    FlowLayer* flows_ = nullptr;
    CalloutLayer* callouts_ = nullptr;
    MemoryPlot* memory_ = nullptr;
    LegendStrip* legend_ = nullptr;
    OverviewStrip* overview_ = nullptr;
    MarkerLayer* markers_ = nullptr;
    QCPItemRect* box_item_ = nullptr;
    QCPItemStraightLine* ruler_a_ = nullptr;
    QCPItemStraightLine* ruler_b_ = nullptr;
    QCPItemLine* ruler_span_ = nullptr;
    QCPItemText* ruler_label_ = nullptr;
    QSharedPointer<TimeTicker> ticker_, memory_ticker_;
    QScrollBar* scroll_ = nullptr;
    SearchBar* search_bar_ = nullptr;
    std::shared_ptr<const Trace> trace_;
    std::shared_ptr<TimelineModel> model_;
    LaneLayout lane_layout_;
    QStringList row_labels_;
    std::pair<int, int> labelled_rows_{-1, -1};
    double row_px_ = LaneLayout::kDefaultHeightPx;
    double max_row_px_ = 0.0;
    double scroll_px_ = 0.0;
    QAction* taller_ = nullptr;
    QAction* shorter_ = nullptr;
    QAction* show_hidden_ = nullptr;
    QAction* collapse_all_ = nullptr;
    QAction* expand_all_ = nullptr;
    QAction* find_ = nullptr;
    QAction* find_next_ = nullptr;
    QAction* find_previous_ = nullptr;
    QAction* show_overview_ = nullptr;
    QAction* add_marker_ = nullptr;
    QAction* previous_marker_ = nullptr;
    QAction* next_marker_ = nullptr;
    QAction* clear_markers_ = nullptr;
    EventSearch search_;
    TimelineExplainer explainer_;
    Theme theme_ = Theme::light();
    bool user_zoomed_ = false;
    bool memory_shown_ = true;
    bool memory_forced_ = false;
    bool legend_wanted_ = true;
    std::optional<std::uint32_t> selected_;
    void revealFramed(std::uint32_t index);
    // [lo, hi] slid to stay inside the trace where the event [start, end] allows it.
    void setRangeInsideTrace(double lo, double hi, double start, double end);
    std::optional<std::uint32_t> hovered_;

    Drag drag_ = Drag::None;
    QPoint press_pos_;
    double press_range_lo_ = 0, press_range_hi_ = 0;
    double press_time_ = 0;
    QPoint mouse_pos_;  // last hover position over the plot (plot pixels)
    bool mouse_in_plot_ = false;
    std::optional<std::pair<TimeNs, TimeNs>> range_;
};

}  // namespace syncscope

Q_DECLARE_METATYPE(std::optional<std::uint32_t>)
