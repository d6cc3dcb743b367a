// PyTorch's caching allocator in the simulator: memory_allocated and memory_reserved, the
// per-stream cache across the standard loop, record_stream, empty_cache and a sync that changes
// neither series. Times are exact.
#include <QtTest>

#include "core/analysis/invariant_checker.h"
#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimCachingAllocator : public QObject {
    Q_OBJECT

private slots:
    void loopKeepsOneCachedSegment();
    void syncChangesNeitherSeries();
    void recordStreamHoldsTheBlockForTheOtherStream();
    void emptyCacheWaitsForTheDeviceAndReleases();
    void outOfMemoryEmptiesTheCacheFirst();
    void scenarioErrorsNameTheStep();
    void opsRoundTripThroughTheScenarioFile();
};

namespace {

constexpr std::uint64_t kMiB = 1ull << 20;
constexpr std::uint64_t kGiB = 1ull << 30;

Step tensor(StepKind kind, std::uint32_t buffer, std::uint64_t bytes = 0,
            std::uint32_t stream = 0) {
    return withBuffer(kind, buffer, bytes, stream);
}

Step usingBuffer(Step k, std::uint32_t buffer) {
    k.uses = {buffer};
    return k;
}

// 512 MiB of weights and a 256 MiB activation on one stream, a kernel of `kernel_ns`, del of the
// activation (step 3), then `last` (step 4).
Scenario weightsAndFreedActivation(TimeNs kernel_ns, StepKind last) {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"w"}, {"act"}};
    s.program = {tensor(StepKind::TensorAlloc, 0, 512 * kMiB),
                 tensor(StepKind::TensorAlloc, 1, 256 * kMiB), kernel(0, kernel_ns),
                 tensor(StepKind::TensorFree, 1), step(last)};
    return s;
}

// The PyTorch op of a step (not the CUDA calls inside it).
const TraceEvent* opOf(const Trace& t, std::uint32_t step, ApiId api) {
    for (const TraceEvent& e : t.events)
        if (e.step == step && e.kind == EventKind::ApiCall && e.api == api)
            return &e;
    return nullptr;
}

// The last sample at or before t.
const MemorySample& sampleAt(const Trace& t, TimeNs at) {
    const MemorySample* last = &t.memory.front();
    for (const MemorySample& m : t.memory)
        if (m.t_ns <= at)
            last = &m;
    return *last;
}

std::size_t count(const Trace& t, ApiId api) {
    std::size_t n = 0;
    for (const TraceEvent& e : t.events)
        n += e.kind == EventKind::ApiCall && e.api == api ? 1 : 0;
    return n;
}

void verifyNoViolations(const Trace& t) {
    const std::vector<Violation> violations = InvariantChecker().check(t);
    QVERIFY2(violations.empty(), violations.empty() ? "" : violations.front().message.c_str());
}

}  // namespace

// 200 × (1 GiB tensor, 1 ms kernel, del) on one stream: one cudaMalloc, then the cached block every
// time. memory_reserved stays at 1 GiB; memory_allocated goes 1 GiB, 0, 1 GiB, ...
void TestSimCachingAllocator::loopKeepsOneCachedSegment() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.buffers = {{"x"}};
    s.program = {
        repeat(200, {tensor(StepKind::TensorAlloc, 0, kGiB), usingBuffer(kernel(0, 1'000'000), 0),
                     tensor(StepKind::TensorFree, 0)}),
        step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QCOMPARE(count(t, ApiId::Malloc), std::size_t(1));
    std::int64_t peak_reserved = 0;
    for (const MemorySample& m : t.memory) {
        peak_reserved = std::max(peak_reserved, m.reserved);
        QVERIFY(m.allocated == 0 || m.allocated == std::int64_t(kGiB));
    }
    QCOMPARE(peak_reserved, std::int64_t(kGiB));
    QVERIFY(t.nameOf(*opOf(t, 0, ApiId::TensorAlloc)).find("new 1.0 GiB segment") !=
            std::string_view::npos);
    for (std::uint32_t i = 1; i < 200; ++i) {
        const TraceEvent* alloc = opOf(t, 3 * i, ApiId::TensorAlloc);
        QVERIFY(alloc != nullptr);
        QVERIFY(t.nameOf(*alloc).find("cached block on") != std::string_view::npos);
        QCOMPARE(alloc->duration(), h200().api_cost_ns);  // no CUDA call
        QCOMPARE(sampleAt(t, alloc->end_ns).allocated, std::int64_t(kGiB));
        const TraceEvent* del = opOf(t, 3 * i + 2, ApiId::TensorFree);
        QCOMPARE(sampleAt(t, del->end_ns).allocated, std::int64_t(0));
        QCOMPARE(sampleAt(t, del->end_ns).reserved, std::int64_t(kGiB));
    }
    // The first allocation: bookkeeping, then cudaMalloc of the segment inside it.
    const TraceEvent* first = opOf(t, 0, ApiId::TensorAlloc);
    QCOMPARE(first->start_ns, TimeNs(0));
    QCOMPARE(first->end_ns, h200().api_cost_ns + h200().malloc_cost_ns);
    verifyNoViolations(t);
}

// del, then torch.cuda.synchronize(): memory_allocated fell at the del, memory_reserved stays; the
// sync changes neither (I18).
void TestSimCachingAllocator::syncChangesNeitherSeries() {
    const RunResult r = run(weightsAndFreedActivation(400'000, StepKind::DeviceSync));
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* del = opOf(t, 3, ApiId::TensorFree);
    const TraceEvent* sync = apiOf(t, 4);
    QVERIFY(sync->end_ns > del->end_ns + 300'000);  // the sync waited for the kernel
    for (const MemorySample* m : {&sampleAt(t, del->end_ns), &sampleAt(t, sync->end_ns)}) {
        QCOMPARE(m->allocated, std::int64_t(512 * kMiB));
        QCOMPARE(m->reserved, std::int64_t(768 * kMiB));
        QCOMPARE(m->device_used, std::int64_t(768 * kMiB));
    }
    for (const MemorySample& m : t.memory)
        QVERIFY(m.t_ns <= del->end_ns || m.t_ns > sync->end_ns);  // nothing changes inside
    verifyNoViolations(t);
}

// x is used on s1 (record_stream) while s1 runs a 500 µs kernel; del x returns at once, but the
// block is held: a new tensor on s0 needs a new segment until s1 passed the del.
void TestSimCachingAllocator::recordStreamHoldsTheBlockForTheOtherStream() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"x"}, {"y"}, {"z"}};
    Step record = tensor(StepKind::RecordStream, 0, 0, 1);
    s.program = {tensor(StepKind::TensorAlloc, 0, 64 * kMiB, 0),
                 record,
                 kernel(1, 500'000),
                 tensor(StepKind::TensorFree, 0),
                 tensor(StepKind::TensorAlloc, 1, 64 * kMiB, 0),  // s1 still runs: held
                 step(StepKind::StreamSync, 1),
                 tensor(StepKind::TensorAlloc, 2, 64 * kMiB, 0)};  // s1 passed: reused
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QVERIFY(t.nameOf(*opOf(t, 3, ApiId::TensorFree)).find("held until") != std::string_view::npos);
    QCOMPARE(sampleAt(t, opOf(t, 3, ApiId::TensorFree)->end_ns).allocated, std::int64_t(0));
    QVERIFY(t.nameOf(*opOf(t, 4, ApiId::TensorAlloc)).find("new") != std::string_view::npos);
    QVERIFY(t.nameOf(*opOf(t, 6, ApiId::TensorAlloc)).find("cached block") !=
            std::string_view::npos);
    QCOMPARE(count(t, ApiId::Malloc), std::size_t(2));
    QCOMPARE(t.memory.back().reserved, std::int64_t(128 * kMiB));
    verifyNoViolations(t);
}

// empty_cache while a 300 µs kernel runs: its cudaFree waits for the device (an implicit sync),
// then memory_reserved drops to what live tensors hold.
void TestSimCachingAllocator::emptyCacheWaitsForTheDeviceAndReleases() {
    const RunResult r = run(weightsAndFreedActivation(300'000, StepKind::EmptyCache));
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* empty = opOf(t, 4, ApiId::EmptyCache);
    const TraceEvent* free = opOf(t, 4, ApiId::Free);
    QVERIFY(empty != nullptr && free != nullptr);
    QCOMPARE(free->bytes(), 256 * kMiB);
    QVERIFY((free->flags & event_flags::kImplicitSync) != 0);
    const TraceEvent* k = gpuOp(t, 2);
    QCOMPARE(free->end_ns, k->end_ns + h200().wake_latency_ns[0]);
    QCOMPARE(empty->end_ns, free->end_ns);
    QCOMPARE(sampleAt(t, empty->end_ns).reserved, std::int64_t(512 * kMiB));
    QCOMPARE(sampleAt(t, empty->end_ns).allocated, std::int64_t(512 * kMiB));
    QVERIFY(waitOf(t, 4) != nullptr);
    verifyNoViolations(t);
}

// The device holds 141 GiB. 100 GiB cached on s0, then 60 GiB on s1: PyTorch empties its cache
// (cudaFree) and retries before it reports out of memory; 150 GiB after that fails.
void TestSimCachingAllocator::outOfMemoryEmptiesTheCacheFirst() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"a"}, {"b"}, {"c"}};
    s.program = {tensor(StepKind::TensorAlloc, 0, 100 * kGiB, 0), tensor(StepKind::TensorFree, 0),
                 tensor(StepKind::TensorAlloc, 1, 60 * kGiB, 1)};
    RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(count(r.trace, ApiId::Free), std::size_t(1));
    QCOMPARE(r.trace.memory.back().reserved, std::int64_t(60 * kGiB));
    verifyNoViolations(r.trace);

    s.program.push_back(tensor(StepKind::TensorAlloc, 2, 150 * kGiB, 0));
    r = run(s);
    QVERIFY(r.status == RunStatus::Failed);
    QVERIFY2(r.message.find("step 3") != std::string::npos &&
                 r.message.find("out of memory") != std::string::npos,
             r.message.c_str());
}

void TestSimCachingAllocator::scenarioErrorsNameTheStep() {
    auto read = [](const char* steps) {
        const std::string text =
            std::string(R"({"format":"syncscope-scenario","version":1,"title":"t",)") +
            R"("streams":[{"name":"s"}],"buffers":[{"name":"a"}],"steps":)" + steps + "}";
        return ScenarioReader::parse(text);
    };
    auto r =
        read(R"([{"op":"malloc","buffer":"a","bytes":1024},{"op":"tensor_free","buffer":"a"}])");
    QVERIFY(!r.ok());
    QVERIFY2(
        r.errorText().find("steps[1]") != std::string::npos &&
            r.errorText().find("cudaMalloc or cudaMallocAsync allocated it") != std::string::npos,
        r.errorText().c_str());
    r = read(R"([{"op":"tensor_alloc","buffer":"a","bytes":1024,"stream":"s"},)"
             R"({"op":"free","buffer":"a"}])");
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().find("use tensor_free") != std::string::npos, r.errorText().c_str());
    r = read(R"([{"op":"record_stream","buffer":"a","stream":"s"}])");
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().find("steps[0]") != std::string::npos &&
                 r.errorText().find("not a live tensor") != std::string::npos,
             r.errorText().c_str());
    r = read(R"([{"op":"tensor_alloc","buffer":"a","stream":"s"}])");
    QVERIFY(!r.ok());
    QVERIFY2(r.errorText().find("bytes") != std::string::npos, r.errorText().c_str());
}

void TestSimCachingAllocator::opsRoundTripThroughTheScenarioFile() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.buffers = {{"x"}};
    s.program = {tensor(StepKind::TensorAlloc, 0, 3 * kMiB, 1),
                 tensor(StepKind::RecordStream, 0, 0, 0), tensor(StepKind::TensorFree, 0),
                 step(StepKind::EmptyCache)};
    const auto back = ScenarioReader::parse(ScenarioWriter::toJson(s));
    QVERIFY2(back.ok(), back.errorText().c_str());
    const auto& p = back.scenario->program;
    QCOMPARE(p.size(), std::size_t(4));
    QVERIFY(p[0].kind == StepKind::TensorAlloc);
    QCOMPARE(p[0].bytes, 3 * kMiB);
    QCOMPARE(p[0].stream, 1u);
    QVERIFY(p[1].kind == StepKind::RecordStream);
    QCOMPARE(p[1].stream, 0u);
    QVERIFY(p[2].kind == StepKind::TensorFree);
    QVERIFY(p[3].kind == StepKind::EmptyCache);
}

QTEST_GUILESS_MAIN(TestSimCachingAllocator)
#include "tst_sim_caching_allocator.moc"
