// Nothing a lesson turns on may vanish from the timeline: folding keeps a lane's drawn busy share
// true to its real one, short calls and records keep a marker over their neighbours, and
// torch.cpu.synchronize() gets a rule that shows it waited for nothing. Checked on pixels, the way
// a viewer sees them.
#include <qcustomplot.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>
#include <cmath>

#include "core/interchange/trace_importer.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

constexpr TimeNs kUs = 1000;

// A theme whose ground is one flat colour (no stripes, grid or idle tint), so every other pixel on
// a lane's centre line is something drawn for an event.
Theme flatTheme() {
    Theme t = Theme::light();
    t.laneStripe = QColor(0, 0, 0, 0);
    t.idleGap = QColor(0, 0, 0, 0);
    t.grid = t.plotBackground;
    return t;
}

TraceEvent makeEvent(EventKind kind, std::uint16_t lane, TimeNs a, TimeNs b, ApiId api = {}) {
    TraceEvent e;
    e.kind = kind;
    e.lane = lane;
    e.start_ns = a;
    e.end_ns = b;
    e.api = api;
    return e;
}

// Host thread (lane 0) and one stream (lane 1). The stream runs `count` kernels of `busyUs` every
// 100 µs: with busyUs = 23 it is 77 % idle, and at fit zoom every kernel and gap is sub-pixel.
std::shared_ptr<Trace> makeDutyCycleTrace(int count, TimeNs busyUs) {
    auto t = std::make_shared<Trace>();
    t->title = "duty cycle";
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::Stream, "s1", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    const auto name = t->strings.intern("k");
    for (int i = 0; i < count; ++i) {
        const TimeNs at = static_cast<TimeNs>(i) * 100 * kUs;
        auto launch = makeEvent(EventKind::ApiCall, 0, at, at + 2 * kUs, ApiId::LaunchKernel);
        t->addEvent(launch);
        auto k = makeEvent(EventKind::Kernel, 1, at + 5 * kUs, at + (5 + busyUs) * kUs);
        k.name = name;
        t->addEvent(k);
    }
    return t;
}

// Busy share of `lane` over [t0, t1], from the events themselves (they do not overlap).
double trueBusyShare(const Trace& t, std::uint16_t lane, double t0, double t1) {
    double busy = 0;
    for (const auto& e : t.events)
        if (e.lane == lane)
            busy += std::max(0.0, std::min<double>(static_cast<double>(e.end_ns), t1) -
                                      std::max<double>(static_cast<double>(e.start_ns), t0));
    return busy / (t1 - t0);
}

struct Scan {
    int drawn = 0;
    int total = 0;
    double share() const { return total ? static_cast<double>(drawn) / total : 0.0; }
};

// Pixels on the centre line of `row` inside the plot that are not the plot's ground.
Scan scanRow(TimelineView& view, int row) {
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QImage image = view.plot()->toPixmap().toImage();
    const QRect r = view.plot()->axisRect()->rect();
    const int y = static_cast<int>(view.plot()->yAxis->coordToPixel(row + 0.5));
    const QColor ground = view.theme().plotBackground;
    Scan s;
    for (int x = r.left(); x <= r.right(); ++x) {
        ++s.total;
        if (image.pixelColor(x, y) != ground)
            ++s.drawn;
    }
    return s;
}

// `row` is a slot of the value axis (TimelineModel::rowTop, slotOf).
QColor pixelAt(TimelineView& view, double t, int row, double rowFraction = 0.5) {
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const QImage image = view.plot()->toPixmap().toImage();
    const int x = static_cast<int>(std::lround(view.plot()->xAxis->coordToPixel(t)));
    const int y = static_cast<int>(view.plot()->yAxis->coordToPixel(row + rowFraction));
    return image.pixelColor(x, y);
}

}  // namespace

class TestTimelineVisibility : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { fixPlatform(); }

    void foldingKeepsABusyShare_data() {
        QTest::addColumn<int>("busyUs");
        QTest::addColumn<double>("zoom");  // visible share of the run, centred
        QTest::newRow("77 % idle, fit") << 23 << 1.0;
        QTest::newRow("77 % idle, 1/3") << 23 << 1.0 / 3;
        QTest::newRow("77 % idle, 1/40") << 23 << 1.0 / 40;
        QTest::newRow("5 % idle, fit") << 95 << 1.0;
        QTest::newRow("98 % idle, fit") << 2 << 1.0;
    }
    void foldingKeepsABusyShare() {
        QFETCH(int, busyUs);
        QFETCH(double, zoom);
        TimelineView view;
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTheme(flatTheme());
        const auto trace = makeDutyCycleTrace(1000, busyUs);
        view.setTrace(trace);
        view.zoomToFit();
        if (zoom < 1.0) {
            const double mid = 50'000'000.0, half = 50'000'000.0 * zoom;
            view.zoomToRange(static_cast<TimeNs>(mid - half), static_cast<TimeNs>(mid + half));
        }
        const int row = view.model()->rowOfLane(1);
        const auto [t0, t1] = view.visibleRange();
        const double truth = trueBusyShare(*trace, 1, t0, t1);
        const Scan drawn = scanRow(view, row);
        QVERIFY2(std::abs(drawn.share() - truth) <= 0.02,
                 qPrintable(QStringLiteral("drawn busy %1 %, true busy %2 %")
                                .arg(drawn.share() * 100, 0, 'f', 1)
                                .arg(truth * 100, 0, 'f', 1)));
    }

    void busyNsIsTheUnionOfALanesEvents() {
        auto t = std::make_shared<Trace>();
        t->addLane({LaneKind::Stream, "s", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
        // [0,10) and [5,20) overlap; [30,40) contains [32,35); [50,50) is an instant.
        for (auto [a, b] :
             {std::pair<TimeNs, TimeNs>{0, 10}, {5, 20}, {30, 40}, {32, 35}, {50, 50}})
            t->addEvent(makeEvent(EventKind::Kernel, 0, a, b));
        const TimelineModel m(t);
        QCOMPARE(m.busyNs(0, 0, 100), TimeNs{30});
        QCOMPARE(m.busyNs(0, 7, 33), TimeNs{16});  // 7..20 and 30..33
        QCOMPARE(m.busyNs(0, 20, 30), TimeNs{0});
        QCOMPARE(m.busyNs(0, 34, 36), TimeNs{2});
        QCOMPARE(m.busyNs(0, 40, 20), TimeNs{0});
    }

    void shortCallsKeepAMarkerOverTheirNeighbours() {
        // A 1 µs launch inside a 100 ms run (0.01 px at fit zoom), right where host work starts,
        // and a record at the very end of a kernel (under its completion tick).
        auto t = std::make_shared<Trace>();
        t->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
        t->addLane({LaneKind::Stream, "s1", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
        t->addEvent(makeEvent(EventKind::HostWork, 0, 0, 40'000 * kUs));
        const auto launch = t->addEvent(
            makeEvent(EventKind::ApiCall, 0, 40'000 * kUs, 40'001 * kUs, ApiId::LaunchKernel));
        t->addEvent(makeEvent(EventKind::HostWork, 0, 40'001 * kUs, 100'000 * kUs));
        t->addEvent(makeEvent(EventKind::Kernel, 1, 40'005 * kUs, 70'000 * kUs));
        const auto record = t->addEvent(
            makeEvent(EventKind::EventMarker, 1, 70'000 * kUs, 70'000 * kUs, ApiId::EventRecord));
        TimelineView view;
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTrace(t);
        view.zoomToFit();
        const Theme& theme = view.theme();
        QCOMPARE(pixelAt(view, 40'000'500.0, view.model()->rowOfLane(0)),
                 theme.kindColor(EventKind::ApiCall));
        QCOMPARE(pixelAt(view, 70'000'000.0, view.model()->rowOfLane(1)),
                 theme.kindColor(EventKind::EventMarker));
        // The same at 50× zoom-out of the call's own scale: still there, still on top.
        view.zoomToRange(39'000 * kUs, 41'000 * kUs);
        QCOMPARE(pixelAt(view, 40'000'500.0, view.model()->rowOfLane(0)),
                 theme.kindColor(EventKind::ApiCall));
        Q_UNUSED(launch);
        Q_UNUSED(record);
    }

    void markersCostPixelsNotCalls() {
        // 100,000 launches of 1 µs at fit zoom: at most one marker per marker width.
        auto t = std::make_shared<Trace>();
        t->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
        for (TimeNs i = 0; i < 100'000; ++i)
            t->addEvent(makeEvent(EventKind::ApiCall, 0, i * 3 * kUs, i * 3 * kUs + kUs,
                                  ApiId::LaunchKernel));
        const TimelineModel m(t);
        const TimeMapping map(0.0, 300'000'000.0, 0.0, 1000.0);
        std::vector<std::uint32_t> out;
        m.instantsInView(0, map, 3.0, out);
        QVERIFY(out.size() <= 1000 / 3 + 2);
        QVERIFY(out.size() >= 1000 / 3 - 2);
        for (std::size_t i = 1; i < out.size(); ++i)
            QVERIFY(map.toPixel(static_cast<double>(t->events[out[i]].start_ns)) -
                        map.toPixel(static_cast<double>(t->events[out[i - 1]].start_ns)) >=
                    2.99);
    }

    // The rule's label counts the work the call did not wait for as the doctor does: every op
    // launched before it and unfinished, not the one running at that instant (the ResNet-like
    // loop of tests/data/doctor: 27 to 53 ops a step, where it said "1 GPU op still running").
    void cpuSynchronizeCountsTheQueuedWork() {
        const QString dir = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/doctor/");
        ImportResult r = TraceImporter::importFile(
            (dir + QStringLiteral("resnet-cpu-synchronize-loop.json")).toStdString());
        QVERIFY2(r.ok(), r.error.c_str());
        QFile file(dir + QStringLiteral("truth.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray steps = QJsonDocument::fromJson(file.readAll())
                                     .object()[QStringLiteral("resnet-cpu-synchronize-loop.json")]
                                     .toObject()[QStringLiteral("steps")]
                                     .toArray();
        const TimelineModel m(std::make_shared<const Trace>(std::move(*r.trace)));
        QCOMPARE(m.cpuSyncs().size(), std::size_t(steps.size()));
        for (qsizetype k = 0; k < steps.size(); ++k) {
            const QJsonObject step = steps[k].toObject();
            const auto queued = m.gpuWorkQueuedAt(m.cpuSyncs()[std::size_t(k)]);
            QCOMPARE(queued.ops, step[QStringLiteral("queued_ops")].toInt());
            QCOMPARE(double(queued.left_ns), step[QStringLiteral("queued_ns")].toDouble());
        }
    }

    // On an imported loop the labels of calls a few pixels apart would pile up on each other
    // ("torch.cpu.synchr… torch.cpu.synchr…"): they merge into one that counts them, and no label
    // covers another or the names of the bars in its row.
    void cpuSynchronizeLabelsMergeInsteadOfPilingUp() {
        ImportResult r = TraceImporter::importFile(
            SYNCSCOPE_SOURCE_DIR "/tests/data/doctor/resnet-cpu-synchronize-loop.json");
        QVERIFY2(r.ok(), r.error.c_str());
        TimelineView view;
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTrace(std::make_shared<const Trace>(std::move(*r.trace)));
        view.zoomToFit();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QRect area = view.plot()->axisRect()->rect();
        const QCPRange range = view.plot()->xAxis->range();
        const TimeMapping map(range.lower, range.upper, area.left(), area.width());
        const auto labels = view.lanes()->cpuSyncLabels(map);
        QVERIFY(!labels.empty());
        QVERIFY2(labels.size() < view.model()->cpuSyncs().size(), "no label was merged");
        int calls = 0;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            for (std::size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i].box.intersects(labels[j].box), "two labels pile up");
            const QRegularExpressionMatch times =
                QRegularExpression(QStringLiteral("×(\\d+)")).match(labels[i].text);
            calls += times.hasMatch() ? times.captured(1).toInt() : 1;
        }
        QCOMPARE(calls, int(view.model()->cpuSyncs().size()));
        // The names of the bars around them stay readable.
        for (const auto& label : labels)
            for (std::uint32_t e = 0; e < view.trace()->events.size(); ++e)
                if (const auto name = view.lanes()->labelRectOf(map, e))
                    QVERIFY2(!label.box.adjusted(1, 1, -1, -1).intersects(*name),
                             qPrintable(QStringLiteral("'%1' covers %2")
                                            .arg(label.text.left(30))
                                            .arg(QString::fromStdString(std::string(
                                                view.trace()->nameOf(view.trace()->events[e]))))));
    }

    void cpuSynchronizeShowsWhatStillRan() {
        // mode-cpu-synchronize's shape: launch, a 0 ns torch.cpu.synchronize() while the 2 ms
        // kernel runs, host work straight after it.
        auto t = std::make_shared<Trace>();
        t->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
        t->addLane({LaneKind::Stream, "s1", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
        t->addEvent(makeEvent(EventKind::ApiCall, 0, 0, 2500, ApiId::LaunchKernel));
        const auto sync =
            t->addEvent(makeEvent(EventKind::ApiCall, 0, 2500, 2500, ApiId::CpuSynchronize));
        t->addEvent(makeEvent(EventKind::HostWork, 0, 2500, 52'500));
        const auto kernel = t->addEvent(makeEvent(EventKind::Kernel, 1, 2500, 2'002'500));
        const TimelineModel m(t);
        QCOMPARE(m.cpuSyncs(), std::vector<std::uint32_t>{sync});
        QCOMPARE(m.gpuOpsRunningAt(2500), std::vector<std::uint32_t>{kernel});
        QCOMPARE(m.gpuOpsRunningAt(2'002'500), std::vector<std::uint32_t>{});
        // The kernel launched before the call and ran on 2 ms after it.
        QCOMPARE(m.gpuWorkQueuedAt(sync).ops, 1);
        QCOMPARE(m.gpuWorkQueuedAt(sync).left_ns, TimeNs{2'000'000});
        QCOMPARE(LanePlottable::cpuSyncLabel(1),
                 QStringLiteral("torch.cpu.synchronize(): waited for nothing\n1 GPU op still "
                                "queued"));

        TimelineView view;
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTrace(t);
        view.zoomToFit();
        const QColor mark = view.theme().cpuSync;
        // On the host lane, one level under the host work that starts at the same instant (the
        // 0 ns call is nested in it), and where the rule crosses the still-running kernel.
        QCOMPARE(view.model()->slotOf(sync), view.model()->rowTop(view.model()->rowOfLane(0)) + 1);
        QCOMPARE(pixelAt(view, 2500.0, view.model()->slotOf(sync)), mark);
        QCOMPARE(pixelAt(view, 2500.0, view.model()->slotOf(kernel)), mark);
        maybeSave(view.plot()->toPixmap().toImage(), QStringLiteral("cpu-sync.png"));
    }
};

QTEST_MAIN(TestTimelineVisibility)
#include "tst_timeline_visibility.moc"
