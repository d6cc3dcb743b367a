// cudaMemcpy and cudaMemset take no stream: they run on the default stream (legacy, or per-thread
// when the scenario says so), so they wait for blocking streams' work and not for non-blocking
// streams' (docs/semantics.md section 2; measured on an H200, docs/gpu-results.md).
#include <QtTest>

#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimSyncCopies : public QObject {
    Q_OBJECT

private slots:
    void syncCopyRunsOnTheDefaultStream_data();
    void syncCopyRunsOnTheDefaultStream();
    void syncDeviceCopyBetweenTwoStreams_data();
    void syncDeviceCopyBetweenTwoStreams();
    void pageableCopyReturnsOnlyAfterItsDmaStarted();
    void aScenarioListingTheDefaultStreamKeepsIt();
    void syncMemsetRunsOnTheDefaultStream_data();
    void syncMemsetRunsOnTheDefaultStream();
};

// A 100 µs kernel on s0, then a synchronous pinned 1 MB device-to-host copy.
void TestSimSyncCopies::syncCopyRunsOnTheDefaultStream_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("per_thread");
    QTest::addColumn<bool>("waits");  // whether the copy waits for the kernel
    QTest::newRow("non-blocking stream, legacy default")
        << int(StreamKind::NonBlocking) << false << false;
    QTest::newRow("blocking stream, legacy default") << int(StreamKind::Blocking) << false << true;
    // The per-thread default stream orders itself against the legacy stream only.
    QTest::newRow("blocking stream, per-thread default")
        << int(StreamKind::Blocking) << true << false;
}

void TestSimSyncCopies::syncCopyRunsOnTheDefaultStream() {
    QFETCH(int, kind);
    QFETCH(bool, per_thread);
    QFETCH(bool, waits);
    const auto& p = h200();
    Scenario s = scenario({StreamKind(kind)});
    s.default_stream = per_thread ? DefaultStream::PerThread : DefaultStream::Legacy;
    s.program = {kernel(0, 100'000), copy(0, CopyDirection::DeviceToHost, 1'000'000, true, false)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* copy_op = gpuOp(t, 1);
    QVERIFY(copy_op);
    const Lane& lane = t.lanes[copy_op->lane];
    SIM_COMPARE_ENUM(lane.stream_kind,
                     per_thread ? StreamKind::PerThreadDefault : StreamKind::LegacyDefault);
    QCOMPARE(lane.name.rfind("default", 0), std::size_t(0));
    const TimeNs L = p.launch_cost_ns;
    const TimeNs copy_start = waits ? L + 100'000 : L + p.api_cost_ns;
    const TimeNs copy_ns = std::llround(1e6 / p.d2h_bytes_per_ns);
    QCOMPARE(copy_op->start_ns, copy_start);
    QCOMPARE(copy_op->end_ns, copy_start + copy_ns);
    // The host waits for the copy itself either way.
    QCOMPARE(apiOf(t, 1)->end_ns, copy_start + copy_ns + p.wake_latency_ns[0]);
    QVERIFY(r.trace.scenario);
    QCOMPARE(r.trace.scenario->streams.size(), std::size_t(2));
}

// Kernel k1 (2 ms) on s0, a synchronous device-to-device copy, kernel k2 on s1. On blocking streams
// the copy waits for k1 and k2 for the copy: nothing overlaps, and the call returns at once. On
// non-blocking streams the copy runs at once, the host waits for it (as an H200 did: 34 µs for
// 1 MiB, docs/semantics.md section 2), and the kernels overlap.
void TestSimSyncCopies::syncDeviceCopyBetweenTwoStreams_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("blocking") << int(StreamKind::Blocking);
    QTest::newRow("non-blocking") << int(StreamKind::NonBlocking);
}

void TestSimSyncCopies::syncDeviceCopyBetweenTwoStreams() {
    QFETCH(int, kind);
    const auto& p = h200();
    Scenario s = scenario({StreamKind(kind), StreamKind(kind)});
    s.program = {kernel(0, 2'000'000),
                 copy(0, CopyDirection::DeviceToDevice, 1'500'000, true, false),
                 kernel(1, 1'000'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs L = p.launch_cost_ns;
    const TimeNs d2d = std::llround(1.5e6 / p.d2d_bytes_per_ns);
    const TraceEvent* k1 = gpuOp(t, 0);
    const TraceEvent* cp = gpuOp(t, 1);
    const TraceEvent* k2 = gpuOp(t, 2);
    if (StreamKind(kind) == StreamKind::Blocking) {
        QCOMPARE(apiOf(t, 1)->end_ns, L + p.api_cost_ns);
        QCOMPARE(cp->start_ns, k1->end_ns);
        QCOMPARE(k2->start_ns, cp->end_ns);
        QCOMPARE(k2->start_ns, L + 2'000'000 + d2d);
        QVERIFY(waitOf(t, 1) == nullptr);
    } else {
        QCOMPARE(cp->start_ns, L + p.api_cost_ns);
        QCOMPARE(cp->end_ns, L + p.api_cost_ns + d2d);
        const TimeNs returned = cp->end_ns + p.wake_latency_ns[0];
        QCOMPARE(apiOf(t, 1)->end_ns, returned);
        QVERIFY(waitOf(t, 1) != nullptr);
        QCOMPARE(k2->start_ns, returned + L);
        QVERIFY(k2->start_ns < k1->end_ns);
    }
}

// A synchronous pageable 8 MiB host-to-device copy behind a 1 ms kernel on a blocking stream: its
// DMA on the legacy stream waits for the kernel, and the call returns only after the DMA started,
// once the last 2 MiB chunk is staged.
void TestSimSyncCopies::pageableCopyReturnsOnlyAfterItsDmaStarted() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::Blocking});
    const std::uint64_t bytes = 8ull << 20;
    s.program = {kernel(0, 1'000'000), copy(0, CopyDirection::HostToDevice, bytes, false, false)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* cp = gpuOp(t, 1);
    const TraceEvent* call = apiOf(t, 1);
    const TimeNs L = p.launch_cost_ns;
    const TimeNs whole =
        std::llround(static_cast<double>(bytes) / (p.h2d_bytes_per_ns * p.pageable_factor));
    const TimeNs last_chunk = std::llround(static_cast<double>(2u << 20) / p.h2d_bytes_per_ns);
    QCOMPARE(cp->start_ns, L + 1'000'000);
    QCOMPARE(call->end_ns, cp->start_ns + whole - last_chunk);
    QVERIFY(call->end_ns < cp->end_ns);
}

// A scenario that lists the legacy default stream runs its synchronous copies there and gets no
// second default stream.
void TestSimSyncCopies::aScenarioListingTheDefaultStreamKeepsIt() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::LegacyDefault});
    s.program = {copy(0, CopyDirection::DeviceToHost, 4, true, false)};
    QVERIFY(assignDefaultStream(s));
    QCOMPARE(s.streams.size(), std::size_t(2));
    QCOMPARE(s.program[0].stream, std::uint32_t(1));
    // Asynchronous copies keep their stream.
    s.program = {copy(0, CopyDirection::DeviceToHost, 4, true, true)};
    QVERIFY(assignDefaultStream(s));
    QCOMPARE(s.program[0].stream, std::uint32_t(0));
}

// A 3 ms kernel on s0, then a synchronous cudaMemset. It runs on the default stream: behind the
// kernel of a blocking stream, beside the kernel of a non-blocking one (an H200 had it done at
// 0.44 ms while the kernel ended at 3.1 ms; docs/semantics.md section 2). The host never waits.
void TestSimSyncCopies::syncMemsetRunsOnTheDefaultStream_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("blocking") << int(StreamKind::Blocking);
    QTest::newRow("non-blocking") << int(StreamKind::NonBlocking);
}

void TestSimSyncCopies::syncMemsetRunsOnTheDefaultStream() {
    QFETCH(int, kind);
    const auto& p = h200();
    Scenario s = scenario({StreamKind(kind)});
    Step memset = step(StepKind::Memset, 0);
    memset.bytes = 1 << 20;
    memset.async = false;
    s.program = {kernel(0, 3'000'000), memset};
    QVERIFY(assignDefaultStream(s));
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* k = gpuOp(t, 0);
    const TraceEvent* m = gpuOp(t, 1);
    QVERIFY(waitOf(t, 1) == nullptr);
    QCOMPARE(apiOf(t, 1)->end_ns, p.launch_cost_ns + p.api_cost_ns);
    if (StreamKind(kind) == StreamKind::Blocking)
        QCOMPARE(m->start_ns, k->end_ns);
    else
        QCOMPARE(m->start_ns, p.launch_cost_ns + p.api_cost_ns);
}

QTEST_GUILESS_MAIN(TestSimSyncCopies)
#include "tst_sim_sync_copies.moc"
