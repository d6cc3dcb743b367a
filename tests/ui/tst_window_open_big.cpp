// Opening a big trace in the window (issue 14 item 3): the timeline's model is built on the
// opener's thread, the event loop keeps running and progress shows meanwhile, a newer open
// supersedes an older one, Cancel keeps the old view, and what is shown equals a model built
// synchronously from the same trace.
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <memory>

#include "core/model/trace.h"
#include "core/tracefile/trace_file.h"
#include "ui/files/document_opener.h"
#include "ui/files/open_progress.h"
#include "ui/timeline/time_mapping.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"
#include "window_test_utils.h"

using namespace syncscope;

namespace {

// Launch + kernel pairs on four streams with a flow each, nested host ranges every 32 launches
// (so the host lane has depth levels) and a sync every 16: big enough that reading and indexing
// it spans many ticks of the event loop.
Trace makeTrace(std::uint32_t pairs, const std::string& title) {
    Trace t;
    t.title = title;
    t.addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t.addLane({LaneKind::HostWaits, "waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    for (std::uint32_t s = 0; s < 4; ++s)
        t.addLane({LaneKind::Stream, "stream " + std::to_string(s), s, StreamKind::NonBlocking, 0,
                   kNoLane, kNone});
    const auto name = t.strings.intern("k");
    TimeNs host = 0, stream_free[4] = {0, 0, 0, 0};
    for (std::uint32_t k = 0; k < pairs; ++k) {
        if (k % 32 == 0) {
            TraceEvent range;
            range.kind = EventKind::Annotation;
            range.start_ns = host;
            range.end_ns = host + 31 * 2'500;
            range.name = name;
            t.addEvent(range);
        }
        TraceEvent api;
        api.kind = EventKind::ApiCall;
        api.api = ApiId::LaunchKernel;
        api.start_ns = host;
        api.end_ns = host + 2'000;
        api.name = name;
        const auto a = t.addEvent(api);
        TraceEvent kernel;
        kernel.kind = EventKind::Kernel;
        kernel.lane = static_cast<std::uint16_t>(2 + k % 4);
        kernel.start_ns = std::max(host + 3'000, stream_free[k % 4]);
        kernel.end_ns = kernel.start_ns + 5'000 + (k % 5) * 4'000;
        kernel.name = name;
        stream_free[k % 4] = kernel.end_ns;
        const auto g = t.addEvent(kernel);
        t.flows.push_back({a, g, FlowKind::Launch});
        host += k % 16 == 15 ? 40'000 : 2'500;
    }
    return t;
}

// Everything the timeline draws and hit-tests from its model, compared between two models.
void compareModels(const TimelineModel& a, const TimelineModel& b) {
    QVERIFY(a.rows() == b.rows());
    QCOMPARE(a.slotCount(), b.slotCount());
    QCOMPARE(a.beginNs(), b.beginNs());
    QCOMPARE(a.endNs(), b.endNs());
    QCOMPARE(a.idleGaps().size(), b.idleGaps().size());
    for (std::size_t k = 0; k < a.idleGaps().size(); ++k) {
        QCOMPARE(a.idleGaps()[k].start, b.idleGaps()[k].start);
        QCOMPARE(a.idleGaps()[k].end, b.idleGaps()[k].end);
    }
    const TimeMapping map(static_cast<double>(a.beginNs()), static_cast<double>(a.endNs()), 0,
                          1600);
    for (std::size_t l = 0; l < a.trace()->lanes.size(); ++l) {
        const auto lane = static_cast<std::uint16_t>(l);
        QVERIFY(a.laneEvents(lane) == b.laneEvents(lane));
        QCOMPARE(a.depthCount(lane), b.depthCount(lane));
        std::vector<DrawItem> ia, ib;
        a.itemsInView(lane, map, 2.0, ia);
        b.itemsInView(lane, map, 2.0, ib);
        QCOMPARE(ia.size(), ib.size());
        for (std::size_t k = 0; k < ia.size(); ++k) {
            QCOMPARE(ia[k].start, ib[k].start);
            QCOMPARE(ia[k].end, ib[k].end);
            QCOMPARE(ia[k].count, ib[k].count);
        }
        QCOMPARE(a.busyNs(lane, a.beginNs(), a.endNs() / 3),
                 b.busyNs(lane, b.beginNs(), b.endNs() / 3));
    }
    std::vector<std::uint32_t> fa, fb;
    a.flowsInView(a.beginNs(), a.endNs() / 2, 1u << 30, fa);
    b.flowsInView(b.beginNs(), b.endNs() / 2, 1u << 30, fb);
    QVERIFY(fa == fb);
}

}  // namespace

class TestWindowOpenBig : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void loadKeepsTheEventLoopRunningAndShowsProgress();
    void newerOpenSupersedesAnOlderOne();
    void cancelKeepsTheOldView();

private:
    QString write(const Trace& trace, const QString& name);
    bool waitShown(MainWindow& window, const std::string& title);

    QTemporaryDir dir_;
    QString big_, small_;
};

void TestWindowOpenBig::initTestCase() {
    test::isolateWindowTest();
    QVERIFY(dir_.isValid());
    big_ = write(makeTrace(300'000, "big"), QStringLiteral("big.trace.json"));
    small_ = write(makeTrace(200, "small"), QStringLiteral("small.trace.json"));
    QVERIFY(!big_.isEmpty() && !small_.isEmpty());
}

QString TestWindowOpenBig::write(const Trace& trace, const QString& name) {
    const QString path = dir_.filePath(name);
    std::string error;
    if (!TraceFile::save(trace, path.toStdString(), error)) {
        qWarning("%s", error.c_str());
        return {};
    }
    return path;
}

bool TestWindowOpenBig::waitShown(MainWindow& window, const std::string& title) {
    return QTest::qWaitFor(
        [&] {
            const auto trace = window.timeline()->trace();
            return trace && trace->title == title;
        },
        60000);
}

void TestWindowOpenBig::loadKeepsTheEventLoopRunningAndShowsProgress() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 850);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* progress = window.findChild<OpenProgress*>();
    QVERIFY(progress);
    QVERIFY(!progress->isVisible());

    // Ticks of the GUI thread's event loop while the file loads, and what the status bar showed.
    int ticks = 0;
    bool saw_indexing = false;
    QTimer ticker;
    ticker.setInterval(5);
    connect(&ticker, &QTimer::timeout, this, [&] {
        if (!window.opener()->isLoading())
            return;
        ++ticks;
        if (progress->isVisible() && progress->text().contains(QStringLiteral("big.trace.json")) &&
            progress->text().startsWith(QStringLiteral("Indexing")))
            saw_indexing = true;
    });
    ticker.start();
    QVERIFY(window.openPath(big_));
    QVERIFY(progress->isVisible());
    QVERIFY(progress->text().contains(QStringLiteral("big.trace.json")));
    QVERIFY(waitShown(window, "big"));
    ticker.stop();
    QVERIFY2(ticks > 0, "the event loop did not run while the trace loaded");
    QVERIFY(saw_indexing);
    QTRY_VERIFY(!progress->isVisible());

    // The model swapped in is the one the opener built, and equals a synchronous build.
    const auto shown = window.timeline()->trace();
    QCOMPARE(window.timeline()->model()->trace(), shown.get());
    const TimelineModel synchronous(shown);
    compareModels(*window.timeline()->model(), synchronous);
}

void TestWindowOpenBig::newerOpenSupersedesAnOlderOne() {
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QSignalSpy opened(&window, &MainWindow::documentOpened);
    QVERIFY(window.openPath(big_));
    QVERIFY(window.openPath(small_));
    QVERIFY(waitShown(window, "small"));
    // The big load finishes later (or was stopped); either way it never replaces the newer one.
    QTest::qWait(1500);
    QCOMPARE(window.timeline()->trace()->title, std::string("small"));
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.first().first().toString(), small_);
}

void TestWindowOpenBig::cancelKeepsTheOldView() {
    MainWindow window;
    window.setInteractive(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openPath(small_));
    QVERIFY(waitShown(window, "small"));
    const auto before = window.timeline()->trace();
    QSignalSpy opened(&window, &MainWindow::documentOpened);
    QVERIFY(window.openPath(big_));
    auto* progress = window.findChild<OpenProgress*>();
    QVERIFY(progress && progress->isVisible());
    QTest::mouseClick(progress->cancelButton(), Qt::LeftButton);
    QVERIFY(!window.opener()->isLoading());
    QVERIFY(!progress->isVisible());
    QTest::qWait(1500);
    QVERIFY(window.timeline()->trace() == before);
    QCOMPARE(opened.count(), 0);
}

QTEST_MAIN(TestWindowOpenBig)
#include "tst_window_open_big.moc"
