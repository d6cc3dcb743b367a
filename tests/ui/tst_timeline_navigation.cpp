// The timeline's overview strip, markers, W/A/S/D keys and ranges picked on the time axis, driven
// by QTest key and mouse events on a trace built by hand; and the range statistics panel those
// ranges fill: its rows, sorting by header clicks and Ctrl+C as TSV.

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <algorithm>
#include <map>

#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/export/image_exporter.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/lane_layout.h"
#include "ui/timeline/marker_layer.h"
#include "ui/timeline/overview_strip.h"
#include "ui/timeline/range_stats_model.h"
#include "ui/timeline/range_stats_panel.h"
#include "ui/timeline/search_bar.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {
double span(const std::pair<double, double>& r) {
    return r.second - r.first;
}

// A point on the time axis under the lanes, at plot pixel x.
QPoint onRuler(const TimelineView& view, int x) {
    return QPoint(x, view.plot()->axisRect()->rect().bottom() + 8);
}

void dragOnRuler(TimelineView& view, int x0, int x1) {
    QTest::mousePress(view.plot(), Qt::LeftButton, Qt::NoModifier, onRuler(view, x0));
    QTest::mouseMove(view.plot(), onRuler(view, (x0 + x1) / 2));
    QTest::mouseMove(view.plot(), onRuler(view, x1));
    QTest::mouseRelease(view.plot(), Qt::LeftButton, Qt::NoModifier, onRuler(view, x1));
}

}  // namespace

class TestTimelineNavigation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QApplication::clipboard()->clear(); }
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(1200, 600);
        trace_ = makeDemoTrace(6);
        view_->setTrace(trace_);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        view_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view_.get()));
        settle(*view_);
        view_->plot()->setFocus();
    }
    void cleanup() { view_.reset(); }

    void wAndSZoomAroundTheCursor() {
        const auto before = view_->visibleRange();
        const QPoint at(400, 120);
        QTest::mouseMove(view_->plot(), at);
        const double under = view_->plot()->xAxis->pixelToCoord(at.x());
        QTest::keyClick(view_->plot(), Qt::Key_W);
        const auto in = view_->visibleRange();
        QVERIFY(span(in) < span(before));
        QVERIFY(std::abs(view_->plot()->xAxis->pixelToCoord(at.x()) - under) < 1.0);
        QTest::keyClick(view_->plot(), Qt::Key_S);
        QVERIFY(std::abs(span(view_->visibleRange()) - span(before)) < 1.0);
        QTest::keyClick(view_->plot(), Qt::Key_S);
        QVERIFY(span(view_->visibleRange()) > span(before));
    }

    void aAndDPan() {
        view_->zoomToRange(1'000'000, 2'000'000);
        const auto r = view_->visibleRange();
        QTest::keyClick(view_->plot(), Qt::Key_D);
        const auto right = view_->visibleRange();
        QVERIFY(right.first > r.first);
        QCOMPARE(span(right), span(r));
        QTest::keyClick(view_->plot(), Qt::Key_A);
        QTest::keyClick(view_->plot(), Qt::Key_A);
        QVERIFY(view_->visibleRange().first < r.first);
        // Ctrl+D is no pan: the letters are plain keys only.
        const auto now = view_->visibleRange();
        QTest::keyClick(view_->plot(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(view_->visibleRange(), now);
    }

    void mMarksTheTimeUnderTheCursorAndSurvivesZoom() {
        const QPoint at(500, 120);
        QTest::mouseMove(view_->plot(), at);
        const double t = view_->plot()->xAxis->pixelToCoord(at.x());
        QTest::keyClick(view_->plot(), Qt::Key_M);
        QCOMPARE(view_->markers().size(), std::size_t(1));
        QVERIFY(std::abs(static_cast<double>(view_->markers()[0]) - t) <= 1.0);
        // Zooming moves the line's pixel, never its time.
        QTest::keyClick(view_->plot(), Qt::Key_W);
        QTest::keyClick(view_->plot(), Qt::Key_W);
        QVERIFY(std::abs(static_cast<double>(view_->markers()[0]) - t) <= 1.0);
        // A marker with the cursor away from the lanes goes to the selection's start.
        QTest::mouseMove(view_->plot(), QPoint(5, 5));
        view_->selectEvent(3);
        QTest::keyClick(view_->plot(), Qt::Key_M);
        QCOMPARE(view_->markers().size(), std::size_t(2));
        QVERIFY(std::count(view_->markers().begin(), view_->markers().end(),
                           trace_->events[3].start_ns) == 1);
        QCOMPARE(MarkerLayer::label(0), QStringLiteral("M1"));
        maybeSave(view_->grab().toImage(), QStringLiteral("view-markers.png"));
    }

    void markersAppearInExportedPictures() {
        ExportOptions options;
        options.size = QSize(1000, 500);
        options.caption = false;
        options.legend = false;
        const ImageExporter exporter(*view_);
        const QImage without = exporter.renderImage(options);
        const auto [lo, hi] = view_->visibleRange();
        view_->addMarker(static_cast<TimeNs>((lo + hi) / 2));
        const QImage with = exporter.renderImage(options);
        QCOMPARE(with.size(), without.size());
        // The line runs across the lanes: at least their height in changed pixels, all of them in
        // a narrow column (line and label) around the middle of the plot.
        int changed = 0, left = with.width(), right = 0;
        for (int y = 0; y < with.height(); ++y)
            for (int x = 0; x < with.width(); ++x)
                if (with.pixel(x, y) != without.pixel(x, y)) {
                    ++changed;
                    left = std::min(left, x);
                    right = std::max(right, x);
                }
        QVERIFY2(changed > 200, qPrintable(QString::number(changed)));
        QVERIFY(right - left < 80);
        maybeSave(with, QStringLiteral("export-marker.png"));
    }

    void bracketsStepThroughMarkersAndClearEmpties() {
        view_->zoomToRange(0, 200'000);
        const auto r = view_->visibleRange();
        view_->addMarker(1'000'000);
        view_->addMarker(2'000'000);
        QTest::keyClick(view_->plot(), Qt::Key_BracketRight);
        QVERIFY(std::abs((view_->visibleRange().first + view_->visibleRange().second) / 2 -
                         1'000'000) < 1.0);
        QCOMPARE(span(view_->visibleRange()), span(r));  // the zoom is kept
        QTest::keyClick(view_->plot(), Qt::Key_BracketRight);
        QVERIFY(std::abs((view_->visibleRange().first + view_->visibleRange().second) / 2 -
                         2'000'000) < 1.0);
        QVERIFY(!view_->nextMarker());  // none after the last
        QTest::keyClick(view_->plot(), Qt::Key_BracketLeft);
        QVERIFY(std::abs((view_->visibleRange().first + view_->visibleRange().second) / 2 -
                         1'000'000) < 1.0);
        QAction* clear = view_->navigationActions().last();
        QVERIFY(clear->isEnabled());
        clear->trigger();
        QVERIFY(view_->markers().empty());
        QVERIFY(!clear->isEnabled());
    }

    void keysAreIgnoredWhileTheSearchBarHasFocus() {
        view_->openSearch();
        QLineEdit* field = view_->searchBar()->field();
        QTRY_VERIFY(field->hasFocus());
        const auto r = view_->visibleRange();
        for (const auto key : {Qt::Key_W, Qt::Key_S, Qt::Key_A, Qt::Key_D, Qt::Key_M})
            QTest::keyClick(field, key);
        QCOMPARE(view_->visibleRange(), r);
        QVERIFY(view_->markers().empty());
        QCOMPARE(field->text(), QStringLiteral("wsadm"));
    }

    void draggingOnTheRulerPicksARange() {
        QSignalSpy picked(view_.get(), &TimelineView::rangeSelected);
        const double t0 = view_->plot()->xAxis->pixelToCoord(300);
        const double t1 = view_->plot()->xAxis->pixelToCoord(700);
        const auto before = view_->visibleRange();
        dragOnRuler(*view_, 300, 700);
        QCOMPARE(picked.size(), 1);
        QVERIFY(std::abs(picked[0][0].toLongLong() - t0) <= 1.0);
        QVERIFY(std::abs(picked[0][1].toLongLong() - t1) <= 1.0);
        QCOMPARE(view_->visibleRange(), before);  // picking is no pan
        QVERIFY(view_->pickedRange());
        // Right to left gives the same range; a click on the axis picks nothing.
        dragOnRuler(*view_, 700, 300);
        QCOMPARE(picked.size(), 2);
        QCOMPARE(picked[1][0], picked[0][0]);
        QTest::mouseClick(view_->plot(), Qt::LeftButton, Qt::NoModifier, onRuler(*view_, 400));
        QCOMPARE(picked.size(), 2);
        QVERIFY(!view_->pickedRange());
    }

    void panelShowsTheRangeSortsAndCopiesTsv() {
        RangeStatsPanel panel;
        panel.resize(900, 400);
        connect(view_.get(), &TimelineView::rangeSelected, &panel, [&](qint64 a, qint64 b) {
            panel.setTrace(trace_);
            panel.showRange(a, b, view_->countedLanes());
        });
        view_->hideLane(0);  // the host thread: its calls and work are not counted
        settle(*view_);
        dragOnRuler(*view_, 200, 900);
        const auto& stats = panel.model()->statistics();
        QVERIFY(stats);
        // What the rows must be, counted here the plain way.
        struct Want {
            std::uint64_t count = 0;
            TimeNs total = 0;
        };
        std::map<std::pair<std::string, EventKind>, Want> want;
        for (const auto& e : trace_->events) {
            if (e.lane == 0)
                continue;
            const bool in = e.end_ns > e.start_ns
                                ? e.start_ns < stats->endNs() && e.end_ns > stats->startNs()
                                : e.start_ns >= stats->startNs() && e.start_ns <= stats->endNs();
            if (!in)
                continue;
            auto& w = want[{std::string(trace_->nameOf(e)), e.kind}];
            ++w.count;
            w.total += std::max<TimeNs>(
                0, std::min(e.end_ns, stats->endNs()) - std::max(e.start_ns, stats->startNs()));
        }
        auto* model = panel.model();
        QCOMPARE(model->rowCount(), static_cast<int>(want.size()));
        QVERIFY(model->rowCount() >= 4);
        for (int r = 0; r < model->rowCount(); ++r) {
            const auto name = model->index(r, RangeStatsModel::Name).data(Qt::UserRole);
            const auto& row = stats->rows();
            const auto it = std::find_if(row.begin(), row.end(), [&](const auto& x) {
                return QString::fromStdString(x.name) == name.toString() &&
                       kindLabel(x.kind) == model->index(r, RangeStatsModel::Kind).data();
            });
            QVERIFY(it != row.end());
            const Want& w = want.at({it->name, it->kind});
            QCOMPARE(model->index(r, RangeStatsModel::Count).data(Qt::UserRole).toULongLong(),
                     w.count);
            QCOMPARE(model->index(r, RangeStatsModel::Total).data(Qt::UserRole).toLongLong(),
                     w.total);
        }
        QVERIFY(panel.headerText().contains(QStringLiteral("clipped")));
        QVERIFY(panel.headerText().contains(QStringLiteral("1 hidden")));

        // Click the Count header: sorted by count; click again: the other way round.
        panel.show();
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        QHeaderView* header = panel.table()->horizontalHeader();
        const int x = header->sectionViewportPosition(RangeStatsModel::Count) +
                      header->sectionSize(RangeStatsModel::Count) / 2;
        auto sortedAsShown = [&] {
            QList<qulonglong> c;
            for (int r = 0; r < model->rowCount(); ++r)
                c << model->index(r, RangeStatsModel::Count).data(Qt::UserRole).toULongLong();
            if (header->sortIndicatorOrder() == Qt::DescendingOrder)
                std::reverse(c.begin(), c.end());
            return std::is_sorted(c.begin(), c.end()) && c.front() < c.back();
        };
        QTest::mouseClick(header->viewport(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(x, header->height() / 2));
        QCOMPARE(header->sortIndicatorSection(), int(RangeStatsModel::Count));
        QVERIFY(sortedAsShown());
        const Qt::SortOrder before = header->sortIndicatorOrder();
        QTest::mouseClick(header->viewport(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(x, header->height() / 2));
        QVERIFY(header->sortIndicatorOrder() != before);
        QVERIFY(sortedAsShown());

        // Ctrl+C with nothing selected: the header and every row.
        panel.table()->setFocus();
        QTest::keyClick(panel.table(), Qt::Key_C, Qt::ControlModifier);
        QStringList lines =
            QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), model->rowCount() + 1);
        QVERIFY(lines[0].startsWith(QStringLiteral("Name\tKind\tCount\tTotal (clipped) (ns)")));
        const QStringList first = lines[1].split(QLatin1Char('\t'));
        QCOMPARE(first.size(), 8);
        QCOMPARE(first[0], model->index(0, RangeStatsModel::Name).data(Qt::UserRole).toString());
        QCOMPARE(first[3].toLongLong(),
                 model->index(0, RangeStatsModel::Total).data(Qt::UserRole).toLongLong());
        // Two rows selected: only they, in table order.
        panel.table()->selectRow(2);
        panel.table()->selectionModel()->select(
            model->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        panel.copyAction()->trigger();
        lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[1].section(QLatin1Char('\t'), 0, 0),
                 model->index(1, RangeStatsModel::Name).data(Qt::UserRole).toString());
        QCOMPARE(lines[2].section(QLatin1Char('\t'), 0, 0),
                 model->index(2, RangeStatsModel::Name).data(Qt::UserRole).toString());
        maybeSave(panel.grab().toImage(), QStringLiteral("range-panel.png"));
    }

    void overviewClickAndDragMoveTheView() {
        OverviewStrip* strip = view_->overview();
        QVERIFY(view_->overviewVisible());
        QCOMPARE(strip->rows().size(), std::size_t(2));  // host, and the GPU's streams
        view_->zoomToRange(0, 500'000);
        settle(*view_);
        const auto r = view_->visibleRange();
        // A click beside the window centres it there.
        const double target = 3'000'000;
        const int x = static_cast<int>(std::lround(strip->xAt(target)));
        QTest::mouseClick(strip, Qt::LeftButton, Qt::NoModifier, QPoint(x, strip->height() / 2));
        const auto moved = view_->visibleRange();
        QVERIFY(std::abs((moved.first + moved.second) / 2 - target) <
                strip->timeAt(1) - strip->timeAt(0) + 1.0);
        QVERIFY(std::abs(span(moved) - span(r)) < 1.0);
        // Dragging the window's right edge widens the view; its start stays.
        const QRectF w = strip->windowRect();
        const QPoint edge(static_cast<int>(std::lround(w.right())), strip->height() / 2);
        QTest::mousePress(strip, Qt::LeftButton, Qt::NoModifier, edge);
        QTest::mouseMove(strip, edge + QPoint(40, 0));
        QTest::mouseRelease(strip, Qt::LeftButton, Qt::NoModifier, edge + QPoint(40, 0));
        QVERIFY(span(view_->visibleRange()) > span(moved) * 1.2);
        QVERIFY(std::abs(view_->visibleRange().first - moved.first) < 1.0);
        // The View menu toggle hides it.
        view_->navigationActions().first()->trigger();
        QVERIFY(!view_->overviewVisible());
    }

    void overviewDensityIsTheBusyShare() {
        // Stream 0 of the demo: gemm kernels back to back from 5 µs; the host waits lane has none.
        const TimelineModel& model = *view_->model();
        const auto& k = trace_->events[model.laneEvents(2).front()];
        const double a = static_cast<double>(k.start_ns);
        const double b = static_cast<double>(k.end_ns);
        const auto inside = OverviewStrip::density(model, {2}, a, b, 4);
        for (const double s : inside)
            QCOMPARE(s, 1.0);
        // Half the columns before the kernel: idle, then busy.
        const auto half = OverviewStrip::density(model, {2}, a - (b - a), b, 2);
        QCOMPARE(half[0], 0.0);
        QCOMPARE(half[1], 1.0);
        // Two lanes busy at once are capped at 1.
        QCOMPARE(OverviewStrip::density(model, {2, 2}, a, b, 1)[0], 1.0);
        QVERIFY(OverviewStrip::density(model, {1}, a, b, 0).empty());
    }

    // On a lane big enough for busy summaries, columns much wider than a bucket read them: the
    // share stays within one bucket's width of the exact busy time in every column.
    void overviewDensityOfABigLaneReadsItsSummary() {
        // 40k kernels of 600 ns every 1000 ns: 60 % busy, with idle time in every bucket.
        const auto trace = makeRegularTrace(40'000, 600, 1'000);
        const TimelineModel model(trace);
        const BusySummary* summary = model.busySummary(2);
        QVERIFY(summary && !summary->empty());
        const double t0 = static_cast<double>(model.beginNs());
        const double t1 = static_cast<double>(model.endNs());
        const int columns = 300;
        const double step = (t1 - t0) / columns;
        QVERIFY(summary->resolves(step));
        const auto share = OverviewStrip::density(model, {2}, t0, t1, columns);
        QCOMPARE(share.size(), std::size_t(columns));
        const double bucket = static_cast<double>(summary->width());
        for (int c = 0; c < columns; ++c) {
            const auto a = static_cast<TimeNs>(std::floor(t0 + c * step));
            const auto b =
                std::max<TimeNs>(a + 1, static_cast<TimeNs>(std::floor(t0 + (c + 1) * step)));
            const double exact = static_cast<double>(model.busyNs(2, a, b)) / double(b - a);
            QVERIFY2(std::abs(share[std::size_t(c)] - exact) <= 2.0 * bucket / double(b - a),
                     qPrintable(QStringLiteral("column %1: %2, exactly %3")
                                    .arg(c)
                                    .arg(share[std::size_t(c)])
                                    .arg(exact)));
            QVERIFY(std::abs(share[std::size_t(c)] - 0.6) < 0.05);
        }
    }

    // The shades are rebuilt when next painted, once for a new trace's content, margins and size
    // together: whatever order those came in, the strip paints what one given them once paints.
    void overviewPaintsItsLatestContentAndSize() {
        auto model = std::make_shared<const TimelineModel>(trace_);
        LaneLayout layout;
        layout.reset(*trace_, model->naturalOrder());
        auto paint = [](OverviewStrip& strip) {
            return strip.grab().toImage().convertToFormat(QImage::Format_RGB32);
        };
        OverviewStrip changed;
        changed.resize(300, 60);
        changed.setMargins(20, 10);
        changed.setContent(model, layout);
        changed.setMargins(30, 12);
        const QImage before = paint(changed);  // drawn at 300 px
        changed.resize(640, 60);
        OverviewStrip once;
        once.setMargins(30, 12);
        once.resize(640, 60);
        once.setContent(model, layout);
        const QImage a = paint(changed);
        QCOMPARE(a, paint(once));
        QVERIFY(a.size() != before.size());
        // Something busy shows: the GPU row is shaded somewhere.
        const QRect area = once.area();
        const int y = area.top() + area.height() * 3 / 4;
        bool shaded = false;
        for (int x = area.left(); x <= area.right() && !shaded; ++x)
            shaded = a.pixelColor(x, y) != Theme::light().plotBackground;
        QVERIFY(shaded);
    }

private:
    std::unique_ptr<TimelineView> view_;
    std::shared_ptr<Trace> trace_;
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineNavigation)
#include "tst_timeline_navigation.moc"
