#include <qcustomplot.h>

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <algorithm>
#include <optional>

#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/memory_plot.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

QPoint centreOf(const TimelineView& view, std::uint32_t event) {
    const auto c = view.eventCenter(event);
    return c ? c->toPoint() : QPoint(-1, -1);
}
}  // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(1200, 600);
        trace_ = makeDemoTrace(6, &ids_);
        view_->setTrace(trace_);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        settle(*view_);
    }
    void cleanup() { view_.reset(); }

    void lanesAndMemoryAreShown() {
        QCOMPARE(view_->model()->rowCount(), 4);
        QVERIFY(view_->memoryPlot()->hasData());
        QCOMPARE(view_->memoryPlot()->unit(), QStringLiteral("MiB"));  // peak under 1 GiB
        maybeSave(view_->grab().toImage(), QStringLiteral("view-light.png"));
    }

    void emptyMemoryPlotHidesItself() {
        QVERIFY(view_->memoryPlotShown());
        const int withMemory = view_->plot()->axisRect()->height();
        // Only the all-zero sample every simulated run starts with: nothing to plot.
        auto idle = makeRegularTrace(20, 10'000, 20'000);
        idle->memory.push_back({0, 0, 0, 0, -1, -1});
        view_->setTrace(idle);
        settle(*view_);
        QVERIFY(!view_->memoryPlotShown());
        QVERIFY(!view_->memoryPlot()->axisRect()->visible());
        const int withoutMemory = view_->plot()->axisRect()->height();
        QVERIFY(withoutMemory > withMemory);                    // the lanes get the room
        view_->setTrace(makeRegularTrace(20, 10'000, 20'000));  // no samples at all
        QVERIFY(!view_->memoryPlotShown());
        view_->setMemoryPlotForced(true);
        QVERIFY(view_->memoryPlotShown());
        view_->setMemoryPlotForced(false);
        QVERIFY(!view_->memoryPlotShown());
        view_->setTrace(trace_);  // a trace with memory brings it back
        settle(*view_);
        QVERIFY(view_->memoryPlotShown());
        QVERIFY(view_->memoryPlot()->axisRect()->visible());
        QVERIFY(view_->memoryPlot()->axisRect()->height() > 0);
        QVERIFY(view_->plot()->axisRect()->height() < withoutMemory);
    }

    // A series holds its last sample to where the trace ends (the model's extent, so that the
    // GUI thread never reads every event for it), not only to its last sample.
    void memorySeriesHoldToTheTraceEnd() {
        auto trace = makeRegularTrace(20, 10'000, 20'000);
        trace->memory.push_back({1'000, 64 << 20, -1, -1, -1, -1});
        trace->memory.push_back({50'000, 96 << 20, -1, -1, -1, -1});
        view_->setTrace(trace);
        settle(*view_);
        const MemoryPlot* memory = view_->memoryPlot();
        QCOMPARE(memory->graphCount(), 1);
        QCPGraph* graph = nullptr;
        for (int i = 0; i < view_->plot()->graphCount(); ++i)
            if (view_->plot()->graph(i)->valueAxis() == memory->axisRect()->axis(QCPAxis::atLeft))
                graph = view_->plot()->graph(i);
        QVERIFY(graph);
        QVERIFY(graph->data()->size() == 3);
        const auto last = graph->data()->at(graph->data()->size() - 1);
        QCOMPARE(last->key, static_cast<double>(view_->model()->endNs()));
        QVERIFY(view_->model()->endNs() > 50'000);
        QCOMPARE(last->value, 96.0);  // MiB
        view_->setTrace(trace_);
        settle(*view_);
    }

    // The memory series are step lines, only horizontal and vertical runs: drawn without
    // antialiasing they stay crisp, and at 10 M events the antialiased stroke cost half a frame
    // (issue 14). No pixel of the plot may be a blend of a series colour and the ground.
    void memoryLinesAreCrispPixels() {
        const MemoryPlot* memory = view_->memoryPlot();
        QVERIFY(memory->graphCount() > 0);
        auto* plot = view_->plot();
        QCPGraph* graph = nullptr;
        for (int i = 0; i < plot->graphCount(); ++i)
            if (plot->graph(i)->valueAxis() == memory->axisRect()->axis(QCPAxis::atLeft) &&
                plot->graph(i)->lineStyle() != QCPGraph::lsNone)  // not a fall's markers
                graph = plot->graph(i);
        QVERIFY(graph);
        QVERIFY(graph->pen().widthF() >= 2.0);
        const QColor line = graph->pen().color();
        const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
        QRect area = memory->axisRect()->rect().adjusted(2, 2, -2, -2);
        const QColor ground = memory->axisRect()->backgroundBrush().color();
        int linePixels = 0, blended = 0;
        for (int y = area.top(); y <= area.bottom(); ++y)
            for (int x = area.left(); x <= area.right(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (c == line) {
                    ++linePixels;
                    continue;
                }
                // c == ground + t (line - ground) for some t strictly inside (0, 1)?
                const int d[3] = {line.red() - ground.red(), line.green() - ground.green(),
                                  line.blue() - ground.blue()};
                const int v[3] = {c.red() - ground.red(), c.green() - ground.green(),
                                  c.blue() - ground.blue()};
                const int k = std::abs(d[0]) >= std::abs(d[1]) && std::abs(d[0]) >= std::abs(d[2])
                                  ? 0
                                  : (std::abs(d[1]) >= std::abs(d[2]) ? 1 : 2);
                if (std::abs(d[k]) < 40)
                    continue;
                const double t = static_cast<double>(v[k]) / d[k];
                if (t < 0.15 || t > 0.85)
                    continue;
                bool onSegment = true;
                for (int ch = 0; ch < 3; ++ch)
                    onSegment = onSegment && std::abs(v[ch] - t * d[ch]) < 8;
                blended += onSegment ? 1 : 0;
            }
        QVERIFY2(linePixels > 20, qPrintable(QString::number(linePixels)));
        QVERIFY2(blended < linePixels / 50 + 2,
                 qPrintable(QStringLiteral("%1 blended pixels against %2 line pixels")
                                .arg(blended)
                                .arg(linePixels)));
    }

    // The memory page on a projector (issue 47, item 2): nothing lies over the lines (the series
    // are named in the legend strip), the value axis' labels stand a line and a half apart and
    // its title is whole or the unit alone, the plot keeps three lines of text, and a fall that
    // lasts a few microseconds (del act) carries a marker, which a program that frees all the
    // time does not get.
    void memoryPlotReadsOnAProjector() {
        auto trace = makeRegularTrace(20, 10'000, 20'000);
        const std::int64_t mib = 1 << 20;
        trace->memory.push_back({0, -1, -1, -1, 512 * mib, 768 * mib});
        trace->memory.push_back({40'000, -1, -1, -1, 768 * mib, 768 * mib});
        trace->memory.push_back({42'000, -1, -1, -1, 512 * mib, 768 * mib});   // del act
        trace->memory.push_back({300'000, -1, -1, -1, 512 * mib, 512 * mib});  // empty_cache()
        view_->setTheme(Theme::presentation());
        view_->resize(1366, 420);
        view_->setTrace(trace);
        settle(*view_);
        view_->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const MemoryPlot* memory = view_->memoryPlot();
        QCOMPARE(memory->axisRect()->insetLayout()->elementCount(), 0);
        const auto entries = view_->legendEntries();
        for (const QString& name : {MemoryPlot::seriesName(3), MemoryPlot::seriesName(4)})
            QVERIFY2(std::any_of(entries.begin(), entries.end(),
                                 [&](const LegendEntry& e) {
                                     return e.label == name && e.style == LegendStyle::MemorySeries;
                                 }),
                     qPrintable(name));
        QCPAxis* y = memory->axisRect()->axis(QCPAxis::atLeft);
        const int line = QFontMetrics(y->tickLabelFont()).height();
        QVERIFY2(memory->axisRect()->height() >= 3 * line,
                 qPrintable(QStringLiteral("%1 px").arg(memory->axisRect()->height())));
        const QVector<double> ticks = y->tickVector();
        QVERIFY(ticks.size() >= 2);
        for (qsizetype i = 1; i < ticks.size(); ++i)
            QVERIFY2(
                std::abs(y->coordToPixel(ticks[i]) - y->coordToPixel(ticks[i - 1])) >= 1.5 * line,
                qPrintable(QStringLiteral("ticks %1 and %2").arg(ticks[i - 1]).arg(ticks[i])));
        QVERIFY2(QFontMetrics(y->labelFont()).horizontalAdvance(y->label()) <=
                     memory->axisRect()->height(),
                 qPrintable(y->label()));
        QVERIFY(y->label().contains(QStringLiteral("MiB")));
        QCOMPARE(memory->fallMarkCount(), 2);  // allocated at del act, reserved at empty_cache()
        // A program that frees a hundred times: its lines alone.
        auto busy = makeRegularTrace(20, 10'000, 20'000);
        for (int i = 0; i < 200; ++i)
            busy->memory.push_back({i * 1'000, -1, -1, -1, (i % 2 ? 256 : 512) * mib, -1});
        view_->setTrace(busy);
        settle(*view_);
        QCOMPARE(memory->fallMarkCount(), 0);
        view_->setTheme(Theme::light());
        view_->setTrace(trace_);
        settle(*view_);
    }

    void hitTestFindsTheEventUnderTheCursor_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("kernel on stream 0") << 0;
        QTest::newRow("spinning wait on the waits lane") << 1;
        QTest::newRow("sleeping wait") << 2;
        QTest::newRow("stream wait on stream 1") << 3;
    }
    void hitTestFindsTheEventUnderTheCursor() {
        QFETCH(int, which);
        const std::uint32_t event =
            std::array{ids_.firstKernelS0, ids_.firstSpinWait, ids_.firstSleepWait,
                       ids_.firstStreamWait}[static_cast<std::size_t>(which)];
        const QPoint p = centreOf(*view_, event);
        QCOMPARE(view_->eventAt(p), std::optional<std::uint32_t>(event));
        // Same x one lane further down is another lane's business.
        const auto other = view_->eventAt(p + QPoint(0, 200));
        QVERIFY(!other || trace_->events[*other].lane != trace_->events[event].lane);
    }

    void hitTestOutsideLanesIsEmpty() {
        QCOMPARE(view_->eventAt(QPoint(2, 2)), std::nullopt);  // on the lane labels
        const auto gapStart = view_->model()->idleGaps().front();
        const double x = view_->plot()->xAxis->coordToPixel(
            (static_cast<double>(gapStart.start) + static_cast<double>(gapStart.end)) / 2.0);
        const double y = view_->plot()->yAxis->coordToPixel(2.5);  // stream 0 during GPU idle
        QCOMPARE(view_->eventAt(QPoint(static_cast<int>(x), static_cast<int>(y))), std::nullopt);
    }

    void idleGapsSayWhy() {
        // The demo's gaps come from host work after each sync: the analysis blames the host.
        const auto gap = view_->model()->idleGaps().front();
        const double x = view_->plot()->xAxis->coordToPixel(
            (static_cast<double>(gap.start) + static_cast<double>(gap.end)) / 2.0);
        const QPoint onStream(static_cast<int>(x),
                              static_cast<int>(view_->plot()->yAxis->coordToPixel(2.5)));
        const QString why = view_->idleGapText(onStream);
        QVERIFY2(why.startsWith(QStringLiteral("GPU idle ")), qPrintable(why));
        // Every piece of it: the sync it woke from, the host work before the next launch.
        QVERIFY2(why.contains(QStringLiteral("prepare next batch with nothing queued")),
                 qPrintable(why));
        // An arrow to the cause while the cursor is there, gone once it leaves.
        view_->showIdleGapCause(onStream);
        QVERIFY(view_->idleGapCauseShown().has_value());
        view_->plot()->replot(QCustomPlot::rpImmediateRefresh);
        maybeSave(view_->grab().toImage(), QStringLiteral("view-idle-cause.png"));
        QCOMPARE(view_->trace()->nameOf(view_->trace()->events[*view_->idleGapCauseShown()]),
                 std::string_view("prepare next batch"));
        view_->showIdleGapCause(QPoint(-1, -1));
        QVERIFY(!view_->idleGapCauseShown().has_value());
        const QPoint onHost(onStream.x(),
                            static_cast<int>(view_->plot()->yAxis->coordToPixel(0.5)));
        QVERIFY(view_->idleGapText(onHost).isEmpty());  // host lanes are not GPU lanes
        const auto k = view_->eventCenter(ids_.firstKernelS0);
        QVERIFY(view_->idleGapText(k->toPoint()).isEmpty());  // busy there
    }

    // Moving across a gap in 5 px steps, the sentence stays up and unchanged (it was hidden and
    // shown again at every step), and gives its times in the axis's unit.
    void idleSentenceStaysWhileInsideTheGap() {
        const auto gap = view_->model()->idleGaps().front();
        const double x0 = view_->plot()->xAxis->coordToPixel(static_cast<double>(gap.start));
        const double x1 = view_->plot()->xAxis->coordToPixel(static_cast<double>(gap.end));
        QVERIFY2(x1 - x0 > 20, "the gap is too narrow to walk across");
        const int y = static_cast<int>(view_->plot()->yAxis->coordToPixel(2.5));
        // Every time Qt's tooltip window is hidden, however briefly.
        struct HideCounter : QObject {
            int hides = 0;
            bool eventFilter(QObject* o, QEvent* e) override {
                if (e->type() == QEvent::Hide && o->objectName() == QLatin1String("qtooltip_label"))
                    ++hides;
                return false;
            }
        } counter;
        qApp->installEventFilter(&counter);
        QString shown;
        int hides_after_shown = -1;
        int steps = 0;
        for (double x = x0 + 3; x < x1 - 3 && steps < 6; x += 5, ++steps) {
            QTest::mouseMove(view_->plot(), QPoint(static_cast<int>(x), y));
            // Longer than Qt's delay before a tooltip asked to hide goes.
            QTest::qWait(350);
            if (shown.isEmpty() && QToolTip::isVisible()) {
                shown = QToolTip::text();
                hides_after_shown = counter.hides;
            }
            if (!shown.isEmpty()) {
                QVERIFY2(QToolTip::isVisible(), "the sentence went away inside the gap");
                QCOMPARE(QToolTip::text(), shown);
            }
        }
        qApp->removeEventFilter(&counter);
        QCOMPARE(counter.hides, hides_after_shown);  // never hidden and shown again
        QVERIFY2(shown.startsWith(QStringLiteral("GPU idle ")), qPrintable(shown));
        // The demo spans milliseconds: its gaps are placed in ms, as the axis labels them.
        QVERIFY2(QRegularExpression(QStringLiteral("from [0-9,]+\\.[0-9]{2} ms to "))
                     .match(shown)
                     .hasMatch(),
                 qPrintable(shown));
        QToolTip::hideText();
    }

    void clickSelects() {
        QSignalSpy spy(view_.get(), &TimelineView::eventSelected);
        const QPoint p = centreOf(*view_, ids_.firstKernelS0);
        QTest::mouseClick(view_->plot(), Qt::LeftButton, Qt::NoModifier, p);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<std::optional<std::uint32_t>>(),
                 std::optional<std::uint32_t>(ids_.firstKernelS0));
        QCOMPARE(view_->selectedEvent(), std::optional<std::uint32_t>(ids_.firstKernelS0));
        QTest::mouseClick(view_->plot(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(2, 2));  // labels: clears
        QCOMPARE(view_->selectedEvent(), std::nullopt);
        view_->selectEvent(ids_.firstSpinWait);
        QCOMPARE(view_->selectedEvent(), std::optional<std::uint32_t>(ids_.firstSpinWait));
        QCOMPARE(spy.count(), 3);
    }

    void selectionDrawsItsFlows() {
        view_->selectEvent(ids_.firstSpinWait);
        settle(*view_);
        QCOMPARE(view_->flows()->lastDrawnCount(), std::size_t(1));  // wait -> awaited kernel
        view_->setShowFlows(true);
        settle(*view_);
        QVERIFY(view_->flows()->lastDrawnCount() > trace_->flows.size() / 2);
        maybeSave(view_->grab().toImage(), QStringLiteral("view-flows.png"));
    }

    // An arrow between two ends at the same time (a kernel's end and the wait it released, one
    // row apart) is a bracket wide enough to see, on the side away from the bars; arrows far
    // apart in time stay S-curves.
    void aVerticalArrowBowsOut() {
        const QPointF a(500, 300), b(500, 360);
        const double bow = FlowLayer::bowFor(FlowKind::Awaited, b.x() - a.x());
        QVERIFY(bow >= 20.0);
        const FlowLayer::Curve bracket = FlowLayer::curve(a, b, bow);
        QVERIFY2(bracket.path.boundingRect().right() >= a.x() + 15.0,
                 qPrintable(QString::number(bracket.path.boundingRect().right())));
        QVERIFY(bracket.path.boundingRect().left() >= a.x() - 1.0);  // to the right only
        QVERIFY(bracket.arrival.x() < 0);                            // comes back in from the right
        QVERIFY(FlowLayer::bowFor(FlowKind::Launch, 0.0) < 0);       // launches bow to the left
        QCOMPARE(FlowLayer::bowFor(FlowKind::Awaited, 200.0), 0.0);
        const FlowLayer::Curve s = FlowLayer::curve(QPointF(100, 300), QPointF(300, 360), 0.0);
        QCOMPARE(s.path.boundingRect().width(), 200.0);
    }

    void liveUpdatesFollowTheEndUntilTheUserZooms() {
        auto small = makeDemoTrace(2);
        view_->setTrace(small);
        const double end2 = view_->visibleRange().second;
        view_->setTrace(makeDemoTrace(6));
        QVERIFY(view_->visibleRange().second > end2);  // followed the growing run
        QVERIFY(!view_->userZoomed());
        view_->zoomToRange(100'000, 200'000);
        view_->setTrace(makeDemoTrace(8));
        QCOMPARE(view_->visibleRange(), std::make_pair(100'000.0, 200'000.0));  // kept
        view_->zoomToFit();
        QVERIFY(!view_->userZoomed());
    }

    // Fit shows the events: memory samples that trail the last op (a profiler's tail) stay
    // scrollable but do not shrink the run to a corner.
    void fitIgnoresATailOfMemorySamples() {
        auto trace = makeDemoTrace(2);
        TimeNs last = 0;
        for (const TraceEvent& e : trace->events)
            last = std::max(last, e.end_ns);
        trace->memory.push_back({last + 4 * (last + 1), 1, -1, -1, -1, -1});
        view_->setTrace(trace);
        view_->zoomToFit();
        const auto [lo, hi] = view_->visibleRange();
        QVERIFY2(hi < 1.1 * double(last) + 1000.0, qPrintable(QString::number(hi)));
        QVERIFY(hi >= double(last));
        QVERIFY(lo <= 0.0);
    }

    // A match too narrow to see at the current zoom is framed (it fills a fifth of the view); one
    // that is visible is centred at the zoom the user chose.
    void revealFramesWhatIsTooNarrowToSee() {
        view_->zoomToFit();
        const auto [lo, hi] = view_->visibleRange();
        const double px = (hi - lo) / view_->plot()->axisRect()->width();
        std::optional<std::uint32_t> tiny;
        for (std::uint32_t i = 0; i < trace_->events.size(); ++i) {
            const TraceEvent& e = trace_->events[i];
            if (e.end_ns > e.start_ns && double(e.end_ns - e.start_ns) < px && e.start_ns > 0)
                tiny = i;
        }
        QVERIFY(tiny);
        const TraceEvent& e = trace_->events[*tiny];
        view_->revealEvent(*tiny);
        const auto [lo2, hi2] = view_->visibleRange();
        QVERIFY(lo2 <= double(e.start_ns) && hi2 >= double(e.end_ns));
        QVERIFY2(hi2 - lo2 <= 1.01 * double(e.end_ns - e.start_ns) / TimelineView::kRevealFraction,
                 qPrintable(QString::number(hi2 - lo2)));
        QCOMPARE(view_->selectedEvent(), tiny);
    }

    // Centring the first events must not show time before the trace began.
    void revealNeverSlidesBeforeTheStart() {
        const TraceEvent& first = trace_->events[ids_.firstKernelS0];
        const double width = double(first.end_ns - first.start_ns);
        view_->zoomToRange(first.end_ns, first.end_ns + TimeNs(4 * width));
        view_->revealEvent(ids_.firstKernelS0);
        QVERIFY2(view_->visibleRange().first >= double(view_->model()->beginNs()),
                 qPrintable(QString::number(view_->visibleRange().first)));
        QVERIFY(view_->visibleRange().second >= double(first.end_ns));
    }

    // F frames the selection.
    void fFramesTheSelection() {
        view_->zoomToFit();
        const double fit = view_->visibleRange().second - view_->visibleRange().first;
        view_->selectEvent(ids_.firstKernelS0);
        QTest::keyClick(view_->plot(), Qt::Key_F);
        const auto [lo, hi] = view_->visibleRange();
        const TraceEvent& e = trace_->events[ids_.firstKernelS0];
        QVERIFY(hi - lo < fit);
        QVERIFY(lo <= double(e.start_ns) && hi >= double(e.end_ns));
        // The first kernel starts the trace: its frame slides right rather than show the time
        // before the trace began.
        QVERIFY2(lo >= double(view_->model()->beginNs()), qPrintable(QString::number(lo)));
    }

    // Nor does the profiler's own "Record Window End" on a hidden bookkeeping row (a real trace:
    // work ends at 5 ms, that marker at 8.4 ms).
    void fitIgnoresTheRecordersBookkeepingRows() {
        auto trace = makeDemoTrace(2);
        TimeNs last = 0;
        for (const TraceEvent& e : trace->events)
            last = std::max(last, e.end_ns);
        Lane lane;
        lane.kind = LaneKind::Other;
        lane.name = "/";
        lane.bookkeeping = true;
        TraceEvent marker;
        marker.kind = EventKind::Generic;
        marker.lane = trace->addLane(lane);
        marker.start_ns = marker.end_ns = 5 * (last + 1);
        marker.name = trace->strings.intern("Record Window End");
        trace->addEvent(marker);
        view_->setTrace(trace);
        view_->zoomToFit();
        const auto [lo, hi] = view_->visibleRange();
        QVERIFY2(hi < 1.1 * double(last) + 1000.0, qPrintable(QString::number(hi)));
        QVERIFY(hi >= double(last));
        QVERIFY(lo <= 0.0);
    }

    void keysAndWheelZoomAroundTheCursor() {
        const auto [lo, hi] = view_->visibleRange();
        QTest::keyClick(view_->plot(), Qt::Key_Plus);
        auto [lo2, hi2] = view_->visibleRange();
        QVERIFY(hi2 - lo2 < hi - lo);
        QVERIFY(view_->userZoomed());
        QTest::keyClick(view_->plot(), Qt::Key_Right);
        QVERIFY(view_->visibleRange().first > lo2);
        QTest::keyClick(view_->plot(), Qt::Key_Home);
        QCOMPARE(view_->visibleRange(), std::make_pair(lo, hi));
        // Wheel: the time under the cursor stays under the cursor.
        const QPoint at = centreOf(*view_, ids_.firstKernelS0);
        const double before = view_->plot()->xAxis->pixelToCoord(at.x());
        QWheelEvent wheel(QPointF(at), QPointF(view_->plot()->mapToGlobal(at)), QPoint(),
                          QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view_->plot(), &wheel);
        QVERIFY(view_->visibleRange().second - view_->visibleRange().first < hi - lo);
        QVERIFY(std::abs(view_->plot()->xAxis->pixelToCoord(at.x()) - before) < 1.0);
    }

    void dragPansAndBoxZooms() {
        const auto [lo, hi] = view_->visibleRange();
        const QPoint a(600, 150), b(400, 150);
        QTest::mousePress(view_->plot(), Qt::LeftButton, Qt::NoModifier, a);
        QTest::mouseMove(view_->plot(), QPoint(550, 150));
        QTest::mouseMove(view_->plot(), b);
        QTest::mouseRelease(view_->plot(), Qt::LeftButton, Qt::NoModifier, b);
        QVERIFY(view_->visibleRange().first > lo);  // dragged left: later times came in
        QCOMPARE(view_->visibleRange().second - view_->visibleRange().first, hi - lo);
        QCOMPARE(view_->selectedEvent(), std::nullopt);  // a drag is no click
        view_->zoomToFit();
        const double t0 = view_->plot()->xAxis->pixelToCoord(300);
        const double t1 = view_->plot()->xAxis->pixelToCoord(500);
        QTest::mousePress(view_->plot(), Qt::LeftButton, Qt::ShiftModifier, QPoint(300, 150));
        QTest::mouseMove(view_->plot(), QPoint(400, 150));
        QTest::mouseMove(view_->plot(), QPoint(500, 150));
        QTest::mouseRelease(view_->plot(), Qt::LeftButton, Qt::ShiftModifier, QPoint(500, 150));
        QVERIFY(std::abs(view_->visibleRange().first - t0) < 2.0);
        QVERIFY(std::abs(view_->visibleRange().second - t1) < 2.0);
    }

    void rulerShowsDeltaT() {
        view_->zoomToRange(0, 1'200'000);  // 1000 ns a pixel-ish
        settle(*view_);
        const double t0 = view_->plot()->xAxis->pixelToCoord(300);
        const double t1 = view_->plot()->xAxis->pixelToCoord(700);
        QTest::mousePress(view_->plot(), Qt::LeftButton, Qt::AltModifier, QPoint(300, 100));
        QTest::mouseMove(view_->plot(), QPoint(500, 100));
        QTest::mouseMove(view_->plot(), QPoint(700, 100));
        QTest::mouseRelease(view_->plot(), Qt::LeftButton, Qt::AltModifier, QPoint(700, 100));
        QCOMPARE(view_->rulerText(), QStringLiteral("Δt = ") +
                                         durationText(static_cast<TimeNs>(std::llround(t1 - t0))));
        QVERIFY(view_->rulerText().endsWith(QStringLiteral(" µs")));
        maybeSave(view_->grab().toImage(), QStringLiteral("view-ruler.png"));
        QTest::keyClick(view_->plot(), Qt::Key_Escape);
        QVERIFY(view_->rulerText().isEmpty());
    }

    void themeSwitchRepaints() {
        auto backgroundAt = [&] {
            settle(*view_);
            return view_->grab().toImage().pixelColor(3, view_->height() - 3);
        };
        QCOMPARE(backgroundAt(), Theme::light().background);
        view_->setTheme(Theme::dark());
        QCOMPARE(view_->theme().name, QStringLiteral("dark"));
        QCOMPARE(backgroundAt(), Theme::dark().background);
        QCOMPARE(view_->plot()->xAxis->tickLabelColor(), Theme::dark().foreground);
        maybeSave(view_->grab().toImage(), QStringLiteral("view-dark.png"));
        view_->setTheme(Theme::presentation());
        QVERIFY(view_->plot()->yAxis->tickLabelFont().pointSizeF() >
                Theme::light().font.pointSizeF());
        maybeSave(view_->grab().toImage(), QStringLiteral("view-presentation.png"));
        view_->setTheme(Theme::light());
        QCOMPARE(backgroundAt(), Theme::light().background);
    }

    void colourByBatch() {
        const auto& e = trace_->events[ids_.firstKernelS0];
        QCOMPARE(view_->lanes()->fillColor(e), Theme::light().kindColor(EventKind::Kernel));
        view_->setColorByBatch(true);
        QCOMPARE(view_->lanes()->fillColor(e), Theme::light().batchColor(e.batch));
        auto next = trace_->events[ids_.firstKernelS0];
        next.batch = 1;
        QVERIFY(view_->lanes()->fillColor(next) != view_->lanes()->fillColor(e));
        // Waits keep their own look in either mode.
        QCOMPARE(view_->lanes()->fillColor(trace_->events[ids_.firstSleepWait]),
                 Theme::light().sleepingWait);
        settle(*view_);
        maybeSave(view_->grab().toImage(), QStringLiteral("view-batch.png"));
    }

    void emptyAndNullTracesAreSafe() {
        view_->setTrace(nullptr);
        settle(*view_);
        QCOMPARE(view_->eventAt(QPoint(300, 100)), std::nullopt);
        view_->setTrace(std::make_shared<Trace>());
        view_->zoomToFit();
        settle(*view_);
        QCOMPARE(view_->model()->rowCount(), 0);
        view_->selectEvent(5);  // no such event: ignored
        QCOMPARE(view_->selectedEvent(), std::nullopt);
    }

private:
    std::unique_ptr<TimelineView> view_;
    std::shared_ptr<Trace> trace_;
    DemoIds ids_;
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
