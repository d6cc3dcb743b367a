// ColumnUnion: the rectangles it fills cover exactly the union of the bars it was given, each
// pixel once, and a band of tall bars costs a few row fills instead of one per row and bar.

#include <QTest>
#include <algorithm>
#include <random>
#include <vector>

#include "ui/timeline/column_union.h"

using namespace syncscope;

namespace {

constexpr int kW = 300;
constexpr int kH = 120;

struct Canvas {
    std::vector<int> hits = std::vector<int>(kW * kH, 0);
    int fills = 0;
    long rows = 0;  // row fills: what the raster engine pays for
    bool outside = false;
    void fill(int x, int y, int w, int h) {
        ++fills;
        rows += h;
        if (w <= 0 || h <= 0 || x < 0 || y < 0 || x + w > kW || y + h > kH) {
            outside = true;
            return;
        }
        for (int yy = y; yy < y + h; ++yy)
            for (int xx = x; xx < x + w; ++xx)
                ++hits[yy * kW + xx];
    }
};

struct Bar {
    int x, top, bottom;
};

// Fills `bars` through a ColumnUnion (with a finish halfway if `split`, as a caller may) and
// checks its pixels against the bars' own: the same set. Bars wider than a column overlap their
// neighbours, as filled bars do; within one run of merged bars no pixel is filled twice, so with
// `once` (one run) none may be.
Canvas checkUnion(const std::vector<Bar>& bars, int width, bool split = true, bool once = false) {
    Canvas merged, plain;
    ColumnUnion u([&merged](int x, int y, int w, int h) { merged.fill(x, y, w, h); }, width);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        u.add(bars[i].x, bars[i].top, bars[i].bottom);
        plain.fill(bars[i].x, bars[i].top, width, bars[i].bottom - bars[i].top);
        if (split && i == bars.size() / 2)
            u.finish();
    }
    u.finish();
    [&] {
        QVERIFY(!merged.outside);
        for (int y = 0; y < kH; ++y)
            for (int x = 0; x < kW; ++x) {
                const int want = std::min(plain.hits[y * kW + x], 1);
                const int got =
                    once ? merged.hits[y * kW + x] : std::min(merged.hits[y * kW + x], 1);
                QVERIFY2(got == want,
                         qPrintable(QStringLiteral("pixel %1,%2 filled %3 times, wanted %4")
                                        .arg(x)
                                        .arg(y)
                                        .arg(merged.hits[y * kW + x])
                                        .arg(want)));
            }
    }();
    return merged;
}

}  // namespace

class TestColumnUnion : public QObject {
    Q_OBJECT
private slots:
    void fillsExactlyTheBars_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("seed");
        for (int width = 1; width <= 3; ++width)
            for (int seed = 1; seed <= 4; ++seed)
                QTest::addRow("width %d, seed %d", width, seed) << width << seed;
    }
    void fillsExactlyTheBars() {
        // Bars of every kind a series draws: runs of adjacent tall bars with ragged ends, short
        // steps, gaps (flat stretches between them), bars that share too little to merge.
        QFETCH(int, width);
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed));
        std::vector<Bar> bars;
        for (int x = 0; x + width <= kW; ++x) {
            const int kind = static_cast<int>(rng() % 10);
            if (kind == 0)
                continue;  // a gap
            int top = 0, bottom = 0;
            if (kind <= 6) {  // a full swing with ragged ends
                top = 5 + static_cast<int>(rng() % 30);
                bottom = kH - 5 - static_cast<int>(rng() % 30);
            } else if (kind <= 8) {  // a short step
                top = static_cast<int>(rng() % (kH - 10));
                bottom = top + 1 + static_cast<int>(rng() % 9);
            } else {  // tall, but off to one side
                top = static_cast<int>(rng() % (kH / 2));
                bottom = top + ColumnUnion::kMinShared + static_cast<int>(rng() % 20);
            }
            bars.push_back({x, top, bottom});
        }
        QVERIFY(bars.size() > 200);
        checkUnion(bars, width);
    }
    void aBandOfTallBarsIsFewRowFills() {
        // 280 bars swinging most of the plot's height, as a dense series zoomed out draws: the
        // bars themselves are about 25 k row fills; their union is the band and its two
        // ragged edges.
        std::vector<Bar> bars;
        long barRows = 0;
        for (int x = 10; x < 290; ++x) {
            const int top = 10 + (x * 7) % 13;
            const int bottom = kH - 10 - (x * 5) % 11;
            bars.push_back({x, top, bottom});
            barRows += bottom - top;
        }
        const Canvas merged = checkUnion(bars, 2, false, true);
        QVERIFY2(
            merged.rows * 4 < barRows,
            qPrintable(
                QStringLiteral("%1 row fills for bars of %2 rows").arg(merged.rows).arg(barRows)));
        QVERIFY2(
            merged.fills <= 2 * static_cast<int>(bars.size()) + 4,
            qPrintable(QStringLiteral("%1 fills for %2 bars").arg(merged.fills).arg(bars.size())));
    }
    void shortBarsAreFilledAsTheyAre() {
        // Steps shorter than the shared band's minimum never merge: one fill per bar.
        std::vector<Bar> bars;
        for (int x = 0; x < 200; ++x)
            bars.push_back({x, 50 + x % 5, 50 + x % 5 + ColumnUnion::kMinShared - 1});
        const Canvas merged = checkUnion(bars, 2);
        QCOMPARE(merged.fills, static_cast<int>(bars.size()));
    }
};

QTEST_MAIN(TestColumnUnion)
#include "tst_column_union.moc"
