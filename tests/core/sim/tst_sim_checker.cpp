// The simulator's traces pass the invariant checker (core/analysis), the same suite the CUDA
// engine's traces must pass: every built-in scenario and many random ones.
#include <QDir>
#include <QtTest>
#include <algorithm>

#include "core/analysis/invariant_checker.h"
#include "core/scenario/scenario_reader.h"
#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimChecker : public QObject {
    Q_OBJECT

private slots:
    void scenarioFilesPass_data();
    void scenarioFilesPass();
    void randomScenariosPass_data();
    void randomScenariosPass();
    void benchmarkShapePasses();
};

namespace {

// Runs the scenario and checks its trace; fails the test with the first violations.
void runAndCheck(const Scenario& scenario) {
    const RunResult r = run(scenario);
    if (r.status == RunStatus::Failed &&
        r.message.find("out of device memory") != std::string::npos)
        return;  // random allocations may exceed the laptop profile: a clean failure is right
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    for (const TraceEvent* e : find(r.trace, EventKind::Error))
        QFAIL(std::string(r.trace.nameOf(*e)).c_str());
    InvariantCheckerOptions options;
    options.scenario = &scenario;
    const std::vector<Violation> violations = InvariantChecker(options).check(r.trace);
    std::string text;
    for (std::size_t i = 0; i < violations.size() && i < 10; ++i)
        text += violations[i].invariant + ": " + violations[i].message + "\n";
    QVERIFY2(violations.empty(), text.c_str());
}

}  // namespace

void TestSimChecker::scenarioFilesPass_data() {
    QTest::addColumn<QString>("path");
    int files = 0;
    for (const char* dir : {"/resources/scenarios", "/tests/data/scenarios"}) {
        const QDir d(QStringLiteral(SYNCSCOPE_SOURCE_DIR) + dir);
        for (const QString& name : d.entryList({"*.json"}, QDir::Files, QDir::Name)) {
            QTest::newRow(qPrintable(name)) << d.filePath(name);
            ++files;
        }
    }
    QVERIFY2(files > 0,
             "no scenario files found under resources/scenarios or tests/data/scenarios");
}

void TestSimChecker::scenarioFilesPass() {
    QFETCH(QString, path);
    const ScenarioParseResult parsed = ScenarioReader::readFile(path.toStdString());
    if (!parsed.ok()) {
        // Some test data files are invalid on purpose (reader tests); they are not ours to run.
        QSKIP(qPrintable("not a valid scenario: " + QString::fromStdString(parsed.errorText())));
    }
    runAndCheck(*parsed.scenario);
}

void TestSimChecker::randomScenariosPass_data() {
    QTest::addColumn<unsigned>("seed");
    for (unsigned seed = 1; seed <= 200; ++seed)
        QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << seed;
}

void TestSimChecker::randomScenariosPass() {
    QFETCH(unsigned, seed);
    runAndCheck(simScenario(seed));
}

// The shape bench_sim measures, smaller: kernels on 4 streams and a sync per iteration.
void TestSimChecker::benchmarkShapePasses() {
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking,
                           StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.program = {repeat(2000, {kernel(0, 10'000), kernel(1, 10'000), kernel(2, 10'000),
                               kernel(3, 10'000), step(StepKind::StreamSync, 0)})};
    runAndCheck(s);
}

QTEST_GUILESS_MAIN(TestSimChecker)
#include "tst_sim_checker.moc"
