#include <QtTest>
#include <limits>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/trace_tolerances.h"
#include "core/analysis/wait_attribution.h"
#include "tests/core/analysis/broken_traces.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

QString describe(const std::vector<Violation>& violations) {
    QString text;
    for (const auto& v : violations)
        text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
    return text;
}

// A small run that obeys every invariant: two non-blocking streams, a legacy and a blocking
// stream, an event record + stream wait, a host function, every host sync with its wait, a query,
// cpu_sync, a destroy and memory samples.
void buildValid(TraceBuilder& b) {
    const auto s1 = b.stream("stream 1");
    const auto s2 = b.stream("stream 2");
    const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
    const auto blocking = b.stream("stream 3", StreamKind::Blocking);
    b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100)).batch(0);
    b.kernel(s2, "k2").enq(us(5), us(10)).gpu(us(12), us(60)).batch(0);
    const auto e0 = b.record(s1, 0, "e0").enq(us(10), us(12)).gpu(us(100), us(100));
    b.streamWait(s2, 0).enq(us(12), us(14)).gpu(us(60), us(100)).awaited(e0.op);
    const auto k3 = b.kernel(s2, "k3").enq(us(14), us(19)).gpu(us(100), us(150)).batch(1);
    const auto fn = b.hostFunction(s1, "fn").enq(us(19), us(22)).gpu(us(100), us(110));
    b.call(ApiId::StreamSynchronize, us(22), us(112), s1);
    b.hostWait(us(22), us(112), fn.op, event_flags::kSpinning, us(90));
    b.call(ApiId::EventQuery, us(112), us(113), kNoLane, 0).flags(event_flags::kQueryReady);
    b.call(ApiId::CpuSynchronize, us(113), us(114));
    b.kernel(legacy, "k4").enq(us(114), us(119)).gpu(us(150), us(170));
    const auto kb = b.kernel(blocking, "k5").enq(us(119), us(124)).gpu(us(170), us(200));
    b.record(s2, 1, "e1").enq(us(124), us(126)).gpu(us(150), us(150));
    b.call(ApiId::EventSynchronize, us(126), us(152), kNoLane, 1);
    b.hostWait(us(126), us(152), k3.op, event_flags::kSleeping, us(1));
    b.call(ApiId::DeviceSynchronize, us(152), us(202));
    b.hostWait(us(152), us(202), kb.op);
    b.call(ApiId::StreamDestroy, us(202), us(203), s2);
    b.call(ApiId::EventQuery, us(203), us(204), kNoLane, 7).flags(event_flags::kQueryReady);
    b.memory({0, 0, 0, 0, -1, -1}).memory({us(50), 1 << 20, 1 << 20, 1 << 19, -1, -1});
}

}  // namespace

class TestInvariantChecker : public QObject {
    Q_OBJECT

private slots:
    void validTraceHasNoViolation() {
        TraceBuilder b;
        buildValid(b);
        const auto violations = InvariantChecker().check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    void brokenTraceIsCaught_data() {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < brokenCases().size(); ++i)
            QTest::newRow(brokenCases()[i].name) << static_cast<int>(i);
    }

    void brokenTraceIsCaught() {
        QFETCH(int, row);
        const Case& c = brokenCases()[static_cast<std::size_t>(row)];
        TraceBuilder b;
        InvariantCheckerOptions options;
        const auto events = c.build(b, options);
        const auto violations = InvariantChecker(options).check(b.trace());
        QVERIFY2(!violations.empty(), "no violation reported");
        bool found = false;
        for (const auto& v : violations) {
            QVERIFY2(c.ids.count(v.invariant) == 1, qPrintable(describe(violations)));
            QVERIFY2(!v.message.empty() && v.message.back() == '.', v.message.c_str());
            if (v.invariant == c.id && v.events == events)
                found = true;
        }
        QVERIFY2(found, qPrintable("expected " + QString::fromStdString(c.id) +
                                   " with the right events; got:\n" + describe(violations)));
    }

    // The message example of the brief, word for word.
    void streamSyncMessage() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "spin_kernel").enq(us(0), us(5)).gpu(us(10), us(130));
        b.call(ApiId::StreamSynchronize, us(6), us(120), s1);
        const auto violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(violations[0].message),
                 QStringLiteral("cudaStreamSynchronize returned at 120.0 µs but kernel "
                                "spin_kernel on stream 1 ended at 130.0 µs."));
    }

    // An imported trace: GPU ops only, overlapping on one stream, waits that name nothing,
    // unknown memory. Nothing can be inferred, so nothing is reported.
    void gpuOnlyTraceHasNoFalsePositive() {
        TraceBuilder b;
        b.trace().device.engine = "nsys";  // only an import can lack the calls (I32)
        const auto s1 = b.stream("stream 7");
        const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
        b.bareOp(s1, EventKind::Kernel, us(10), us(100));
        b.bareOp(s1, EventKind::Kernel, us(50), us(80));
        b.bareOp(legacy, EventKind::Kernel, us(20), us(30));
        b.bareOp(s1, EventKind::EventMarker, us(5), us(5));
        b.bareOp(s1, EventKind::EventMarker, us(1), us(1));
        b.hostWait(us(0), us(200));
        b.memory({us(1), 100, -1, -1, -1, -1}).memory({us(2), 50, -1, -1, -1, -1});
        const auto violations = InvariantChecker().check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    // The record on a blocking stream fires after earlier legacy work: an event sync returning
    // right after it is fine even though the captured work ended long before.
    void eventSyncOnDelayedRecordIsValid() {
        TraceBuilder b;
        const auto blocking = b.stream("stream 1", StreamKind::Blocking);
        const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
        b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(40));
        b.kernel(legacy, "kl").enq(us(5), us(10)).gpu(us(40), us(100));
        const auto m = b.record(blocking, 2, "e2").enq(us(10), us(12)).gpu(us(100), us(100));
        b.call(ApiId::EventSynchronize, us(12), us(102), kNoLane, 2);
        b.hostWait(us(12), us(102), m.op);
        const auto violations = InvariantChecker().check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    // A use on another stream before that stream reached the free is racy but not I21.
    void otherStreamBeforeTheFreeIsNoViolation() {
        TraceBuilder b;
        InvariantCheckerOptions options;
        buildUseAfterFree(b, options, true, us(11));
        const auto violations = InvariantChecker(options).check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    // Lower bounds follow docs/semantics.md section 7's done(e), the end of the captured work, even
    // when the marker's own stamp is a little later (CUDA_EVENT device stamps and kernel ends are
    // different records).
    void lowerBoundsUseCapturedWork() {
        TraceBuilder b;
        const auto s0 = b.stream("stream 0");
        const auto s1 = b.stream("stream 1");
        b.kernel(s0, "k").enq(0, 500).gpu(1000, 2000);
        b.record(s0, 0, "e0").enq(600, 700).gpu(2001, 2001);
        b.streamWait(s1, 0).enq(800, 900).gpu(900, 2000);
        b.kernel(s1, "after").enq(900, 950).gpu(2000, 2500);
        b.call(ApiId::EventSynchronize, 950, 2000, kNoLane, 0);
        b.call(ApiId::EventQuery, 2000, 2000, kNoLane, 0).flags(event_flags::kQueryReady);
        const auto violations = InvariantChecker().check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    // ε and L at INT64_MAX (options or the trace's own calibration) are clamped to
    // kMaxCheckToleranceNs: t + ε no longer wraps into a flood of false violations.
    void hugeTolerancesDoNotWrap() {
        TraceBuilder b;
        buildValid(b);
        InvariantCheckerOptions options;
        options.epsilon_ns = std::numeric_limits<TimeNs>::max();
        options.wake_bound_ns = std::numeric_limits<TimeNs>::max();
        auto violations = InvariantChecker(options).check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
        b.trace().device.clock_tolerance_ns = std::numeric_limits<TimeNs>::max();
        for (auto& latency : b.trace().device.wake_latency_ns)
            latency = std::numeric_limits<TimeNs>::max();
        violations = InvariantChecker().check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
    }

    // A time outside ±(2^62 - 1) ns is named, and nothing else is checked.
    void timesOutsideTheRangeAreNamed() {
        TraceBuilder b;
        buildValid(b);
        const auto s9 = b.stream("stream 9");
        const auto late = b.bareOp(s9, EventKind::Kernel, 0, std::numeric_limits<TimeNs>::max());
        const auto violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(violations[0].invariant, std::string("range"));
        QCOMPARE(QString::fromStdString(violations[0].message),
                 QStringLiteral("The end of event %1 is at 9223372036854775807 ns, outside the "
                                "supported times (±(2^62 - 1) ns); no invariant was checked.")
                     .arg(late));
        b.trace().events[late].end_ns = 10;
        b.memory({kMinTimeNs - 1, 0, 0, 0, -1, -1});
        const auto memory = InvariantChecker().check(b.trace());
        QCOMPARE(memory.size(), std::size_t{1});
        QVERIFY2(memory[0].message.find("Memory sample 2 is at -4611686018427387904 ns") == 0,
                 memory[0].message.c_str());
    }

    void toleranceAbsorbsSmallSkew() {
        TraceBuilder b;
        b.trace().device.engine = "cuda";  // a recording: its calibrated ε applies
        b.trace().device.clock_tolerance_ns = us(2);
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(101));
        b.kernel(s1, "b").enq(us(6), us(8)).gpu(us(100), us(120));
        b.call(ApiId::StreamSynchronize, us(9), us(119), s1);
        QVERIFY(InvariantChecker().check(b.trace()).empty());
        InvariantCheckerOptions strict;
        strict.epsilon_ns = 0;
        QCOMPARE(InvariantChecker(strict).check(b.trace()).size(), std::size_t{2});  // I1, I6
    }

    void queueFullLaunchMayBlock() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "k").enq(us(0), us(3000)).gpu(us(10), us(2000)).flags(event_flags::kQueueFull);
        QVERIFY(InvariantChecker().check(b.trace()).empty());
    }

    void floodIsCapped() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "long").enq(0, 1).gpu(10, 1'000'000);
        for (int i = 0; i < 50; ++i)
            b.kernel(s1, "k").enq(2 + 2 * i, 3 + 2 * i).gpu(200 + i, 201 + i);
        InvariantCheckerOptions options;
        options.max_per_invariant = 10;
        const auto violations = InvariantChecker(options).check(b.trace());
        QCOMPARE(violations.size(), std::size_t{11});
        QCOMPARE(QString::fromStdString(violations.back().message),
                 QStringLiteral("40 more violations of I1 were found and not listed."));
    }

    void poolWarningsOnTheCudaEngine() {
        TraceBuilder b;
        b.trace().device.engine = "cuda";
        b.memory({us(10), -1, 100, 10, -1, -1}).memory({us(20), -1, 50, 10, -1, -1});
        const auto violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(violations[0].invariant, std::string("I20"));
        QVERIFY(violations[0].severity == Violation::Severity::Warning);
    }

    // On a real GPU L is a measured median and the OS may delay any wake-up: a late wake-up is a
    // warning there, an error in the simulator.
    // The same 15 µs wake-up that is a bug for a spinning wait is in bounds for a wait that slept
    // (cudaEventBlockingSync, or the blocking-sync policy's 20 µs).
    void sleepingWaitsHaveTheBlockingSyncBound() {
        for (const bool policy : {false, true}) {
            TraceBuilder b;
            if (policy)
                b.trace().device.schedule = SchedulePolicy::BlockingSync;
            const auto s1 = b.stream("stream 1");
            const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
            b.call(ApiId::StreamSynchronize, us(6), us(115), s1);
            b.hostWait(us(7), us(115), k.op,
                       policy ? event_flags::kSpinning : event_flags::kSleeping);
            const auto violations = InvariantChecker().check(b.trace());
            QVERIFY2(violations.empty(), qPrintable(describe(violations)));
        }
    }

    void lateWakeUpIsAWarningOnTheCudaEngine() {
        for (const bool cuda : {false, true}) {
            TraceBuilder b;
            if (cuda)
                b.trace().device.engine = "cuda";
            const auto s1 = b.stream("stream 1");
            b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
            b.call(ApiId::StreamSynchronize, us(6), us(200), s1);
            const auto violations = InvariantChecker().check(b.trace());
            QCOMPARE(violations.size(), std::size_t{1});
            QCOMPARE(violations[0].invariant, std::string("I8"));
            QVERIFY(violations[0].severity ==
                    (cuda ? Violation::Severity::Warning : Violation::Severity::Error));
        }
    }

    // The file's header cannot talk the checker into passing (docs/semantics.md section 6): a
    // simulated trace is exact whatever tolerance it claims, and a recording's is capped.
    void editedToleranceIsBounded() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(200));
        b.kernel(s1, "b").enq(us(6), us(8)).gpu(us(100), us(300));  // 100 µs inside a
        b.trace().device.clock_tolerance_ns = 5'000'000;            // 5 ms claimed
        auto violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(violations[0].invariant, std::string("I1"));
        TraceTolerances bounded = TraceTolerances::of(b.trace());
        QCOMPARE(bounded.epsilon_ns, TimeNs{0});
        QCOMPARE(bounded.notes.size(), std::size_t{1});
        QVERIFY(bounded.notes[0].find("a simulated trace is exact") != std::string::npos);
        b.trace().device.engine = "cuda";
        violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});  // capped at 50 µs: 100 µs is no skew
        bounded = TraceTolerances::of(b.trace());
        QCOMPARE(bounded.epsilon_ns, TraceTolerances::kMaxEpsilonNs);
        QVERIFY(bounded.notes.at(0).find("capped") != std::string::npos);
        // Wake-up latencies: the simulator's own; a recording's capped.
        b.trace().device.engine = "sim";
        b.trace().device.clock_tolerance_ns = 0;
        for (auto& l : b.trace().device.wake_latency_ns)
            l = 10'000'000'000;
        const auto s = b.call(ApiId::StreamSynchronize, us(9), us(9000), s1);
        violations = InvariantChecker().check(b.trace());
        bool i8 = false;
        for (const auto& v : violations)
            i8 = i8 || (v.invariant == "I8" && v.events.front() == s.call);
        QVERIFY(i8);  // woke 8.7 ms late: no file makes that a spin wait's latency
    }

    // A recorder may time a wait with a different record than its call (CUPTI SYNCHRONIZATION
    // vs RUNTIME): within ε the wait still belongs to the call.
    void waitLinkedWithinTolerance() {
        TraceBuilder b;
        b.trace().device.engine = "cuda";
        b.trace().device.clock_tolerance_ns = us(2);
        const auto c = b.call(ApiId::CpuSynchronize, us(10), us(20));
        const auto w = b.hostWait(us(9), us(21));
        const auto violations = InvariantChecker().check(b.trace());
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(violations[0].invariant, std::string("I9"));
        QCOMPARE(violations[0].events, (std::vector<std::uint32_t>{c.call, w}));
    }

    // Bad input must never crash an analysis: indices that point nowhere are skipped.
    void garbageIndicesAreSkipped() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(20));
        auto& events = b.trace().events;
        events[k.op].awaited = 999'999;
        events[k.call].target_lane = 4000;
        TraceEvent stray = events[k.op];
        stray.lane = 4000;  // a lane that does not exist, same correlation
        stray.name = 123'456;
        b.trace().addEvent(stray);
        const auto w = b.hostWait(us(1), us(2), 888'888);
        events[w].lane = 5000;
        b.trace().lanes[1].parent = 7000;
        b.call(ApiId::StreamSynchronize, us(30), us(40), 4001);
        b.call(ApiId::EventSynchronize, us(40), us(50), kNoLane, 42);
        InvariantCheckerOptions options;
        Scenario empty;
        options.scenario = &empty;
        const auto violations = InvariantChecker(options).check(b.trace());
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
        const WaitAttribution attribution(b.trace());
        for (std::uint32_t i = 0; i < b.trace().events.size(); ++i)
            attribution.attribute(i);
        QCOMPARE(attribution.idleGaps().size(), std::size_t{0});
        QCOMPARE(computeStats(b.trace()).gpu_busy_ns, us(10));
    }

    void listsEveryInvariant() {
        const auto list = InvariantChecker::invariants();
        QCOMPARE(list.size(), std::size_t{34});
        QCOMPARE(list.front().id, std::string_view("I1"));
        QCOMPARE(list.back().id, std::string_view("I34"));
    }
};

QTEST_GUILESS_MAIN(TestInvariantChecker)
#include "tst_invariant_checker.moc"
