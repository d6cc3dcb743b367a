// The CUPTI record -> Trace conversion of events, queries, copies and memory, and of streams
// of records delivered in pieces (no GPU needed).
#include <QtTest>

#include "cupti_converter_test_support.h"

using namespace syncscope;
using namespace syncscope::cupti_test;

class TestCuptiConverterEvents : public QObject {
    Q_OBJECT

private slots:
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
        QCOMPARE(trace.events[copies[0]].bytes(), quint64(4096));
        QCOMPARE(trace.events[copies[0]].start_ns, TimeNs(100));
        QCOMPARE(trace.events[copies[0]].end_ns, TimeNs(480));
        QCOMPARE(trace.nameOf(trace.events[copies[0]]), std::string_view("memcpy d2h"));
        QCOMPARE(trace.events[waits[0]].awaited, copies[0]);
        QVERIFY(trace.events[waits[0]].flags & event_flags::kImplicitSync);
        QCOMPARE(int(trace.events[waits[0]].mode), int(SyncMode::BlockingCopy));
    }

    // A synchronous device-to-device copy returns before its copy runs when the copy must wait
    // for a kernel on a blocking stream (measured on an H200: 40 µs in the call, the copy 2 ms
    // later): the host waited for nothing, so there is no HostWait.
    void aCallThatReturnedBeforeItsCopyDidNotWait() {
        const Scenario s = twoStreams();
        Step copy = step(StepKind::Memcpy, 1);
        copy.async = false;
        copy.direction = CopyDirection::DeviceToDevice;
        copy.bytes = 1 << 20;
        Trace trace;
        trace.device.clock_tolerance_ns = 2'000;
        CuptiRecordConverter conv(s, {step(StepKind::Kernel, 1), copy}, trace);
        Records r;
        const std::uint32_t k = r.call(0, kLaunch, 10, 50);
        r.kernel(k, 14, 50, 2'000'000);
        const std::uint32_t c = r.call(1, kMemcpy, 60, 100'000);
        GpuOpRecord op;
        op.kind = GpuOpRecord::Kind::Memcpy;
        op.correlation = c;
        op.stream_id = 14;
        op.start = 2'001'000;
        op.end = 2'003'000;
        op.bytes = 1 << 20;
        op.copy_kind = 8;
        r.batch.gpu.push_back(op);
        r.stamp(0, 10, 51, 1);
        r.stamp(1, 60, 100'001, 1, 90'000);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QCOMPARE(indicesOf(trace, EventKind::Memcpy).size(), std::size_t(1));
        QVERIFY(indicesOf(trace, EventKind::HostWait).empty());
    }

    // A pageable cudaMemcpyAsync blocks the host all the same (measured on an H200: 32 MiB took
    // 6 ms in the call). Host to device: the call waits for the stream's earlier work (a pinned
    // copy here), then stages while its DMA runs; device to host: it returns after its copy.
    // Neither long call is a full launch queue.
    void pageableAsyncCopiesBlockTheHost_data() {
        QTest::addColumn<bool>("toDevice");
        QTest::newRow("h2d: waits for the stream, then stages") << true;
        QTest::newRow("d2h: waits for its copy") << false;
    }
    void pageableAsyncCopiesBlockTheHost() {
        QFETCH(bool, toDevice);
        const Scenario s = twoStreams();
        Step pinned = step(StepKind::Memcpy, 0);
        pinned.direction = CopyDirection::HostToDevice;
        pinned.bytes = 32 << 20;
        Step pageable = pinned;
        pageable.pinned = false;
        pageable.direction = toDevice ? CopyDirection::HostToDevice : CopyDirection::DeviceToHost;
        Trace trace;
        CuptiRecordConverter conv(s, {pinned, pageable}, trace);
        conv.setQueueFullThreshold(100'000);
        conv.setBlockedEnqueueRule(20'000, 256);
        Records r;
        const std::uint32_t kMemcpyAsync = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020;
        const std::uint32_t c0 = r.call(0, kMemcpyAsync, 10, 40);
        const std::uint32_t c1 = r.call(1, kMemcpyAsync, 50, 6'000'000);
        GpuOpRecord op;
        op.kind = GpuOpRecord::Kind::Memcpy;
        op.stream_id = 13;
        op.bytes = 32 << 20;
        op.copy_kind = 1;
        op.correlation = c0;
        op.start = 40;
        op.end = 600'000;
        r.batch.gpu.push_back(op);
        op.correlation = c1;
        op.copy_kind = toDevice ? 1 : 2;
        op.start = 601'000;
        op.end = toDevice ? 6'010'000 : 5'990'000;
        r.batch.gpu.push_back(op);
        r.stamp(0, 10, 41, 1);
        r.stamp(1, 50, 6'000'001, 1, 5'900'000);
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(2);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));

        const auto copies = indicesOf(trace, EventKind::Memcpy);
        const auto calls = indicesOf(trace, EventKind::ApiCall);
        const auto waits = indicesOf(trace, EventKind::HostWait);
        QCOMPARE(copies.size(), std::size_t(2));
        QCOMPARE(calls.size(), std::size_t(2));
        const TraceEvent& call = trace.events[calls[1]];
        QVERIFY(!(call.flags & event_flags::kQueueFull));
        QVERIFY(call.flags & event_flags::kImplicitSync);
        QVERIFY(call.flags & event_flags::kPageable);
        QCOMPARE(waits.size(), std::size_t(1));
        const TraceEvent& w = trace.events[waits[0]];
        QCOMPARE(w.start_ns, TimeNs(50));
        QCOMPARE(w.awaited, toDevice ? copies[0] : copies[1]);
        QCOMPARE(w.end_ns, toDevice ? TimeNs(601'000) : TimeNs(6'000'000));
        QVERIFY(w.flags & event_flags::kImplicitSync);
        QVERIFY(w.flags & event_flags::kSpinning);
        QCOMPARE(int(w.mode), int(SyncMode::BlockingCopy));
        QVERIFY(hasFlow(trace, waits[0], w.awaited, FlowKind::Awaited));
    }

    // PyTorch's caching allocator on the GPU: each op is one ApiCall named by the engine, with
    // the CUDA calls it made inside it; its waits are implicit syncs with what they waited for;
    // memory_allocated / memory_reserved are sampled as each op returns.
    void cachingAllocatorOps() {
        constexpr std::uint64_t kGiB = 1ull << 30;
        Scenario s = twoStreams();
        s.buffers = {{"x"}};
        Step alloc = step(StepKind::TensorAlloc, 0);
        alloc.buffer = 0;
        alloc.bytes = kGiB;
        Step del = step(StepKind::TensorFree);
        del.buffer = 0;
        Trace trace;
        CuptiRecordConverter conv(
            s, {alloc, step(StepKind::Kernel, 1), del, step(StepKind::EmptyCache)}, trace);
        Records r;
        r.call(0, CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020, 12, 40);
        r.stamp(0, 10, 45, 1);
        r.batch.host.back().message = "torch.empty 1.0 GiB: new 1.0 GiB segment on s0 (cudaMalloc)";
        r.batch.host.back().torch_allocated = std::int64_t(kGiB);
        r.batch.host.back().torch_reserved = std::int64_t(kGiB);
        const std::uint32_t k = r.call(1, kLaunch, 50, 55);
        r.kernel(k, 14, 100, 5000);
        r.stamp(1, 50, 56, 1);
        r.stamp(2, 57, 59, 0);
        r.batch.host.back().message = "del tensor: block held until s1 reaches this point";
        r.batch.host.back().torch_allocated = 0;
        r.batch.host.back().torch_reserved = std::int64_t(kGiB);
        r.call(3, kEventSync, 62, 5010);
        r.call(3, CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020, 5020, 5100);
        r.stamp(3, 60, 5110, 2, 40);
        r.batch.host.back().message = "torch.cuda.empty_cache";
        r.batch.host.back().torch_allocated = 0;
        r.batch.host.back().torch_reserved = 0;
        conv.add(std::move(r.batch));
        conv.setIssuedSteps(4);
        conv.process(true);
        QVERIFY2(violationsOf(trace, s).isEmpty(), qPrintable(violationsOf(trace, s)));

        const auto find = [&](ApiId api) {
            for (std::uint32_t i = 0; i < trace.events.size(); ++i)
                if (trace.events[i].kind == EventKind::ApiCall && trace.events[i].api == api)
                    return i;
            return kNone;
        };
        const std::uint32_t op = find(ApiId::TensorAlloc);
        QVERIFY(op != kNone);
        QCOMPARE(trace.strings.at(trace.events[op].name),
                 std::string_view("torch.empty 1.0 GiB: new 1.0 GiB segment on s0 (cudaMalloc)"));
        QCOMPARE(trace.events[op].start_ns, TimeNs(10));  // the whole op, the cudaMalloc inside
        QCOMPARE(trace.events[op].end_ns, TimeNs(45));
        QCOMPARE(trace.events[op].bytes(), kGiB);
        const std::uint32_t malloc = find(ApiId::Malloc);
        QVERIFY(malloc != kNone);
        QCOMPARE(trace.events[malloc].step, 0u);
        QCOMPARE(trace.events[malloc].bytes(), kGiB);  // the segment
        QVERIFY(find(ApiId::TensorFree) != kNone);
        QVERIFY(find(ApiId::EmptyCache) != kNone);

        const std::uint32_t esync = find(ApiId::EventSynchronize);
        const std::uint32_t free = find(ApiId::Free);
        QVERIFY(esync != kNone && free != kNone);
        QCOMPARE(trace.strings.at(trace.events[esync].name),
                 std::string_view("cudaEventSynchronize (caching allocator)"));
        QVERIFY(trace.events[esync].flags & event_flags::kImplicitSync);
        QVERIFY(trace.events[free].flags & event_flags::kImplicitSync);
        // The event sync waited for s1's kernel; the cudaFree came after it and waited for none.
        const auto waits = indicesOf(trace, EventKind::HostWait);
        QCOMPARE(waits.size(), std::size_t(1));
        const TraceEvent& w = trace.events[waits[0]];
        QCOMPARE(int(w.api), int(ApiId::EventSynchronize));
        QCOMPARE(w.step, 3u);
        QCOMPARE(w.awaited, indicesOf(trace, EventKind::Kernel).at(0));
        QVERIFY(w.flags & event_flags::kImplicitSync);
        QVERIFY(w.flags & event_flags::kSleeping);  // 40 ns of CPU in 5 µs
        QVERIFY(hasFlow(trace, waits[0], w.awaited, FlowKind::Awaited));

        // allocated / reserved after each op, in time order.
        std::vector<std::tuple<TimeNs, std::int64_t, std::int64_t>> torch;
        for (const MemorySample& m : trace.memory)
            if (m.allocated >= 0)
                torch.emplace_back(m.t_ns, m.allocated, m.reserved);
        const std::vector<std::tuple<TimeNs, std::int64_t, std::int64_t>> expected = {
            {45, std::int64_t(kGiB), std::int64_t(kGiB)},
            {59, 0, std::int64_t(kGiB)},
            {5110, 0, 0}};
        QCOMPARE(torch, expected);
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
        QCOMPARE(trace.events[ops[0]].bytes(), quint64(1 << 20));
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

QTEST_GUILESS_MAIN(TestCuptiConverterEvents)
#include "tst_cupti_converter_events.moc"
