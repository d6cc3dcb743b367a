// The stream-ordered pool's reuse rules in the simulator (SimMemory; the Programming Guide's
// "Stream Ordered Memory Allocator"; measured on an H200 in docs/gpu-results.md): which freed
// block a cudaMallocAsync may take, and when it must grow, wait or fail. Times are exact.
#include <QtTest>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "sim_test_support.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimPoolReuse : public QObject {
    Q_OBJECT

private slots:
    void loopOnOneStreamReusesOneBlock();
    void usedDropsWhenTheFreeIsCalled();
    void reuseAcrossAnEventDependency_data();
    void reuseAcrossAnEventDependency();
    void opportunisticReuse_data();
    void opportunisticReuse();
    void internalDependencyInsteadOfOutOfMemory();
    void withoutInternalDependenciesItRunsOutOfMemory();
    void policiesRoundTripThroughTheScenarioFile();
    void reuseAfterAHostSync_data();
    void reuseAfterAHostSync();
    void reuseThroughTheLegacyStream_data();
    void reuseThroughTheLegacyStream();
};

namespace {

constexpr std::uint64_t kGiB = 1ull << 30;

std::int64_t peakReserved(const Trace& t) {
    std::int64_t peak = 0;
    for (const MemorySample& s : t.memory)
        peak = std::max(peak, s.pool_reserved);
    return peak;
}

Step usingBuffer(Step k, std::uint32_t buffer) {
    k.uses = {buffer};
    return k;
}

bool nameHas(const Trace& t, const TraceEvent* e, std::string_view text) {
    return e != nullptr && t.nameOf(*e).find(text) != std::string_view::npos;
}

}  // namespace

// The standard allocator loop: 200 × (malloc_async 1 GiB, 1 ms kernel, free_async) on one stream.
// The host runs ahead of the GPU, yet every allocation after the first takes the block freed just
// before it in stream order: the pool stays at 1 GiB (CUDA on an H200 did exactly this).
void TestSimPoolReuse::loopOnOneStreamReusesOneBlock() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    s.program = {
        repeat(200, {withBuffer(StepKind::MallocAsync, 0, kGiB),
                     usingBuffer(kernel(0, 1'000'000), 0), withBuffer(StepKind::FreeAsync, 0, 0)}),
        step(StepKind::StreamSync, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QCOMPARE(peakReserved(t), std::int64_t(kGiB));
    QVERIFY(nameHas(t, gpuOp(t, 0), "malloc_async a"));
    QVERIFY(!nameHas(t, gpuOp(t, 0), "reuses"));
    for (std::uint32_t i = 1; i < 200; ++i) {
        const TraceEvent* alloc = gpuOp(t, 3 * i);
        QVERIFY2(nameHas(t, alloc, "reuses a block freed on this stream"),
                 qPrintable(QString::number(i)));
        // In stream order: the allocation is reached when the kernel before it ends.
        QCOMPARE(alloc->start_ns, gpuOp(t, 3 * i - 2)->end_ns);
    }
}

// UsedMemCurrent falls when cudaFreeAsync is called, not when the GPU reaches the free (measured:
// it read 0 while the last 50 ms of kernels still ran).
void TestSimPoolReuse::usedDropsWhenTheFreeIsCalled() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"a"}};
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB), usingBuffer(kernel(0, 100'000), 0),
                 withBuffer(StepKind::FreeAsync, 0, 0), step(StepKind::StreamSync, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs free_returned = apiOf(t, 2)->end_ns;
    QVERIFY(free_returned < gpuOp(t, 1)->end_ns);  // the kernel still runs
    bool found = false;
    for (const MemorySample& m : t.memory)
        if (m.t_ns == free_returned) {
            found = true;
            QCOMPARE(m.pool_used, std::int64_t(0));
            QCOMPARE(m.pool_reserved, std::int64_t(kGiB));
        }
    QVERIFY(found);
}

// a on s0 under a 100 µs kernel, freed, event e recorded; s1 waits on e and allocates b. With the
// policy on, b takes a's block although the GPU has not reached the free: the wait orders it.
void TestSimPoolReuse::reuseAcrossAnEventDependency_data() {
    QTest::addColumn<bool>("follow");
    QTest::newRow("follow event dependencies") << true;
    QTest::newRow("policy off") << false;
}

void TestSimPoolReuse::reuseAcrossAnEventDependency() {
    QFETCH(bool, follow);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.events = {{"e"}};
    s.pool.reuse_follow_event_dependencies = follow;
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB, 0),
                 usingBuffer(kernel(0, 100'000), 0),
                 withBuffer(StepKind::FreeAsync, 0, 0, 0),
                 withEvent(StepKind::EventRecord, 0, 0),
                 withEvent(StepKind::StreamWaitEvent, 0, 1),
                 withBuffer(StepKind::MallocAsync, 1, kGiB, 1),
                 usingBuffer(kernel(1, 100'000), 1),
                 step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs kernel_end = p.api_cost_ns + p.launch_cost_ns + 100'000;
    QCOMPARE(gpuOp(t, 1)->end_ns, kernel_end);
    QVERIFY(apiOf(t, 5)->end_ns < kernel_end);    // the host asked long before the free was reached
    QCOMPARE(gpuOp(t, 5)->start_ns, kernel_end);  // behind the wait on e
    QCOMPARE(gpuOp(t, 6)->start_ns, kernel_end);
    QCOMPARE(nameHas(t, gpuOp(t, 5), "reuses a block freed on a stream it is ordered after"),
             follow);
    QCOMPARE(peakReserved(t), std::int64_t(follow ? kGiB : 2 * kGiB));
}

// a on s0 under a 100 µs kernel, freed; the host works 200 µs; then b on s1, with no dependency.
// The GPU has reached the free by then, so b may take the block at once.
void TestSimPoolReuse::opportunisticReuse_data() {
    QTest::addColumn<bool>("allow");
    QTest::newRow("opportunistic") << true;
    QTest::newRow("policy off") << false;
}

void TestSimPoolReuse::opportunisticReuse() {
    QFETCH(bool, allow);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.pool.reuse_allow_opportunistic = allow;
    Step work = step(StepKind::HostWork);
    work.duration_ns = 200'000;
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB, 0),
                 usingBuffer(kernel(0, 100'000), 0),
                 withBuffer(StepKind::FreeAsync, 0, 0, 0),
                 work,
                 withBuffer(StepKind::MallocAsync, 1, kGiB, 1),
                 usingBuffer(kernel(1, 100'000), 1),
                 step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs alloc_returned = 2 * p.api_cost_ns + p.launch_cost_ns + 200'000 + p.api_cost_ns;
    QCOMPARE(apiOf(t, 4)->end_ns, alloc_returned);
    QCOMPARE(gpuOp(t, 4)->start_ns, alloc_returned);  // no wait either way
    QCOMPARE(nameHas(t, gpuOp(t, 4), "reuses a block already freed"), allow);
    QCOMPARE(peakReserved(t), std::int64_t(allow ? kGiB : 2 * kGiB));
}

// 100 GiB on s0 under a 100 µs kernel, freed; 100 GiB on s1 with no dependency. Two do not fit in
// the H200's memory, so the pool makes b wait for a's free instead of failing (measured on an H200:
// no out-of-memory, and s1's kernel ran after s0's).
void TestSimPoolReuse::internalDependencyInsteadOfOutOfMemory() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.program = {withBuffer(StepKind::MallocAsync, 0, 100 * kGiB, 0),
                 usingBuffer(kernel(0, 100'000), 0),
                 withBuffer(StepKind::FreeAsync, 0, 0, 0),
                 withBuffer(StepKind::MallocAsync, 1, 100 * kGiB, 1),
                 usingBuffer(kernel(1, 100'000), 1),
                 step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs kernel_end = p.api_cost_ns + p.launch_cost_ns + 100'000;
    QCOMPARE(gpuOp(t, 2)->start_ns, kernel_end);  // a's free reached
    QVERIFY(nameHas(t, gpuOp(t, 3), "waits for a free on another stream"));
    QCOMPARE(gpuOp(t, 3)->start_ns, kernel_end);
    QCOMPARE(gpuOp(t, 4)->start_ns, kernel_end);
    QCOMPARE(gpuOp(t, 4)->end_ns, kernel_end + 100'000);
    QCOMPARE(peakReserved(t), std::int64_t(100 * kGiB));
}

void TestSimPoolReuse::withoutInternalDependenciesItRunsOutOfMemory() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.pool.reuse_allow_internal_dependencies = false;
    s.program = {withBuffer(StepKind::MallocAsync, 0, 100 * kGiB, 0),
                 usingBuffer(kernel(0, 100'000), 0), withBuffer(StepKind::FreeAsync, 0, 0, 0),
                 withBuffer(StepKind::MallocAsync, 1, 100 * kGiB, 1),
                 usingBuffer(kernel(1, 100'000), 1)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Failed);
    QVERIFY2(r.message.find("out of device memory") != std::string::npos, r.message.c_str());
    QVERIFY2(r.message.find("'b'") != std::string::npos, r.message.c_str());
}

void TestSimPoolReuse::policiesRoundTripThroughTheScenarioFile() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.program = {kernel(0, 1000)};
    s.pool.reuse_allow_opportunistic = false;
    s.pool.reuse_allow_internal_dependencies = false;
    const std::string text = ScenarioWriter::toJson(s);
    QVERIFY2(text.find("\"reuse_allow_opportunistic\": false") != std::string::npos, text.c_str());
    const ScenarioParseResult again = ScenarioReader::parse(text);
    QVERIFY2(again.ok(), again.errorText().c_str());
    QCOMPARE(test::scenarioDifference(*again.scenario, s), std::string());
    // Defaults stay out of the file.
    Scenario plain = scenario({StreamKind::NonBlocking});
    plain.program = {kernel(0, 1000)};
    QVERIFY(ScenarioWriter::toJson(plain).find("reuse_") == std::string::npos);
}

// Opportunistic reuse off: a freed on s0, cudaStreamSynchronize(s0), then b on s1. The sync showed
// the host that the free is done, so b takes the block whatever the policies (the Programming
// Guide; an H200 returned the same address and the pool stayed at 256 MiB). Without the sync the
// pool grows.
void TestSimPoolReuse::reuseAfterAHostSync_data() {
    QTest::addColumn<int>("sync");  // a StepKind, or -1 for none
    QTest::newRow("stream sync") << int(StepKind::StreamSync);
    QTest::newRow("device sync") << int(StepKind::DeviceSync);
    QTest::newRow("no sync") << -1;
}

void TestSimPoolReuse::reuseAfterAHostSync() {
    QFETCH(int, sync);
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}};
    s.pool.reuse_allow_opportunistic = false;
    s.pool.reuse_allow_internal_dependencies = false;
    s.pool.release_threshold = UINT64_MAX;  // the sync keeps the freed block in the pool
    std::vector<Step> program = {withBuffer(StepKind::MallocAsync, 0, kGiB / 4, 0),
                                 usingBuffer(kernel(0, 100'000), 0),
                                 withBuffer(StepKind::FreeAsync, 0, 0, 0)};
    if (sync >= 0)
        program.push_back(step(StepKind(sync), 0));
    program.push_back(withBuffer(StepKind::MallocAsync, 1, kGiB / 4, 1));
    program.push_back(usingBuffer(kernel(1, 100'000), 1));
    program.push_back(step(StepKind::DeviceSync));
    s.program = program;
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const std::uint32_t b = sync >= 0 ? 4 : 3;
    QCOMPARE(nameHas(t, gpuOp(t, b), "a sync showed the host"), sync >= 0);
    QCOMPARE(peakReserved(t), std::int64_t(sync >= 0 ? kGiB / 4 : kGiB / 2));
}

// Every reuse policy off: a freed on blocking stream s0, a kernel on the legacy default stream,
// then b on blocking stream s1. The legacy kernel is ordered after s0's free and s1 after the
// kernel, so b reuses the block (cudaMemPoolSetAttribute: null-stream interactions create the
// dependency; an H200 reused it). On non-blocking streams nothing orders them: the pool grows.
void TestSimPoolReuse::reuseThroughTheLegacyStream_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("blocking") << int(StreamKind::Blocking);
    QTest::newRow("non-blocking") << int(StreamKind::NonBlocking);
}

void TestSimPoolReuse::reuseThroughTheLegacyStream() {
    QFETCH(int, kind);
    Scenario s = scenario({StreamKind(kind), StreamKind(kind), StreamKind::LegacyDefault});
    s.buffers = {{"a"}, {"b"}};
    s.pool.reuse_allow_opportunistic = false;
    s.pool.reuse_allow_internal_dependencies = false;
    s.program = {withBuffer(StepKind::MallocAsync, 0, kGiB / 4, 0),
                 usingBuffer(kernel(0, 100'000), 0),
                 withBuffer(StepKind::FreeAsync, 0, 0, 0),
                 kernel(2, 50'000),
                 withBuffer(StepKind::MallocAsync, 1, kGiB / 4, 1),
                 usingBuffer(kernel(1, 100'000), 1),
                 step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const bool blocking = StreamKind(kind) == StreamKind::Blocking;
    QCOMPARE(nameHas(r.trace, gpuOp(r.trace, 4), "ordered after"), blocking);
    QCOMPARE(peakReserved(r.trace), std::int64_t(blocking ? kGiB / 4 : kGiB / 2));
}

QTEST_GUILESS_MAIN(TestSimPoolReuse)
#include "tst_sim_pool_reuse.moc"
