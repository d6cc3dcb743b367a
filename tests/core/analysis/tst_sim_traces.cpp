#include <QDir>
#include <QtTest>

#include "core/analysis/invariant_checker.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"

using namespace syncscope;

namespace {

struct SimRun {
    Scenario scenario;
    RunResult result;
};

SimRun simulate(const QString& path) {
    auto parsed = ScenarioReader::readFile(path.toStdString());
    if (!parsed.ok())
        qFatal("%s: %s", qPrintable(path), parsed.errorText().c_str());
    SimRun run{*parsed.scenario, {}};
    EngineObserver observer;
    CancelToken cancel;
    run.result = makeSimEngine()->run(run.scenario, observer, cancel);
    return run;
}

QString describe(const std::vector<Violation>& violations) {
    QString text;
    for (const auto& v : violations)
        text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
    return text;
}

// Errors the simulator itself flagged as use after free (it writes "(I21)" in the message).
std::size_t simulatorI21Errors(const Trace& trace) {
    std::size_t count = 0;
    for (const auto& e : trace.events)
        if (e.kind == EventKind::Error && trace.nameOf(e).find("(I21)") != std::string_view::npos)
            ++count;
    return count;
}

void addScenarioRows(const QString& folder, const QString& filter) {
    const QDir dir(folder);
    const auto files = dir.entryList({filter}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        qWarning("no scenarios in %s", qPrintable(folder));
    for (const auto& file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file) << QStringList{};
}

}  // namespace

// The simulator's traces against the checker: two independent readings of docs/semantics.md.
// Every built-in scenario must pass; the extra scenarios here stress stream kinds, pools and
// long runs, and one of them does use a buffer after cudaFreeAsync on purpose.
class TestSimTraces : public QObject {
    Q_OBJECT

private slots:
    void simulatedRunsPass_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("expected");  // invariant ids expected, in order
        const QString root = QStringLiteral(SYNCSCOPE_SOURCE_DIR);
        addScenarioRows(root + "/resources/scenarios", "*.json");
        addScenarioRows(root + "/tests/data/scenarios", "*.syncscope.json");
        const QString data = root + "/tests/core/analysis/data/";
        QTest::newRow("mixed-streams") << data + "mixed-streams.syncscope.json" << QStringList{};
        QTest::newRow("repeat-waits-and-legacy")
            << data + "repeat-waits-and-legacy.syncscope.json" << QStringList{};
        QTest::newRow("pool-use-after-free")
            << data + "pool-use-after-free.syncscope.json" << QStringList{"I21"};
    }

    void simulatedRunsPass() {
        QFETCH(QString, path);
        QFETCH(QStringList, expected);
        const SimRun run = simulate(path);
        QVERIFY2(run.result.status == RunStatus::Ok, run.result.message.c_str());
        InvariantCheckerOptions options;
        options.scenario = &run.scenario;
        const auto violations = InvariantChecker(options).check(run.result.trace);
        QStringList ids;
        for (const auto& v : violations)
            ids << QString::fromStdString(v.invariant);
        QVERIFY2(ids == expected, qPrintable(describe(violations)));
        // Where the simulator flags a use after free itself, the checker finds the same ones.
        QCOMPARE(static_cast<std::size_t>(ids.count("I21")), simulatorI21Errors(run.result.trace));
    }

    // A trace that carries its scenario needs no scenario passed in for I21.
    void scenarioFromTheTrace() {
        SimRun run = simulate(QStringLiteral(SYNCSCOPE_SOURCE_DIR) +
                              "/tests/core/analysis/data/pool-use-after-free.syncscope.json");
        run.result.trace.scenario = nullptr;  // without a scenario, I21 is not checked
        QVERIFY(InvariantChecker().check(run.result.trace).empty());
        run.result.trace.scenario = std::make_shared<const Scenario>(run.scenario);
        const auto violations = InvariantChecker().check(run.result.trace);
        QCOMPARE(violations.size(), std::size_t{1});
        QCOMPARE(violations[0].invariant, std::string("I21"));
    }
};

QTEST_GUILESS_MAIN(TestSimTraces)
#include "tst_sim_traces.moc"
