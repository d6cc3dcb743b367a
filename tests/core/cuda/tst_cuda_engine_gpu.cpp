// Runs scenarios on the real GPU and checks the trace's shape and the ordering invariants of
// docs/semantics.md section 7 that hold on any device. Skips, saying why, where no usable GPU is
// present. Measured figures (wake-up, launch cost, timer granularity) are printed, never asserted.
#include <QDir>
#include <QtTest>
#include <map>
#include <thread>

#include "core/analysis/invariant_checker.h"
#include "core/cuda/cuda_engine.h"
#include "core/cuda/cupti_activity_kinds.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

namespace {

class CountingObserver final : public EngineObserver {
public:
    int deltas = 0;
    std::size_t events = 0;
    void onTraceDelta(const TraceDeltaView& d) override {
        ++deltas;
        events += d.new_events.size();
    }
};

Step kernel(std::uint32_t stream, TimeNs ns, KernelKind kind = KernelKind::Spin) {
    Step s;
    s.kind = StepKind::Kernel;
    s.stream = stream;
    s.kernel = kind;
    s.duration_ns = ns;
    s.bytes = 64u << 20;
    if (kind == KernelKind::Memory) {
        s.grid = 264;
        s.block = 256;
    }
    return s;
}
Step op(StepKind kind, std::uint32_t stream = 0) {
    Step s;
    s.kind = kind;
    s.stream = stream;
    return s;
}

Scenario base(const char* title, SchedulePolicy policy = SchedulePolicy::Auto) {
    Scenario s;
    s.title = title;
    s.schedule = policy;
    s.streams = {{"s0", StreamKind::NonBlocking, 0}, {"s1", StreamKind::NonBlocking, 0}};
    s.events = {{"e0", false, true}, {"e1", true, true}};
    s.buffers = {{"a"}, {"b"}};
    return s;
}

Scenario deviceVsStream(SchedulePolicy policy) {
    Scenario s = base("device vs stream", policy);
    Step work = op(StepKind::HostWork);
    work.duration_ns = 100'000;
    s.program = {kernel(1, 1'500'000),
                 kernel(0, 200'000),
                 kernel(0, 200'000),
                 op(StepKind::StreamSync, 0),
                 work,
                 op(StepKind::DeviceSync)};
    return s;
}

Scenario events() {
    Scenario s = base("events");
    Step rec = op(StepKind::EventRecord, 0);
    rec.event = 0;
    Step wait = op(StepKind::StreamWaitEvent, 1);
    wait.event = 0;
    Step rec1 = op(StepKind::EventRecord, 1);
    rec1.event = 1;
    Step esync = op(StepKind::EventSync);
    esync.event = 1;
    Step poll = op(StepKind::EventQueryPoll);
    poll.event = 0;
    poll.poll_interval_ns = 50'000;
    Step ws = op(StepKind::WaitStream, 0);
    ws.other_stream = 1;
    Step cb = op(StepKind::HostCallback, 1);
    cb.duration_ns = 200'000;
    s.program = {kernel(0, 1'000'000),
                 rec,
                 wait,
                 kernel(1, 300'000),
                 rec1,
                 poll,
                 esync,
                 kernel(1, 500'000),
                 cb,
                 ws,
                 kernel(0, 100'000, KernelKind::Compute),
                 op(StepKind::CpuSync),
                 op(StepKind::DeviceSync)};
    return s;
}

Scenario memory() {
    Scenario s = base("memory and copies");
    s.streams.push_back({"legacy", StreamKind::LegacyDefault, 0});
    s.streams.push_back({"per-thread", StreamKind::PerThreadDefault, 0});
    s.pool.release_threshold = 0;
    Step copy = op(StepKind::Memcpy, 0);
    copy.direction = CopyDirection::DeviceToHost;
    copy.async = false;
    copy.pinned = false;
    copy.bytes = 16u << 20;
    Step h2d = op(StepKind::Memcpy, 1);
    h2d.bytes = 16u << 20;
    Step set = op(StepKind::Memset, 0);
    set.bytes = 1u << 20;
    Step m = op(StepKind::Malloc);
    m.buffer = 0;
    m.bytes = 32u << 20;
    Step f = op(StepKind::Free);
    f.buffer = 0;
    Step ma = op(StepKind::MallocAsync, 1);
    ma.buffer = 1;
    ma.bytes = 64u << 20;
    Step fa = op(StepKind::FreeAsync, 1);
    fa.buffer = 1;
    Step trim = op(StepKind::PoolTrim);
    trim.bytes = 0;
    s.program = {kernel(0, 500'000),
                 copy,
                 h2d,
                 set,
                 m,
                 kernel(2, 200'000),
                 kernel(3, 200'000),
                 f,
                 ma,
                 kernel(1, 300'000, KernelKind::Memory),
                 fa,
                 op(StepKind::StreamSync, 1),
                 trim,
                 op(StepKind::DeviceSync)};
    return s;
}

// Ordering invariants that hold on any device, with the run's own ε.
void checkInvariants(const Trace& t, const Scenario& scenario) {
    const TimeNs eps = t.device.clock_tolerance_ns;
    QVERIFY(eps > 0);
    QCOMPARE(t.lanes.size(), scenario.streams.size() + 2);
    for (const TraceEvent& e : t.events) {
        QVERIFY2(e.start_ns <= e.end_ns, qPrintable(QString::fromUtf8(t.nameOf(e).data())));
        QVERIFY(e.lane < t.lanes.size());
    }
    for (const Flow& f : t.flows) {
        QVERIFY(f.from < t.events.size() && f.to < t.events.size());
        if (f.kind == FlowKind::Launch) {  // I2 causality
            QVERIFY2(t.events[f.to].start_ns >= t.events[f.from].start_ns - eps,
                     qPrintable(QString("launch after its GPU op: %1")
                                    .arg(QString::fromUtf8(t.nameOf(t.events[f.to]).data()))));
        }
    }
    std::map<std::uint16_t, std::vector<const TraceEvent*>> lanes;  // I1 stream FIFO
    for (const TraceEvent& e : t.events)
        if ((e.kind == EventKind::Kernel || e.kind == EventKind::Memcpy ||
             e.kind == EventKind::Memset || e.kind == EventKind::HostCallback) &&
            e.correlation != kNone)
            lanes[e.lane].push_back(&e);
    for (auto& [lane, ops] : lanes) {
        std::sort(ops.begin(), ops.end(), [](const TraceEvent* a, const TraceEvent* b) {
            return a->correlation < b->correlation;
        });
        for (std::size_t i = 1; i < ops.size(); ++i)
            QVERIFY2(ops[i - 1]->end_ns <= ops[i]->start_ns + eps,
                     qPrintable(QString("FIFO broken on lane %1").arg(lane)));
    }
    for (const TraceEvent& e : t.events) {  // I5-I7: a host wait ends after what it waited for
        if (e.kind != EventKind::HostWait)
            continue;
        QVERIFY(e.awaited != kNone);
        QVERIFY(e.end_ns >= t.events[e.awaited].end_ns - eps);
        QVERIFY(e.cpuNs() >= 0);
    }
}

}  // namespace

class TestCudaEngineGpu : public QObject {
    Q_OBJECT

private:
    bool available() {
        const EngineAvailability a = makeCudaEngine()->availability();
        if (!a.available)
            reason_ = "no usable CUDA device here (" + a.message + ")";
        return a.available;
    }
    std::string reason_;

private slots:
    void scenariosRunAndHoldInvariants_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("device vs stream, auto") << 0;
        QTest::newRow("device vs stream, spin") << 1;
        QTest::newRow("device vs stream, blocking-sync") << 2;
        QTest::newRow("events, wait_stream, callback, query poll") << 3;
        QTest::newRow("memory, copies, default streams") << 4;
    }
    void scenariosRunAndHoldInvariants() {
        if (!available())
            QSKIP(reason_.c_str());
        QFETCH(int, which);
        const Scenario s = which == 0   ? deviceVsStream(SchedulePolicy::Auto)
                           : which == 1 ? deviceVsStream(SchedulePolicy::Spin)
                           : which == 2 ? deviceVsStream(SchedulePolicy::BlockingSync)
                           : which == 3 ? events()
                                        : memory();
        const auto engine = makeCudaEngine();
        CountingObserver observer;
        CancelToken cancel;
        const RunResult r = engine->run(s, observer, cancel);
        QVERIFY2(r.status == RunStatus::Ok, r.message.c_str());
        const Trace& t = r.trace;
        qInfo(
            "%s on %s: %zu events, wake[auto,spin,yield,blocking] = %lld %lld %lld %lld ns, launch "
            "%lld ns, "
            "globaltimer %lld ns, eps %lld ns",
            s.title.en.c_str(), t.device.name.c_str(), t.events.size(),
            (long long)t.device.wake_latency_ns[0], (long long)t.device.wake_latency_ns[1],
            (long long)t.device.wake_latency_ns[2], (long long)t.device.wake_latency_ns[3],
            (long long)t.device.launch_cost_ns, (long long)t.device.timer_granularity_ns,
            (long long)t.device.clock_tolerance_ns);
        QCOMPARE(observer.events, t.events.size());  // the live deltas rebuild the trace
        std::size_t kernels = 0, kernel_steps = 0;
        for (const TraceEvent& e : t.events)
            kernels += e.kind == EventKind::Kernel;
        for (const Step& st : expandProgram(s.program))
            kernel_steps += st.kind == StepKind::Kernel;
        QCOMPARE(kernels, kernel_steps);
        checkInvariants(t, s);
    }

    // Every built-in scenario on the GPU, checked by the same invariant suite as the simulator
    // (ε and L from the run's own calibration; warnings printed, errors fail).
    void builtinScenariosPassTheInvariantChecker_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios"));
        for (const QString& name : dir.entryList({"*.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void builtinScenariosPassTheInvariantChecker() {
        if (!available())
            QSKIP(reason_.c_str());
        QFETCH(QString, path);
        const ScenarioParseResult parsed = ScenarioReader::readFile(path.toStdString());
        QVERIFY2(parsed.ok(), parsed.errorText().c_str());
        const auto engine = makeCudaEngine();
        CountingObserver observer;
        CancelToken cancel;
        const RunResult r = engine->run(*parsed.scenario, observer, cancel);
        QVERIFY2(r.status == RunStatus::Ok, r.message.c_str());
        InvariantCheckerOptions options;
        options.scenario = &*parsed.scenario;
        // The trace stores the median wake-up; as a bound (I8) allow the spread real waits have,
        // as scripts/gpu-check does.
        const TimeNs largest = *std::max_element(std::begin(r.trace.device.wake_latency_ns),
                                                 std::end(r.trace.device.wake_latency_ns));
        options.wake_bound_ns = std::max<TimeNs>(100'000, 10 * largest);
        for (CUpti_ActivityKind k : recordedActivityKinds())
            options.enabled_cupti_activity_kinds.push_back(int(k));
        QString errors;
        for (const Violation& v : InvariantChecker(options).check(r.trace)) {
            const QString line = QString::fromStdString(v.invariant + ": " + v.message);
            if (v.severity == Violation::Severity::Warning)
                qWarning("%s", qPrintable(line));
            else
                errors += line + "\n";
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors));
        checkInvariants(r.trace, *parsed.scenario);
    }

    void outOfMemoryFailsCleanlyAndTheNextRunWorks() {
        if (!available())
            QSKIP(reason_.c_str());
        Scenario s = base("out of memory");
        Step m = op(StepKind::Malloc);
        m.buffer = 0;
        m.bytes = 1ull << 50;
        s.program = {kernel(0, 100'000), m, op(StepKind::DeviceSync)};
        const auto engine = makeCudaEngine();
        CountingObserver observer;
        CancelToken cancel;
        const RunResult r = engine->run(s, observer, cancel);
        QCOMPARE(int(r.status), int(RunStatus::Failed));
        QVERIFY2(r.message.find("out of memory") != std::string::npos, r.message.c_str());
        QVERIFY(std::any_of(r.trace.events.begin(), r.trace.events.end(),
                            [](const TraceEvent& e) { return e.kind == EventKind::Error; }));
        const RunResult again = engine->run(deviceVsStream(SchedulePolicy::Auto), observer, cancel);
        QVERIFY2(again.status == RunStatus::Ok, again.message.c_str());
    }

    void cancelStopsALongKernel() {
        if (!available())
            QSKIP(reason_.c_str());
        Scenario s = base("cancel");
        s.program = {kernel(0, 20'000'000'000), op(StepKind::DeviceSync)};
        const auto engine = makeCudaEngine();
        CountingObserver observer;
        CancelToken cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel.cancel();
        });
        QElapsedTimer timer;
        timer.start();
        const RunResult r = engine->run(s, observer, cancel);
        canceller.join();
        qInfo("cancelled run returned after %lld ms", (long long)timer.elapsed());
        QCOMPARE(int(r.status), int(RunStatus::Cancelled));
    }
};

QTEST_GUILESS_MAIN(TestCudaEngineGpu)
#include "tst_cuda_engine_gpu.moc"
