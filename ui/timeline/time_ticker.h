#pragma once

#include <qcustomplot.h>

#include <QString>

namespace syncscope {

// Axis ticks for a key axis in nanoseconds: the unit (ns, µs, ms, s) follows the visible range so
// labels stay short ("250 µs", "1.5 ms") and the decimals follow the tick step (hotspot's
// frequency page does the same for its time axis).
//
// Given its axis, the step also grows until neighbouring labels have room in the axis' width
// with its tick label font: a narrow window gets fewer ticks, never labels on top of each other.
class TimeTicker : public QCPAxisTicker {
public:
    enum class Unit { Ns, Us, Ms, S };

    explicit TimeTicker(QCPAxis* axis = nullptr) : axis_(axis) {}
    // The least room between two labels, in px.
    static constexpr double kLabelGapPx = 12.0;
    // The widest label a step gives over `range`, with `fm`.
    static double widestLabelPx(const QCPRange& range, double step, const QFontMetricsF& fm);

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
    void chooseDecimals(double step);

    QCPAxis* axis_ = nullptr;
    Unit unit_ = Unit::Ms;
    int decimals_ = 0;
};

}  // namespace syncscope
