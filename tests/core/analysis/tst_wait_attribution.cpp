#include <QtTest>

#include "core/analysis/wait_attribution.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

class TestWaitAttribution : public QObject {
    Q_OBJECT

private slots:
    void streamSyncSentence() {
        TraceBuilder b;
        const auto s2 = b.stream("stream 2");
        const auto k = b.kernel(s2, "spin_kernel").enq(us(0), us(5)).gpu(us(10), us(1998)).batch(7);
        const auto c = b.call(ApiId::StreamSynchronize, us(200), us(2000), s2);
        const auto w = b.hostWait(us(200), us(2000), k.op, event_flags::kSpinning, us(1800));
        const WaitAttribution attribution(b.trace());
        const auto info = attribution.attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(info->call, c.call);
        QVERIFY(info->api == ApiId::StreamSynchronize);
        QCOMPARE(info->awaited_op, k.op);
        QCOMPARE(info->awaited_end_ns, us(1998));
        QCOMPARE(info->wake_ns, us(2));
        QCOMPARE(info->duration_ns, us(1800));
        QVERIFY(info->spinning);
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 1.80 ms in cudaStreamSynchronize for kernel "
                                "spin_kernel (batch 7) on stream 2; it woke 2.0 µs after the "
                                "kernel ended (spinning, 1.80 ms of CPU burnt)."));
    }

    // Without an `awaited` link the work is derived from the call: the latest-ending op enqueued
    // before a device sync.
    void derivedFromDeviceSync() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100)).batch(0);
        b.kernel(s2, "short").enq(us(5), us(10)).gpu(us(12), us(20));
        b.call(ApiId::DeviceSynchronize, us(20), us(120));
        const auto w = b.hostWait(us(20), us(120), kNone, event_flags::kSleeping, us(12));
        const auto info = WaitAttribution(b.trace()).attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(info->awaited_op, k.op);
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 100.0 µs in cudaDeviceSynchronize for kernel k "
                                "(batch 0) on stream 1; it woke 20.0 µs after the kernel ended "
                                "(sleeping, 12.0 µs of CPU burnt)."));
    }

    // An event sync that names the marker as awaited is explained by the work the event captured.
    void eventSyncThroughMarker() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(60));
        const auto m = b.record(s1, 1, "e1").enq(us(5), us(8)).gpu(us(60), us(60));
        b.call(ApiId::EventSynchronize, us(12), us(62), kNoLane, 1);
        const auto w = b.hostWait(us(12), us(62), m.op);
        const auto info = WaitAttribution(b.trace()).attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(info->awaited_op, k.op);
        QCOMPARE(info->cuda_event, std::uint32_t{1});
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 50.0 µs in cudaEventSynchronize on event e1 for "
                                "kernel k on stream 1; it woke 2.0 µs after the kernel ended "
                                "(spinning)."));
    }

    // A record on a blocking stream also waits for earlier legacy-stream work (docs/semantics.md
    // section 2): the event fires after its captured work ended, and the sentence says so.
    void eventSyncOnDelayedRecord() {
        TraceBuilder b;
        const auto blocking = b.stream("stream 1", StreamKind::Blocking);
        const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
        b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(40));
        b.kernel(legacy, "kl").enq(us(5), us(10)).gpu(us(40), us(100));
        const auto m = b.record(blocking, 2, "record e2").enq(us(10), us(12)).gpu(us(100), us(100));
        b.call(ApiId::EventSynchronize, us(12), us(102), kNoLane, 2);
        const auto w = b.hostWait(us(12), us(102), m.op);
        const auto info = WaitAttribution(b.trace()).attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(info->awaited_op, m.op);
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 90.0 µs in cudaEventSynchronize for event e2 on "
                                "stream 1; it woke 2.0 µs after the event fired (spinning)."));
    }

    void idleGapDuringQueryLoop() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
        b.call(ApiId::EventQuery, us(10), us(11), kNoLane, 0);
        b.call(ApiId::EventQuery, us(101), us(102), kNoLane, 0).flags(event_flags::kQueryReady);
        const auto w = b.hostWait(us(10), us(102));
        b.trace().events[w].mode = SyncMode::EventQueryPoll;
        b.kernel(s1, "k2").enq(us(102), us(107)).gpu(us(110), us(120));
        const auto gaps = WaitAttribution(b.trace()).idleGaps();
        QCOMPARE(gaps.size(), std::size_t{1});
        QCOMPARE(gaps[0].wait, w);
        QCOMPARE(QString::fromStdString(gaps[0].sentence),
                 QStringLiteral("GPU idle 10.0 µs from 100.0 µs to 110.0 µs: the host was blocked "
                                "2.0 µs in a cudaEventQuery loop, then the host spent 8.0 µs "
                                "launching the next work (cudaLaunchKernel)."));
    }

    // Imported waits sometimes name work that ended before the wait began.
    void workDoneBeforeTheWait() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 7");
        const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(20));
        b.call(ApiId::StreamSynchronize, us(25), us(40), s1);
        const auto w = b.hostWait(us(30), us(35), k.op, 0, -1);
        const auto info = WaitAttribution(b.trace()).attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 5.0 µs in cudaStreamSynchronize for kernel k on "
                                "stream 7; the kernel ended 10.0 µs before the wait began."));
    }

    void unknownWork() {
        TraceBuilder b;
        const auto w = b.hostWait(us(0), us(10), kNone, 0, -1);
        const auto info = WaitAttribution(b.trace()).attribute(w);
        QVERIFY(info.has_value());
        QCOMPARE(info->awaited_op, kNone);
        QCOMPARE(QString::fromStdString(info->sentence),
                 QStringLiteral("The host waited 10.0 µs in a host sync; the trace does not show "
                                "which GPU work it waited for."));
    }

    void streamWaitSentence_data() {
        QTest::addColumn<bool>("waitStream");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("wait_event")
            << false
            << "Stream 2 stalled 40.0 µs in cudaStreamWaitEvent for event e0, which completed "
               "when kernel k1 (batch 3) on stream 1 ended.";
        QTest::newRow("wait_stream")
            << true
            << "Stream 2 stalled 40.0 µs in Stream.wait_stream until kernel k1 (batch 3) on "
               "stream 1 ended.";
    }
    void streamWaitSentence() {
        QFETCH(bool, waitStream);
        QFETCH(QString, sentence);
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100)).batch(3);
        const auto m = b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
        auto wait = b.streamWait(s2, 0).enq(us(20), us(22)).gpu(us(60), us(100)).awaited(m.op);
        if (waitStream)
            wait.mode(SyncMode::WaitStream);
        const auto info = WaitAttribution(b.trace()).attribute(wait.op);
        QVERIFY(info.has_value());
        QVERIFY(info->kind == EventKind::StreamWait);
        QCOMPARE(info->awaited_op, k1.op);
        QCOMPARE(info->wake_ns, TimeNs{0});
        QCOMPARE(QString::fromStdString(info->sentence), sentence);
    }

    void notAWait() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
        const WaitAttribution attribution(b.trace());
        QVERIFY(!attribution.attribute(k.op).has_value());
        QVERIFY(!attribution.attribute(12345).has_value());
    }

    void idleGaps() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
        const auto sync = b.call(ApiId::StreamSynchronize, us(20), us(102), s1);
        const auto wait = b.hostWait(us(20), us(102));
        const auto k2 = b.kernel(s1, "k2").enq(us(102), us(107)).gpu(us(150), us(195));
        const auto work = b.hostWork(us(107), us(290), "preprocess");
        b.kernel(s1, "k3").enq(us(290), us(295)).gpu(us(300), us(350));
        b.kernel(s1, "k4").enq(us(490), us(495)).gpu(us(500), us(600));
        const auto gaps = WaitAttribution(b.trace()).idleGaps();
        QCOMPARE(gaps.size(), std::size_t{3});
        QVERIFY(gaps[0].cause == IdleGap::Cause::HostSync);
        QCOMPARE(gaps[0].wait, wait);
        QCOMPARE(gaps[0].call, sync.call);
        QCOMPARE(gaps[0].duration(), us(50));
        // Blocked until the sync returned, then launching: k2's launch and its latency.
        QCOMPARE(QString::fromStdString(gaps[0].sentence),
                 QStringLiteral("GPU idle 50.0 µs from 100.0 µs to 150.0 µs: the host was blocked "
                                "2.0 µs in cudaStreamSynchronize, then the host spent 48.0 µs "
                                "launching the next work (cudaLaunchKernel)."));
        QCOMPARE(gaps[0].cause_event, k2.call);  // the longest piece: k2's launch and latency
        QVERIFY(gaps[1].cause == IdleGap::Cause::HostBusy);
        QCOMPARE(gaps[1].call, work);
        QCOMPARE(gaps[1].cause_event, work);
        QCOMPARE(QString::fromStdString(gaps[1].sentence),
                 QStringLiteral("GPU idle 105.0 µs from 195.0 µs to 300.0 µs: the host spent "
                                "95.0 µs in preprocess with nothing queued, then the host spent "
                                "10.0 µs launching the next work (cudaLaunchKernel)."));
        // Nothing on the host until k4's launch: the GPU waited for the host all the same.
        QVERIFY(gaps[2].cause == IdleGap::Cause::HostBusy);
        QCOMPARE(QString::fromStdString(gaps[2].sentence),
                 QStringLiteral("GPU idle 150.0 µs from 350.0 µs to 500.0 µs: the host spent "
                                "140.0 µs in code the trace does not show, with nothing queued, "
                                "then the host spent 10.0 µs launching the next work "
                                "(cudaLaunchKernel)."));
    }

    // A blocking copy without a HostWait still blocks the host: its call covers the gap.
    void idleGapDuringImplicitSync() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
        const auto copy = b.enqueue(ApiId::Memcpy, s1, EventKind::Memcpy, "DtoH")
                              .enq(us(5), us(150))
                              .gpu(us(120), us(140))
                              .flags(event_flags::kImplicitSync);
        const auto gaps = WaitAttribution(b.trace()).idleGaps();
        QCOMPARE(gaps.size(), std::size_t{1});
        QVERIFY(gaps[0].cause == IdleGap::Cause::HostSync);
        QCOMPARE(gaps[0].call, copy.call);
        QCOMPARE(gaps[0].wait, kNone);
    }
};

QTEST_GUILESS_MAIN(TestWaitAttribution)
#include "tst_wait_attribution.moc"
