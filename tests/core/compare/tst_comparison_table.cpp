// core/compare/comparison_table: the compare view's difference table, on hand-made traces (each
// figure from its own source) and on the simulator's runs of two built-in pairs, whose numbers are
// exact because the simulator is deterministic.
#include <QtTest>

#include "core/compare/comparison_table.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using syncscope::test::TraceBuilder;
using syncscope::test::us;

namespace {

// One kernel 10..110 µs, the host waiting for it from 5 µs to 112 µs, burning `cpu` of it.
Trace waitingRun(std::int64_t cpu, std::uint8_t flags) {
    TraceBuilder b;
    const auto s = b.stream("s");
    const auto k = b.kernel(s, "k").enq(us(0), us(5)).gpu(us(10), us(110)).step(0);
    b.call(ApiId::StreamSynchronize, us(5), us(112), s).step(1);
    const auto w = b.hostWait(us(5), us(112), k.op, flags, cpu);
    b.trace().events[w].step = 1;
    return b.trace();
}

Trace simulate(const char* builtin) {
    const ScenarioParseResult parsed = ScenarioReader::readFile(
        std::string(SYNCSCOPE_SOURCE_DIR "/resources/scenarios/") + builtin + ".json");
    if (!parsed.ok())
        qFatal("%s", parsed.errorText().c_str());
    EngineObserver observer;
    CancelToken cancel;
    RunResult result = makeSimEngine()->run(*parsed.scenario, observer, cancel);
    if (result.status != RunStatus::Ok)
        qFatal("%s", result.message.c_str());
    result.trace.source = std::string("builtin:") + builtin;
    return std::move(result.trace);
}

}  // namespace

class TestComparisonTable : public QObject {
    Q_OBJECT
private slots:
    void rowsComeFromEachRun();
    void unknownCpuTimeMarksTheRowPartial();
    void ratioAndDifference();
    void formatting();
    void displayName();
    void cpuSynchronizeVersusDevice();
    void spinVersusBlockingSync();
};

void TestComparisonTable::rowsComeFromEachRun() {
    const Trace spin = waitingRun(us(107), event_flags::kSpinning);
    const Trace sleep = waitingRun(us(2), event_flags::kSleeping);
    const ComparisonTable t = buildComparisonTable(spin, sleep);
    QCOMPARE(t.rows.size(), std::size_t{4});
    QCOMPARE(t.rows[0].label, std::string("makespan"));
    QCOMPARE(t.row("makespan")->a, us(112));
    QCOMPARE(t.row("host blocked")->a, us(107));
    QCOMPARE(t.row("host blocked")->b, us(107));
    QCOMPARE(t.row("CPU burnt waiting")->a, us(107));
    QCOMPARE(t.row("CPU burnt waiting")->b, us(2));
    QVERIFY(!t.row("CPU burnt waiting")->a_partial);
    QVERIFY(t.row("no such row") == nullptr);
}

void TestComparisonTable::unknownCpuTimeMarksTheRowPartial() {
    const ComparisonTable t =
        buildComparisonTable(waitingRun(-1, event_flags::kSpinning), waitingRun(0, 0));
    QVERIFY(t.row("CPU burnt waiting")->a_partial);
    QVERIFY(!t.row("CPU burnt waiting")->b_partial);
}

void TestComparisonTable::ratioAndDifference() {
    ComparisonTable::Row r{"x", us(200), us(50)};
    QCOMPARE(r.difference(), -us(150));
    QCOMPARE(*r.ratio(), 0.25);
    r.a = 0;
    QVERIFY(!r.ratio());
}

void TestComparisonTable::formatting() {
    QCOMPARE(formatSignedDuration(us(1200)), std::string("+1.20 ms"));
    QCOMPARE(formatSignedDuration(-350), std::string("\u2212350 ns"));
    QCOMPARE(formatSignedDuration(0), std::string("0 ns"));
    QCOMPARE(formatRatio(2.5), std::string("\u00d72.50"));
    QCOMPARE(formatRatio(std::nullopt), std::string("\u2014"));
}

void TestComparisonTable::displayName() {
    Trace t;
    QCOMPARE(traceDisplayName(t), std::string("trace"));
    t.source = "/home/someone/runs/step.pt.trace.json";
    QCOMPARE(traceDisplayName(t), std::string("step.pt.trace.json"));
    t.title = t.source;  // as the importers title a trace
    QCOMPARE(traceDisplayName(t), std::string("step.pt.trace.json"));
    t.title = "Stream synchronize";
    QCOMPARE(traceDisplayName(t), std::string("Stream synchronize"));
}

void TestComparisonTable::cpuSynchronizeVersusDevice() {
    const ComparisonTable t =
        buildComparisonTable(simulate("mode-cpu-synchronize"), simulate("mode-device"));
    // A: one 2 ms kernel, torch.cpu.synchronize() (no wait), 50 µs of "timing", then the device
    // sync that really waits. B: four batches of 400 + 250 µs kernels, a device sync after each;
    // the default policy spins, so every blocked ns is a burnt ns.
    QCOMPARE(t.row("makespan")->a, TimeNs{2'004'500});
    QCOMPARE(t.row("makespan")->b, TimeNs{1'618'000});
    QCOMPARE(t.row("host blocked")->a, TimeNs{1'952'000});
    QCOMPARE(t.row("host blocked")->b, TimeNs{1'598'000});
    QCOMPARE(t.row("CPU burnt waiting")->a, TimeNs{1'952'000});
    QCOMPARE(t.row("CPU burnt waiting")->b, TimeNs{1'598'000});
    QCOMPARE(t.row("GPU idle caused by syncs")->a, TimeNs{0});  // one kernel: no gap to blame
    QCOMPARE(t.row("GPU idle caused by syncs")->b, TimeNs{13'500});
    QCOMPARE(t.row("makespan")->difference(), TimeNs{-386'500});
    QCOMPARE(t.name_a, std::string("torch.cpu.synchronize() waits for nothing"));
}

void TestComparisonTable::spinVersusBlockingSync() {
    const ComparisonTable t =
        buildComparisonTable(simulate("policy-spin"), simulate("policy-blocking-sync"));
    // Spinning burns the core for the whole wait; blocking-sync sleeps through it.
    QCOMPARE(t.row("host blocked")->a, TimeNs{1'510'000});
    QCOMPARE(t.row("CPU burnt waiting")->a, TimeNs{1'510'000});
    // Sleeping waits longer (the wake-up latency, five times) but burns only the wake-ups.
    QCOMPARE(t.row("host blocked")->b, TimeNs{1'650'000});
    QCOMPARE(t.row("CPU burnt waiting")->b, TimeNs{33'000});
    QCOMPARE(t.row("makespan")->a, TimeNs{1'622'500});
    QCOMPARE(t.row("makespan")->b, TimeNs{1'762'500});
    QCOMPARE(t.row("GPU idle caused by syncs")->a, TimeNs{98'000});
    QCOMPARE(t.row("GPU idle caused by syncs")->b, TimeNs{210'000});
    QCOMPARE(formatRatio(t.row("CPU burnt waiting")->ratio()), std::string("\u00d70.02"));
}

QTEST_GUILESS_MAIN(TestComparisonTable)
#include "tst_comparison_table.moc"
