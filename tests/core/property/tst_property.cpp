#include <QtTest>
#include <array>
#include <set>

#include "core/analysis/invariant_checker.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/random_scenario.h"

using namespace syncscope;

// Property: every valid scenario simulates with zero invariant violations. A fixed seed keeps the
// suite reproducible; a failure prints the scenario as JSON so it can be replayed with the CLI.
class TstProperty : public QObject {
    Q_OBJECT

private slots:
    void randomScenariosHaveNoViolations() {
        constexpr int kScenarios = 1000;
        test::RandomScenario generator(20261130);
        std::set<StepKind> kinds_seen;
        std::set<SyncMode> modes_seen;
        std::set<StreamKind> streams_seen;
        std::set<SchedulePolicy> policies_seen;
        const auto engine = makeSimEngine();
        int ok_runs = 0;
        for (int i = 0; i < kScenarios; ++i) {
            const Scenario scenario = generator.next();
            policies_seen.insert(scenario.schedule);
            for (const auto& s : scenario.streams)
                streams_seen.insert(s.kind);
            for (const auto& step : scenario.program) {
                kinds_seen.insert(step.kind);
                modes_seen.insert(step.mode);
                for (const auto& inner : step.body) {
                    kinds_seen.insert(inner.kind);
                    modes_seen.insert(inner.mode);
                }
            }
            EngineObserver observer;
            CancelToken cancel;
            const RunResult result = engine->run(scenario, observer, cancel);
            if (result.status != RunStatus::Ok)
                QFAIL(
                    qPrintable(QStringLiteral("scenario %1 did not run: %2\n%3")
                                   .arg(i)
                                   .arg(QString::fromStdString(result.message),
                                        QString::fromStdString(ScenarioWriter::toJson(scenario)))));
            const auto violations = InvariantChecker().check(result.trace);
            if (!violations.empty()) {
                QString text;
                for (std::size_t v = 0; v < violations.size() && v < 5; ++v)
                    text += QString::fromStdString(violations[v].invariant + ": " +
                                                   violations[v].message) +
                            "\n";
                QFAIL(qPrintable(
                    QStringLiteral("scenario %1: %2 violations\n%3%4")
                        .arg(i)
                        .arg(violations.size())
                        .arg(text, QString::fromStdString(ScenarioWriter::toJson(scenario)))));
            }
            ++ok_runs;
        }
        QCOMPARE(ok_runs, kScenarios);
        // The generator really covers the space it claims to.
        QCOMPARE(static_cast<int>(kinds_seen.size()), kStepKindCount);
        QCOMPARE(static_cast<int>(streams_seen.size()), 4);
        QCOMPARE(static_cast<int>(policies_seen.size()), 4);
        for (SyncMode m : {SyncMode::None, SyncMode::CpuSynchronize, SyncMode::Device,
                           SyncMode::Stream, SyncMode::Event, SyncMode::StreamWaitEvent,
                           SyncMode::WaitStream, SyncMode::EventQueryPoll, SyncMode::HostCallback,
                           SyncMode::BlockingCopy, SyncMode::ImplicitAlloc})
            QVERIFY2(modes_seen.count(m), std::string(syncModeInfo(m).id).c_str());
    }
};

QTEST_APPLESS_MAIN(TstProperty)
#include "tst_property.moc"
