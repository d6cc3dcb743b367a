// RunController / RunWorker: runs happen off the GUI thread as jobs, live deltas rebuild the
// engine's trace, Cancel hands control back without waiting, a new run waits for the old one
// instead of failing on the engine lock, and superseded runs never reach the view.
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <mutex>
#include <thread>

#include "core/engine/engine_factory.h"
#include "core/engine/trace_delta_emitter.h"
#include "core/scenario/batch_generator.h"
#include "tests/support/trace_difference.h"
#include "tests/ui/test_scenarios.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/run/run_controller.h"

using namespace syncscope;
using namespace Qt::StringLiterals;

namespace {

// Emits one kernel a millisecond until cancelled; once it notices the cancel it waits for `gate`,
// so a cancel() that blocked until the run ended would make it time out (and the test fail).
class GatedEngine final : public Engine {
public:
    QSemaphore gate;
    std::atomic<bool> gate_timed_out{false};
    std::atomic<bool> ran_on_gui_thread{false};
    Qt::HANDLE gui_thread = QThread::currentThreadId();

    std::string_view id() const noexcept override { return "gated"; }
    EngineAvailability availability() const noexcept override { return {true, "gated", ""}; }
    RunResult run(const Scenario&, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override {
        if (QThread::currentThreadId() == gui_thread)
            ran_on_gui_thread = true;
        RunResult result;
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = "s0";
        result.trace.addLane(lane);
        TraceDeltaEmitter emitter(result.trace, observer, std::chrono::milliseconds(5));
        for (int i = 0; i < 100'000 && !cancel.cancelled(); ++i) {
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.start_ns = i * 1000;
            e.end_ns = e.start_ns + 900;
            e.name = result.trace.strings.intern("k");
            result.trace.addEvent(e);
            emitter.maybeFlush();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        emitter.flush();
        if (cancel.cancelled() && !gate.tryAcquire(1, 5000))
            gate_timed_out = true;
        result.status = cancel.cancelled() ? RunStatus::Cancelled : RunStatus::Ok;
        return result;
    }
};

// Holds a process-wide lock while it runs, as the CUDA engine does: a second concurrent run
// fails at once. Runs until cancelled, or `kernels` kernels when that is set.
class LockedEngine final : public Engine {
public:
    static inline std::mutex lock;
    explicit LockedEngine(int kernels = -1) : kernels_(kernels) {}
    std::atomic<bool> started{false};
    std::atomic<bool> gui_would_block{false};

    std::string_view id() const noexcept override { return "locked"; }
    EngineAvailability availability() const noexcept override { return {true, "locked", ""}; }
    RunResult run(const Scenario&, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override {
        RunResult result;
        std::unique_lock held(lock, std::try_to_lock);
        if (!held.owns_lock()) {
            result.status = RunStatus::Failed;
            result.message = "another run holds the engine";
            return result;
        }
        started = true;
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = "s0";
        result.trace.addLane(lane);
        TraceDeltaEmitter emitter(result.trace, observer, std::chrono::milliseconds(5));
        for (int i = 0; (kernels_ < 0 || i < kernels_) && !cancel.cancelled(); ++i) {
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.start_ns = i * 1000;
            e.end_ns = e.start_ns + 900;
            e.name = result.trace.strings.intern("k");
            result.trace.addEvent(e);
            emitter.maybeFlush();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        emitter.flush();
        result.status = cancel.cancelled() ? RunStatus::Cancelled : RunStatus::Ok;
        return result;
    }

private:
    const int kernels_;
};

// Finishes its whole run, cancelled or not, once `gate` opens: an engine that had already done
// its work when the user's cancel reached it (the window shows progress behind the worker).
class FinishingEngine final : public Engine {
public:
    QSemaphore gate;
    std::atomic<bool> started{false};

    std::string_view id() const noexcept override { return "finishing"; }
    EngineAvailability availability() const noexcept override { return {true, "finishing", ""}; }
    RunResult run(const Scenario&, EngineObserver& observer, const CancelToken&) noexcept override {
        RunResult result;
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = "s0";
        result.trace.addLane(lane);
        for (int i = 0; i < 10; ++i) {
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.start_ns = i * 1000;
            e.end_ns = e.start_ns + 900;
            e.name = result.trace.strings.intern("k");
            result.trace.addEvent(e);
        }
        observer.onProgress(0.31, "simulating");
        started = true;
        gate.tryAcquire(1, 10000);
        observer.onProgress(1.0, "done");
        result.status = RunStatus::Ok;
        return result;
    }
};

// Lends an engine it does not own to the controller (the test keeps it to inspect it).
EngineFactory borrow(Engine* engine) {
    struct Borrowed final : Engine {
        Engine* inner;
        explicit Borrowed(Engine* e) : inner(e) {}
        std::string_view id() const noexcept override { return inner->id(); }
        EngineAvailability availability() const noexcept override { return inner->availability(); }
        RunResult run(const Scenario& s, EngineObserver& o,
                      const CancelToken& c) noexcept override {
            return inner->run(s, o, c);
        }
    };
    return [engine](std::string*, std::string*) { return std::make_unique<Borrowed>(engine); };
}

// QCOMPARE prints both sides; the status names say more than enum values.
QString name(RunStatus status) {
    return QString::fromUtf8(toString(status).data());
}

EngineFactory simFactory() {
    return [](std::string*, std::string*) { return makeSimEngine(); };
}

struct Finished {
    quint64 id = 0;
    RunStatus status = RunStatus::Failed;
    QString message;
    std::shared_ptr<const Trace> trace;
    std::chrono::steady_clock::time_point at;
};

// Collects runFinished with its typed arguments (QSignalSpy would need the values re-boxed).
struct FinishedRecorder {
    QList<Finished> all;
    FinishedRecorder(RunController& c) {
        QObject::connect(
            &c, &RunController::runFinished, &c,
            [this](quint64 id, RunStatus st, QString msg, std::shared_ptr<const Trace> t) {
                all.append({id, st, msg, t, std::chrono::steady_clock::now()});
            });
    }
};

}  // namespace

class TestRunController : public QObject {
    Q_OBJECT
private slots:
    void sameTraceAsDirectRun_data();
    void sameTraceAsDirectRun();
    void liveDeltasArriveBeforeTheRunEnds();
    void cancelReturnsAtOnceAndKeepsThePartialTrace();
    void cancelALongSimulatedRun();
    void supersededRunNeverReachesTheView();
    void unavailableEngineIsReported();
    void runStartedDuringARunNeverFailsOnTheEngineLock();
    void startAndCancelNeverWaitForAStuckEngine();
    void droppedRunSendsNothingMore();
    void cancelledRunEndsCancelledEvenIfTheEngineFinished();
};

void TestRunController::sameTraceAsDirectRun_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("loop, one iteration") << u"loop:1"_s;
    QTest::newRow("loop, two thousand iterations") << u"loop:2000"_s;
    for (const QString& name : BuiltinScenarios::names())
        QTest::newRow(qPrintable(u"builtin:"_s + name)) << u"builtin:"_s + name;
    for (const SyncModeInfo& info : syncModeCatalogue())
        QTest::newRow(
            qPrintable(u"generated:"_s + QString::fromUtf8(info.id.data(), info.id.size())))
            << u"generated:"_s + QString::number(int(info.mode));
}

void TestRunController::sameTraceAsDirectRun() {
    QFETCH(QString, source);
    Scenario scenario;
    if (source.startsWith(u"loop:"_s)) {
        scenario = test::kernelLoopScenario(source.mid(5).toUInt());
    } else if (source.startsWith(u"builtin:"_s)) {
        QString error;
        std::optional<Scenario> builtin = BuiltinScenarios::load(source, &error);
        QVERIFY2(builtin, qPrintable(error));
        scenario = *builtin;
    } else {
        BatchConfig config;  // the window's simple view, every sync mode
        config.sync_mode = SyncMode(source.mid(10).toInt());
        config.allocation = KernelAllocation::MallocAsync;
        BatchGeneration generated = BatchGenerator::generate(config);
        QVERIFY2(generated.scenario, generated.errors.empty() ? "" : generated.errors[0].c_str());
        scenario = *generated.scenario;
    }

    // What syncscope-cli does: the sim engine, directly, on this thread.
    EngineObserver silent;
    CancelToken never;
    const RunResult direct = makeSimEngine()->run(scenario, silent, never);
    QCOMPARE(name(direct.status), name(RunStatus::Ok));

    RunController controller;
    FinishedRecorder finished(controller);
    std::shared_ptr<const Trace> rebuilt;
    connect(&controller, &RunController::deltaApplied, this,
            [&] { rebuilt = controller.liveSnapshot(); });
    const quint64 id = controller.start(scenario, simFactory());
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 60000);
    QCOMPARE(finished.all[0].id, id);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Ok));
    QVERIFY(!controller.isRunning());

    const std::string diff =
        test::traceDifference(direct.trace, *finished.all[0].trace, test::TraceMatch::SameText);
    QVERIFY2(diff.empty(), diff.c_str());
    // The deltas alone rebuild the same trace (what the live timeline showed at the end).
    QVERIFY(rebuilt);
    const std::string live_diff =
        test::traceDifference(direct.trace, *rebuilt, test::TraceMatch::Timeline);
    QVERIFY2(live_diff.empty(), live_diff.c_str());
}

void TestRunController::liveDeltasArriveBeforeTheRunEnds() {
    GatedEngine engine;
    RunController controller;
    controller.setSnapshotInterval(10);
    FinishedRecorder finished(controller);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);
    QSignalSpy snapshots(&controller, &RunController::snapshotReady);
    controller.start(test::kernelLoopScenario(1), borrow(&engine));

    // The engine only stops when cancelled, so these deltas arrived while it was running.
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 3, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 1, 10000);
    QVERIFY(finished.all.isEmpty());
    QVERIFY(controller.isRunning());
    const auto snapshot = snapshots.last().at(1).value<std::shared_ptr<const Trace>>();
    QVERIFY(snapshot && !snapshot->events.empty());

    controller.cancel();
    engine.gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 10000);
    QVERIFY(!engine.ran_on_gui_thread);
}

void TestRunController::cancelReturnsAtOnceAndKeepsThePartialTrace() {
    GatedEngine engine;
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);
    controller.start(test::kernelLoopScenario(1), borrow(&engine));
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 2, 10000);

    const auto cancelled_at = std::chrono::steady_clock::now();
    controller.cancel();
    const auto cancel_call_ns = (std::chrono::steady_clock::now() - cancelled_at).count();
    // Had cancel() waited for the run, the engine would still be blocked on the gate.
    QVERIFY(finished.all.isEmpty());
    engine.gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 10000);
    const auto finished_ns = (finished.all[0].at - cancelled_at).count();
    QVERIFY(!engine.gate_timed_out);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Cancelled));
    QVERIFY(finished.all[0].trace && !finished.all[0].trace->events.empty());
    qInfo("gated engine: cancel() took %.3f ms; finished arrived after %.1f ms",
          double(cancel_call_ns) / 1e6, double(finished_ns) / 1e6);
}

void TestRunController::cancelALongSimulatedRun() {
    const Scenario scenario = test::kernelLoopScenario(300'000);
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);
    controller.start(scenario, simFactory());
    QTRY_VERIFY_WITH_TIMEOUT(!deltas.isEmpty() || !finished.all.isEmpty(), 60000);
    if (!finished.all.isEmpty())
        QSKIP("the simulator finished 900k steps before its first delta; nothing to cancel");

    const auto cancelled_at = std::chrono::steady_clock::now();
    controller.cancel();
    const auto cancel_call_ns = (std::chrono::steady_clock::now() - cancelled_at).count();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 30000);
    const auto finished_ns = (finished.all[0].at - cancelled_at).count();
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Cancelled));
    const auto& trace = *finished.all[0].trace;
    QVERIFY(!trace.events.empty());
    qInfo(
        "sim, 900k steps: cancel() took %.3f ms; control back (finished) after %.1f ms; "
        "partial trace of %zu events",
        double(cancel_call_ns) / 1e6, double(finished_ns) / 1e6, trace.events.size());
}

void TestRunController::supersededRunNeverReachesTheView() {
    GatedEngine slow;
    RunController controller;
    FinishedRecorder finished(controller);
    QList<quint64> seen_after_restart;
    bool restarted = false;
    auto note = [&](quint64 id) {
        if (restarted)
            seen_after_restart.append(id);
    };
    connect(&controller, &RunController::deltaApplied, this,
            [&](quint64 id, qsizetype) { note(id); });
    connect(&controller, &RunController::snapshotReady, this,
            [&](quint64 id, std::shared_ptr<const Trace>) { note(id); });
    connect(&controller, &RunController::progressChanged, this,
            [&](quint64 id, double, QString) { note(id); });
    QSignalSpy stale(&controller, &RunController::staleResultDropped);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);

    const quint64 first = controller.start(test::kernelLoopScenario(1), borrow(&slow));
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 2, 10000);
    restarted = true;
    const quint64 second = controller.start(test::kernelLoopScenario(20), simFactory());
    slow.gate.release();
    QVERIFY(second != first);

    // The first run still sends its last delta and its result; both must be dropped.
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(stale.cbegin(), stale.cend(),
                    [&](const QList<QVariant>& args) { return args.at(0).toULongLong() == first; }),
        10000);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.all.isEmpty(), 60000);
    QCOMPARE(finished.all.size(), 1);
    QCOMPARE(finished.all[0].id, second);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Ok));
    for (quint64 id : std::as_const(seen_after_restart))
        QCOMPARE(id, second);
}

void TestRunController::unavailableEngineIsReported() {
    RunController controller;
    FinishedRecorder finished(controller);
    controller.start(test::kernelLoopScenario(1),
                     [](std::string*, std::string* error) -> std::unique_ptr<Engine> {
                         *error = "no GPU in this test";
                         return nullptr;
                     });
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 10000);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Unavailable));
    QCOMPARE(finished.all[0].message, QStringLiteral("no GPU in this test"));
}

void TestRunController::runStartedDuringARunNeverFailsOnTheEngineLock() {
    LockedEngine first;
    LockedEngine second(20);
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy stale(&controller, &RunController::staleResultDropped);
    const quint64 first_id = controller.start(test::kernelLoopScenario(1), borrow(&first));
    QTRY_VERIFY_WITH_TIMEOUT(first.started.load(), 10000);
    // The first run still holds the lock: the second must wait for it to go, not fail on it.
    const quint64 second_id = controller.start(test::kernelLoopScenario(1), borrow(&second));
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 30000);
    QCOMPARE(finished.all[0].id, second_id);
    QVERIFY2(finished.all[0].status == RunStatus::Ok, qPrintable(finished.all[0].message));
    QCOMPARE(finished.all[0].trace->events.size(), std::size_t(20));
    QVERIFY(std::any_of(stale.cbegin(), stale.cend(), [&](const QList<QVariant>& args) {
        return args.at(0).toULongLong() == first_id;
    }));
}

void TestRunController::startAndCancelNeverWaitForAStuckEngine() {
    // The gated engine does not return after a cancel until the gate opens: had start() or
    // cancel() waited for it, they could not have returned before the gate is released below.
    GatedEngine stuck;
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);
    controller.start(test::kernelLoopScenario(1), borrow(&stuck));
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 1, 10000);
    controller.cancel();
    const quint64 next = controller.start(test::kernelLoopScenario(3), simFactory());
    QVERIFY(controller.isRunning());
    QVERIFY(finished.all.isEmpty());
    stuck.gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 30000);
    QCOMPARE(finished.all[0].id, next);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Ok));
    QVERIFY(!stuck.gate_timed_out);
}

void TestRunController::droppedRunSendsNothingMore() {
    LockedEngine engine;
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy deltas(&controller, &RunController::deltaApplied);
    QSignalSpy stale(&controller, &RunController::staleResultDropped);
    const quint64 id = controller.start(test::kernelLoopScenario(1), borrow(&engine));
    QTRY_VERIFY_WITH_TIMEOUT(deltas.size() >= 1, 10000);
    controller.drop();
    QVERIFY(!controller.isRunning());
    const qsizetype deltas_at_drop = deltas.size();
    // The engine stops on the cancel and returns its result, which is dropped like any delta.
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(stale.cbegin(), stale.cend(),
                    [&](const QList<QVariant>& args) { return args.at(0).toULongLong() == id; }),
        10000);
    // The result is the run's last post: once it has been dropped nothing of the run is left.
    QTRY_VERIFY_WITH_TIMEOUT(std::unique_lock(LockedEngine::lock, std::try_to_lock).owns_lock(),
                             10000);
    QCoreApplication::processEvents();
    QCOMPARE(deltas.size(), deltas_at_drop);
    QVERIFY(finished.all.isEmpty());
}

void TestRunController::cancelledRunEndsCancelledEvenIfTheEngineFinished() {
    FinishingEngine engine;
    RunController controller;
    FinishedRecorder finished(controller);
    QSignalSpy progress(&controller, &RunController::progressChanged);
    controller.start(test::kernelLoopScenario(1), borrow(&engine));
    QTRY_VERIFY_WITH_TIMEOUT(progress.size() >= 1, 10000);
    controller.cancel();
    const qsizetype progress_at_cancel = progress.size();
    engine.gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 1, 10000);
    QCOMPARE(name(finished.all[0].status), name(RunStatus::Cancelled));
    // The bar stays where the cancel stopped it: the engine's "done" is not shown.
    QCOMPARE(progress.size(), progress_at_cancel);
    // What ran is still shown: the whole trace the engine returned.
    QCOMPARE(finished.all[0].trace->events.size(), std::size_t(10));

    // The next run, not cancelled, ends as it ended.
    engine.started = false;
    controller.start(test::kernelLoopScenario(1), borrow(&engine));
    QTRY_VERIFY_WITH_TIMEOUT(engine.started.load(), 10000);
    engine.gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.all.size(), 2, 10000);
    QCOMPARE(name(finished.all[1].status), name(RunStatus::Ok));
}

QTEST_GUILESS_MAIN(TestRunController)
#include "tst_run_controller.moc"
