// Host and stream synchronization in the simulator, with exact times from the h200 profile.
#include <QtTest>

#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimSync : public QObject {
    Q_OBJECT

private slots:
    void deviceVersusStreamSync_data();
    void deviceVersusStreamSync();
    void streamWaitEventStallsOnlyTheStream();
    void cpuSynchronizeWaitsForNothing_data();
    void cpuSynchronizeWaitsForNothing();
    void legacyDefaultStream_data();
    void legacyDefaultStream();
    void schedulePolicy_data();
    void schedulePolicy();
    void fullLaunchQueueBlocksTheHost();
    void hostCallbackOrdering();
    void eventQueryPoll();
    void neverRecordedEventReturnsAtOnce();
    void blockingCopy_data();
    void blockingCopy();
    void waitStreamWaitsForTheOtherStreamsTail();
};

// Two non-blocking streams: 100 µs on s0, 300 µs on s1. A stream sync on s0 returns after s0's
// kernel; a device sync after both.
void TestSimSync::deviceVersusStreamSync_data() {
    const auto& p = h200();
    const TimeNs k0_end = p.launch_cost_ns + 100'000;
    const TimeNs k1_end = 2 * p.launch_cost_ns + 300'000;
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("ret");
    QTest::addColumn<int>("awaited_step");
    QTest::addColumn<int>("api");
    QTest::newRow("stream") << int(StepKind::StreamSync) << qint64(k0_end + p.wake_latency_ns[0])
                            << 0 << int(ApiId::StreamSynchronize);
    QTest::newRow("device") << int(StepKind::DeviceSync) << qint64(k1_end + p.wake_latency_ns[0])
                            << 1 << int(ApiId::DeviceSynchronize);
}

void TestSimSync::deviceVersusStreamSync() {
    QFETCH(int, kind);
    QFETCH(qint64, ret);
    QFETCH(int, awaited_step);
    QFETCH(int, api);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.program = {kernel(0, 100'000), kernel(1, 300'000), step(StepKind(kind), 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* call = apiOf(t, 2);
    const TraceEvent* wait = waitOf(t, 2);
    QVERIFY(call && wait);
    QCOMPARE(int(call->api), api);
    QCOMPARE(call->start_ns, 2 * p.launch_cost_ns);
    QCOMPARE(call->end_ns, ret);
    QCOMPARE(wait->start_ns, call->start_ns);
    QCOMPARE(wait->end_ns, ret);
    QCOMPARE(wait->lane, std::uint16_t(1));
    const std::uint32_t awaited = indexOf(t, gpuOp(t, awaited_step));
    QCOMPARE(wait->awaited, awaited);
    QVERIFY(hasFlow(t, indexOf(t, wait), awaited, FlowKind::Awaited));
    // The other stream's kernel is untouched by the stream sync and still running at its return.
    QCOMPARE(gpuOp(t, 1)->end_ns, 2 * p.launch_cost_ns + 300'000);
}

// s0: 100 µs kernel, record e. s1: wait e, 10 µs kernel. The host returns from the wait at once;
// the stream stalls until the record is reached.
void TestSimSync::streamWaitEventStallsOnlyTheStream() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    s.program = {kernel(0, 100'000), withEvent(StepKind::EventRecord, 0, 0),
                 withEvent(StepKind::StreamWaitEvent, 0, 1), kernel(1, 10'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs k0_end = p.launch_cost_ns + 100'000;
    const TraceEvent* wait_call = apiOf(t, 2);
    QCOMPARE(wait_call->duration(), p.api_cost_ns);  // I10: the host does not wait
    QVERIFY(waitOf(t, 2) == nullptr);
    const TraceEvent* marker = gpuOp(t, 1);
    SIM_COMPARE_ENUM(marker->kind, EventKind::EventMarker);
    QCOMPARE(marker->start_ns, k0_end);
    QCOMPARE(marker->end_ns, k0_end);
    const TraceEvent* stall = gpuOp(t, 2);
    SIM_COMPARE_ENUM(stall->kind, EventKind::StreamWait);
    QCOMPARE(stall->start_ns, wait_call->end_ns);
    QCOMPARE(stall->end_ns, k0_end);
    QCOMPARE(stall->awaited, indexOf(t, marker));
    QVERIFY(hasFlow(t, indexOf(t, marker), indexOf(t, stall), FlowKind::Record));
    const TraceEvent* consumer = gpuOp(t, 3);
    QCOMPARE(consumer->start_ns, k0_end);  // I11
    QCOMPARE(consumer->end_ns, k0_end + 10'000);
    QVERIFY(hasFlow(t, indexOf(t, apiOf(t, 3)), indexOf(t, consumer), FlowKind::Launch));
}

void TestSimSync::cpuSynchronizeWaitsForNothing_data() {
    QTest::addColumn<qint64>("kernel_ns");
    QTest::newRow("1 ms queued") << qint64(1'000'000);
    QTest::newRow("100 ms queued") << qint64(100'000'000);
}

void TestSimSync::cpuSynchronizeWaitsForNothing() {
    QFETCH(qint64, kernel_ns);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.program = {kernel(0, kernel_ns), step(StepKind::CpuSync), step(StepKind::HostWork)};
    s.program[2].duration_ns = 10;
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TraceEvent* call = apiOf(r.trace, 1);
    SIM_COMPARE_ENUM(call->api, ApiId::CpuSynchronize);
    SIM_COMPARE_ENUM(call->mode, SyncMode::CpuSynchronize);
    QCOMPARE(call->start_ns, p.launch_cost_ns);
    QCOMPARE(call->end_ns, p.launch_cost_ns);  // independent of the queued kernel (I9)
    QVERIFY(find(r.trace, EventKind::HostWait).empty());
    QVERIFY(gpuOp(r.trace, 0)->end_ns > call->end_ns);
    QCOMPARE(find(r.trace, EventKind::HostWork).front()->start_ns, p.launch_cost_ns);
}

// s0 is blocking (or per-thread default), s1 non-blocking, s2 the legacy default stream.
// k0: s0 100 µs, k1: s1 100 µs, k2: legacy 10 µs, k3: s0 10 µs, k4: s1 10 µs.
void TestSimSync::legacyDefaultStream_data() {
    QTest::addColumn<int>("ordered_kind");
    QTest::newRow("blocking") << int(StreamKind::Blocking);
    QTest::newRow("per-thread default") << int(StreamKind::PerThreadDefault);
}

void TestSimSync::legacyDefaultStream() {
    QFETCH(int, ordered_kind);
    const auto& p = h200();
    const TimeNs L = p.launch_cost_ns;
    Scenario s =
        scenario({StreamKind(ordered_kind), StreamKind::NonBlocking, StreamKind::LegacyDefault});
    s.program = {kernel(0, 100'000), kernel(1, 100'000), kernel(2, 10'000), kernel(0, 10'000),
                 kernel(1, 10'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs k0_end = L + 100'000;
    const TimeNs k1_end = 2 * L + 100'000;
    QCOMPARE(gpuOp(t, 2)->start_ns, k0_end);  // waits for the blocking stream, not for s1
    QVERIFY(gpuOp(t, 2)->start_ns < k1_end);
    QCOMPARE(gpuOp(t, 3)->start_ns, k0_end + 10'000);  // later blocking work waits for legacy
    QCOMPARE(gpuOp(t, 4)->start_ns, k1_end);           // the non-blocking stream is unaffected
}

// A 100 µs kernel, then a device sync or an event sync; the wake-up latency and the CPU burnt
// follow the policy in force.
void TestSimSync::schedulePolicy_data() {
    const auto& p = h200();
    const auto spin = std::size_t(SchedulePolicy::Spin);
    const auto yield = std::size_t(SchedulePolicy::Yield);
    const auto blocking = std::size_t(SchedulePolicy::BlockingSync);
    QTest::addColumn<int>("schedule");
    QTest::addColumn<bool>("event_sync");
    QTest::addColumn<bool>("blocking_event");
    QTest::addColumn<qint64>("wake");
    QTest::addColumn<double>("burn");
    QTest::newRow("spin, device sync")
        << int(SchedulePolicy::Spin) << false << false << qint64(p.wake_latency_ns[spin])
        << p.cpu_burn_fraction[spin];
    QTest::newRow("yield, device sync")
        << int(SchedulePolicy::Yield) << false << false << qint64(p.wake_latency_ns[yield])
        << p.cpu_burn_fraction[yield];
    QTest::newRow("blocking-sync, device sync")
        << int(SchedulePolicy::BlockingSync) << false << false
        << qint64(p.wake_latency_ns[blocking]) << p.cpu_burn_fraction[blocking];
    QTest::newRow("spin, blocking-sync event")
        << int(SchedulePolicy::Spin) << true << true << qint64(p.wake_latency_ns[blocking])
        << p.cpu_burn_fraction[blocking];
    QTest::newRow("spin, default event")
        << int(SchedulePolicy::Spin) << true << false << qint64(p.wake_latency_ns[spin])
        << p.cpu_burn_fraction[spin];
    // cudaEventSynchronize on an event without cudaEventBlockingSync busy-waits whatever the device
    // flag.
    QTest::newRow("blocking-sync, default event")
        << int(SchedulePolicy::BlockingSync) << true << false << qint64(p.wake_latency_ns[spin])
        << p.cpu_burn_fraction[spin];
}

void TestSimSync::schedulePolicy() {
    QFETCH(int, schedule);
    QFETCH(bool, event_sync);
    QFETCH(bool, blocking_event);
    QFETCH(qint64, wake);
    QFETCH(double, burn);
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking}, SchedulePolicy(schedule));
    s.events = {{"e", blocking_event, true}};
    s.program = {kernel(0, 100'000), withEvent(StepKind::EventRecord, 0, 0),
                 event_sync ? withEvent(StepKind::EventSync, 0) : step(StepKind::DeviceSync)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TraceEvent* wait = waitOf(r.trace, 2);
    QVERIFY(wait);
    const TimeNs call_start = p.launch_cost_ns + p.api_cost_ns;
    const TimeNs work_end = p.launch_cost_ns + 100'000;
    QCOMPARE(wait->start_ns, call_start);
    QCOMPARE(wait->end_ns, work_end + wake);
    QCOMPARE(apiOf(r.trace, 2)->end_ns, work_end + wake);
    QCOMPARE(wait->cpuNs(), std::llround(double(work_end + wake - call_start) * burn));
    const bool spinning = burn >= 0.5;
    QCOMPARE(bool(wait->flags & event_flags::kSpinning), spinning);
    QCOMPARE(bool(wait->flags & event_flags::kSleeping), !spinning);
    SIM_COMPARE_ENUM(wait->mode, event_sync ? SyncMode::Event : SyncMode::Device);
}

// 10 ms kernels on one stream, launched every launch_cost: launch number `depth` finds the queue
// full and blocks until the first kernel ends; the next one until the second ends.
void TestSimSync::fullLaunchQueueBlocksTheHost() {
    const auto& p = h200();
    const TimeNs L = p.launch_cost_ns;
    const std::uint32_t depth = p.launch_queue_depth;
    Scenario s = scenario({StreamKind::NonBlocking});
    s.program = {repeat(depth + 2, {kernel(0, 10'000'000)})};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* last_free = apiOf(t, depth - 1);
    QCOMPARE(last_free->start_ns, TimeNs(depth - 1) * L);
    QCOMPARE(last_free->end_ns, TimeNs(depth) * L);
    QVERIFY(!(last_free->flags & event_flags::kQueueFull));
    const TraceEvent* blocked = apiOf(t, depth);
    QVERIFY(blocked->flags & event_flags::kQueueFull);
    QCOMPARE(blocked->start_ns, TimeNs(depth) * L);
    QCOMPARE(blocked->end_ns, gpuOp(t, 0)->end_ns + L);
    const TraceEvent* next = apiOf(t, depth + 1);
    QVERIFY(next->flags & event_flags::kQueueFull);
    QCOMPARE(next->start_ns, blocked->end_ns);
    QCOMPARE(next->end_ns, gpuOp(t, 1)->end_ns + L);
}

// s0: 400 µs kernel, a 50 µs host callback, a 10 µs kernel. The run's first cudaLaunchHostFunc
// costs more, and the function starts once the driver's thread wakes (measured on an H200).
void TestSimSync::hostCallbackOrdering() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    Step callback = step(StepKind::HostCallback, 0);
    callback.duration_ns = 50'000;
    s.program = {kernel(0, 400'000), callback, kernel(0, 10'000), callback};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    SIM_COMPARE_ENUM(apiOf(t, 1)->api, ApiId::LaunchHostFunc);
    QCOMPARE(apiOf(t, 1)->duration(), p.first_host_func_cost_ns);
    QVERIFY(p.first_host_func_cost_ns > p.api_cost_ns);
    const TraceEvent* fn = gpuOp(t, 1);
    SIM_COMPARE_ENUM(fn->kind, EventKind::HostCallback);
    // I15: after the earlier work, once the callback thread has woken.
    QVERIFY(apiOf(t, 1)->end_ns < gpuOp(t, 0)->end_ns);
    QCOMPARE(fn->start_ns, gpuOp(t, 0)->end_ns + p.host_func_start_ns);
    QCOMPARE(fn->end_ns, fn->start_ns + 50'000);
    QCOMPARE(gpuOp(t, 2)->start_ns, fn->end_ns);       // I15: later work waits for it to return
    QCOMPARE(apiOf(t, 3)->duration(), p.api_cost_ns);  // set up once
}

// A 100 µs kernel, a record, then a query loop every 10 µs.
void TestSimSync::eventQueryPoll() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 10'000;
    s.program = {kernel(0, 100'000), withEvent(StepKind::EventRecord, 0, 0), poll};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TimeNs t0 = p.launch_cost_ns + p.api_cost_ns;
    const TimeNs done = p.launch_cost_ns + 100'000;
    const TimeNs polls = (done - t0 + 9'999) / 10'000;  // unsuccessful queries
    std::vector<const TraceEvent*> queries;
    for (const TraceEvent* e : find(t, EventKind::ApiCall, 2))
        queries.push_back(e);
    QCOMPARE(TimeNs(queries.size()), polls + 1);
    for (std::size_t i = 0; i < queries.size(); ++i) {
        SIM_COMPARE_ENUM(queries[i]->api, ApiId::EventQuery);
        QCOMPARE(queries[i]->start_ns, t0 + TimeNs(i) * 10'000);
        QCOMPARE(queries[i]->duration(), p.api_cost_ns);
        const bool ready = queries[i]->flags & event_flags::kQueryReady;
        QCOMPARE(ready, i + 1 == queries.size());
        QCOMPARE(ready, queries[i]->start_ns >= done);  // I14
    }
    const TraceEvent* wait = waitOf(t, 2);
    QCOMPARE(wait->start_ns, t0);
    QCOMPARE(wait->end_ns, queries.back()->end_ns);
    SIM_COMPARE_ENUM(wait->mode, SyncMode::EventQueryPoll);
    QVERIFY(wait->flags & event_flags::kSpinning);
    QCOMPARE(wait->cpuNs(), wait->duration());
    QCOMPARE(wait->awaited, indexOf(t, gpuOp(t, 1)));
}

void TestSimSync::neverRecordedEventReturnsAtOnce() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 1'000;
    s.program = {kernel(0, 100'000), withEvent(StepKind::EventSync, 0), poll};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(apiOf(r.trace, 1)->duration(), p.sync_call_cost_ns);
    QVERIFY(waitOf(r.trace, 1) == nullptr);
    QCOMPARE(find(r.trace, EventKind::ApiCall, 2).size(), std::size_t(1));
    QVERIFY(apiOf(r.trace, 2)->flags & event_flags::kQueryReady);
    QVERIFY(waitOf(r.trace, 2) == nullptr);
}

// A 100 µs kernel on s0, then a 1 MB copy on s0 in various forms.
void TestSimSync::blockingCopy_data() {
    const auto& p = h200();
    const TimeNs L = p.launch_cost_ns;
    const TimeNs kernel_end = L + 100'000;
    const TimeNs wake = p.wake_latency_ns[0];
    const TimeNs pinned_h2d = std::llround(1e6 / p.h2d_bytes_per_ns);
    const TimeNs pinned_d2h = std::llround(1e6 / p.d2h_bytes_per_ns);
    const TimeNs pageable_h2d = std::llround(1e6 / (p.h2d_bytes_per_ns * p.pageable_factor));
    QTest::addColumn<int>("direction");
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<bool>("async");
    QTest::addColumn<qint64>("ret");
    QTest::addColumn<qint64>("wait_end");  // -1: no HostWait
    QTest::addColumn<int>("awaited_step");
    QTest::addColumn<qint64>("copy_start");
    QTest::newRow("d2h sync (item())")
        << int(CopyDirection::DeviceToHost) << true << false
        << qint64(kernel_end + pinned_d2h + wake) << qint64(kernel_end + pinned_d2h + wake) << 1
        << qint64(kernel_end);
    QTest::newRow("h2d pinned sync")
        << int(CopyDirection::HostToDevice) << true << false
        << qint64(kernel_end + pinned_h2d + wake) << qint64(kernel_end + pinned_h2d + wake) << 1
        << qint64(kernel_end);
    QTest::newRow("h2d pinned async")
        << int(CopyDirection::HostToDevice) << true << true << qint64(L + p.api_cost_ns)
        << qint64(-1) << -1 << qint64(kernel_end);
    QTest::newRow("d2d sync") << int(CopyDirection::DeviceToDevice) << true << false
                              << qint64(L + p.api_cost_ns) << qint64(-1) << -1
                              << qint64(kernel_end);
    // Pageable h2d: on the legacy stream its DMA waits for the blocking stream's kernel; the driver
    // stages while the DMA drains, so the host returns once the last 2 MiB chunk (here: all of it)
    // is staged: after the DMA started, before it lands. No separate host wait is recorded.
    QTest::newRow("h2d pageable sync")
        << int(CopyDirection::HostToDevice) << false << false
        << qint64(kernel_end + pageable_h2d - pinned_h2d) << qint64(-1) << -1 << qint64(kernel_end);
}

void TestSimSync::blockingCopy() {
    QFETCH(int, direction);
    QFETCH(bool, pinned);
    QFETCH(bool, async);
    QFETCH(qint64, ret);
    QFETCH(qint64, wait_end);
    QFETCH(int, awaited_step);
    QFETCH(qint64, copy_start);
    const auto& p = h200();
    // A blocking stream: a synchronous copy runs on the legacy default stream, which waits for it.
    Scenario s = scenario({StreamKind::Blocking});
    s.program = {kernel(0, 100'000), copy(0, CopyDirection(direction), 1'000'000, pinned, async)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const TraceEvent* call = apiOf(t, 1);
    QCOMPARE(call->start_ns, p.launch_cost_ns);
    QCOMPARE(call->end_ns, ret);
    QCOMPARE(gpuOp(t, 1)->start_ns, copy_start);
    const TraceEvent* wait = waitOf(t, 1);
    if (wait_end < 0) {
        QVERIFY(wait == nullptr);
        return;
    }
    QVERIFY(wait);
    QCOMPARE(wait->start_ns, call->start_ns);
    QCOMPARE(wait->end_ns, wait_end);
    SIM_COMPARE_ENUM(wait->mode, SyncMode::BlockingCopy);
    QVERIFY(wait->flags & event_flags::kImplicitSync);
    QCOMPARE(wait->awaited, indexOf(t, gpuOp(t, awaited_step)));
}

// wait_stream = a hidden record on the other stream plus a wait on this one (two ApiCalls).
void TestSimSync::waitStreamWaitsForTheOtherStreamsTail() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step ws = step(StepKind::WaitStream, 1);
    ws.other_stream = 0;
    s.program = {kernel(0, 100'000), ws, kernel(1, 10'000)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const auto calls = find(t, EventKind::ApiCall, 1);
    QCOMPARE(calls.size(), std::size_t(2));
    SIM_COMPARE_ENUM(calls[0]->api, ApiId::EventRecord);
    SIM_COMPARE_ENUM(calls[1]->api, ApiId::StreamWaitEvent);
    QCOMPARE(calls[0]->cuda_event, std::uint32_t(s.events.size()));  // hidden event index
    QCOMPARE(calls[1]->cuda_event, calls[0]->cuda_event);
    QCOMPARE(calls[1]->end_ns, p.launch_cost_ns + 2 * p.api_cost_ns);
    QCOMPARE(gpuOp(t, 2)->start_ns, gpuOp(t, 0)->end_ns);  // I12
}

QTEST_GUILESS_MAIN(TestSimSync)
#include "tst_sim_sync.moc"
