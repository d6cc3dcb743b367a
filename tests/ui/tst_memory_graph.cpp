// MemoryGraph: a memory series drawn per pixel column. Against QCustomPlot's own step line on the
// same data: sparse steps look the same, and a dense series (many samples per pixel) covers, in
// every column, exactly the values its samples take there.

#include <qcustomplot.h>

#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "ui/timeline/memory_graph.h"

using namespace syncscope;

namespace {

constexpr int kWidth = 420;
constexpr int kHeight = 220;
const QColor kLine(20, 90, 200);

struct Plot {
    QCustomPlot plot;
    QCPGraph* graph = nullptr;
    Plot(bool columns, const QVector<double>& keys, const QVector<double>& values) {
        plot.resize(kWidth, kHeight);
        plot.setPlottingHint(QCP::phFastPolylines, true);
        plot.axisRect()->setAutoMargins(QCP::msNone);
        plot.axisRect()->setMargins(QMargins(10, 10, 10, 10));
        for (auto* axis : plot.axisRect()->axes()) {
            axis->setVisible(false);
            axis->grid()->setVisible(false);
        }
        graph = columns ? new MemoryGraph(plot.xAxis, plot.yAxis)
                        : plot.addGraph(plot.xAxis, plot.yAxis);
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setAdaptiveSampling(true);
        graph->setAntialiased(false);
        graph->setPen(QPen(kLine, 2.0));
        graph->setData(keys, values, true);
        plot.xAxis->setRange(0, 1000);
        plot.yAxis->setRange(-10, 110);
    }
    // As a picture export draws it (toPixmap), which draws as the screen does.
    QImage image() { return plot.toPixmap(kWidth, kHeight, 1.0).toImage(); }
};

std::vector<QPoint> linePixels(const QImage& image) {
    std::vector<QPoint> out;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixelColor(x, y) == kLine)
                out.emplace_back(x, y);
    return out;
}

// How many of `a`'s pixels have none of `b`'s within `slack` pixels.
int farFrom(const std::vector<QPoint>& a, const QImage& b, int slack) {
    int far = 0;
    for (const QPoint& p : a) {
        bool near = false;
        for (int dy = -slack; dy <= slack && !near; ++dy)
            for (int dx = -slack; dx <= slack && !near; ++dx) {
                const QPoint q = p + QPoint(dx, dy);
                near = b.rect().contains(q) && b.pixelColor(q) == kLine;
            }
        far += near ? 0 : 1;
    }
    return far;
}

// Draws `values` at `keys` with MemoryGraph and checks every third column of the view: it
// covers what the column holds (the value entering it and every sample in it) and reaches no
// further than what it or its left neighbour holds.
void checkDenseColumns(const QVector<double>& keys, const QVector<double>& values) {
    Plot ours(true, keys, values);
    const QImage image = ours.image();
    const QCPAxis* x = ours.plot.xAxis;
    const QCPAxis* y = ours.plot.yAxis;
    const int left = static_cast<int>(std::ceil(x->coordToPixel(0))) + 1;
    const int right = static_cast<int>(std::floor(x->coordToPixel(1000))) - 2;
    // What each column holds: the value entering it and every sample in it.
    auto columnOf = [&](double key) { return static_cast<int>(std::floor(x->coordToPixel(key))); };
    std::vector<double> lo(kWidth, 1e9), hi(kWidth, -1e9);
    double held = values[0];
    for (int i = 0; i < keys.size(); ++i) {
        const int c = std::clamp(columnOf(keys[i]), 0, kWidth - 1);
        lo[c] = std::min({lo[c], held, values[i]});
        hi[c] = std::max({hi[c], held, values[i]});
        held = values[i];
    }
    auto top = [&](int c) { return static_cast<int>(std::lround(y->coordToPixel(hi[c]))); };
    auto bottom = [&](int c) { return static_cast<int>(std::lround(y->coordToPixel(lo[c]))); };
    int checked = 0;
    for (int col = left; col < right; col += 3) {
        QVERIFY(hi[col] >= lo[col] && hi[col - 1] >= lo[col - 1]);
        int first = -1, last = -1;
        for (int py = 0; py < image.height(); ++py)
            if (image.pixelColor(col, py) == kLine) {
                if (first < 0)
                    first = py;
                last = py;
            }
        QVERIFY2(first >= 0, qPrintable(QStringLiteral("column %1 is empty").arg(col)));
        // Everything the column holds is drawn; nothing beyond what it or its left neighbour
        // holds (a step is a line's width wide, so it reaches into the next column).
        const QString where = QStringLiteral("column %1 drawn %2..%3, holds %4..%5")
                                  .arg(col)
                                  .arg(first)
                                  .arg(last)
                                  .arg(top(col))
                                  .arg(bottom(col));
        QVERIFY2(first <= top(col) + 1 && last >= bottom(col) - 1, qPrintable(where));
        QVERIFY2(first >= std::min(top(col), top(col - 1)) - 2 &&
                     last <= std::max(bottom(col), bottom(col - 1)) + 2,
                 qPrintable(where));
        ++checked;
    }
    QVERIFY(checked > 40);
}

}  // namespace

class TestMemoryGraph : public QObject {
    Q_OBJECT

private slots:
    void sparseStepsLookLikeQCustomPlots() {
        const QVector<double> keys{0, 100, 250, 250, 400, 700, 900};
        const QVector<double> values{0, 60, 60, 20, 90, 5, 5};
        Plot ours(true, keys, values), theirs(false, keys, values);
        const QImage a = ours.image(), b = theirs.image();
        const auto pa = linePixels(a), pb = linePixels(b);
        QVERIFY(pb.size() > 500);
        // The same line, give or take a pixel at the corners.
        QVERIFY2(
            std::abs(static_cast<int>(pa.size()) - static_cast<int>(pb.size())) <
                static_cast<int>(pb.size()) / 20,
            qPrintable(QStringLiteral("%1 line pixels against %2").arg(pa.size()).arg(pb.size())));
        QCOMPARE(farFrom(pa, b, 1), 0);
        QCOMPARE(farFrom(pb, a, 1), 0);
        // It ends at the last sample, as QCustomPlot's does: nothing right of key 900.
        const double end = ours.plot.xAxis->coordToPixel(900);
        for (const QPoint& p : pa)
            QVERIFY(p.x() <= end + 2);
    }

    void aViewPastTheLastSampleShowsNoLine() {
        // The line ends at its last sample: a view after it (or before the first) shows nothing,
        // as QCustomPlot's own line does.
        const QVector<double> keys{0, 100, 200};
        const QVector<double> values{10, 50, 30};
        Plot ours(true, keys, values), theirs(false, keys, values);
        for (Plot* p : {&ours, &theirs}) {
            p->plot.xAxis->setRange(300, 1000);
            QVERIFY(linePixels(p->image()).empty());
            p->plot.xAxis->setRange(-1000, -100);
            QVERIFY(linePixels(p->image()).empty());
            // A view between two samples shows the value held there, edge to edge.
            p->plot.xAxis->setRange(120, 180);
            QVERIFY(linePixels(p->image()).size() > 300);
        }
    }

    void denseSamplesCoverWhatEachColumnHolds() {
        // A sawtooth of 40 samples per pixel: QCustomPlot's segments for this were a third of a
        // 10 M-event frame.
        QVector<double> keys, values;
        for (int i = 0; i <= 400'000; ++i) {
            keys.push_back(i * 0.0025);
            values.push_back((i % 97) * (i % 13 == 0 ? 1.0 : 0.5));
        }
        checkDenseColumns(keys, values);
    }
    void denseColumnsKeepTheirOwnSamples() {
        // A staircase, one step of 6 per pixel column with a wiggle inside it: a column that took
        // a sample of the next one would reach a step too high (the draw loop's quick test of
        // "still this column" is checked here; the sawtooth spans nearly every value in every
        // column and cannot tell).
        // The keys stay clear of the columns' edges, where the test's pixel of a key and the
        // drawing's may round apart.
        Plot probe(true, {0, 1000}, {0, 0});
        probe.image();  // lays the axes out
        QVector<double> keys, values;
        for (int i = 0; i <= 400'000; ++i) {
            keys.push_back(i * 0.0025 + 0.001);
            const int column =
                static_cast<int>(std::floor(probe.plot.xAxis->coordToPixel(keys.back())));
            values.push_back(6.0 * (column % 16) + (i % 2));
        }
        checkDenseColumns(keys, values);
    }
    void blocksDrawWhatEverySampleDraws() {
        // Columns read through the blocks' minima and maxima must draw the very pixels the
        // sample-by-sample walk draws: a random walk with lone spikes (one sample of a block),
        // samples in bursts and gaps (columns of thousands, of a few, of none), seen whole and
        // through views whose edges fall inside blocks.
        QVector<double> keys, values;
        std::uint32_t seed = 12345;
        auto next = [&seed] {
            seed = seed * 1664525u + 1013904223u;
            return seed >> 8;
        };
        double key = 0, value = 50;
        while (key < 1000) {
            const bool burst = (static_cast<int>(key) / 37) % 3 == 0;
            key += burst ? 0.0002 * (next() % 4) : 0.004 * (1 + next() % 8);
            value =
                std::clamp(value + (static_cast<double>(next() % 201) - 100) / 200.0, 0.0, 100.0);
            keys.push_back(key);
            values.push_back(next() % 5003 == 0 ? 100.0 - value : value);  // a lone spike
        }
        QVERIFY(keys.size() > 250'000);
        const std::pair<double, double> views[] = {{0, 1000},      {0.3, 999.1}, {111.11, 113.7},
                                                   {400.5, 401.0}, {-50, 40},    {990, 1100}};
        for (const auto& [from, to] : views) {
            Plot blocks(true, keys, values), samples(true, keys, values);
            static_cast<MemoryGraph*>(samples.graph)->setBlockSkipping(false);
            blocks.plot.xAxis->setRange(from, to);
            samples.plot.xAxis->setRange(from, to);
            const QImage a = blocks.image(), b = samples.image();
            QVERIFY2(!linePixels(b).empty(),
                     qPrintable(QStringLiteral("view %1..%2 is empty").arg(from).arg(to)));
            int differ = 0;
            for (int y = 0; y < a.height(); ++y)
                for (int x = 0; x < a.width(); ++x)
                    differ += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
            QVERIFY2(
                differ == 0,
                qPrintable(
                    QStringLiteral("view %1..%2: %3 pixels differ").arg(from).arg(to).arg(differ)));
        }
    }
    void mergedBarsDrawWhatEachBarDraws() {
        // The union of a dense series' bars (ColumnUnion) must be the very pixels of its bars
        // filled one by one: a sawtooth whose every column swings its full range (a sampled
        // allocator loop zoomed out), one whose columns are short steps, and a translucent pen
        // (filled bar by bar either way).
        for (const int teeth : {9000, 150}) {
            for (const int alpha : {255, 128}) {
                QVector<double> keys, values;
                for (int i = 0; i < 120'000; ++i) {
                    keys.push_back(i * (1000.0 / 120'000));
                    values.push_back(100.0 * (i % (120'000 / teeth)) / (120'000 / teeth));
                }
                Plot merged(true, keys, values), bars(true, keys, values);
                static_cast<MemoryGraph*>(bars.graph)->setColumnMerging(false);
                QColor c = kLine;
                c.setAlpha(alpha);
                merged.graph->setPen(QPen(c, 2.0));
                bars.graph->setPen(QPen(c, 2.0));
                const QImage a = merged.image(), b = bars.image();
                int differ = 0, drawn = 0;
                for (int y = 0; y < a.height(); ++y)
                    for (int x = 0; x < a.width(); ++x) {
                        differ += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
                        drawn += b.pixel(x, y) != b.pixel(0, 0) ? 1 : 0;
                    }
                QVERIFY2(drawn > 2000, qPrintable(QStringLiteral("%1 pixels drawn").arg(drawn)));
                QVERIFY2(differ == 0,
                         qPrintable(QStringLiteral("%1 teeth, alpha %2: %3 pixels differ")
                                        .arg(teeth)
                                        .arg(alpha)
                                        .arg(differ)));
            }
        }
    }
};

QTEST_MAIN(TestMemoryGraph)
#include "tst_memory_graph.moc"
