#pragma once

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <vector>

#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

// Every lane's events as bars in one plottable: keys are ns, values are slots (slot s spans
// [s, s+1], slot 0 on top with a reversed value axis; a row spans one slot per depth level of its
// nested slices, see TimelineModel::rowTop). Draws only what the model's folding yields for the
// visible range, so a frame costs pixels, not events; never one QCPItem per event.
class LanePlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    enum class ColorBy { Kind, Batch };

    LanePlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setModel(std::shared_ptr<const TimelineModel> model);
    const TimelineModel* model() const { return model_.get(); }
    void setTheme(const Theme& theme);
    void setColorBy(ColorBy mode) { color_by_ = mode; }
    ColorBy colorBy() const { return color_by_; }
    void setSelectedEvent(std::optional<std::uint32_t> event) { selected_ = event; }
    void setHoveredEvent(std::optional<std::uint32_t> event) { hovered_ = event; }
    // Events a search matched, sorted by start: each in view gets an outline.
    void setHighlights(std::shared_ptr<const std::vector<std::uint32_t>> events) {
        highlights_ = std::move(events);
    }
    // Replay: nothing after `now` is drawn (events not yet started are left out, running ones and
    // idle gaps end at now); nullopt draws the whole trace. See ui/replay.
    void setNowNs(std::optional<TimeNs> now) { now_ = now; }
    std::optional<TimeNs> nowNs() const { return now_; }
    // Runs of events narrower than this many pixels are folded into one item.
    void setFoldPixels(double px) { fold_px_ = px; }

    // The event under a widget pixel position (a few px of slop in time), if any.
    std::optional<std::uint32_t> hitTest(const QPointF& pos) const;
    // The fill a single event gets with the current theme and colour mode.
    QColor fillColor(const TraceEvent& e) const;
    // The fill of a bar: solid, or hatched for spinning host waits and stream waits. Shared with
    // the export legend so the legend shows exactly what the lanes show.
    static void paintFill(QPainter* p, const QRectF& rect, const QColor& fill, EventKind kind,
                          std::uint8_t flags, const QColor& ground);
    // Diagonal hatch lines over `rect` (rising: "/", else "\\").
    static void hatch(QPainter* p, const QRectF& rect, const QColor& colour, bool rising);
    // A marker's width in px: instants and sub-pixel calls are drawn at least this wide.
    double markerWidth() const;
    // The label of a torch.cpu.synchronize() marker: what it waited for, and what still ran.
    // "torch.cpu.synchronize(): waited for nothing", then the GPU work it did not wait for: the
    // ops launched before it and not finished, and how long they still ran.
    static QString cpuSyncLabel(int queuedGpuOps, TimeNs leftNs = 0);
    // The same for `calls` calls whose labels would pile up: one label with their number and the
    // most any of them left queued.
    static QString cpuSyncLabel(int calls, int queuedGpuOps, TimeNs leftNs);
    // Where the labels of the torch.cpu.synchronize() rules in view are drawn (widget pixels):
    // the callouts keep clear of them.
    std::vector<QRectF> cpuSyncLabelBoxes(const TimeMapping& map) const;
    // The labels of the cpu-sync calls drawn in view: beside their rules, clear of the labels
    // the lesson is about and of the names of the bars in their row, one for a run of calls whose
    // labels would pile up ("torch.cpu.synchronize() ×6").
    struct CpuSyncLabel {
        QString text;
        QRectF box;
        // Where the rule of its first call starts: a label above the lanes (in the room the view
        // makes for a lesson's callouts) is joined to it by a leader.
        QPointF rule_top;
    };
    std::vector<CpuSyncLabel> cpuSyncLabels(const TimeMapping& map) const;
    // Where an event's bar and the text of its label are drawn for `map` (widget pixels), or
    // nullopt when it is not drawn there (its lane hidden, out of view, too narrow for a label).
    std::optional<QRectF> barRectOf(const TimeMapping& map, std::uint32_t event) const;
    std::optional<QRectF> labelRectOf(const TimeMapping& map, std::uint32_t event) const;
    // The events a lesson is about (what its claims name, what its callouts point at): their
    // labels stay readable, under the callouts and under the torch.cpu.synchronize() labels.
    void setLessonEvents(std::vector<std::uint32_t> events) { lesson_events_ = std::move(events); }
    std::vector<QRectF> lessonLabelBoxes(const TimeMapping& map) const;
    // What the last draw put on the plot that must stay readable: the torch.cpu.synchronize()
    // labels and the labels of the lesson's events (for the placement check of every picture).
    struct DrawnLabels {
        std::vector<QRectF> cpu_sync;
        std::vector<QRectF> lesson;
    };
    const DrawnLabels& lastDrawnLabels() const { return last_labels_; }
    // Items drawn in the last replot (folded or not) — for tests and the benchmark.
    std::size_t lastItemCount() const { return last_item_count_; }

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    // The part of a bar's height [from, to) that bars are drawn in: the whole, but in a
    // collapsed row's summary (one band per kind of lane).
    std::pair<double, double> band_{0.0, 1.0};
    TimeMapping mapping() const;
    QRectF barRect(const TimeMapping& map, int slot, TimeNs start, TimeNs end,
                   double minWidth) const;
    // A bar gets its name drawn when it is wider than this; inside labelArea of it.
    static constexpr double kLabelMinPx = 36.0;
    static QRectF labelArea(const TimeMapping& map, const QRectF& bar);
    void drawStripes(QCPPainter* p) const;
    void drawIdleSpans(QCPPainter* p, const TimeMapping& map) const;
    void drawHighlights(QCPPainter* p, const TimeMapping& map) const;
    // Rows at least partly inside the value axis' range: [first, last).
    std::pair<int, int> rowsInView() const;
    // Per row and frame: how narrow items are turned into pixel columns (see drawCoverage).
    struct RowCoverage {
        double carry = 0.0;         // error diffusion: covered share not yet drawn
        double forced_px = 0.0;     // columns drawn only so an isolated event stays visible
        double force_budget = 0.0;  // at most this many forced columns (keeps the share true)
        // Reused per item: each column's start and end, and the busy time before each.
        std::vector<TimeNs> starts, ends, busy_starts, busy_ends;
    };
    void drawItem(QCPPainter* p, const TimeMapping& map, int slot, const DrawItem& item,
                  RowCoverage& coverage) const;
    void drawCoverage(QCPPainter* p, const TimeMapping& map, int slot, const DrawItem& item,
                      RowCoverage& coverage) const;
    // lane_plottable_markers.cpp: what must stay visible however short it is.
    void drawInstantMarkers(QCPPainter* p, const TimeMapping& map, int row) const;
    void drawInstantMarker(QCPPainter* p, const TimeMapping& map, int slot,
                           const TraceEvent& e) const;
    void drawCpuSyncMarkers(QCPPainter* p, const TimeMapping& map) const;
    void drawCpuSyncMarker(QCPPainter* p, const TimeMapping& map, const TraceEvent& e) const;
    // The cpu-sync calls drawn in view: one rule per few pixels.
    std::vector<std::uint32_t> cpuSyncsDrawn(const TimeMapping& map) const;

    void drawOutline(QCPPainter* p, const TimeMapping& map, std::uint32_t event,
                     const QPen& pen) const;

    std::shared_ptr<const TimelineModel> model_;
    Theme theme_ = Theme::light();
    ColorBy color_by_ = ColorBy::Kind;
    std::optional<std::uint32_t> selected_;
    std::optional<std::uint32_t> hovered_;
    std::shared_ptr<const std::vector<std::uint32_t>> highlights_;
    std::optional<TimeNs> now_;
    std::vector<std::uint32_t> lesson_events_;
    mutable DrawnLabels last_labels_;
    double fold_px_ = 2.5;
    mutable std::vector<DrawItem> items_;  // reused between frames
    std::size_t last_item_count_ = 0;
};

}  // namespace syncscope
