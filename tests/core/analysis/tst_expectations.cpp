// Scenario "expect" claims: read with exact errors, written back unchanged, and evaluated on
// simulated runs, where a true claim holds and a false one fails with a sentence that says what
// was measured.
#include <QtTest>

#include "core/analysis/expectation_check.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;

namespace {

// Two streams: a 400 µs kernel "k" on s1 and a 300 µs kernel "k2" on s2 (they overlap); then
// torch.cpu.synchronize() ("cpu"), which waits for nothing; then a stream sync of s1 ("sync"),
// which waits for k; three 50 µs "loop" kernels; 300 µs of host work (s1 idles); then "after"
// on s1; a pool
// allocation freed before the sync, with release threshold 0.
std::string scenarioWith(const std::string& expect) {
    return R"({"format": "syncscope-scenario", "version": 1, "title": "t", "device": "h200",
  "streams": [{"name": "s1"}, {"name": "s2"}], "buffers": [{"name": "buf"}],
  "steps": [
    {"op": "malloc_async", "buffer": "buf", "bytes": 1048576, "stream": "s1", "id": "alloc"},
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 400, "id": "k", "uses": ["buf"]},
    {"op": "kernel", "stream": "s2", "kind": "spin", "duration_us": 300, "id": "k2"},
    {"op": "free_async", "buffer": "buf", "stream": "s1", "id": "free"},
    {"op": "cpu_sync", "id": "cpu"},
    {"op": "stream_sync", "stream": "s1", "id": "sync"},
    {"op": "repeat", "count": 3, "steps": [
      {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 50, "id": "loop"}]},
    {"op": "host_work", "duration_us": 300},
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 20, "id": "after"},
    {"op": "device_sync", "id": "end"}],
  "expect": [)" +
           expect + "]}";
}

struct Evaluated {
    std::string error;
    std::vector<ExpectationResult> results;
};

Evaluated evaluate(const std::string& expect) {
    Evaluated out;
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(expect));
    if (!parsed.ok()) {
        out.error = parsed.errorText();
        return out;
    }
    EngineObserver observer;
    CancelToken cancel;
    const RunResult run = makeSimEngine()->run(*parsed.scenario, observer, cancel);
    if (run.status != RunStatus::Ok) {
        out.error = run.message;
        return out;
    }
    out.results = checkExpectations(*parsed.scenario, run.trace);
    return out;
}

}  // namespace

class TestExpectations : public QObject {
    Q_OBJECT
private slots:
    void trueClaimsHold_data();
    void trueClaimsHold();
    void falseClaimsFailWithASentence_data();
    void falseClaimsFailWithASentence();
    void readerErrorsNameTheField_data();
    void readerErrorsNameTheField();
    void writtenBackUnchanged();
    void traceWithoutTheStepFails();
    void aRecordingsToleranceDecidesTouchingWork_data();
    void aRecordingsToleranceDecidesTouchingWork();
};

void TestExpectations::trueClaimsHold_data() {
    QTest::addColumn<QString>("claim");
    QTest::newRow("cpu.synchronize returns while k runs")
        << R"({"claim": "returns-before-end", "call": "cpu", "gpu": "k"})";
    QTest::newRow("launches are async")
        << R"({"claim": "returns-before-end", "call": "k", "gpu": "k"})";
    QTest::newRow("stream sync returns after k")
        << R"({"claim": "returns-after-end", "call": "sync", "gpu": "k"})";
    QTest::newRow("cpu.synchronize waits 0")
        << R"({"claim": "host-wait", "step": "cpu", "max_us": 0})";
    QTest::newRow("stream sync waits for the rest of k")
        << R"({"claim": "host-wait", "step": "sync", "min_us": 300, "max_us": 450})";
    QTest::newRow("k and k2 overlap") << R"({"claim": "overlap", "gpu": "k", "with": "k2"})";
    QTest::newRow("after starts after k")
        << R"({"claim": "starts-after-end", "gpu": "after", "after": "k"})";
    QTest::newRow("every loop kernel after k")
        << R"({"claim": "starts-after-end", "gpu": "loop", "after": "k"})";
    QTest::newRow("third loop kernel after the first")
        << R"({"claim": "starts-after-end", "gpu": "loop#2", "after": "loop#0"})";
    QTest::newRow("s1 idles while the host works")
        << R"({"claim": "idle", "lane": "s1", "min_us": 90})";
    QTest::newRow("the pool holds 1 MiB after the free")
        << R"({"claim": "memory", "after": "free", "series": "pool_reserved", "at_least": 1048576})";
    QTest::newRow("threshold 0: the sync gives it back")
        << R"({"claim": "memory", "after": "sync", "series": "pool_reserved", "equals": 0})";
    QTest::newRow("the stream sync spins (auto)")
        << R"({"claim": "flag", "step": "sync", "flag": "spinning"})";
}

void TestExpectations::trueClaimsHold() {
    QFETCH(QString, claim);
    const Evaluated e = evaluate(claim.toStdString());
    QVERIFY2(e.error.empty(), e.error.c_str());
    QCOMPARE(e.results.size(), std::size_t{1});
    const ExpectationResult& r = e.results[0];
    QVERIFY2(r.holds, (r.claim + "; but " + r.measured).c_str());
    QVERIFY(!r.claim.empty());
    QVERIFY(!r.measured.empty());
}

void TestExpectations::falseClaimsFailWithASentence_data() {
    QTest::addColumn<QString>("claim");
    QTest::addColumn<QString>("sentence");  // the claim in words
    QTest::addColumn<QString>("measured");  // a fragment of what was measured
    QTest::newRow("the article's belief")
        << R"({"claim": "returns-after-end", "call": "cpu", "gpu": "k", "text": "cpu waits"})"
        << "step 'cpu' returns to the host only after step 'k''s GPU work has ended"
        << "step 'cpu' returned at ";
    QTest::newRow("a sync that would not wait")
        << R"({"claim": "host-wait", "step": "sync", "max_us": 0})"
        << "the host does not wait in step 'sync'"
        << "the host waited ";
    QTest::newRow("no overlap across a sync")
        << R"({"claim": "overlap", "gpu": "after", "with": "k"})"
        << "step 'after''s GPU work runs at the same time as step 'k''s"
        << "'s GPU work ran ";
    QTest::newRow("every loop kernel before the first")
        << R"({"claim": "starts-after-end", "gpu": "loop", "after": "loop#1"})"
        << "every instance of step 'loop''s GPU work starts only after step 'loop#1''s has ended"
        << "step 'loop#0''s GPU work started at ";
    QTest::newRow("no queue-full here")
        << R"({"claim": "flag", "step": "loop", "flag": "queue-full"})"
        << "some instance of step 'loop' is marked queue-full"
        << "is not marked queue-full";
    QTest::newRow("a pool that never shrinks")
        << R"({"claim": "memory", "after": "sync", "series": "pool_reserved", "at_least": 1})"
        << "pool_reserved right after step 'sync' returns is at least 1 bytes"
        << "was 0 bytes";
    QTest::newRow("s2 never idles that long") << R"({"claim": "idle", "lane": "s2", "min_us": 1})"
                                              << "stream 's2' is idle for at least 1.0 µs"
                                              << "never went idle";
}

void TestExpectations::falseClaimsFailWithASentence() {
    QFETCH(QString, claim);
    QFETCH(QString, sentence);
    QFETCH(QString, measured);
    const Evaluated e = evaluate(claim.toStdString());
    QVERIFY2(e.error.empty(), e.error.c_str());
    QCOMPARE(e.results.size(), std::size_t{1});
    const ExpectationResult& r = e.results[0];
    QVERIFY2(!r.holds, r.claim.c_str());
    QVERIFY2(QString::fromStdString(r.claim).startsWith(sentence), r.claim.c_str());
    QVERIFY2(QString::fromStdString(r.measured).contains(measured), r.measured.c_str());
}

void TestExpectations::readerErrorsNameTheField_data() {
    QTest::addColumn<QString>("claim");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown id") << R"({"claim": "host-wait", "step": "nope", "max_us": 0})"
                                << "expect[0].step: no step has the id 'nope'";
    QTest::newRow("instance past the end")
        << R"({"claim": "host-wait", "step": "loop#3", "max_us": 0})"
        << "expect[0].step: step 'loop' runs 3 times; there is no instance #3";
    QTest::newRow("bad instance") << R"({"claim": "host-wait", "step": "loop#x", "max_us": 0})"
                                  << "expect[0].step: the instance after '#' must be a number";
    QTest::newRow("unknown claim") << R"({"claim": "waits", "step": "sync"})"
                                   << "expect[0].claim: unknown claim 'waits' (allowed: ";
    QTest::newRow("missing field") << R"({"claim": "overlap", "gpu": "k"})"
                                   << "expect[0].with: is required by the claim 'overlap'";
    QTest::newRow("field of another kind")
        << R"({"claim": "overlap", "gpu": "k", "with": "k2", "min_us": 3})"
        << "expect[0].min_us: is not a field of the claim 'overlap'";
    QTest::newRow("no bound") << R"({"claim": "host-wait", "step": "sync"})"
                              << "expect[0]: a host-wait claim needs min_us, max_us or both";
    QTest::newRow("unknown flag") << R"({"claim": "flag", "step": "sync", "flag": "slow"})"
                                  << "expect[0].flag: unknown flag 'slow'";
    QTest::newRow("unknown series")
        << R"({"claim": "memory", "after": "sync", "series": "vram", "equals": 0})"
        << "expect[0].series: unknown series 'vram'";
    QTest::newRow("negative bytes")
        << R"({"claim": "memory", "after": "sync", "series": "device_used", "equals": -1})"
        << "expect[0].equals: must be a whole number of bytes >= 0";
    QTest::newRow("unknown lane") << R"({"claim": "idle", "lane": "s9", "min_us": 1})"
                                  << "expect[0].lane: no stream named 's9'";
    QTest::newRow("negative time") << R"({"claim": "idle", "lane": "s1", "min_us": -1})"
                                   << "expect[0].min_us: must be a number of µs";
    QTest::newRow("not an object") << R"(3)"
                                   << "expect[0]: must be an object, not a number";
}

void TestExpectations::readerErrorsNameTheField() {
    QFETCH(QString, claim);
    QFETCH(QString, error);
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(claim.toStdString()));
    QVERIFY(!parsed.ok());
    QVERIFY2(QString::fromStdString(parsed.errorText()).contains(error),
             parsed.errorText().c_str());
}

void TestExpectations::writtenBackUnchanged() {
    const std::string claims =
        R"({"claim": "returns-before-end", "call": "cpu", "gpu": "k", "text": "nothing"},
           {"claim": "host-wait", "step": "sync", "min_us": 300.5, "max_us": 450},
           {"claim": "flag", "step": "loop", "flag": "queue-full", "instances": "all"},
           {"claim": "memory", "after": "free", "series": "pool_reserved", "at_least": 1, "at_most": 9},
           {"claim": "idle", "lane": "s1", "min_us": 90},
           {"claim": "starts-after-end", "gpu": "loop#2", "after": "loop#0"},
           {"claim": "overlap", "gpu": "k", "with": "k2", "instances": "any"})";
    const ScenarioParseResult first = ScenarioReader::parse(scenarioWith(claims));
    QVERIFY2(first.ok(), first.errorText().c_str());
    QCOMPARE(first.scenario->expect.size(), std::size_t{7});
    const ScenarioParseResult second =
        ScenarioReader::parse(ScenarioWriter::toJson(*first.scenario));
    QVERIFY2(second.ok(), second.errorText().c_str());
    const std::string difference = test::scenarioDifference(*first.scenario, *second.scenario);
    QVERIFY2(difference.empty(), difference.c_str());
}

void TestExpectations::traceWithoutTheStepFails() {
    // A trace in which the step never ran (an import, a cancelled run) cannot prove the claim.
    const ScenarioParseResult parsed = ScenarioReader::parse(
        scenarioWith(R"({"claim": "returns-before-end", "call": "cpu", "gpu": "k"})"));
    QVERIFY(parsed.ok());
    const Trace empty;
    const auto results = checkExpectations(*parsed.scenario, empty);
    QCOMPARE(results.size(), std::size_t{1});
    QVERIFY(!results[0].holds);
    QVERIFY2(QString::fromStdString(results[0].measured).contains("made no API call"),
             results[0].measured.c_str());
}

void TestExpectations::aRecordingsToleranceDecidesTouchingWork_data() {
    QTest::addColumn<qint64>("toleranceNs");
    QTest::addColumn<qint64>("earlyNs");  // k2 starts this long before k ends
    QTest::addColumn<bool>("startsAfter");
    QTest::addColumn<bool>("overlaps");
    QTest::addColumn<bool>("recording");  // false: a simulated trace, whatever ε its file claims
    QTest::newRow("simulator: 1.2 µs is an overlap")
        << qint64(0) << qint64(1200) << false << true << false;
    // Editing a simulated trace's header cannot make a false claim hold (docs/semantics.md
    // section 6).
    QTest::newRow("simulator claiming ε = 5 ms: still an overlap")
        << qint64(5'000'000) << qint64(1200) << false << true << false;
    QTest::newRow("recording: 1.2 µs is within ε")
        << qint64(2000) << qint64(1200) << true << false << true;
    QTest::newRow("recording: 2 µs is within ε")
        << qint64(2000) << qint64(2000) << true << false << true;
    QTest::newRow("recording: 2.5 µs is an overlap")
        << qint64(2000) << qint64(2500) << false << true << true;
    QTest::newRow("recording claiming ε = 5 ms: capped, 100 µs is an overlap")
        << qint64(5'000'000) << qint64(100'000) << false << true << true;
}

void TestExpectations::aRecordingsToleranceDecidesTouchingWork() {
    // A full-GPU kernel ends when its last block retires; the next one's first blocks may start
    // on freed SMs a little earlier. On a recording, times within its ε are one moment.
    QFETCH(qint64, toleranceNs);
    QFETCH(qint64, earlyNs);
    QFETCH(bool, startsAfter);
    QFETCH(bool, overlaps);
    QFETCH(bool, recording);
    const ScenarioParseResult parsed = ScenarioReader::parse(
        scenarioWith(R"({"claim": "starts-after-end", "gpu": "k2", "after": "k"},
                        {"claim": "overlap", "gpu": "k2", "with": "k"})"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    EngineObserver observer;
    CancelToken cancel;
    RunResult run = makeSimEngine()->run(*parsed.scenario, observer, cancel);
    QVERIFY2(run.status == RunStatus::Ok, run.message.c_str());
    Trace& trace = run.trace;
    // As a recording would carry it, or written into a simulated trace's header.
    if (recording)
        trace.device.engine = "cuda";
    trace.device.clock_tolerance_ns = toleranceNs;
    const auto kernelOf = [&](std::uint32_t step) -> TraceEvent& {
        for (TraceEvent& e : trace.events)
            if (e.kind == EventKind::Kernel && e.step == step)
                return e;
        qFatal("no kernel of step %u", step);
    };
    const TraceEvent& k = kernelOf(1);
    TraceEvent& k2 = kernelOf(2);
    k2.start_ns = k.end_ns - earlyNs;
    k2.end_ns = k.end_ns + 300'000;
    const auto results = checkExpectations(*parsed.scenario, trace);
    QCOMPARE(results.size(), std::size_t{2});
    QVERIFY2(results[0].holds == startsAfter, results[0].measured.c_str());
    QVERIFY2(results[1].holds == overlaps, results[1].measured.c_str());
    // A recording's sentence says its ε; a simulated one has none to mention.
    QCOMPARE(QString::fromStdString(results[0].measured).contains("count as one"), recording);
}

QTEST_GUILESS_MAIN(TestExpectations)
#include "tst_expectations.moc"
