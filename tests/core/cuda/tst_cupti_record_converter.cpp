// The CUPTI record -> Trace conversion, on records built in memory (no GPU needed): decoding,
// API ids, lanes, clocks, launch flows and host waits.
#include <QtTest>

#include "cupti_converter_test_support.h"

using namespace syncscope;
using namespace syncscope::cupti_test;

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

    // What only `syncscope-cli record` enables: driver calls, NVTX markers (a range's start with
    // its name, its end with the same id), and the pageable side of a copy.
    void decodesTheProgramRecordersKinds() {
        CuptiRecordBatch out;
        CUpti_ActivityAPI d{};
        d.kind = CUPTI_ACTIVITY_KIND_DRIVER;
        d.cbid = 307;
        d.start = 5;
        d.end = 9;
        d.threadId = 77;
        d.correlationId = 8;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(d), out));
        QCOMPARE(out.driver.size(), std::size_t(1));
        QVERIFY(out.api.empty());
        QCOMPARE(out.driver[0].thread_id, 77u);
        CUpti_ActivityMarker2 start{};
        start.kind = CUPTI_ACTIVITY_KIND_MARKER;
        start.flags = CUPTI_ACTIVITY_FLAG_MARKER_START;
        start.timestamp = 100;
        start.id = 3;
        start.objectKind = CUPTI_ACTIVITY_OBJECT_THREAD;
        start.objectId.pt.processId = 11;
        start.objectId.pt.threadId = 12;
        start.name = "torch.cpu.synchronize";
        CUpti_ActivityMarker2 end = start;
        end.flags = CUPTI_ACTIVITY_FLAG_MARKER_END;
        end.timestamp = 140;
        end.name = nullptr;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(start), out));
        QVERIFY(CuptiActivityDecoder::decode(asActivity(end), out));
        QCOMPARE(out.markers.size(), std::size_t(2));
        QCOMPARE(out.markers[0].name, std::string("torch.cpu.synchronize"));
        QCOMPARE(out.markers[0].flags, std::uint8_t(MarkerRecord::Start));
        QCOMPARE(out.markers[0].thread_id, 12u);
        QCOMPARE(out.markers[1].flags, std::uint8_t(MarkerRecord::End));
        QCOMPARE(out.markers[1].id, 3u);
        QCOMPARE(out.markers[1].timestamp, std::uint64_t(140));
        CUpti_ActivityMemcpy6 m{};
        m.kind = CUPTI_ACTIVITY_KIND_MEMCPY;
        m.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
        m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
        m.dstKind = CUPTI_ACTIVITY_MEMORY_KIND_DEVICE;
        m.deviceId = 1;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(m), out));
        QVERIFY(out.gpu.back().pageable);
        QCOMPARE(out.gpu.back().device, 1u);
        m.srcKind = CUPTI_ACTIVITY_MEMORY_KIND_PINNED;
        QVERIFY(CuptiActivityDecoder::decode(asActivity(m), out));
        QVERIFY(!out.gpu.back().pageable);
        // The kinds the recorder asks for: never KERNEL (it serializes kernels), never the
        // engine's external correlation.
        const auto kinds = programActivityKinds();
        QVERIFY(std::find(kinds.begin(), kinds.end(), CUPTI_ACTIVITY_KIND_KERNEL) == kinds.end());
        QVERIFY(std::find(kinds.begin(), kinds.end(), CUPTI_ACTIVITY_KIND_MARKER) != kinds.end());
        QVERIFY(std::find(kinds.begin(), kinds.end(), CUPTI_ACTIVITY_KIND_DRIVER) != kinds.end());
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

    // 300 launches of 5 µs each enqueue 1 ms kernels back to back on one stream (kernel i runs
    // [1000 + i ms, 1001 + i ms)), so at 1.5 ms about 299 are pending. The last launch, of
    // `callUs`, begins at `startUs`: it blocked on the full queue only when it took long enough,
    // enough kernels were pending, and one of them ended during the call.
    void shortBlockedLaunchMeansFullQueue_data() {
        QTest::addColumn<quint64>("startUs");
        QTest::addColumn<quint64>("callUs");
        QTest::addColumn<quint32>("minPending");
        QTest::addColumn<bool>("queueFull");
        QTest::newRow("waited for a kernel to end") << quint64(1990) << quint64(50) << 256u << true;
        QTest::newRow("as fast as the others") << quint64(1990) << quint64(5) << 256u << false;
        QTest::newRow("just under the minimum") << quint64(1990) << quint64(19) << 256u << false;
        QTest::newRow("no kernel ended during it") << quint64(1900) << quint64(50) << 256u << false;
        QTest::newRow("too few pending") << quint64(1990) << quint64(50) << 400u << false;
        QTest::newRow("rule off") << quint64(1990) << quint64(50) << 0u << false;
        // A call far longer than a launch is a full queue only with enough pending: the first
        // cudaLaunchHostFunc of a run took 370 µs on an H200 with one kernel pending.
        QTest::newRow("long, enough pending") << quint64(1900) << quint64(150) << 256u << true;
        QTest::newRow("long, too few pending") << quint64(1900) << quint64(150) << 400u << false;
    }
    void shortBlockedLaunchMeansFullQueue() {
        QFETCH(quint64, startUs);
        QFETCH(quint64, callUs);
        QFETCH(quint32, minPending);
        QFETCH(bool, queueFull);
        constexpr std::uint32_t kLaunches = 300;
        const Scenario s = twoStreams();
        Trace trace;
        CuptiRecordConverter conv(s, std::vector<Step>(kLaunches + 1, step(StepKind::Kernel, 0)),
                                  trace);
        conv.setQueueFullThreshold(100'000);
        if (minPending > 0)
            conv.setBlockedEnqueueRule(20'000, minPending);
        Records r;
        constexpr std::uint64_t us = 1000, ms = 1'000'000;
        for (std::uint32_t i = 0; i < kLaunches; ++i) {
            const std::uint64_t t = 10 * us + i * 5 * us;
            const std::uint32_t k = r.call(i, kLaunch, t, t + 4 * us);
            r.kernel(k, 13, ms + i * ms, 2 * ms + i * ms);
            r.stamp(i, t, t + 4 * us, 1);
        }
        // Kernel 0 ends at 2 ms: a call over it saw a slot free.
        const std::uint64_t t = startUs * us;
        const std::uint32_t k = r.call(kLaunches, kLaunch, t, t + callUs * us);
        r.kernel(k, 13, 400 * ms, 401 * ms);
        r.stamp(kLaunches, t, t + callUs * us, 1);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(kLaunches + 1);
        conv.process(true);
        const auto api = indicesOf(trace, EventKind::ApiCall);
        QCOMPARE(api.size(), std::size_t(kLaunches + 1));
        for (std::uint32_t i = 0; i < kLaunches; ++i)
            QVERIFY(!(trace.events[api[i]].flags & event_flags::kQueueFull));
        QCOMPARE(bool(trace.events[api.back()].flags & event_flags::kQueueFull), queueFull);
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
        QCOMPARE(w.cpuNs(), cpuNs);
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
};

QTEST_GUILESS_MAIN(TestCuptiRecordConverter)
#include "tst_cupti_record_converter.moc"
