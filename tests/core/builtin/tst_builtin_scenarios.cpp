#include <QDir>
#include <QtTest>

#include "core/analysis/callout_resolver.h"
#include "core/analysis/expectation_check.h"
#include "core/analysis/focus_resolver.h"
#include "core/analysis/invariant_checker.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

// Every built-in scenario parses, simulates, passes the invariant checker with zero violations, and
// states its lesson as `expect` claims that hold on its own simulated run.
class TstBuiltinScenarios : public QObject {
    Q_OBJECT

private slots:
    void everyScenario_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios"));
        const auto files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        for (const auto& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void everyScenario() {
        QFETCH(QString, path);
        const ScenarioParseResult parsed = ScenarioReader::readFile(path.toStdString());
        QVERIFY2(parsed.ok(), parsed.errorText().c_str());
        QVERIFY(!parsed.scenario->title.empty());
        QVERIFY2(parsed.scenario->explanation.en.size() > 60, "explanation too short");
        EngineObserver observer;
        CancelToken cancel;
        const RunResult result = makeSimEngine()->run(*parsed.scenario, observer, cancel);
        QVERIFY2(result.status == RunStatus::Ok, result.message.c_str());
        QVERIFY(!result.trace.events.empty());
        const auto violations = InvariantChecker().check(result.trace);
        QString text;
        for (const auto& v : violations)
            text += QString::fromStdString(v.invariant + ": " + v.message) + "\n";
        QVERIFY2(violations.empty(), qPrintable(text));

        QVERIFY2(!parsed.scenario->expect.empty(),
                 "a built-in must state its lesson as at least one expect claim");
        QString failed;
        for (const ExpectationResult& r : checkExpectations(*parsed.scenario, result.trace))
            if (!r.holds)
                failed += QString::fromStdString(r.claim + "; but " + r.measured) + "\n";
        QVERIFY2(failed.isEmpty(), qPrintable(failed));

        // The lesson in words on the timeline, in English and Japanese, at events the run has;
        // and the window it is in.
        const Scenario& s = *parsed.scenario;
        QVERIFY2(!s.callouts.empty(), "a built-in must pin its lesson as at least one callout");
        for (const Callout& c : s.callouts) {
            const QString en = QString::fromStdString(c.text.en);
            QVERIFY2(en.size() <= 70, qPrintable(en + QStringLiteral(": longer than 70")));
            QVERIFY2(!c.text.ja.empty(), qPrintable(en + QStringLiteral(": no Japanese text")));
        }
        const auto resolved = CalloutResolver::resolve(result.trace);
        QCOMPARE(resolved.size(), s.callouts.size());
        QVERIFY2(s.focus.has_value(), "a built-in must say where its lesson is (focus)");
        const auto window = FocusResolver::resolve(result.trace);
        QVERIFY2(window.has_value(), "the focus steps left no events");
        for (const ResolvedCallout& c : resolved) {
            const TraceEvent& e = result.trace.events[c.event];
            QVERIFY2(e.end_ns >= window->first && e.start_ns <= window->second,
                     qPrintable(QStringLiteral("callout outside the focus: ") +
                                QString::fromStdString(c.text)));
        }
    }

    void catalogueIsCovered() {
        // One built-in scenario per sync mode and per schedule policy.
        const QDir dir(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios"));
        for (const auto& info : syncModeCatalogue()) {
            const QString name = QStringLiteral("mode-%1.json")
                                     .arg(QString::fromUtf8(info.id.data(), int(info.id.size())));
            QVERIFY2(dir.exists(name), qPrintable(name));
        }
        for (const char* policy : {"auto", "spin", "yield", "blocking-sync"})
            QVERIFY(dir.exists(QStringLiteral("policy-%1.json").arg(QLatin1String(policy))));
    }
};

QTEST_APPLESS_MAIN(TstBuiltinScenarios)
#include "tst_builtin_scenarios.moc"
