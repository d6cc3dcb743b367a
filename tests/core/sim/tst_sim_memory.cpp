// Device memory, the stream-ordered pool and the implicit syncs of allocation in the simulator.
#include <QtTest>

#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimMemory : public QObject {
    Q_OBJECT

private slots:
    void poolReleasesAtSyncOnlyBelowThreshold_data();
    void poolReleasesAtSyncOnlyBelowThreshold();
    void poolReusesItsReserveAndTrimsOnRequest();
    void cudaFreeSynchronizesTheDevice();
    void cudaFreeOfPoolMemoryDoesNotWait();
    void cudaMallocOrdersTheDevice_data();
    void cudaMallocOrdersTheDevice();
    void outOfMemoryFailsCleanly_data();
    void outOfMemoryFailsCleanly();
    void useAfterFreeIsAnError_data();
    void useAfterFreeIsAnError();
    void samplesAreInTimeOrder();
};

namespace {

constexpr std::uint64_t kGiB = 1ull << 30;

const MemorySample& lastSample(const Trace& t) {
    return t.memory.back();
}

}  // namespace

// malloc_async 1 GiB, a 100 µs kernel using it, free_async, stream sync: threshold 0 releases the
// reservation when the sync returns; UINT64_MAX keeps it.
void TestSimMemory::poolReleasesAtSyncOnlyBelowThreshold_data() {
    QTest::addColumn<quint64>("threshold");
    QTest::addColumn<bool>("releases");
    QTest::newRow("threshold 0") << quint64(0) << true;
    QTest::newRow("threshold 2 GiB") << quint64(2 * kGiB) << false;
    QTest::newRow("threshold UINT64_MAX") << quint64(UINT64_MAX) << false;
}

void TestSimMemory::poolReleasesAtSyncOnlyBelowThreshold() {
    QFETCH(quint64, threshold);
    QFETCH(bool, releases);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    s.pool.release_threshold = threshold;
    Step k = kernel(0, 100'000);
    k.uses = {0};
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB), k,
                 withBuffer(StepKind::FreeAsync, 0, 0), step(StepKind::StreamSync, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QCOMPARE(t.device.pool_release_threshold, std::uint64_t(threshold));
    QVERIFY(find(t, EventKind::Error).empty());
    // Samples: start, malloc_async and free_async (host, at the calls), maybe the trim.
    QVERIFY(t.memory.size() >= 3);
    QCOMPARE(t.memory[1].t_ns, apiOf(t, 0)->end_ns);  // when cudaMallocAsync returned
    QCOMPARE(t.memory[1].pool_reserved, std::int64_t(kGiB));
    QCOMPARE(t.memory[1].pool_used, std::int64_t(kGiB));
    QCOMPARE(t.memory[1].device_used, std::int64_t(kGiB));
    const TimeNs kernel_end = p.api_cost_ns + p.launch_cost_ns + 100'000;
    QCOMPARE(gpuOp(t, 2)->end_ns, kernel_end);  // the free is reached in stream order
    // but the pool counts the block free from the call on (UsedMemCurrent, measured on an H200)
    QCOMPARE(t.memory[2].t_ns, apiOf(t, 2)->end_ns);
    QCOMPARE(t.memory[2].pool_used, std::int64_t(0));
    QCOMPARE(t.memory[2].pool_reserved, std::int64_t(kGiB));
    const TimeNs sync_ret = kernel_end + p.wake_latency_ns[0];
    QCOMPARE(apiOf(t, 3)->end_ns, sync_ret);
    // The sync names the kernel, not the zero-length free reached at the same instant.
    QCOMPARE(waitOf(t, 3)->awaited, indexOf(t, gpuOp(t, 1)));
    if (releases) {
        QCOMPARE(t.memory.size(), std::size_t(4));
        QCOMPARE(lastSample(t).t_ns, sync_ret);  // I20: the drop is at the sync
        QCOMPARE(lastSample(t).pool_reserved, std::int64_t(0));
        QCOMPARE(lastSample(t).device_used, std::int64_t(0));
    } else {
        QCOMPARE(t.memory.size(), std::size_t(3));
        QCOMPARE(lastSample(t).pool_reserved, std::int64_t(kGiB));
    }
}

void TestSimMemory::poolReusesItsReserveAndTrimsOnRequest() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.pool.release_threshold = UINT64_MAX;
    Step trim = step(StepKind::PoolTrim);
    trim.bytes = 0;
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB), withBuffer(StepKind::FreeAsync, 0, 0),
                 step(StepKind::StreamSync, 0), withBuffer(StepKind::MallocAsync, 1, kGiB / 2),
                 trim};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    // b comes from the reserve: reserved stays 1 GiB.
    const auto before_trim = t.memory[t.memory.size() - 2];
    QCOMPARE(before_trim.pool_reserved, std::int64_t(kGiB));
    QCOMPARE(before_trim.pool_used, std::int64_t(kGiB / 2));
    // pool_trim(0) keeps what is used.
    QCOMPARE(lastSample(t).t_ns, apiOf(t, 4)->end_ns);
    QCOMPARE(lastSample(t).pool_reserved, std::int64_t(kGiB / 2));
    QCOMPARE(apiOf(t, 4)->duration(), p.api_cost_ns);
}

// malloc 1 MB, a 100 µs kernel, cudaFree: the host waits for the device (implicit sync).
void TestSimMemory::cudaFreeSynchronizesTheDevice() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    s.program = {withBuffer(StepKind::Malloc, 0, 1'000'000), kernel(0, 100'000),
                 withBuffer(StepKind::Free, 0, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QCOMPARE(apiOf(t, 0)->duration(), p.malloc_cost_ns);
    QCOMPARE(t.memory[1].t_ns, p.malloc_cost_ns);
    QCOMPARE(t.memory[1].device_used, std::int64_t(1'000'000));
    const TimeNs free_start = p.malloc_cost_ns + p.launch_cost_ns;
    const TimeNs ret = free_start + 100'000 + p.wake_latency_ns[0];
    const TraceEvent* call = apiOf(t, 2);
    SIM_COMPARE_ENUM(call->api, ApiId::Free);
    QCOMPARE(call->start_ns, free_start);
    QCOMPARE(call->end_ns, ret);
    const TraceEvent* wait = waitOf(t, 2);
    QVERIFY(wait);
    QCOMPARE(wait->start_ns, free_start);
    QCOMPARE(wait->end_ns, ret);
    QVERIFY(wait->flags & event_flags::kImplicitSync);
    SIM_COMPARE_ENUM(wait->mode, SyncMode::ImplicitAlloc);
    QCOMPARE(wait->awaited, indexOf(t, gpuOp(t, 1)));
    QCOMPARE(lastSample(t).t_ns, ret);
    QCOMPARE(lastSample(t).device_used, std::int64_t(0));
}

void TestSimMemory::cudaFreeOfPoolMemoryDoesNotWait() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    s.program = {withBuffer(StepKind::MallocAsync, 0, 1'000'000), kernel(0, 100'000),
                 withBuffer(StepKind::Free, 0, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(apiOf(r.trace, 2)->duration(), p.free_cost_ns);
    QVERIFY(waitOf(r.trace, 2) == nullptr);
}

// A kernel on s0, then cudaMalloc (or as much host work), then a kernel on s1: across the
// allocation the two streams cannot overlap.
void TestSimMemory::cudaMallocOrdersTheDevice_data() {
    QTest::addColumn<bool>("malloc");
    QTest::newRow("cudaMalloc between") << true;
    QTest::newRow("host work between") << false;
}

void TestSimMemory::cudaMallocOrdersTheDevice() {
    QFETCH(bool, malloc);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    Step work = step(StepKind::HostWork);
    work.duration_ns = p.malloc_cost_ns;
    s.program = {kernel(0, 100'000), malloc ? withBuffer(StepKind::Malloc, 0, 1'000'000) : work,
                 kernel(1, 10'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TimeNs launched = 2 * p.launch_cost_ns + p.malloc_cost_ns;
    QCOMPARE(gpuOp(r.trace, 2)->start_ns, malloc ? gpuOp(r.trace, 0)->end_ns : launched);
    QVERIFY(waitOf(r.trace, 1) == nullptr);  // the host does not wait
}

void TestSimMemory::outOfMemoryFailsCleanly_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("cudaMalloc") << int(StepKind::Malloc);
    QTest::newRow("cudaMallocAsync") << int(StepKind::MallocAsync);
}

void TestSimMemory::outOfMemoryFailsCleanly() {
    QFETCH(int, kind);
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"small"}, {"huge"}};
    s.program = {withBuffer(StepKind::Malloc, 0, 1'000'000), kernel(0, 100'000),
                 withBuffer(StepKind(kind), 1, h200().memory_bytes), kernel(0, 100'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Failed);
    QVERIFY2(r.message.find("out of device memory") != std::string::npos, r.message.c_str());
    QVERIFY2(r.message.find("'huge'") != std::string::npos, r.message.c_str());
    const auto errors = find(r.trace, EventKind::Error);
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors.front()->step, 2u);
    QCOMPARE(r.trace.nameOf(*errors.front()), std::string_view(r.message));
    QVERIFY(apiOf(r.trace, 2)->flags & event_flags::kFailed);
    QVERIFY(gpuOp(r.trace, 1) != nullptr);  // the work before the failure is in the trace
    QVERIFY(apiOf(r.trace, 3) == nullptr);  // nothing after it ran
}

void TestSimMemory::useAfterFreeIsAnError_data() {
    QTest::addColumn<bool>("async");
    QTest::newRow("free_async") << true;
    QTest::newRow("cudaFree") << false;
}

void TestSimMemory::useAfterFreeIsAnError() {
    QFETCH(bool, async);
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    Step k = kernel(0, 10'000);
    k.uses = {0};
    s.program = {withBuffer(async ? StepKind::MallocAsync : StepKind::Malloc, 0, 4096), k,
                 withBuffer(async ? StepKind::FreeAsync : StepKind::Free, 0, 0), k};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);  // flagged, not fatal
    const auto errors = find(r.trace, EventKind::Error);
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors.front()->step, 3u);
    QVERIFY(r.trace.nameOf(*errors.front()).find("I21") != std::string_view::npos);
    QVERIFY(gpuOp(r.trace, 3) != nullptr);  // the kernel still runs
}

void TestSimMemory::samplesAreInTimeOrder() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}, {"c"}};
    s.program = {
        repeat(20, {withBuffer(StepKind::MallocAsync, 0, kGiB, 0), kernel(0, 50'000),
                    withBuffer(StepKind::MallocAsync, 1, kGiB, 1), kernel(1, 30'000),
                    withBuffer(StepKind::FreeAsync, 0, 0, 0),
                    withBuffer(StepKind::FreeAsync, 1, 0, 1), withBuffer(StepKind::Malloc, 2, 1000),
                    step(StepKind::StreamSync, 1), withBuffer(StepKind::Free, 2, 0)})};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QVERIFY(r.trace.memory.size() > 100);
    for (std::size_t i = 1; i < r.trace.memory.size(); ++i) {
        const MemorySample& a = r.trace.memory[i - 1];
        const MemorySample& b = r.trace.memory[i];
        QVERIFY2(a.t_ns <= b.t_ns, qPrintable(QString("sample %1").arg(i)));
        QVERIFY(b.pool_used >= 0 && b.pool_used <= b.pool_reserved);
        QVERIFY(b.device_used >= b.pool_reserved);
    }
}

QTEST_GUILESS_MAIN(TestSimMemory)
#include "tst_sim_memory.moc"
