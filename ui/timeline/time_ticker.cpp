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

double TimeTicker::getTickStep(const QCPRange& range) {
    unit_ = unitFor(range.size());
    const double step = QCPAxisTicker::getTickStep(range);
    // Enough decimals that neighbouring ticks differ: step 0.25 ms -> 2 decimals.
    const double stepInUnit = step / nsPer(unit_);
    decimals_ = 0;
    while (decimals_ < 6 && std::abs(stepInUnit * std::pow(10.0, decimals_) -
                                     std::round(stepInUnit * std::pow(10.0, decimals_))) > 1e-6)
        ++decimals_;
    return step;
}

QString TimeTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return formatTick(tick, unit_, decimals_);
}

}  // namespace syncscope
