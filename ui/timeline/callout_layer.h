#pragma once

#include <qcustomplot.h>

#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/analysis/callout_resolver.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/time_mapping.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

// The scenario's callouts (docs/scenario-format.md) drawn on the timeline: a small box with the
// text and a leader line to the event it names. Boxes keep their pixel size at every zoom, never
// overlap each other (CalloutPlacer), avoid hiding bars where there is room, and a callout whose
// event is outside the visible range is not drawn. Exports draw it too, being part of the plot.
class CalloutLayer : public QCPLayerable {
    Q_OBJECT
public:
    CalloutLayer(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // Resolves the trace's callouts in the current language.
    void setModel(std::shared_ptr<const TimelineModel> model);
    void setTheme(const Theme& theme) { theme_ = theme; }
    void setLanguage(Language language);
    Language language() const { return language_; }
    std::size_t calloutCount() const { return resolved_.size(); }
    // The events the callouts point at, in the current language's resolution.
    std::vector<std::uint32_t> calloutEvents() const;
    // Callouts that come from no scenario (the doctor's findings on an export, --findings): drawn
    // after the scenario's, kept across a change of language.
    void setExtraCallouts(std::vector<ResolvedCallout> callouts);
    // What else is drawn on the plot that callouts must leave readable (the lanes' labels), in
    // widget pixels for the range in view.
    using KeepClear = std::function<std::vector<QRectF>(const TimeMapping& map)>;
    void setKeepClear(KeepClear keepClear) { keep_clear_ = std::move(keepClear); }
    // During a replay: only callouts whose event has begun by `now` are drawn, pointing at the
    // part of it that has happened.
    void setNow(std::optional<TimeNs> now) { now_ = now; }
    std::optional<TimeNs> now() const { return now_; }

    // A callout as it is drawn now, in widget pixels.
    struct Placed {
        std::size_t callout = 0;  // index into Scenario::callouts
        std::uint32_t event = kNone;
        QString text;
        QRectF box;
        QPointF anchor;                // where the leader line meets the event
        QRectF own;                    // its event's bar in view: the interval it explains
        std::vector<QRectF> explains;  // the GPU's idle gaps over that interval, as drawn
        bool keeps_rule = true;        // false: no spot left the lesson readable, even shrunk
        double font_scale = 1.0;       // of the theme's font: less where it found no spot
    };
    // The callouts visible in the current range and where they go; what draw() paints.
    std::vector<Placed> layout() const;
    // What the callouts keep clear for a range (the view's labels), in widget pixels.
    std::vector<QRectF> keptClear(const TimeMapping& map) const;
    // What the last draw painted, and what it kept clear: the placement rule is checked on the
    // pictures as drawn (the window, F11, every export size).
    struct Drawn {
        QRectF area;  // the plot's axis rect
        std::vector<Placed> placed;
        std::vector<QRectF> kept_clear;
    };
    const Drawn& lastDrawn() const { return last_drawn_; }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    void resolve();
    QFont font(double scale = 1.0) const;
    double maxTextWidth(const QRectF& area) const;
    QSizeF boxSize(const QString& text, double text_width, double scale = 1.0) const;
    // The idle gaps' bands (as LanePlottable tints them) over [t0, t1], in widget pixels.
    std::vector<QRectF> idleBandsOver(const TimeMapping& map, TimeNs t0, TimeNs t1) const;

    QPointer<QCPAxis> key_axis_, value_axis_;
    std::shared_ptr<const TimelineModel> model_;
    Theme theme_ = Theme::light();
    Language language_ = Language::En;
    std::vector<ResolvedCallout> resolved_;
    std::vector<ResolvedCallout> extra_;
    KeepClear keep_clear_;
    std::optional<TimeNs> now_;
    Drawn last_drawn_;
};

}  // namespace syncscope
