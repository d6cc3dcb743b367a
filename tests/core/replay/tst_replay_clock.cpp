// core/replay/replay_clock: the now of a replay from speed and elapsed wall time, pausing, the
// speed steps, stepping between sync moments, and the frame times of a headless replay.
#include <QtTest>

#include "core/replay/replay_clock.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using syncscope::test::TraceBuilder;
using syncscope::test::us;

class TestReplayClock : public QObject {
    Q_OBJECT
private slots:
    void nowFollowsSpeedAndElapsedTime();
    void advanceAddsUpAndStopsAtTheEnd();
    void pausedDoesNotMove();
    void playAtTheEndStartsOver();
    void speedSteps();
    void stepsBetweenSyncMoments();
    void syncMomentsOfATrace();
    void frameTimes();
    void tooManyFramesIsAnError();
};

void TestReplayClock::nowFollowsSpeedAndElapsedTime() {
    // 1 ms of GPU time a second: after 0.25 s, 250 µs into the run.
    QCOMPARE(ReplayClock::nowAt(us(100), us(5000), ReplayClock::kDefaultSpeed, 0.25), us(350));
    QCOMPARE(ReplayClock::nowAt(us(100), us(5000), 10'000, 2.0), us(120));
    QCOMPARE(ReplayClock::nowAt(us(100), us(5000), ReplayClock::kDefaultSpeed, 100.0), us(5000));
    QCOMPARE(ReplayClock::nowAt(us(100), us(5000), ReplayClock::kDefaultSpeed, -1.0), us(100));
}

void TestReplayClock::advanceAddsUpAndStopsAtTheEnd() {
    ReplayClock c(0, us(1000));
    QCOMPARE(c.speed(), ReplayClock::kDefaultSpeed);
    c.setSpeed(3);  // 3 ns a second: a third of a ns per tick must not be lost
    c.play();
    for (int i = 0; i < 30; ++i)
        c.advance(1.0 / 3.0);
    QVERIFY(c.now() >= 29 && c.now() <= 30);
    c.setSpeed(ReplayClock::kDefaultSpeed);
    c.advance(0.5);
    QVERIFY(c.now() >= us(500) && c.now() <= us(500) + 30);
    c.advance(1.0);
    QCOMPARE(c.now(), us(1000));
    QVERIFY(c.atEnd());
    QVERIFY(!c.playing());
}

void TestReplayClock::pausedDoesNotMove() {
    ReplayClock c(us(10), us(1000));
    c.advance(0.1);
    QCOMPARE(c.now(), us(10));
    c.play();
    c.advance(0.1);
    QCOMPARE(c.now(), us(110));
    c.togglePlaying();
    QVERIFY(!c.playing());
    c.advance(0.1);
    QCOMPARE(c.now(), us(110));
}

void TestReplayClock::playAtTheEndStartsOver() {
    ReplayClock c(us(10), us(20));
    c.seek(us(99));
    QCOMPARE(c.now(), us(20));
    c.play();
    QCOMPARE(c.now(), us(10));
    c.seek(-5);
    QCOMPARE(c.now(), us(10));
}

void TestReplayClock::speedSteps() {
    ReplayClock c(0, 1);
    QVERIFY(c.faster());
    QCOMPARE(c.speed(), TimeNs{2'000'000});
    QVERIFY(c.slower());
    QVERIFY(c.slower());
    QCOMPARE(c.speed(), TimeNs{500'000});
    QVERIFY(c.setSpeed(1'500'000));  // between steps: the next step either way
    QVERIFY(c.faster());
    QCOMPARE(c.speed(), TimeNs{2'000'000});
    QVERIFY(c.setSpeed(ReplayClock::kSpeeds.front()));
    QVERIFY(!c.slower());
    QVERIFY(c.setSpeed(ReplayClock::kSpeeds.back()));
    QVERIFY(!c.faster());
    QVERIFY(!c.setSpeed(0));
    QCOMPARE(c.speed(), ReplayClock::kSpeeds.back());
}

void TestReplayClock::stepsBetweenSyncMoments() {
    ReplayClock c(0, us(100), {us(50), us(20), us(20), us(80), us(500)});
    QCOMPARE(c.moments(), (std::vector<TimeNs>{us(20), us(50), us(80)}));
    c.play();
    QVERIFY(c.stepForward());
    QVERIFY(!c.playing());  // the moment stays on screen
    QCOMPARE(c.now(), us(20));
    QVERIFY(c.stepForward());
    QCOMPARE(c.now(), us(50));
    QVERIFY(c.stepBack());
    QCOMPARE(c.now(), us(20));
    QVERIFY(!c.stepBack());
    QCOMPARE(c.now(), us(20));
    c.seek(us(80));
    QVERIFY(!c.stepForward());
    c.seek(us(60));
    QVERIFY(c.stepBack());
    QCOMPARE(c.now(), us(50));
}

void TestReplayClock::syncMomentsOfATrace() {
    TraceBuilder b;
    const auto s = b.stream("s");
    const auto k = b.kernel(s, "k").enq(us(0), us(5)).gpu(us(10), us(110));
    b.call(ApiId::StreamSynchronize, us(6), us(112), s);
    b.hostWait(us(7), us(111), k.op);
    const auto flush = b.hostWait(us(200), us(300));
    b.trace().events[flush].flags |= event_flags::kInstrumentation;
    // The launch is no sync; the kernel is GPU work; the flush is the recorder's own.
    QCOMPARE(syncMoments(b.trace()), (std::vector<TimeNs>{us(6), us(7), us(111), us(112)}));
}

void TestReplayClock::frameTimes() {
    ReplayClock c(us(100), us(350));
    c.setSpeed(1'000'000);
    std::string error;
    // 10 fps at 1 ms/s: 100 µs a frame; 0, 100, 200 µs in, then the end.
    QCOMPARE(c.frameTimes(10, &error), (std::vector<TimeNs>{us(100), us(200), us(300), us(350)}));
    QVERIFY(c.frameTimes(0, &error).empty());
    QVERIFY(error.find("frame rate") != std::string::npos);
    // Held at a sync moment: a return 5 µs in, between frames, gets frames of its own
    // (0.3 s at 10 fps: three), in time order.
    ReplayClock held(us(100), us(350), {us(105)});
    held.setSpeed(1'000'000);
    QCOMPARE(held.frameTimes(10, &error, 0.3),
             (std::vector<TimeNs>{us(100), us(105), us(105), us(105), us(200), us(300), us(350)}));
    QCOMPARE(held.frameTimes(10, &error), c.frameTimes(10, &error));  // no hold asked
}

void TestReplayClock::tooManyFramesIsAnError() {
    ReplayClock c(0, 1'000'000'000);  // a second of GPU time at 1 µs/s and 60 fps
    c.setSpeed(1'000);
    std::string error;
    QVERIFY(c.frameTimes(60, &error).empty());
    QVERIFY2(error.find("more than the limit of 20000") != std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestReplayClock)
#include "tst_replay_clock.moc"
