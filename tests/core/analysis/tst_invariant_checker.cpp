#include <QtTest>
#include <functional>
#include <set>

#include "core/analysis/invariant_checker.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

// A broken trace, the invariant(s) it must trip and the events the first violation must name.
struct Case {
    const char* name;
    std::set<std::string> ids;  // every reported violation must have one of these ids
    std::string id;             // ... and one with this id must list exactly `events`
    std::function<std::vector<std::uint32_t>(TraceBuilder&, InvariantCheckerOptions&)> build;
};

const std::vector<Case>& brokenCases();

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

    void toleranceAbsorbsSmallSkew() {
        TraceBuilder b;
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

    void listsEveryInvariant() {
        const auto list = InvariantChecker::invariants();
        QCOMPARE(list.size(), std::size_t{24});
        QCOMPARE(list.front().id, std::string_view("I1"));
        QCOMPARE(list.back().id, std::string_view("I24"));
    }
};

namespace {

using Events = std::vector<std::uint32_t>;

const std::vector<Case>& brokenCases() {
    static const std::vector<Case> cases{
        {"I1 fifo",
         {"I1"},
         "I1",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto a = b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto k = b.kernel(s1, "b").enq(us(6), us(11)).gpu(us(50), us(150));
             return Events{a.op, k.op};
         }},
        {"I2 causality",
         {"I2"},
         "I2",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(10), us(15)).gpu(us(5), us(50));
             return Events{k.call, k.op};
         }},
        {"I3 legacy after blocking",
         {"I3"},
         "I3",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kb = b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kl = b.kernel(legacy, "kl").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kb.op, kl.op};
         }},
        {"I3 blocking after legacy",
         {"I3"},
         "I3",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kl = b.kernel(legacy, "kl").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kb = b.kernel(blocking, "kb").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kl.op, kb.op};
         }},
        {"I4 per-thread default",
         {"I4"},
         "I4",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto pt = b.stream("per-thread", StreamKind::PerThreadDefault);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kp = b.kernel(pt, "kp").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kl = b.kernel(legacy, "kl").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kp.op, kl.op};
         }},
        {"I5 device sync early",
         {"I5"},
         "I5",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(50));
             const auto k = b.kernel(s2, "b").enq(us(5), us(8)).gpu(us(10), us(130));
             const auto c = b.call(ApiId::DeviceSynchronize, us(9), us(120));
             return Events{c.call, k.op};
         }},
        {"I6 stream sync early",
         {"I6"},
         "I6",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(130));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(120), s1);
             return Events{c.call, k.op};
         }},
        {"I7 event sync early",
         {"I7"},
         "I7",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(130));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(130), us(130));
             const auto c = b.call(ApiId::EventSynchronize, us(9), us(120), kNoLane, 0);
             return Events{c.call, k.op};
         }},
        {"I7 never recorded waits",
         {"I7"},
         "I7",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EventSynchronize, us(0), us(50), kNoLane, 5);
             const auto w = b.hostWait(us(1), us(50));
             return Events{c.call, w};
         }},
        {"I8 late wake-up",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(200), s1);
             return Events{c.call, k.op};
         }},
        {"I8 blocking copy woke late",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m = b.enqueue(ApiId::Memcpy, s1, EventKind::Memcpy, "DtoH")
                                .enq(us(0), us(300))
                                .gpu(us(10), us(100))
                                .flags(event_flags::kImplicitSync);
             const auto w = b.hostWait(us(5), us(300), m.op);
             return Events{m.call, w, m.op};
         }},
        {"I8 bound from options",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             o.wake_bound_ns = us(1);
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(102), s1);
             return Events{c.call, k.op};
         }},
        {"I9 cpu sync waits",
         {"I9"},
         "I9",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::CpuSynchronize, us(0), us(100));
             const auto w = b.hostWait(us(1), us(100));
             return Events{c.call, w};
         }},
        {"I9 cpu sync tracks GPU",
         {"I9"},
         "I9",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(5000));
             const auto c = b.call(ApiId::CpuSynchronize, us(6), us(5001));
             return Events{c.call, k.op};
         }},
        {"I10 host waits in stream wait",
         {"I10"},
         "I10",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s2 = b.stream("stream 2");
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(25), s2, 0);
             const auto w = b.hostWait(us(21), us(24));
             return Events{c.call, w};
         }},
        {"I10 stream wait blocks on long work",
         {"I10", "I23"},
         "I10",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k = b.kernel(s1, "long").enq(us(0), us(5)).gpu(us(10), us(60000));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(60000), us(60000));
             const auto c = b.call(ApiId::StreamWaitEvent, us(9), us(60002), s2, 0);
             return Events{c.call, k.op};
         }},
        {"I11 work after wait starts early",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(22), s2, 0);
             const auto k2 = b.kernel(s2, "k2").enq(us(23), us(28)).gpu(us(50), us(80));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I11 stall ends early",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto w = b.streamWait(s2, 0).enq(us(20), us(22)).gpu(us(22), us(40));
             return Events{w.call, w.op, k1.op};
         }},
        {"I11 record state at wait time",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             // Re-recording after the wait must not change what the wait waited for; the
             // second record's longer work is irrelevant, the first record's is not.
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(22), s2, 0);
             const auto k2 = b.kernel(s2, "k2").enq(us(23), us(28)).gpu(us(90), us(95));
             b.kernel(s1, "k3").enq(us(29), us(33)).gpu(us(100), us(500));
             b.record(s1, 0, "e0").enq(us(34), us(36)).gpu(us(500), us(500));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I12 wait_stream",
         {"I12"},
         "I12",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 9, "hidden")
                 .enq(us(6), us(8))
                 .gpu(us(100), us(100))
                 .mode(SyncMode::WaitStream);
             const auto c =
                 b.call(ApiId::StreamWaitEvent, us(9), us(11), s2, 9).mode(SyncMode::WaitStream);
             const auto k2 = b.kernel(s2, "k2").enq(us(12), us(17)).gpu(us(20), us(30));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I13 launch returns late",
         {"I13"},
         "I13",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(1600)).gpu(us(10), us(1500));
             return Events{k.call, k.op};
         }},
        {"I13 pinned async copy returns late",
         {"I13"},
         "I13",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m = b.enqueue(ApiId::MemcpyAsync, s1, EventKind::Memcpy, "HtoD")
                                .enq(us(0), us(2000))
                                .gpu(us(10), us(1999));
             return Events{m.call, m.op};
         }},
        {"I14 ready too early",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto q = b.call(ApiId::EventQuery, us(30), us(32), kNoLane, 0)
                                .flags(event_flags::kQueryReady);
             return Events{q.call, k.op};
         }},
        {"I14 never recorded not ready",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto q = b.call(ApiId::EventQuery, us(0), us(2), kNoLane, 3);
             return Events{q.call};
         }},
        {"I14 query blocks",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(2000));
             const auto q =
                 b.call(ApiId::StreamQuery, us(20), us(2100), s1).flags(event_flags::kQueryReady);
             return Events{q.call, k.op};
         }},
        {"I15 host function overlaps",
         {"I15"},
         "I15",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto fn = b.hostFunction(s1, "fn").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto k = b.kernel(s1, "k").enq(us(6), us(10)).gpu(us(50), us(80));
             return Events{fn.op, k.op};
         }},
        {"I16 destroy waits",
         {"I16"},
         "I16",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto c = b.call(ApiId::StreamDestroy, us(0), us(100), s1);
             const auto w = b.hostWait(us(1), us(99));
             return Events{c.call, w};
         }},
        {"I16 destroy tracks pending work",
         {"I16"},
         "I16",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(3000));
             const auto c = b.call(ApiId::StreamDestroy, us(6), us(3001), s1);
             return Events{c.call, k.op};
         }},
        {"I17 allocated above reserved",
         {"I17"},
         "I17",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(1), -1, -1, -1, 10, 5});
             return Events{};
         }},
        {"I17 pool used above reserved",
         {"I17"},
         "I17",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(1), -1, 5, 10, -1, -1});
             return Events{};
         }},
        {"I18 sync changes reserved",
         {"I18"},
         "I18",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::DeviceSynchronize, us(100), us(200));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(150), -1, -1, -1, 10, 15});
             return Events{c.call};
         }},
        {"I19 empty_cache grows reserved",
         {"I19"},
         "I19",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EmptyCache, us(100), us(110));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(105), -1, -1, -1, 10, 30});
             return Events{c.call};
         }},
        {"I19 reserved below allocated",
         {"I17", "I19"},
         "I19",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EmptyCache, us(100), us(110));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(105), -1, -1, -1, 10, 5});
             return Events{c.call};
         }},
        {"I20 pool drops outside a sync",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{};
         }},
        {"I20 sync trims with threshold max",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.trace().device.pool_release_threshold = UINT64_MAX;
             const auto c = b.call(ApiId::DeviceSynchronize, us(100), us(200));
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{c.call};
         }},
        {"I20 sync trims below threshold",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.trace().device.pool_release_threshold = 200;
             const auto c = b.call(ApiId::StreamSynchronize, us(100), us(200));
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{c.call};
         }},
        {"I21 use after free_async",
         {"I21"},
         "I21",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             static Scenario scenario;
             scenario.streams = {{"s1", StreamKind::NonBlocking, 0}};
             scenario.buffers = {{"a"}};
             scenario.program.clear();
             Step malloc_async;
             malloc_async.kind = StepKind::MallocAsync;
             malloc_async.buffer = 0;
             malloc_async.bytes = 1024;
             Step kernel;
             kernel.kind = StepKind::Kernel;
             kernel.uses = {0};
             kernel.duration_ns = us(10);
             Step free_async;
             free_async.kind = StepKind::FreeAsync;
             free_async.buffer = 0;
             scenario.program = {malloc_async, kernel, free_async, kernel};
             o.scenario = &scenario;
             const auto s1 = b.stream("stream 1");
             b.enqueue(ApiId::MallocAsync, s1, EventKind::MemoryOp, "malloc a")
                 .enq(us(0), us(1))
                 .gpu(us(1), us(1))
                 .step(0);
             b.kernel(s1, "k").enq(us(1), us(5)).gpu(us(5), us(15)).step(1);
             const auto f = b.enqueue(ApiId::FreeAsync, s1, EventKind::MemoryOp, "free a")
                                .enq(us(5), us(6))
                                .gpu(us(15), us(15))
                                .step(2);
             const auto k = b.kernel(s1, "k").enq(us(6), us(10)).gpu(us(15), us(25)).step(3);
             return Events{f.call, k.call, k.op};
         }},
        {"I22 kernel activity kind",
         {"I22"},
         "I22",
         [](TraceBuilder&, InvariantCheckerOptions& o) {
             o.enabled_cupti_activity_kinds = {10, 5, 3};
             return Events{};
         }},
        {"I23 stream wait not API-sized",
         {"I23"},
         "I23",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s2 = b.stream("stream 2");
             const auto c = b.call(ApiId::StreamWaitEvent, us(0), us(2000), s2, 0);
             return Events{c.call};
         }},
        {"I24 negative elapsed time",
         {"I24"},
         "I24",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m0 = b.record(s1, 0, "e0").enq(us(0), us(1)).gpu(us(100), us(100));
             const auto m1 = b.record(s1, 1, "e1").enq(us(2), us(3)).gpu(us(50), us(50));
             return Events{m0.op, m1.op};
         }},
    };
    return cases;
}

}  // namespace

QTEST_GUILESS_MAIN(TestInvariantChecker)
#include "tst_invariant_checker.moc"
