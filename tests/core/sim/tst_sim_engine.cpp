// The simulated engine as a whole: run control, determinism, live deltas, bad input.
#include <QtTest>
#include <cstring>

#include "core/engine/trace_delta_emitter.h"
#include "core/model/huge_pages.h"
#include "core/scenario/scenario_reader.h"
#include "core/sim/program_walker.h"
#include "core/sim/sim_engine.h"
#include "core/sim/sim_event_estimate.h"
#include "sim_test_support.h"
#include "tests/support/memory_limit.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimEngine : public QObject {
    Q_OBJECT

private slots:
    // The poll-explosion test would need terabytes if the estimate broke: fail, don't swap.
    void initTestCase() { syncscope::test::limitAddressSpace(); }
    void describesTheDeviceAndLanes();
    void deterministic();
    void deltasRebuildTheTrace();
    void deltasRebuildTheTraceWhenTheyShrinkAndGrow();
    void oneLongStepStillGrowsTheLiveView();
    void hugePagesChangeNothingInTheTrace();
    void cancellationReturnsAPartialTrace_data();
    void cancellationReturnsAPartialTrace();
    void invalidScenarioFails_data();
    void invalidScenarioFails();
    void walkerMatchesExpandProgram();
    void reRecordDoesNotMoveAnEarlierWait();
    void pollExplosionIsRefusedBeforeTheRun();
    void eventEstimateSaturates();
};

namespace {

// Every step kind, on every stream kind, twice over.
Scenario everything() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::Blocking, StreamKind::LegacyDefault,
                           StreamKind::PerThreadDefault});
    s.events = {{"e", false, true}, {"b", true, true}};
    s.buffers = {{"a"}, {"p"}};
    Step callback = step(StepKind::HostCallback, 1);
    callback.duration_ns = 20'000;
    Step work = step(StepKind::HostWork);
    work.duration_ns = 5'000;
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 7'000;
    Step ws = step(StepKind::WaitStream, 3);
    ws.other_stream = 2;
    Step memset = step(StepKind::Memset, 2);
    memset.bytes = 1 << 20;
    Step trim = step(StepKind::PoolTrim);
    std::vector<Step> body = {
        withBuffer(StepKind::Malloc, 0, 1 << 20),
        withBuffer(StepKind::MallocAsync, 1, 1 << 24, 0),
        kernel(0, 30'000, 2000, 256),
        kernel(1, 20'000),
        copy(1, CopyDirection::HostToDevice, 1 << 20, false, true),
        withEvent(StepKind::EventRecord, 0, 0),
        withEvent(StepKind::StreamWaitEvent, 0, 3),
        kernel(2, 10'000),
        ws,
        callback,
        memset,
        copy(3, CopyDirection::DeviceToHost, 1 << 16, true, false),
        withEvent(StepKind::EventRecord, 1, 3),
        poll,
        withEvent(StepKind::EventSync, 1),
        step(StepKind::CpuSync),
        work,
        withBuffer(StepKind::FreeAsync, 1, 0, 0),
        step(StepKind::StreamSync, 0),
        trim,
        withBuffer(StepKind::Free, 0, 0),
        step(StepKind::DeviceSync),
    };
    for (auto& b : body)
        b.batch = 0;
    s.program = {repeat(2, body, 1)};
    return s;
}

bool sameEvents(const std::vector<TraceEvent>& a, const std::vector<TraceEvent>& b) {
    static_assert(sizeof(TraceEvent) == 56, "TraceEvent has padding: compare fields instead");
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(TraceEvent)) == 0);
}

bool sameFlows(const std::vector<Flow>& a, const std::vector<Flow>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].from != b[i].from || a[i].to != b[i].to || a[i].kind != b[i].kind)
            return false;
    return true;
}

bool sameMemory(const std::vector<MemorySample>& a, const std::vector<MemorySample>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].t_ns != b[i].t_ns || a[i].device_used != b[i].device_used ||
            a[i].pool_reserved != b[i].pool_reserved || a[i].pool_used != b[i].pool_used)
            return false;
    return true;
}

class Rebuilder final : public EngineObserver {
public:
    void onTraceDelta(const TraceDeltaView& d) override {
        for (const auto& l : d.new_lanes)
            trace.lanes.push_back(l);
        for (const auto& s : d.new_strings)
            trace.strings.intern(s);
        trace.events.insert(trace.events.end(), d.new_events.begin(), d.new_events.end());
        trace.flows.insert(trace.flows.end(), d.new_flows.begin(), d.new_flows.end());
        trace.memory.insert(trace.memory.end(), d.new_memory.begin(), d.new_memory.end());
        trace.device = *d.device;
        ++deltas;
    }
    void onProgress(double fraction, std::string_view) override {
        QVERIFY(fraction >= last_progress);
        if (fraction > last_progress && fraction < 1.0)
            ++progress_steps;
        last_progress = fraction;
    }
    int progress_steps = 0;  // rises below 1.0
    Trace trace;
    int deltas = 0;
    double last_progress = 0;
};

class CancelOnProgress final : public EngineObserver {
public:
    explicit CancelOnProgress(CancelToken& token) : token_(token) {}
    void onProgress(double fraction, std::string_view) override {
        if (fraction > 0)
            token_.cancel();
    }

private:
    CancelToken& token_;
};

}  // namespace

void TestSimEngine::describesTheDeviceAndLanes() {
    const auto& p = h200();
    Scenario s = everything();
    s.schedule = SchedulePolicy::Yield;
    s.pool.release_threshold = 12345;
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const DeviceDescription& d = r.trace.device;
    QCOMPARE(d.name, p.name);
    QCOMPARE(d.engine, std::string("sim"));
    QCOMPARE(d.sm_count, p.sm_count);
    QCOMPARE(d.memory_bytes, p.memory_bytes);
    QCOMPARE(d.copy_engines, p.copy_engines);
    SIM_COMPARE_ENUM(d.schedule, SchedulePolicy::Yield);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(d.wake_latency_ns[i], p.wake_latency_ns[i]);
    QCOMPARE(d.clock_tolerance_ns, TimeNs(0));
    QCOMPARE(d.pool_release_threshold, std::uint64_t(12345));
    QCOMPARE(r.trace.title, s.title.en);
    QVERIFY(r.trace.scenario != nullptr);
    // The trace carries the scenario as run: synchronous copies on the default stream.
    Scenario as_run = s;
    QVERIFY(assignDefaultStream(as_run));
    QCOMPARE(test::scenarioDifference(*r.trace.scenario, as_run), std::string());
    QCOMPARE(r.trace.lanes.size(), std::size_t(2 + as_run.streams.size()));
    SIM_COMPARE_ENUM(r.trace.lanes[0].kind, LaneKind::HostThread);
    SIM_COMPARE_ENUM(r.trace.lanes[1].kind, LaneKind::HostWaits);
    QCOMPARE(r.trace.lanes[1].parent, std::uint16_t(0));
    for (std::uint32_t i = 0; i < as_run.streams.size(); ++i) {
        const Lane& lane = r.trace.lanes[2 + i];
        SIM_COMPARE_ENUM(lane.kind, LaneKind::Stream);
        QCOMPARE(lane.stream_id, i);
        SIM_COMPARE_ENUM(lane.stream_kind, as_run.streams[i].kind);
    }
    // Correlation ids 1, 2, ... in ApiCall order, each shared with exactly one GPU op.
    std::uint32_t expected = 1;
    for (const TraceEvent& e : r.trace.events)
        if (e.kind == EventKind::ApiCall && e.correlation != kNone)
            QCOMPARE(e.correlation, expected++);
    QVERIFY(find(r.trace, EventKind::Error).empty());
}

void TestSimEngine::deterministic() {
    const Scenario s = everything();
    const RunResult a = run(s);
    const RunResult b = run(s);
    SIM_VERIFY_STATUS(a, RunStatus::Ok);
    QVERIFY2(a.trace.events.size() > 60, qPrintable(QString::number(a.trace.events.size())));
    QVERIFY(sameEvents(a.trace.events, b.trace.events));
    QVERIFY(sameFlows(a.trace.flows, b.trace.flows));
    QVERIFY(sameMemory(a.trace.memory, b.trace.memory));
    QVERIFY(a.trace.strings == b.trace.strings);
}

void TestSimEngine::deltasRebuildTheTrace() {
    Scenario s = everything();
    s.program.front().count = 3000;  // long enough for several deltas
    Rebuilder observer;
    CancelToken cancel;
    const RunResult r = makeSimEngine()->run(s, observer, cancel);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QVERIFY(observer.deltas >= 1);
    QCOMPARE(observer.last_progress, 1.0);
    QCOMPARE(observer.trace.lanes.size(), r.trace.lanes.size());
    QVERIFY(observer.trace.strings == r.trace.strings);
    QVERIFY(sameEvents(observer.trace.events, r.trace.events));
    QVERIFY(sameFlows(observer.trace.flows, r.trace.flows));
    QVERIFY(sameMemory(observer.trace.memory, r.trace.memory));
    QCOMPARE(observer.trace.device.name, r.trace.device.name);
}

// Issue 38 item 16: a run whose events come from few steps (one event_query_poll loop of
// ~900,000 queries) hands them over while the loop runs, not all at the end: the live view grows
// and is the finished trace when the run ends.
void TestSimEngine::oneLongStepStillGrowsTheLiveView() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 1'000;
    s.program = {kernel(0, 900'000'000), withEvent(StepKind::EventRecord, 0, 0), poll};
    Rebuilder observer;
    CancelToken cancel;
    const RunResult r = makeSimEngine()->run(s, observer, cancel);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QVERIFY2(r.trace.events.size() > 800'000, qPrintable(QString::number(r.trace.events.size())));
    // At least one delta per 2^18 events, whatever the machine's speed.
    QVERIFY2(observer.deltas >= 3, qPrintable(QString::number(observer.deltas)));
    QVERIFY(sameEvents(observer.trace.events, r.trace.events));
    QVERIFY(sameFlows(observer.trace.flows, r.trace.flows));
    // The progress moved inside the loop (the Rebuilder checks it never goes back).
    QVERIFY(observer.progress_steps >= 3);
}

// The emitter keeps its delta buffers from flush to flush: a small delta after a big one, a big one
// after a small one and a flush with nothing new must still hand over exactly what was appended.
void TestSimEngine::deltasRebuildTheTraceWhenTheyShrinkAndGrow() {
    Trace source;
    source.addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    Rebuilder observer;
    TraceDeltaEmitter emitter(source, observer, std::chrono::milliseconds(0));
    std::uint32_t next = 0;
    for (const std::uint32_t count : {70'000u, 3u, 0u, 1u, 150'000u, 2u, 90'000u}) {
        if (count > 0)
            source.strings.intern("name " + std::to_string(next));
        for (std::uint32_t i = 0; i < count; ++i, ++next) {
            TraceEvent e;
            e.start_ns = next;
            e.end_ns = next + 1;
            e.name = static_cast<std::uint32_t>(source.strings.size() - 1);
            const std::uint32_t index = source.addEvent(e);
            if (next % 3 == 0)
                source.flows.push_back({index, index, FlowKind::Launch});
            if (next % 1000 == 0)
                source.memory.push_back({next, next, -1, -1, -1, -1});
        }
        emitter.flush();
    }
    QCOMPARE(observer.deltas, 6);  // the flush with nothing new sends nothing
    QCOMPARE(observer.trace.lanes.size(), std::size_t(1));
    QVERIFY(observer.trace.strings == source.strings);
    QVERIFY(sameEvents(observer.trace.events, source.events));
    QVERIFY(sameFlows(observer.trace.flows, source.flows));
    QVERIFY(sameMemory(observer.trace.memory, source.memory));
}

// Huge pages change how the trace's buffers are backed, never what they hold: a run long enough
// for buffers of many huge pages records the same trace with and without them.
void TestSimEngine::hugePagesChangeNothingInTheTrace() {
    Scenario s = everything();
    s.program.front().count = 4000;
    HugePages::setEnabled(true);
    const RunResult with = run(s);
    HugePages::setEnabled(false);
    const RunResult without = run(s);
    HugePages::useEnvironment();
    SIM_VERIFY_STATUS(with, RunStatus::Ok);
    SIM_VERIFY_STATUS(without, RunStatus::Ok);
    QVERIFY(with.trace.events.size() * sizeof(TraceEvent) > 2 * HugePages::kMinBytes);
    QVERIFY(sameEvents(with.trace.events, without.trace.events));
    QVERIFY(sameFlows(with.trace.flows, without.trace.flows));
    QVERIFY(sameMemory(with.trace.memory, without.trace.memory));
    QVERIFY(with.trace.strings == without.trace.strings);
}

void TestSimEngine::cancellationReturnsAPartialTrace_data() {
    QTest::addColumn<bool>("before_start");
    QTest::newRow("cancelled before the run") << true;
    QTest::newRow("cancelled while running") << false;
}

void TestSimEngine::cancellationReturnsAPartialTrace() {
    QFETCH(bool, before_start);
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.program = {
        repeat(100'000, {kernel(0, 10'000), kernel(1, 10'000), step(StepKind::DeviceSync)})};
    CancelToken cancel;
    CancelOnProgress observer(cancel);
    if (before_start)
        cancel.cancel();
    const RunResult r = makeSimEngine()->run(s, observer, cancel);
    SIM_VERIFY_STATUS(r, RunStatus::Cancelled);
    QVERIFY(!r.message.empty());
    QCOMPARE(r.trace.lanes.size(), std::size_t(4));
    QCOMPARE(r.trace.device.engine, std::string("sim"));
    if (before_start) {
        QVERIFY(r.trace.events.empty());
    } else {
        QVERIFY(!r.trace.events.empty());
        QVERIFY(r.trace.events.size() < 300'000 * 2);
    }
}

void TestSimEngine::invalidScenarioFails_data() {
    QTest::addColumn<int>("what");
    QTest::addColumn<QString>("expected");
    QTest::newRow("stream out of range") << 0 << "steps[1].body[0].stream: stream 5 does not exist";
    QTest::newRow("event missing") << 1 << "steps[0].event: event is missing";
    QTest::newRow("unknown device") << 2 << "device: unknown device profile 'gtx'";
    QTest::newRow("block too wide") << 3 << "steps[0].block: must be 1..1024";
    QTest::newRow("too many steps") << 4 << "the simulator runs at most";
}

void TestSimEngine::invalidScenarioFails() {
    QFETCH(int, what);
    QFETCH(QString, expected);
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    switch (what) {
        case 0:
            s.program = {kernel(0, 1), repeat(2, {kernel(5, 1)})};
            break;
        case 1:
            s.program = {step(StepKind::EventSync)};
            break;
        case 2:
            s.device = "gtx";
            break;
        case 3:
            s.program = {kernel(0, 1, 1, 2048)};
            break;
        case 4:
            s.program = {repeat(1'000'000, {repeat(1'000'000, {kernel(0, 1)})})};
            break;
    }
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Failed);
    QVERIFY2(r.message.find(expected.toStdString()) != std::string::npos, r.message.c_str());
}

void TestSimEngine::walkerMatchesExpandProgram() {
    std::vector<Step> program = {kernel(0, 1),
                                 repeat(3,
                                        {kernel(1, 2), repeat(2, {kernel(0, 3)}, 5),
                                         repeat(0, {kernel(0, 4)}), repeat(4, {})},
                                        10),
                                 step(StepKind::DeviceSync)};
    program[1].body[0].batch = 1;
    program[1].body[1].body[0].batch = 2;
    const std::vector<Step> expanded = expandProgram(program);
    ProgramWalker walker(program);
    std::uint32_t batch = kNone;
    std::size_t i = 0;
    for (const Step* s = walker.next(batch); s != nullptr; s = walker.next(batch), ++i) {
        QVERIFY(i < expanded.size());
        SIM_COMPARE_ENUM(s->kind, expanded[i].kind);
        QCOMPARE(s->duration_ns, expanded[i].duration_ns);
        QCOMPARE(batch, expanded[i].batch);
    }
    QCOMPARE(i, expanded.size());
    QCOMPARE(i, expandedStepCount(program));
}

// docs/semantics.md section 11: re-recording an event does not change what an earlier wait waits
// for.
void TestSimEngine::reRecordDoesNotMoveAnEarlierWait() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    s.program = {kernel(0, 100'000),
                 withEvent(StepKind::EventRecord, 0, 0),
                 withEvent(StepKind::StreamWaitEvent, 0, 1),
                 kernel(0, 500'000),
                 withEvent(StepKind::EventRecord, 0, 0),
                 kernel(1, 10'000),
                 withEvent(StepKind::EventSync, 0)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    QCOMPARE(gpuOp(t, 5)->start_ns, gpuOp(t, 0)->end_ns);
    QCOMPARE(gpuOp(t, 2)->awaited, indexOf(t, gpuOp(t, 1)));
    // The sync uses the most recent record.
    QCOMPARE(waitOf(t, 6)->awaited, indexOf(t, gpuOp(t, 4)));
    QCOMPARE(gpuOp(t, 4)->end_ns, gpuOp(t, 3)->end_ns);
}

// Issue 8.4: within every other limit (each loop stays under the per-step poll cap), 100,000 poll
// loops behind 0.5 s kernels, polled every microsecond, would record 5 * 10^10 events (terabytes).
// The run is refused before it starts, and the message states the estimate.
void TestSimEngine::pollExplosionIsRefusedBeforeTheRun() {
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 1'000;
    s.program = {
        repeat(100'000, {kernel(0, 1'000'000'000), withEvent(StepKind::EventRecord, 0, 0), poll})};
    const std::uint64_t estimate = SimEventEstimate::events(s, h200());
    QVERIFY(estimate > std::uint64_t{100'000'000'000});
    QElapsedTimer timer;
    timer.start();
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Failed);
    QVERIFY2(r.message.find("would record up to " + std::to_string(estimate) + " events") !=
                 std::string::npos,
             r.message.c_str());
    QVERIFY2(r.message.find(std::to_string(SimEngine::kMaxEvents)) != std::string::npos,
             r.message.c_str());
    QVERIFY(timer.elapsed() < 5000);

    // The same loop polled every 10 ms records a few hundred thousand events: it runs.
    s.program = {
        repeat(1'000, {kernel(0, 1'000'000), withEvent(StepKind::EventRecord, 0, 0), poll})};
    s.program[0].body[2].poll_interval_ns = 10'000;
    QVERIFY(SimEventEstimate::events(s, h200()) < SimEngine::kMaxEvents);
    SIM_VERIFY_STATUS(run(s), RunStatus::Ok);
}

void TestSimEngine::eventEstimateSaturates() {
    // Nested repeats multiply past 2^64: the estimate stops at the maximum instead of wrapping.
    Scenario s = scenario({StreamKind::NonBlocking});
    s.events = {{"e", false, true}};
    Step poll = withEvent(StepKind::EventQueryPoll, 0);
    poll.poll_interval_ns = 1;
    Step inner = repeat(4'000'000'000u, {kernel(0, 4'000'000'000'000'000), poll});
    for (int depth = 0; depth < 4; ++depth)
        inner = repeat(4'000'000'000u, {inner});
    s.program = {inner};
    QCOMPARE(SimEventEstimate::events(s, h200()), std::numeric_limits<std::uint64_t>::max());
}

QTEST_GUILESS_MAIN(TestSimEngine)
#include "tst_sim_engine.moc"
