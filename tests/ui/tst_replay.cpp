// ui/replay: the now clip in the timeline's drawing (a running event stops at now, a later one is
// not drawn, pixel by pixel), the overlay's hiding and restoring of arrows and callouts, the
// controller's clock behind the window controls, and the toolbar and Space key driven by QTest.
#include <qcustomplot.h>

#include <QAction>
#include <QtTest>
#include <algorithm>

#include "core/engine/engine_factory.h"
#include "core/replay/replay_clock.h"
#include "tests/ui/tst_timeline_fixtures.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/replay/replay_bar.h"
#include "ui/replay/replay_controller.h"
#include "ui/replay/replay_overlay.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;

namespace {

constexpr TimeNs kUs = 1000;

// Two kernels on one stream, 0–100 µs and 300–400 µs, and a host wait 10–110 µs for the first.
std::shared_ptr<Trace> twoKernels() {
    auto t = std::make_shared<Trace>();
    t->title = "two kernels";
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    t->addLane({LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    auto kernel = [&](TimeNs a, TimeNs b) {
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.lane = 2;
        e.start_ns = a;
        e.end_ns = b;
        e.name = t->strings.intern("k");
        return t->addEvent(e);
    };
    const auto first = kernel(0, 100 * kUs);
    kernel(300 * kUs, 400 * kUs);
    TraceEvent wait;
    wait.kind = EventKind::HostWait;
    wait.lane = 1;
    wait.start_ns = 10 * kUs;
    wait.end_ns = 110 * kUs;
    wait.flags = event_flags::kSleeping;
    wait.setCpuNs(0);
    wait.awaited = first;
    t->addEvent(wait);
    return t;
}

struct Shot {
    QImage image;
    double y = 0;  // the stream row's centre
    std::function<double(TimeNs)> x;
};

Shot shoot(TimelineView& view) {
    if (!view.isVisible()) {
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
    }
    auto* plot = view.plot();
    plot->replot();
    Shot s;
    s.image = plot->toPixmap(plot->width(), plot->height()).toImage();
    const int row = view.model()->rowOfLane(2);
    s.y = plot->yAxis->coordToPixel(row + 0.5);
    s.x = [plot](TimeNs t) { return plot->xAxis->coordToPixel(static_cast<double>(t)); };
    return s;
}

bool isKernel(const Shot& s, TimeNs t, const QColor& kernel) {
    const QColor c = s.image.pixelColor(QPoint(qRound(s.x(t)), qRound(s.y)));
    return std::abs(c.red() - kernel.red()) + std::abs(c.green() - kernel.green()) +
               std::abs(c.blue() - kernel.blue()) <
           30;
}

}  // namespace

class TestReplay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { testing::fixPlatform(); }
    void wholeTraceWithoutNow();
    void runningEventIsDrawnToNow();
    void eventAfterNowIsNotDrawn();
    void overlayHidesArrowsAndCalloutsUntilItEnds();
    void calloutsWaitForWhatTheyPointAt();
    void controllerFollowsTheClock();
    void toolbarAndSpaceDriveTheReplay();
};

void TestReplay::wholeTraceWithoutNow() {
    TimelineView view;
    view.resize(900, 400);
    view.setTrace(twoKernels());
    const QColor kernel = view.theme().kindColor(EventKind::Kernel);
    const Shot s = shoot(view);
    QVERIFY(isKernel(s, 50 * kUs, kernel));
    QVERIFY(isKernel(s, 75 * kUs, kernel));
    QVERIFY(isKernel(s, 350 * kUs, kernel));
}

void TestReplay::runningEventIsDrawnToNow() {
    TimelineView view;
    view.resize(900, 400);
    view.setTrace(twoKernels());
    ReplayOverlay overlay(&view);
    overlay.setNow(50 * kUs);
    QCOMPARE(view.lanes()->nowNs(), std::optional<TimeNs>(50 * kUs));
    const QColor kernel = view.theme().kindColor(EventKind::Kernel);
    const Shot s = shoot(view);
    QVERIFY(isKernel(s, 25 * kUs, kernel));  // started, running: drawn up to now
    QVERIFY(isKernel(s, 45 * kUs, kernel));
    QVERIFY(!isKernel(s, 60 * kUs, kernel));  // the rest of it has not happened yet
    QVERIFY(!isKernel(s, 90 * kUs, kernel));
    testing::maybeSave(s.image, QStringLiteral("replay-now-50us.png"));
}

void TestReplay::eventAfterNowIsNotDrawn() {
    TimelineView view;
    view.resize(900, 400);
    view.setTrace(twoKernels());
    ReplayOverlay overlay(&view);
    overlay.setNow(200 * kUs);
    const QColor kernel = view.theme().kindColor(EventKind::Kernel);
    Shot s = shoot(view);
    QVERIFY(isKernel(s, 75 * kUs, kernel));    // complete by now: whole
    QVERIFY(!isKernel(s, 320 * kUs, kernel));  // starts after now: nothing
    QVERIFY(!isKernel(s, 390 * kUs, kernel));
    overlay.setNow(std::nullopt);
    s = shoot(view);
    QVERIFY(isKernel(s, 350 * kUs, kernel));
}

// Arrows go while a replay runs; callouts stay, each appearing once its event has begun.
void TestReplay::overlayHidesArrowsAndCalloutsUntilItEnds() {
    TimelineView view;
    view.setTrace(twoKernels());
    auto* flows = view.plot()->layer(QStringLiteral("flows"));
    ReplayOverlay overlay(&view);
    QVERIFY(flows->visible());
    overlay.setNow(10 * kUs);
    QVERIFY(!flows->visible());
    QVERIFY(view.plot()->layer(QStringLiteral("callouts"))->visible());
    QCOMPARE(view.callouts()->now(), std::optional<TimeNs>(10 * kUs));
    overlay.setNow(20 * kUs);
    QVERIFY(!flows->visible());
    overlay.setNow(std::nullopt);
    QVERIFY(flows->visible());
    QVERIFY(view.plot()->layer(QStringLiteral("callouts"))->visible());
    QVERIFY(!view.callouts()->now());
    QVERIFY(!view.lanes()->nowNs());
    QCOMPARE(ReplayOverlay::label(1250 * kUs, 0), QStringLiteral("now 1.25 ms"));
}

// A callout appears once what it points at is drawn, not at the instant its event begins (at
// 2.5 µs the 'timing' callout of claim 1 showed before its host work was drawn).
void TestReplay::calloutsWaitForWhatTheyPointAt() {
    const auto scenario = BuiltinScenarios::load(QStringLiteral("mode-cpu-synchronize"), nullptr);
    QVERIFY(scenario);
    const EngineChoice choice = chooseEngine("sim");
    EngineObserver quiet;
    CancelToken cancel;
    RunResult run = choice.engine->run(*scenario, quiet, cancel);
    QCOMPARE(int(run.status), int(RunStatus::Ok));
    auto trace = std::make_shared<Trace>(std::move(run.trace));
    if (!trace->scenario)
        trace->scenario = std::make_shared<const Scenario>(*scenario);
    TimelineView view;
    view.resize(1200, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTrace(trace);
    view.zoomToFit();
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    const auto full = view.callouts()->layout();
    QVERIFY(!full.empty());
    for (const auto& placed : full) {
        const TraceEvent& e = trace->events[placed.event];
        if (e.end_ns <= e.start_ns)
            continue;  // an instant is drawn whole the moment it happens
        view.callouts()->setNow(e.start_ns);
        for (const auto& early : view.callouts()->layout())
            QVERIFY2(early.event != placed.event, qPrintable(placed.text));
        view.callouts()->setNow(e.end_ns);
        const auto later = view.callouts()->layout();
        QVERIFY2(std::any_of(later.begin(), later.end(),
                             [&](const auto& p) { return p.event == placed.event; }),
                 qPrintable(placed.text));
    }
}

void TestReplay::controllerFollowsTheClock() {
    TimelineView view;
    view.setTrace(twoKernels());
    ReplayController replay(&view);
    QVERIFY(!replay.active());
    QVERIFY(replay.start());
    QCOMPARE(replay.clock().now(), TimeNs{0});
    QCOMPARE(view.lanes()->nowNs(), std::optional<TimeNs>(0));
    QCOMPARE(replay.clock().moments(),
             (std::vector<TimeNs>{10 * kUs, 110 * kUs}));  // the wait's begin and end
    replay.play();
    replay.advanceBy(0.05);  // 50 ms of wall time at 1 ms/s: 50 µs
    QCOMPARE(replay.clock().now(), 50 * kUs);
    QCOMPARE(view.lanes()->nowNs(), std::optional<TimeNs>(50 * kUs));
    replay.advanceBy(10.0);
    QVERIFY(replay.clock().atEnd());
    QVERIFY(!replay.clock().playing());
    replay.stop();
    QVERIFY(!view.lanes()->nowNs());
    QCOMPARE(ReplayController::speedText(1'000'000), QStringLiteral("1 ms/s"));
    QCOMPARE(ReplayController::speedText(20'000), QStringLiteral("20 µs/s"));
}

void TestReplay::toolbarAndSpaceDriveTheReplay() {
    QWidget window;
    auto* view = new TimelineView(&window);
    view->setTrace(twoKernels());
    auto* replay = new ReplayController(view);
    ReplayBar bar(replay);
    window.resize(900, 500);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    bar.replayAction()->trigger();
    QVERIFY(replay->active());
    QVERIFY(bar.statusText().contains(QStringLiteral("1 ms/s")));
    view->plot()->setFocus();
    QTest::keyClick(view->plot(), Qt::Key_Space);
    QVERIFY(replay->clock().playing());
    QCOMPARE(bar.playAction()->text(), QStringLiteral("Pause"));
    QTest::keyClick(view->plot(), Qt::Key_Space);
    QVERIFY(!replay->clock().playing());
    QCOMPARE(bar.playAction()->text(), QStringLiteral("Play"));

    replay->seek(0);
    bar.forwardAction()->trigger();
    QCOMPARE(replay->clock().now(), 10 * kUs);
    bar.forwardAction()->trigger();
    QCOMPARE(replay->clock().now(), 110 * kUs);
    bar.backAction()->trigger();
    QCOMPARE(replay->clock().now(), 10 * kUs);
    QVERIFY(bar.statusText().startsWith(QStringLiteral("now 10.0 µs of")));

    bar.fasterAction()->trigger();
    QCOMPARE(replay->clock().speed(), TimeNs{2'000'000});
    bar.slowerAction()->trigger();
    bar.slowerAction()->trigger();
    QCOMPARE(replay->clock().speed(), TimeNs{500'000});
    QVERIFY(bar.statusText().contains(QStringLiteral("500 µs/s")));

    bar.replayAction()->trigger();  // off
    QVERIFY(!replay->active());
    QVERIFY(!view->lanes()->nowNs());
    // Without a replay, Space is the timeline's again (the controller leaves it alone).
    QTest::keyClick(view->plot(), Qt::Key_Space);
    QVERIFY(!replay->active());
}

QTEST_MAIN(TestReplay)
#include "tst_replay.moc"
