#pragma once

#include <qcustomplot.h>

#include <QString>

namespace syncscope {

// Axis ticks for a key axis in nanoseconds: the unit (ns, µs, ms, s) follows the visible range so
// labels stay short ("250 µs", "1.5 ms") and the decimals follow the tick step (hotspot's
// frequency page does the same for its time axis).
class TimeTicker : public QCPAxisTicker {
public:
    enum class Unit { Ns, Us, Ms, S };

    // The unit a range of `spanNs` is labelled in.
    static Unit unitFor(double spanNs);
    static double nsPer(Unit unit);
    static QString suffix(Unit unit);
    // One label, e.g. formatTick(1'500'000, Unit::Ms, 1) == "1.5 ms".
    static QString formatTick(double ns, Unit unit, int decimals);

    Unit unit() const { return unit_; }

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    Unit unit_ = Unit::Ms;
    int decimals_ = 0;
};

}  // namespace syncscope
