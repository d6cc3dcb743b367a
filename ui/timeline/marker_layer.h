#pragma once

#include <qcustomplot.h>

#include <QPointer>
#include <QString>
#include <vector>

#include "core/model/ids.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// The user's markers (bookmarks): labelled vertical lines across the lanes at fixed times, so they
// stay put while zooming and panning, and appear in pictures exported from the window, being part
// of the plot. Labels are M1, M2, … in time order.
class MarkerLayer : public QCPLayerable {
    Q_OBJECT
public:
    MarkerLayer(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setTheme(const Theme& theme) { theme_ = theme; }
    // Adds a marker at t (kept sorted); a second marker at the same time is not added. Returns its
    // index in markers().
    std::size_t add(TimeNs t);
    void clear() { markers_.clear(); }
    const std::vector<TimeNs>& markers() const { return markers_; }
    // "M1" for markers()[0].
    static QString label(std::size_t index);
    // The first marker after / last before t, if any.
    const TimeNs* next(double t) const;
    const TimeNs* previous(double t) const;

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    QPointer<QCPAxis> key_axis_, value_axis_;
    Theme theme_ = Theme::light();
    std::vector<TimeNs> markers_;
};

}  // namespace syncscope
