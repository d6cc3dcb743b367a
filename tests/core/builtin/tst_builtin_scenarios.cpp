#include <QDir>
#include <QtTest>

#include "core/analysis/callout_resolver.h"
#include "core/analysis/expectation_check.h"
#include "core/analysis/focus_resolver.h"
#include "core/analysis/invariant_checker.h"
#include "core/analysis/step_events.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

// Every built-in scenario parses, simulates, passes the invariant checker with zero violations, and
// states its lesson as `expect` claims that hold on its own simulated run.
namespace {

// The events of `ref` a claim of `kind` is about, by role ("a" or "b" side).
bool named(ClaimKind kind, bool a_side, StepEvents::Role role) {
    using Role = StepEvents::Role;
    switch (kind) {
        case ClaimKind::ReturnsBeforeEnd:
        case ClaimKind::ReturnsAfterEnd:
            return a_side ? role == Role::Call : role == Role::Gpu;
        case ClaimKind::HostWait:
            return role == Role::Wait || role == Role::Call;
        case ClaimKind::StartsAfterEnd:
        case ClaimKind::Overlap:
            return role == Role::Gpu;
        case ClaimKind::Flag:
        case ClaimKind::Memory:
            return role == Role::Call;
        case ClaimKind::Idle:
            return false;
    }
    return false;
}

// What the claims of `s` name that the focus window does not hold whole; empty when nothing.
QString eventsOutside(const Scenario& s, const Trace& trace, std::pair<TimeNs, TimeNs> window) {
    const StepEvents steps(s);
    QString cut;
    for (const Expectation& claim : s.expect) {
        for (const bool a_side : {true, false}) {
            const StepRef& ref = a_side ? claim.a : claim.b;
            if (ref.empty())
                continue;
            const auto instances = steps.stepsOf(ref);
            if (instances.empty())
                continue;
            const std::uint32_t step = instances.front();
            for (const TraceEvent& e : trace.events) {
                if (e.step != step || !named(claim.kind, a_side, steps.roleOf(trace, e)))
                    continue;
                if (e.start_ns < window.first || e.end_ns > window.second)
                    cut += QStringLiteral("%1 (%2..%3 ns, window %4..%5 ns); ")
                               .arg(QString::fromStdString(toString(ref)))
                               .arg(e.start_ns)
                               .arg(e.end_ns)
                               .arg(window.first)
                               .arg(window.second);
            }
        }
    }
    return cut;
}

}  // namespace

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
        // The first view shows everything the claims name, whole: the call, its wait, the GPU
        // work (for a step repeated many times, its first instance).
        const QString cut = eventsOutside(s, result.trace, *window);
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("the focus cuts off ") + cut));
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
