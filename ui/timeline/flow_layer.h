#pragma once

#include <qcustomplot.h>

#include <memory>
#include <optional>

#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

// Arrows between events, drawn on demand: launch -> kernel, record -> wait, wait -> the op it
// waited for (docs/architecture.md section 11: "which kernels is this sync waiting on?"). Only the
// selected event's flows, plus — when enabled — the flows inside the visible range while there are
// few enough to read; never an item per flow.
class FlowLayer : public QCPLayerable {
    Q_OBJECT
public:
    FlowLayer(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setModel(std::shared_ptr<const TimelineModel> model) { model_ = std::move(model); }
    void setTheme(const Theme& theme) { theme_ = theme; }
    void setShowAll(bool on) { show_all_ = on; }
    bool showAll() const { return show_all_; }
    void setSelectedEvent(std::optional<std::uint32_t> event) { selected_ = event; }
    // While the cursor is over an idle gap: an arrow from the gap (at time t, in the GPU row's
    // slot) to the event that caused it (IdleAttribution::mainCause).
    struct CauseArrow {
        TimeNs t = 0;
        int slot = 0;
        std::uint32_t event = 0;
        bool operator==(const CauseArrow&) const = default;
    };
    void setCauseArrow(std::optional<CauseArrow> arrow) { cause_ = arrow; }
    const std::optional<CauseArrow>& causeArrow() const { return cause_; }
    // More visible flows than this and only the selected event's are drawn.
    static constexpr std::size_t kDefaultMaxVisible = 400;
    void setMaxVisible(std::size_t n) { max_visible_ = n; }
    std::size_t maxVisible() const { return max_visible_; }
    std::size_t lastDrawnCount() const { return last_drawn_; }

    // The pen an arrow of this kind gets (also the legend's swatch), and its head's length.
    static QPen penFor(const Theme& theme, FlowKind kind, bool emphasised);
    static double headLength(double penWidth) { return 4.0 + 2.0 * penWidth; }
    // The arrow's line from a to b and the direction it arrives in. An S-curve between rows; an
    // arrow between ends at nearly the same time (a kernel's end and the wait it released) would
    // be a few-pixel tick, so it bows out sideways by `bow` (> 0: to the right, later in time).
    struct Curve {
        QPainterPath path;
        QPointF arrival;  // unit vector at b
    };
    static Curve curve(QPointF a, QPointF b, double bow);
    // How far an arrow of `kind` bows when its ends are `dx` pixels apart: away from the bars it
    // joins (right of the ends for completions, left of the starts for launches and records).
    static double bowFor(FlowKind kind, double dx);
    static constexpr double kBow = 28.0;

    // Start and end of a flow's arrow in widget pixels (both events must be on shown lanes).
    std::optional<std::pair<QPointF, QPointF>> arrowOf(std::uint32_t flow) const;

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    void drawArrow(QCPPainter* p, std::uint32_t flow, bool emphasised);
    void drawCurve(QCPPainter* p, QPointF a, QPointF b, const QPen& pen, double bow = 0.0);
    void drawCauseArrow(QCPPainter* p);

    QPointer<QCPAxis> key_axis_, value_axis_;
    std::shared_ptr<const TimelineModel> model_;
    Theme theme_ = Theme::light();
    bool show_all_ = false;
    std::optional<std::uint32_t> selected_;
    std::optional<CauseArrow> cause_;
    // A few hundred arrows are still lines one can follow; two thousand (a rank view of a DLRM
    // step drew 1,910) are a grey web over the lanes, which hides the lesson and says nothing.
    std::size_t max_visible_ = kDefaultMaxVisible;
    std::size_t last_drawn_ = 0;
};

}  // namespace syncscope
