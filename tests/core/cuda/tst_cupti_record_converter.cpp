// The CUPTI record -> Trace conversion, on records built in memory (no GPU needed).
#include <cupti_activity.h>
#include <cupti_runtime_cbid.h>

#include <QtTest>
#include <algorithm>
#include <cstring>

#include "core/analysis/invariant_checker.h"
#include "core/cuda/cupti_activity_decoder.h"
#include "core/cuda/cupti_activity_kinds.h"
#include "core/cuda/cupti_record_converter.h"
#include "core/cuda/runtime_api_map.h"

using namespace syncscope;

namespace {

constexpr std::uint32_t kLaunch = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
constexpr std::uint32_t kDeviceSync = CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020;
constexpr std::uint32_t kStreamSync = CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020;
constexpr std::uint32_t kEventSync = CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020;
constexpr std::uint32_t kEventRecord = CUPTI_RUNTIME_TRACE_CBID_cudaEventRecord_v3020;
constexpr std::uint32_t kWaitEvent = CUPTI_RUNTIME_TRACE_CBID_cudaStreamWaitEvent_v3020;
constexpr std::uint32_t kEventQuery = CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020;
constexpr std::uint32_t kMemcpy = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020;
constexpr std::uint32_t kPushConfig = CUPTI_RUNTIME_TRACE_CBID___cudaPushCallConfiguration_v13000;

Scenario twoStreams() {
    Scenario s;
    s.title = "converter test";
    s.streams = {{"s0", StreamKind::NonBlocking, 0}, {"s1", StreamKind::Blocking, 0}};
    s.events = {{"e0", false, true}};
    return s;
}

Step step(StepKind kind, std::uint32_t stream = 0) {
    Step st;
    st.kind = kind;
    st.stream = stream;
    st.batch = 0;
    return st;
}

// Builds the records a run would produce. CUPTI correlation ids start at 100 so they cannot be
// confused with the trace's renumbered ones (1, 2, ...).
struct Records {
    CuptiRecordBatch batch;
    std::uint32_t next_cupti_corr = 100;

    std::uint32_t call(std::uint32_t step_index, std::uint32_t cbid, std::uint64_t start,
                       std::uint64_t end, std::uint32_t ret = 0) {
        const std::uint32_t corr = next_cupti_corr++;
        batch.api.push_back({cbid, start, end, 7, corr, ret});
        batch.external.push_back({step_index, corr});
        return corr;
    }
    void stamp(std::uint32_t step_index, std::uint64_t start, std::uint64_t end,
               std::uint32_t api_records, std::int64_t cpu = -1) {
        HostStamp h;
        h.step = step_index;
        h.start = start;
        h.end = end;
        h.api_records = api_records;
        h.cpu_ns = cpu;
        batch.host.push_back(h);
    }
    void kernel(std::uint32_t corr, std::uint32_t cupti_stream, std::uint64_t start,
                std::uint64_t end) {
        GpuOpRecord op;
        op.kind = GpuOpRecord::Kind::Kernel;
        op.correlation = corr;
        op.stream_id = cupti_stream;
        op.start = start;
        op.end = end;
        batch.gpu.push_back(op);
    }
};

std::vector<std::uint32_t> indicesOf(const Trace& t, EventKind kind) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        if (t.events[i].kind == kind)
            out.push_back(i);
    return out;
}

bool hasFlow(const Trace& t, std::uint32_t from, std::uint32_t to, FlowKind kind) {
    return std::any_of(t.flows.begin(), t.flows.end(), [&](const Flow& f) {
        return f.from == from && f.to == to && f.kind == kind;
    });
}

// The converted trace must satisfy the same invariant suite as the simulator's (ε = 0 here: the
// records are exact). Returns the violations as text, empty when none.
QString violationsOf(const Trace& t, const Scenario& s) {
    InvariantCheckerOptions options;
    options.epsilon_ns = 0;
    options.scenario = &s;
    for (CUpti_ActivityKind k : recordedActivityKinds())
        options.enabled_cupti_activity_kinds.push_back(int(k));
    QString text;
    for (const Violation& v : InvariantChecker(options).check(t))
        if (v.severity == Violation::Severity::Error)
            text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
    return text;
}

template <typename T>
const CUpti_Activity& asActivity(const T& record) {
    return *reinterpret_cast<const CUpti_Activity*>(&record);
}

}  // namespace

class TestCuptiRecordConverter : public QObject {
    Q_OBJECT

private slots:
    void enabledKindsAreConcurrentKernelNeverKernel() {
        const auto kinds = recordedActivityKinds();
        const auto has = [&](CUpti_ActivityKind k) {
            return std::find(kinds.begin(), kinds.end(), k) != kinds.end();
        };
        QVERIFY2(!has(CUPTI_ACTIVITY_KIND_KERNEL),
                 "KERNEL serializes kernels (I22) and must never be enabled");
        for (CUpti_ActivityKind k :
             {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
              CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_RUNTIME,
              CUPTI_ACTIVITY_KIND_SYNCHRONIZATION, CUPTI_ACTIVITY_KIND_CUDA_EVENT,
              CUPTI_ACTIVITY_KIND_MEMORY2, CUPTI_ACTIVITY_KIND_MEMORY_POOL,
              CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION})
            QVERIFY2(has(k), qPrintable(QString("kind %1 not enabled").arg(int(k))));
        QCOMPARE(kinds.size(), std::size_t(9));
    }

    void runtimeCbidMapsToApi_data() {
        QTest::addColumn<quint32>("cbid");
        QTest::addColumn<int>("api");
        QTest::newRow("cudaLaunchKernel") << quint32(kLaunch) << int(ApiId::LaunchKernel);
        QTest::newRow("__cudaLaunchKernel (CUDA 13)")
            << quint32(CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000)
            << int(ApiId::LaunchKernel);
        QTest::newRow("cudaMemcpy") << quint32(kMemcpy) << int(ApiId::Memcpy);
        QTest::newRow("cudaMemcpyAsync_ptsz")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000)
            << int(ApiId::MemcpyAsync);
        QTest::newRow("cudaEventRecordWithFlags")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaEventRecordWithFlags_v11010)
            << int(ApiId::EventRecord);
        QTest::newRow("cudaStreamWaitEvent") << quint32(kWaitEvent) << int(ApiId::StreamWaitEvent);
        QTest::newRow("cudaDeviceSynchronize")
            << quint32(kDeviceSync) << int(ApiId::DeviceSynchronize);
        QTest::newRow("cudaStreamSynchronize")
            << quint32(kStreamSync) << int(ApiId::StreamSynchronize);
        QTest::newRow("cudaEventSynchronize")
            << quint32(kEventSync) << int(ApiId::EventSynchronize);
        QTest::newRow("cudaEventQuery") << quint32(kEventQuery) << int(ApiId::EventQuery);
        QTest::newRow("cudaMallocAsync")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020) << int(ApiId::MallocAsync);
        QTest::newRow("cudaFreeAsync")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020) << int(ApiId::FreeAsync);
        QTest::newRow("cudaMemPoolTrimTo")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaMemPoolTrimTo_v11020)
            << int(ApiId::MemPoolTrimTo);
        QTest::newRow("cudaLaunchHostFunc")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaLaunchHostFunc_v10000)
            << int(ApiId::LaunchHostFunc);
        QTest::newRow("cudaFree") << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020)
                                  << int(ApiId::Free);
        QTest::newRow("push call configuration") << quint32(kPushConfig) << int(ApiId::Other);
        QTest::newRow("cudaGetLastError")
            << quint32(CUPTI_RUNTIME_TRACE_CBID_cudaGetLastError_v3020) << int(ApiId::Other);
    }
    void runtimeCbidMapsToApi() {
        QFETCH(quint32, cbid);
        QFETCH(int, api);
        QCOMPARE(int(apiFromRuntimeCbid(cbid)), api);
    }

    void decodesRealCuptiStructs() {
        CuptiRecordBatch out;
        CUpti_ActivityKernel10 k{};
        k.kind = CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
        k.start = 1000;
        k.end = 5000;
        k.streamId = 13;
        k.correlationId = 42;
        k.gridX = k.gridY = k.gridZ = 1;
        k.blockX = 32;
        k.blockY = k.blockZ = 1;
        k.name = "spinKernel";
        QVERIFY(CuptiActivityDecoder::decode(asActivity(k), out));
        CUpti_ActivityMemcpy6 m{};
        m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
        m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_DTOH;
        m.bytes = 4096;
        m.start = 10;
        m.end = 20;
        m.correlationId = 43;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(m), out));
        CUpti_ActivityMemset4 ms{};
        ms.kind = CUPTI_ACTIVITY_KIND_MEMSET;
        ms.bytes = 8;
        ms.correlationId = 44;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(ms), out));
        CUpti_ActivityAPI a{};
        a.kind = CUPTI_ACTIVITY_KIND_RUNTIME;
        a.cbid = kLaunch;
        a.start = 900;
        a.end = 950;
        a.correlationId = 42;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(a), out));
        CUpti_ActivitySynchronization2 s{};
        s.kind = CUPTI_ACTIVITY_KIND_SYNCHRONIZATION;
        s.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
        s.start = 960;
        s.end = 5100;
        s.correlationId = 45;
        s.streamId = 0xFFFFFFFFu;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(s), out));
        CUpti_ActivityCudaEvent2 e{};
        e.kind = CUPTI_ACTIVITY_KIND_CUDA_EVENT;
        e.correlationId = 46;
        e.eventId = 3;
        e.streamId = 13;
        e.deviceTimestamp = 5001;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(e), out));
        CUpti_ActivityMemory4 mem{};
        mem.kind = CUPTI_ACTIVITY_KIND_MEMORY2;
        mem.memoryOperationType = CUPTI_ACTIVITY_MEMORY_OPERATION_TYPE_ALLOCATION;
        mem.correlationId = 47;
        mem.bytes = 1 << 20;
        mem.timestamp = 777;
        mem.isAsync = 1;
        mem.memoryPoolConfig.memoryPoolType = CUPTI_ACTIVITY_MEMORY_POOL_TYPE_LOCAL;
        mem.memoryPoolConfig.pool.size = 2 << 20;
        mem.memoryPoolConfig.utilizedSize = 1 << 20;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(mem), out));
        CUpti_ActivityMemoryPool3 pool{};
        pool.kind = CUPTI_ACTIVITY_KIND_MEMORY_POOL;
        pool.memoryPoolOperationType = CUPTI_ACTIVITY_MEMORY_POOL_OPERATION_TYPE_TRIMMED;
        pool.size = 1 << 20;
        pool.timestamp = 888;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(pool), out));
        CUpti_ActivityExternalCorrelation x{};
        x.kind = CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION;
        x.externalKind = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0;
        x.externalId = 5;
        x.correlationId = 42;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(x), out));
        CUpti_ActivityKernel10 legacy{};
        legacy.kind = CUPTI_ACTIVITY_KIND_KERNEL;
        QVERIFY(!CuptiActivityDecoder::decode(asActivity(legacy), out));

        QCOMPARE(out.gpu.size(), std::size_t(3));
        QCOMPARE(int(out.gpu[0].kind), int(GpuOpRecord::Kind::Kernel));
        QCOMPARE(out.gpu[0].start, quint64(1000));
        QCOMPARE(out.gpu[0].stream_id, 13u);
        QCOMPARE(out.gpu[0].block, 32u);
        QCOMPARE(out.gpu[0].name, std::string("spinKernel"));
        QCOMPARE(int(out.gpu[1].kind), int(GpuOpRecord::Kind::Memcpy));
        QCOMPARE(out.gpu[1].bytes, quint64(4096));
        QCOMPARE(int(out.gpu[1].copy_kind), int(CUPTI_ACTIVITY_MEMCPY_KIND_DTOH));
        QCOMPARE(int(out.gpu[2].kind), int(GpuOpRecord::Kind::Memset));
        QCOMPARE(out.api.size(), std::size_t(1));
        QCOMPARE(out.api[0].cbid, kLaunch);
        QCOMPARE(out.sync.size(), std::size_t(1));
        QCOMPARE(out.sync[0].type, quint32(SyncRecord::ContextSynchronize));
        QCOMPARE(out.cuda_events.size(), std::size_t(1));
        QCOMPARE(out.cuda_events[0].device_timestamp, quint64(5001));
        QCOMPARE(out.memory.size(), std::size_t(1));
        QVERIFY(out.memory[0].from_pool);
        QVERIFY(out.memory[0].is_async);
        QCOMPARE(out.memory[0].pool_size, quint64(2 << 20));
        QCOMPARE(out.pools.size(), std::size_t(1));
        QCOMPARE(out.pools[0].operation, quint32(MemoryPoolRecord::Trimmed));
        QCOMPARE(out.external.size(), std::size_t(1));
        QCOMPARE(out.external[0].external_id, quint64(5));
        QCOMPARE(out.unknown, quint64(1));
    }

    void lanesFollowTheConventions() {
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {}, trace);
        QCOMPARE(trace.lanes.size(), std::size_t(4));
        QCOMPARE(int(trace.lanes[0].kind), int(LaneKind::HostThread));
        QCOMPARE(int(trace.lanes[1].kind), int(LaneKind::HostWaits));
        QCOMPARE(trace.lanes[1].parent, quint16(0));
        QCOMPARE(int(trace.lanes[2].kind), int(LaneKind::Stream));
        QCOMPARE(trace.lanes[2].stream_id, 0u);
        QCOMPARE(trace.lanes[3].stream_id, 1u);
        QCOMPARE(int(trace.lanes[3].stream_kind), int(StreamKind::Blocking));
    }

    void clockConversion_data() {
        QTest::addColumn<qint64>("offset");
        QTest::newRow("CUPTI on our clock") << qint64(0);
        QTest::newRow("CUPTI on CLOCK_REALTIME") << qint64(1'700'000'000'000'000'000);
    }
    void clockConversion() {
        QFETCH(qint64, offset);
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel)}, trace);
        conv.setClock({1'000'000, offset});
        Records r;
        const auto rec = [&](std::uint64_t host) {
            return static_cast<std::uint64_t>(static_cast<qint64>(host) + offset);
        };
        const std::uint32_t c = r.call(0, kLaunch, rec(1'000'500), rec(1'004'500));
        r.kernel(c, 13, rec(1'010'000), rec(1'110'000));
        r.stamp(0, 1'000'400, 1'004'600, 1);  // host stamps are always on the host clock
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(1);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto api = indicesOf(trace, EventKind::ApiCall);
        const auto kernels = indicesOf(trace, EventKind::Kernel);
        QCOMPARE(api.size(), std::size_t(1));
        QCOMPARE(kernels.size(), std::size_t(1));
        QCOMPARE(trace.events[api[0]].start_ns, TimeNs(500));
        QCOMPARE(trace.events[api[0]].end_ns, TimeNs(4500));
        QCOMPARE(trace.events[kernels[0]].start_ns, TimeNs(10'000));
        QCOMPARE(trace.events[kernels[0]].end_ns, TimeNs(110'000));
    }

    void correlationBecomesLaunchFlow() {
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 1), step(StepKind::Kernel, 0)}, trace);
        Records r;
        const std::uint32_t c0 = r.call(0, kLaunch, 10, 20);
        r.call(0, kPushConfig, 5, 6);  // launch plumbing: dropped
        const std::uint32_t c1 = r.call(1, kLaunch, 30, 40);
        r.kernel(c0, 21, 100, 200);
        r.kernel(c1, 13, 110, 300);
        r.stamp(0, 5, 21, 1);
        r.stamp(1, 29, 41, 1);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto api = indicesOf(trace, EventKind::ApiCall);
        const auto kernels = indicesOf(trace, EventKind::Kernel);
        QCOMPARE(api.size(), std::size_t(2));
        QCOMPARE(kernels.size(), std::size_t(2));
        for (int i = 0; i < 2; ++i) {
            const TraceEvent& a = trace.events[api[i]];
            const TraceEvent& k = trace.events[kernels[i]];
            QCOMPARE(a.correlation, std::uint32_t(i + 1));  // fresh ids, not CUPTI's
            QCOMPARE(k.correlation, a.correlation);
            QCOMPARE(int(a.api), int(ApiId::LaunchKernel));
            QCOMPARE(a.lane, quint16(0));
            QCOMPARE(a.target_lane, k.lane);
            QCOMPARE(k.step, std::uint32_t(i));
            QVERIFY(hasFlow(trace, api[i], kernels[i], FlowKind::Launch));
        }
        QCOMPARE(trace.events[kernels[0]].lane, CuptiRecordConverter::streamLane(1));
        QCOMPARE(trace.events[kernels[1]].lane, CuptiRecordConverter::streamLane(0));
        QCOMPARE(conv.scenarioStreamOf(21).value_or(99), 1u);
        QCOMPARE(conv.scenarioStreamOf(13).value_or(99), 0u);
        QVERIFY(!conv.scenarioStreamOf(5).has_value());
    }

    void slowLaunchMeansFullQueue_data() {
        QTest::addColumn<quint64>("callNs");
        QTest::addColumn<bool>("queueFull");
        QTest::newRow("normal launch") << quint64(5'000) << false;
        QTest::newRow("blocked launch") << quint64(2'000'000) << true;
    }
    void slowLaunchMeansFullQueue() {
        QFETCH(quint64, callNs);
        QFETCH(bool, queueFull);
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 0)}, trace);
        conv.setQueueFullThreshold(100'000);
        Records r;
        const std::uint32_t k = r.call(0, kLaunch, 10, 10 + callNs);
        r.kernel(k, 13, 20, 3'000'000);
        r.stamp(0, 10, 10 + callNs, 1);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(1);
        conv.process(true);
        const auto api = indicesOf(trace, EventKind::ApiCall);
        QCOMPARE(api.size(), std::size_t(1));
        QCOMPARE(bool(trace.events[api[0]].flags & event_flags::kQueueFull), queueFull);
    }

    void syncRecordBecomesHostWait_data() {
        QTest::addColumn<qint64>("cpuNs");
        QTest::addColumn<int>("flag");
        QTest::newRow("spinning: CPU ~ wall") << qint64(950) << int(event_flags::kSpinning);
        QTest::newRow("sleeping: CPU ~ 0") << qint64(20) << int(event_flags::kSleeping);
    }
    void syncRecordBecomesHostWait() {
        QFETCH(qint64, cpuNs);
        QFETCH(int, flag);
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(
            s, {step(StepKind::Kernel, 0), step(StepKind::Kernel, 1), step(StepKind::DeviceSync)},
            trace);
        Records r;
        const std::uint32_t k0 = r.call(0, kLaunch, 10, 20);
        const std::uint32_t k1 = r.call(1, kLaunch, 30, 40);
        const std::uint32_t sync = r.call(2, kDeviceSync, 100, 1100);
        r.kernel(k0, 13, 50, 1000);
        r.kernel(k1, 14, 60, 1090);  // ends last: the awaited op
        SyncRecord sr;
        sr.type = SyncRecord::ContextSynchronize;
        sr.correlation = sync;
        sr.start = 101;
        sr.end = 1099;
        r.batch.sync.push_back(sr);
        r.stamp(0, 9, 21, 1);
        r.stamp(1, 29, 41, 1);
        r.stamp(2, 100, 1100, 1, cpuNs);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(3);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto waits = indicesOf(trace, EventKind::HostWait);
        const auto kernels = indicesOf(trace, EventKind::Kernel);
        QCOMPARE(waits.size(), std::size_t(1));
        const TraceEvent& w = trace.events[waits[0]];
        QCOMPARE(w.lane, quint16(1));
        QCOMPARE(w.start_ns, TimeNs(101));
        QCOMPARE(w.end_ns, TimeNs(1099));
        QCOMPARE(w.awaited, kernels[1]);
        QCOMPARE(w.cpu_ns, cpuNs);
        QCOMPARE(int(w.mode), int(SyncMode::Device));
        QVERIFY(w.flags & flag);
        QVERIFY(hasFlow(trace, waits[0], kernels[1], FlowKind::Awaited));
        // The sync ApiCall spans the whole call and enqueues nothing.
        const auto api = indicesOf(trace, EventKind::ApiCall);
        const TraceEvent& call = trace.events[api.back()];
        QCOMPARE(int(call.api), int(ApiId::DeviceSynchronize));
        QCOMPARE(call.correlation, kNone);
        QCOMPARE(call.start_ns, TimeNs(100));
        QCOMPARE(call.end_ns, TimeNs(1100));
    }

    void syncWithNothingPendingHasNoWait() {
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 0), step(StepKind::StreamSync, 0)},
                                  trace);
        Records r;
        const std::uint32_t k = r.call(0, kLaunch, 10, 20);
        r.call(1, kStreamSync, 5000, 5010);
        r.kernel(k, 13, 50, 1000);  // long done when the sync starts
        r.stamp(0, 9, 21, 1);
        r.stamp(1, 5000, 5010, 1, 9);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        QVERIFY(indicesOf(trace, EventKind::HostWait).empty());
        QCOMPARE(indicesOf(trace, EventKind::ApiCall).size(), std::size_t(2));
    }

    void eventRecordWaitAndSync() {
        const Scenario s = twoStreams();
        Step rec = step(StepKind::EventRecord, 0);
        rec.event = 0;
        Step wait = step(StepKind::StreamWaitEvent, 1);
        wait.event = 0;
        Step esync = step(StepKind::EventSync);
        esync.event = 0;
        Trace trace;
        CuptiRecordConverter conv(
            s, {step(StepKind::Kernel, 0), rec, wait, step(StepKind::Kernel, 1), esync}, trace);
        Records r;
        const std::uint32_t k0 = r.call(0, kLaunch, 10, 20);
        const std::uint32_t er = r.call(1, kEventRecord, 30, 35);
        const std::uint32_t sw = r.call(2, kWaitEvent, 40, 45);
        const std::uint32_t k1 = r.call(3, kLaunch, 50, 60);
        r.call(4, kEventSync, 70, 2010);
        r.kernel(k0, 13, 100, 2000);
        r.kernel(k1, 14, 2003, 2500);
        CudaEventRecord ce;
        ce.correlation = er;
        ce.stream_id = 13;
        ce.device_timestamp = 2001;
        r.batch.cuda_events.push_back(ce);
        SyncRecord swr;  // the host call of cudaStreamWaitEvent: never a HostWait (I23)
        swr.type = SyncRecord::StreamWaitEvent;
        swr.correlation = sw;
        swr.start = 40;
        swr.end = 45;
        r.batch.sync.push_back(swr);
        for (std::uint32_t i = 0; i < 4; ++i)
            r.stamp(i, 10 + 10 * i, 15 + 10 * i + 50, 1);
        r.stamp(4, 70, 2010, 1, 5);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(5);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));

        const auto markers = indicesOf(trace, EventKind::EventMarker);
        const auto waits = indicesOf(trace, EventKind::StreamWait);
        const auto kernels = indicesOf(trace, EventKind::Kernel);
        const auto host_waits = indicesOf(trace, EventKind::HostWait);
        QCOMPARE(markers.size(), std::size_t(1));
        QCOMPARE(waits.size(), std::size_t(1));
        QCOMPARE(host_waits.size(), std::size_t(1));
        const TraceEvent& m = trace.events[markers[0]];
        QCOMPARE(m.start_ns, TimeNs(2001));
        QCOMPARE(m.end_ns, m.start_ns);
        QCOMPARE(m.cuda_event, 0u);
        QCOMPARE(m.lane, CuptiRecordConverter::streamLane(0));
        const TraceEvent& w = trace.events[waits[0]];
        QCOMPARE(w.lane, CuptiRecordConverter::streamLane(1));
        QCOMPARE(w.start_ns, TimeNs(40));  // stream 1 was idle: reached at the call
        QCOMPARE(w.end_ns, TimeNs(2000));  // done(e) = end of the captured kernel
        QCOMPARE(w.awaited, markers[0]);
        QVERIFY(hasFlow(trace, markers[0], waits[0], FlowKind::Record));
        QVERIFY(w.correlation != kNone);
        const TraceEvent& hw = trace.events[host_waits[0]];
        QCOMPARE(hw.awaited,
                 markers[0]);  // reached when the captured work ended, not the later kernel on s1
        QVERIFY(trace.events[hw.awaited].end_ns < trace.events[kernels[1]].end_ns);
        QCOMPARE(hw.cuda_event, 0u);
        QCOMPARE(int(hw.api), int(ApiId::EventSynchronize));
        QCOMPARE(hw.target_lane, CuptiRecordConverter::streamLane(0));
        QVERIFY(hw.flags & event_flags::kSleeping);
        QVERIFY(hasFlow(trace, host_waits[0], markers[0], FlowKind::Awaited));
    }

    void markerIgnoresADeviceStampOffOurClock_data() {
        QTest::addColumn<quint64>("deviceStamp");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("on our clock") << quint64(2001) << qint64(2001);
        QTest::newRow("missing: when the stream got there") << quint64(0) << qint64(2000);
        QTest::newRow("raw GPU time: when the stream got there")
            << quint64(1'700'000'000'000'000'000) << qint64(2000);
        QTest::newRow("before the call: when the stream got there") << quint64(20) << qint64(2000);
    }
    void markerIgnoresADeviceStampOffOurClock() {
        QFETCH(quint64, deviceStamp);
        QFETCH(qint64, expected);
        const Scenario s = twoStreams();
        Step rec = step(StepKind::EventRecord, 0);
        rec.event = 0;
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 0), rec}, trace);
        Records r;
        const std::uint32_t k = r.call(0, kLaunch, 10, 20);
        const std::uint32_t er = r.call(1, kEventRecord, 30, 35);
        r.kernel(k, 13, 100, 2000);
        CudaEventRecord ce;
        ce.correlation = er;
        ce.device_timestamp = deviceStamp;
        r.batch.cuda_events.push_back(ce);
        r.stamp(0, 10, 20, 1);
        r.stamp(1, 30, 35, 1);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto markers = indicesOf(trace, EventKind::EventMarker);
        QCOMPARE(markers.size(), std::size_t(1));
        QCOMPARE(trace.events[markers[0]].start_ns, TimeNs(expected));
    }

    void waitStreamUsesHiddenEvent() {
        const Scenario s = twoStreams();
        Step ws = step(StepKind::WaitStream, 1);
        ws.other_stream = 0;
        Trace trace;
        CuptiRecordConverter conv(s, {ws, ws}, trace);
        Records r;
        for (std::uint32_t i = 0; i < 2; ++i) {
            r.call(i, kEventRecord, 10 + 100 * i, 15 + 100 * i);
            r.call(i, kWaitEvent, 20 + 100 * i, 25 + 100 * i);
            r.stamp(i, 10 + 100 * i, 25 + 100 * i, 2);
        }
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto markers = indicesOf(trace, EventKind::EventMarker);
        const auto waits = indicesOf(trace, EventKind::StreamWait);
        QCOMPARE(markers.size(), std::size_t(2));
        QCOMPARE(waits.size(), std::size_t(2));
        QCOMPARE(trace.events[markers[0]].cuda_event, 1u);  // events.size() + 0
        QCOMPARE(trace.events[markers[1]].cuda_event, 2u);  // events.size() + 1
        QCOMPARE(trace.events[markers[0]].lane, CuptiRecordConverter::streamLane(0));
        QCOMPARE(trace.events[waits[0]].lane, CuptiRecordConverter::streamLane(1));
        QCOMPARE(trace.events[waits[1]].awaited, markers[1]);
        QCOMPARE(indicesOf(trace, EventKind::ApiCall).size(), std::size_t(4));
    }

    void queryPollAndCpuSync() {
        const Scenario s = twoStreams();
        Step rec = step(StepKind::EventRecord, 0);
        rec.event = 0;
        Step poll = step(StepKind::EventQueryPoll);
        poll.event = 0;
        Trace trace;
        CuptiRecordConverter conv(
            s, {step(StepKind::Kernel, 0), rec, poll, step(StepKind::CpuSync)}, trace);
        Records r;
        const std::uint32_t k = r.call(0, kLaunch, 10, 20);
        r.call(1, kEventRecord, 30, 35);
        r.call(2, kEventQuery, 40, 41, 600);  // cudaErrorNotReady
        r.call(2, kEventQuery, 140, 141, 600);
        r.call(2, kEventQuery, 240, 241, 0);
        r.kernel(k, 13, 50, 200);
        r.stamp(0, 10, 20, 1);
        r.stamp(1, 30, 35, 1);
        r.stamp(2, 40, 241, 3, 200);
        r.stamp(3, 300, 301, 0);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(4);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        std::vector<const TraceEvent*> queries;
        for (const auto& e : trace.events)
            if (e.kind == EventKind::ApiCall && e.api == ApiId::EventQuery)
                queries.push_back(&e);
        QCOMPARE(queries.size(), std::size_t(3));
        QVERIFY(!(queries[0]->flags & event_flags::kQueryReady));
        QVERIFY(!(queries[0]->flags & event_flags::kFailed));  // "not ready" is no failure
        QVERIFY(queries[2]->flags & event_flags::kQueryReady);
        const auto waits = indicesOf(trace, EventKind::HostWait);
        QCOMPARE(waits.size(), std::size_t(1));
        QCOMPARE(trace.events[waits[0]].start_ns, TimeNs(40));
        QCOMPARE(trace.events[waits[0]].end_ns, TimeNs(241));
        QVERIFY(trace.events[waits[0]].flags & event_flags::kSpinning);
        QCOMPARE(int(trace.events[waits[0]].mode), int(SyncMode::EventQueryPoll));
        const TraceEvent& cpu = trace.events.back();
        QCOMPARE(int(cpu.api), int(ApiId::CpuSynchronize));
        QCOMPARE(int(cpu.mode), int(SyncMode::CpuSynchronize));
        QCOMPARE(cpu.start_ns, TimeNs(300));
    }

    void blockingCopyIsImplicitSync() {
        const Scenario s = twoStreams();
        Step copy = step(StepKind::Memcpy, 0);
        copy.async = false;
        copy.direction = CopyDirection::DeviceToHost;
        copy.bytes = 4096;
        Trace trace;
        CuptiRecordConverter conv(s, {copy}, trace);
        Records r;
        const std::uint32_t c = r.call(0, kMemcpy, 10, 500);
        GpuOpRecord op;
        op.kind = GpuOpRecord::Kind::Memcpy;
        op.correlation = c;
        op.start = 100;
        op.end = 300;  // reported in two pieces (staged copy)
        op.bytes = 2048;
        op.copy_kind = 2;
        r.batch.gpu.push_back(op);
        op.start = 310;
        op.end = 480;
        r.batch.gpu.push_back(op);
        r.stamp(0, 10, 500, 1, 470);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(1);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto copies = indicesOf(trace, EventKind::Memcpy);
        const auto waits = indicesOf(trace, EventKind::HostWait);
        QCOMPARE(copies.size(), std::size_t(1));
        QCOMPARE(waits.size(), std::size_t(1));
        QCOMPARE(trace.events[copies[0]].bytes, quint64(4096));
        QCOMPARE(trace.events[copies[0]].start_ns, TimeNs(100));
        QCOMPARE(trace.events[copies[0]].end_ns, TimeNs(480));
        QCOMPARE(trace.nameOf(trace.events[copies[0]]), std::string_view("memcpy d2h"));
        QCOMPARE(trace.events[waits[0]].awaited, copies[0]);
        QVERIFY(trace.events[waits[0]].flags & event_flags::kImplicitSync);
        QCOMPARE(int(trace.events[waits[0]].mode), int(SyncMode::BlockingCopy));
    }

    void memoryRecordsBecomeSamplesInTimeOrder() {
        const Scenario s = twoStreams();
        Step alloc = step(StepKind::MallocAsync, 0);
        alloc.bytes = 1 << 20;
        Trace trace;
        Step trim = step(StepKind::PoolTrim);
        CuptiRecordConverter conv(s, {alloc, trim}, trace);
        conv.setClock({1000, 0});
        Records r;
        const std::uint32_t c =
            r.call(0, CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020, 1100, 1150);
        r.stamp(0, 1100, 1150, 1);
        r.call(1, CUPTI_RUNTIME_TRACE_CBID_cudaMemPoolTrimTo_v11020, 1290, 1295);
        r.stamp(1, 1290, 1295, 1);
        MemoryRecord m;
        m.operation = MemoryRecord::Allocation;
        m.correlation = c;
        m.bytes = 1 << 20;
        m.timestamp = 1140;
        m.is_async = true;
        m.from_pool = true;
        m.pool_size = 2 << 20;
        m.pool_utilized = 1 << 20;
        r.batch.memory.push_back(m);
        MemoryPoolRecord p;
        p.operation = MemoryPoolRecord::Trimmed;
        p.timestamp = 1300;
        p.size = 1 << 20;
        p.utilized = 0;
        r.batch.pools.push_back(p);
        r.batch.samples.push_back({1200, 5 << 20, 2 << 20, 1 << 20});
        r.batch.samples.push_back({500, 4 << 20, 0, 0});  // before the origin: set-up, dropped
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        QCOMPARE(trace.memory.size(), std::size_t(3));
        QCOMPARE(trace.memory[0].t_ns, TimeNs(140));
        QCOMPARE(trace.memory[0].pool_reserved, qint64(2 << 20));
        QCOMPARE(trace.memory[0].pool_used, qint64(1 << 20));
        QCOMPARE(trace.memory[0].device_used, qint64(-1));
        QCOMPARE(trace.memory[1].t_ns, TimeNs(200));
        QCOMPARE(trace.memory[1].device_used, qint64(5 << 20));
        QCOMPARE(trace.memory[2].t_ns, TimeNs(300));
        QCOMPARE(trace.memory[2].pool_reserved, qint64(1 << 20));
        const auto ops = indicesOf(trace, EventKind::MemoryOp);
        QCOMPARE(ops.size(), std::size_t(1));
        QCOMPARE(trace.events[ops[0]].start_ns, TimeNs(140));
        QCOMPARE(trace.events[ops[0]].bytes, quint64(1 << 20));
    }

    // Records arrive in pieces; the trace only grows by final, complete steps, so live deltas
    // rebuild exactly the trace a one-shot conversion gives.
    void incrementalEqualsOneShot() {
        const Scenario s = twoStreams();
        const std::vector<Step> steps{step(StepKind::Kernel, 0), step(StepKind::Kernel, 1),
                                      step(StepKind::DeviceSync)};
        Records r;
        const std::uint32_t k0 = r.call(0, kLaunch, 10, 20);
        const std::uint32_t k1 = r.call(1, kLaunch, 30, 40);
        r.call(2, kDeviceSync, 50, 900);
        r.kernel(k0, 13, 60, 500);
        r.kernel(k1, 14, 70, 880);
        r.stamp(0, 10, 20, 1);
        r.stamp(1, 30, 40, 1);
        r.stamp(2, 50, 900, 1, 840);
        const CuptiRecordBatch all = r.batch;

        Trace one;
        CuptiRecordConverter whole(s, steps, one);
        CuptiRecordBatch copy = all;
        whole.add(std::move(copy));
        whole.setIssuedSteps(3);
        whole.process(true);

        Trace live;
        CuptiRecordConverter parts(s, steps, live);
        CuptiRecordBatch first;  // API records and stamps first, external ids and kernels later
        first.api = all.api;
        first.host = all.host;
        parts.add(std::move(first));
        parts.setIssuedSteps(3);
        parts.process(false);
        QCOMPARE(live.events.size(), std::size_t(0));  // no external correlation yet
        CuptiRecordBatch second;
        second.external = all.external;
        second.gpu = {all.gpu[0]};
        parts.add(std::move(second));
        parts.process(false);
        QCOMPARE(parts.emittedSteps(), 1u);  // step 1 still waits for its kernel record
        const std::size_t after_first = live.events.size();
        QCOMPARE(after_first, std::size_t(2));
        CuptiRecordBatch third;
        third.gpu = {all.gpu[1]};
        parts.add(std::move(third));
        parts.process(true);
        QCOMPARE(live.events.size(), one.events.size());
        for (std::size_t i = 0; i < one.events.size(); ++i) {
            QCOMPARE(int(live.events[i].kind), int(one.events[i].kind));
            QCOMPARE(live.events[i].start_ns, one.events[i].start_ns);
            QCOMPARE(live.events[i].end_ns, one.events[i].end_ns);
            QCOMPARE(live.events[i].correlation, one.events[i].correlation);
            QCOMPARE(live.events[i].awaited, one.events[i].awaited);
        }
        QCOMPARE(live.flows.size(), one.flows.size());
    }

    // Another thread's calls (the memory sampler's) never get an external id: they are dropped
    // once later calls have been resolved, not kept and rescanned for the whole run.
    void strayCallsAreDroppedWhileTheRunGoes() {
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 0)}, trace);
        Records r;
        r.batch.api.push_back({kDeviceSync, 10, 20, 9, 999, 0});  // no external id
        const std::uint32_t k = r.call(0, kLaunch, 3'000'000'000, 3'000'000'100);
        r.kernel(k, 13, 3'000'000'200, 3'000'001'000);
        r.stamp(0, 3'000'000'000, 3'000'000'100, 1);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(1);
        conv.process(false);
        QCOMPARE(conv.emittedSteps(), 1u);
        QCOMPARE(conv.unmatchedRecords(), quint64(1));
    }

    void errorsInstrumentationAndStrayRecords() {
        const Scenario s = twoStreams();
        Step alloc = step(StepKind::Malloc);
        alloc.bytes = 1ull << 50;
        Trace trace;
        CuptiRecordConverter conv(s, {alloc}, trace);
        Records r;
        r.call(0, CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020, 10, 20,
               2);  // cudaErrorMemoryAllocation
        r.stamp(0, 10, 20, 1);
        HostStamp error;
        error.kind = HostStamp::Kind::Error;
        error.step = 0;
        error.start = 10;
        error.end = 20;
        error.message = "out of memory: cudaMalloc of 1 PiB failed";
        r.batch.host.push_back(error);
        HostStamp inst;
        inst.kind = HostStamp::Kind::Instrumentation;
        inst.start = 30;
        inst.end = 40;
        r.batch.host.push_back(inst);
        r.batch.api.push_back(
            {kDeviceSync, 30, 40, 7, 999, 0});  // no external id: sampler or stray
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(1);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));
        const auto errors = indicesOf(trace, EventKind::Error);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(trace.nameOf(trace.events[errors[0]]),
                 std::string_view("out of memory: cudaMalloc of 1 PiB failed"));
        const auto api = indicesOf(trace, EventKind::ApiCall);
        QCOMPARE(api.size(), std::size_t(2));
        QVERIFY(trace.events[api[0]].flags & event_flags::kFailed);
        QVERIFY(trace.events[api[1]].flags & event_flags::kInstrumentation);
        QCOMPARE(trace.events[api[1]].step, kNone);
        QCOMPARE(conv.unmatchedRecords(), quint64(1));
        QCOMPARE(conv.droppedRecords(), quint64(0));
    }
};

QTEST_GUILESS_MAIN(TestCuptiRecordConverter)
#include "tst_cupti_record_converter.moc"
