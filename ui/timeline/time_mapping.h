#pragma once

#include <cmath>

#include "core/model/ids.h"

namespace syncscope {

// Time <-> pixel for one horizontal span: [t0, t1] ns drawn on [left, left + width) px. A small
// value type so the plottable, the hit test and the folding agree on one rounding (STYLE #4).
class TimeMapping {
public:
    TimeMapping() = default;
    TimeMapping(double t0, double t1, double leftPx, double widthPx)
        : t0_(t0), t1_(t1), left_(leftPx), width_(widthPx > 0 ? widthPx : 1.0) {
        if (!(t1_ > t0_))
            t1_ = t0_ + 1.0;
    }

    double t0() const { return t0_; }
    double t1() const { return t1_; }
    double left() const { return left_; }
    double width() const { return width_; }
    double nsPerPixel() const { return (t1_ - t0_) / width_; }
    double pixelsPerNs() const { return width_ / (t1_ - t0_); }

    double toPixel(double t) const { return left_ + (t - t0_) * pixelsPerNs(); }
    double toTime(double px) const { return t0_ + (px - left_) * nsPerPixel(); }
    // A time span of `px` pixels, in ns (at least 1 ns so folding always advances).
    TimeNs spanNs(double px) const {
        const double ns = std::ceil(px * nsPerPixel());
        return ns < 1.0 ? 1 : static_cast<TimeNs>(ns);
    }

private:
    double t0_ = 0.0;
    double t1_ = 1.0;
    double left_ = 0.0;
    double width_ = 1.0;
};

}  // namespace syncscope
