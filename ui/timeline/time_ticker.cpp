#include "ui/timeline/time_ticker.h"

#include <cmath>

namespace syncscope {

TimeTicker::Unit TimeTicker::unitFor(double spanNs) {
    spanNs = std::abs(spanNs);
    // Switch as soon as a unit is reached: "0.25 ms" reads with the "1.80 ms" of the details pane
    // better than "250 µs" next to it.
    if (spanNs < 1e3)
        return Unit::Ns;
    if (spanNs < 1e6)
        return Unit::Us;
    if (spanNs < 1e9)
        return Unit::Ms;
    return Unit::S;
}

double TimeTicker::nsPer(Unit unit) {
    switch (unit) {
        case Unit::Ns:
            return 1.0;
        case Unit::Us:
            return 1e3;
        case Unit::Ms:
            return 1e6;
        case Unit::S:
            return 1e9;
    }
    return 1.0;
}

QString TimeTicker::suffix(Unit unit) {
    switch (unit) {
        case Unit::Ns:
            return QStringLiteral("ns");
        case Unit::Us:
            return QStringLiteral("µs");
        case Unit::Ms:
            return QStringLiteral("ms");
        case Unit::S:
            return QStringLiteral("s");
    }
    return {};
}

QString TimeTicker::formatTick(double ns, Unit unit, int decimals) {
    double v = ns / nsPer(unit);
    if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
        v = 0.0;  // no "-0.0"
    return QString::number(v, 'f', decimals) + QLatin1Char(' ') + suffix(unit);
}

void TimeTicker::chooseDecimals(double step) {
    // Enough decimals that neighbouring ticks differ: step 0.25 ms -> 2 decimals.
    const double stepInUnit = step / nsPer(unit_);
    decimals_ = 0;
    while (decimals_ < 6 && std::abs(stepInUnit * std::pow(10.0, decimals_) -
                                     std::round(stepInUnit * std::pow(10.0, decimals_))) > 1e-6)
        ++decimals_;
}

double TimeTicker::widestLabelPx(const QCPRange& range, double step, const QFontMetricsF& fm) {
    TimeTicker probe;
    probe.unit_ = unitFor(range.size());
    probe.chooseDecimals(step);
    // The ends carry the most digits and the sign; the middle for a range around zero.
    double widest = 0.0;
    for (const double t : {range.lower, range.upper, (range.lower + range.upper) / 2.0})
        widest = std::max(widest, fm.horizontalAdvance(formatTick(std::round(t / step) * step,
                                                                  probe.unit_, probe.decimals_)));
    return widest;
}

double TimeTicker::getTickStep(const QCPRange& range) {
    unit_ = unitFor(range.size());
    double step = QCPAxisTicker::getTickStep(range);
    if (axis_ && axis_->axisRect() && range.size() > 0) {
        const double px = axis_->axisRect()->width();
        const QFontMetricsF fm(axis_->tickLabelFont());
        // Labels are centred on their ticks: the step in px must hold one label and a gap. Go up
        // the 1-2-5 ladder until it does (a handful of steps at most).
        for (int i = 0; i < 40 && px > 0; ++i) {
            const double stepPx = step / range.size() * px;
            if (stepPx >= widestLabelPx(range, step, fm) + kLabelGapPx)
                break;
            const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
            const double mantissa = step / magnitude;
            step = (mantissa < 1.5 ? 2.0 : mantissa < 3.5 ? 5.0 : 10.0) * magnitude;
        }
    }
    chooseDecimals(step);
    return step;
}

QString TimeTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return formatTick(tick, unit_, decimals_);
}

}  // namespace syncscope
