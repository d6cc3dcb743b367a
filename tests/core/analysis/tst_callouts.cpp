// Scenario "callouts" and "focus": read with exact errors, written back unchanged, and resolved on
// simulated runs to the event (or window) they name; what cannot be resolved is left out.
#include <QtTest>

#include "core/analysis/callout_resolver.h"
#include "core/analysis/focus_resolver.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;

namespace {

// A 400 µs kernel "k" on s1, torch.cpu.synchronize() ("cpu"), a stream sync ("sync") that waits
// for k, three "loop" kernels, 100 µs of host work ("work"), a last kernel "after".
std::string scenarioWith(const std::string& extra) {
    return R"({"format": "syncscope-scenario", "version": 1, "title": "t", "device": "h200",
  "streams": [{"name": "s1"}],
  "steps": [
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 400, "id": "k"},
    {"op": "cpu_sync", "id": "cpu"},
    {"op": "stream_sync", "stream": "s1", "id": "sync"},
    {"op": "repeat", "count": 3, "steps": [
      {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 50, "id": "loop"}]},
    {"op": "host_work", "duration_us": 100, "id": "work"},
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 20, "id": "after"},
    {"op": "device_sync", "id": "end"}])" +
           (extra.empty() ? std::string() : ", " + extra) + "}";
}

Trace runOf(const Scenario& scenario) {
    EngineObserver observer;
    CancelToken cancel;
    RunResult run = makeSimEngine()->run(scenario, observer, cancel);
    return std::move(run.trace);
}

}  // namespace

class TestCallouts : public QObject {
    Q_OBJECT
private slots:
    void readerErrorsNameTheField_data();
    void readerErrorsNameTheField();
    void readsTextsAndTargets();
    void writtenBackUnchanged();
    void resolvesToTheNamedEvent();
    void japaneseFallsBackToEnglish();
    void unresolvableCalloutsAreLeftOut();
    void focusSpansTheNamedSteps();
    void focusNeedsItsSteps();
    void focusOnHostCallsOnly();
};

void TestCallouts::readerErrorsNameTheField_data() {
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown id") << R"("callouts": [{"at": "x", "text": {"en": "a"}}])"
                                << "callouts[0].at: no step has the id 'x'";
    QTest::newRow("third callout")
        << R"("callouts": [{"at": "k", "text": {"en": "a"}}, {"at": "k", "text": {"en": "b"}},
              {"at": "nope", "text": {"en": "c"}}])"
        << "callouts[2].at: no step has the id 'nope'";
    QTest::newRow("instance past the end")
        << R"("callouts": [{"at": "loop#3", "text": {"en": "a"}}])"
        << "callouts[0].at: step 'loop' runs 3 times; there is no instance #3";
    QTest::newRow("missing at") << R"("callouts": [{"text": {"en": "a"}}])"
                                << "callouts[0].at: is required";
    QTest::newRow("missing text") << R"("callouts": [{"at": "k"}])"
                                  << "callouts[0].text: is required";
    QTest::newRow("text not an object") << R"("callouts": [{"at": "k", "text": "hi"}])"
                                        << "callouts[0].text: must be an object";
    QTest::newRow("no english") << R"("callouts": [{"at": "k", "text": {"ja": "はい"}}])"
                                << "callouts[0].text.en: is required";
    QTest::newRow("empty english") << R"("callouts": [{"at": "k", "text": {"en": ""}}])"
                                   << "callouts[0].text.en: must not be empty";
    QTest::newRow("unknown language")
        << R"("callouts": [{"at": "k", "text": {"en": "a", "fr": "b"}}])"
        << "callouts[0].text.fr: unknown language (allowed: en, ja)";
    QTest::newRow("too long") << QStringLiteral(
                                     "\"callouts\": [{\"at\": \"k\", \"text\": {\"en\": \"%1\"}}]")
                                     .arg(QString(201, QLatin1Char('a')))
                              << "callouts[0].text.en: is longer than 200 bytes";
    QTest::newRow("unknown target")
        << R"("callouts": [{"at": "k", "on": "cpu", "text": {"en": "a"}}])"
        << "callouts[0].on: must be 'auto', 'call', 'gpu' or 'wait'";
    QTest::newRow("unknown field")
        << R"("callouts": [{"at": "k", "text": {"en": "a"}, "color": "red"}])"
        << "callouts[0].color: is not a field here (allowed: at, on, text)";
    QTest::newRow("not an array") << R"("callouts": {"at": "k"})"
                                  << "callouts: must be an array of callouts, not an object";
    QTest::newRow("focus unknown step") << R"("focus": {"from": "k", "to": "later"})"
                                        << "focus.to: no step has the id 'later'";
    QTest::newRow("focus missing end") << R"("focus": {"from": "k"})"
                                       << "focus.to: is required";
    QTest::newRow("focus not an object") << R"("focus": "k")"
                                         << "focus: must be an object";
    QTest::newRow("focus unknown field")
        << R"("focus": {"from": "k", "to": "k", "pad": 3})"
        << "focus.pad: is not a field here (allowed: from, to, on)";
}

void TestCallouts::readerErrorsNameTheField() {
    QFETCH(QString, extra);
    QFETCH(QString, error);
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(extra.toStdString()));
    QVERIFY(!parsed.ok());
    QVERIFY2(QString::fromStdString(parsed.errorText()).contains(error),
             parsed.errorText().c_str());
}

void TestCallouts::readsTextsAndTargets() {
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(
        R"("callouts": [{"at": "cpu", "on": "call", "text": {"en": "at once", "ja": "すぐ戻る"}},
                        {"at": "loop#1", "text": {"en": "second"}}],
           "focus": {"from": "cpu", "to": "sync"})"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    const Scenario& s = *parsed.scenario;
    QCOMPARE(s.callouts.size(), std::size_t{2});
    QCOMPARE(s.callouts[0].at.id, std::string("cpu"));
    QCOMPARE(int(s.callouts[0].on), int(CalloutTarget::Call));
    QCOMPARE(s.callouts[0].text.en, std::string("at once"));
    QCOMPARE(s.callouts[0].text.ja, std::string("すぐ戻る"));
    QCOMPARE(s.callouts[1].at.instance, 1u);
    QCOMPARE(int(s.callouts[1].on), int(CalloutTarget::Auto));
    QVERIFY(s.focus.has_value());
    QCOMPARE(toString(s.focus->from), std::string("cpu"));
    QCOMPARE(toString(s.focus->to), std::string("sync"));
    // Without the fields a scenario has neither: both stay optional.
    const ScenarioParseResult plain = ScenarioReader::parse(scenarioWith(""));
    QVERIFY2(plain.ok(), plain.errorText().c_str());
    QVERIFY(plain.scenario->callouts.empty());
    QVERIFY(!plain.scenario->focus);
    QVERIFY(ScenarioWriter::toJson(*plain.scenario).find("callouts") == std::string::npos);
}

void TestCallouts::writtenBackUnchanged() {
    const ScenarioParseResult first = ScenarioReader::parse(scenarioWith(
        R"("callouts": [{"at": "cpu", "on": "call", "text": {"en": "say \"hi\"", "ja": "すぐ"}},
                        {"at": "loop#2", "on": "gpu", "text": {"en": "third"}},
                        {"at": "sync", "on": "wait", "text": {"en": "waits"}},
                        {"at": "k", "text": {"en": "auto"}}],
           "focus": {"from": "loop#0", "to": "end", "on": "call"})"));
    QVERIFY2(first.ok(), first.errorText().c_str());
    const std::string json = ScenarioWriter::toJson(*first.scenario);
    const ScenarioParseResult second = ScenarioReader::parse(json);
    QVERIFY2(second.ok(), (second.errorText() + "\n" + json).c_str());
    const std::string difference = test::scenarioDifference(*first.scenario, *second.scenario);
    QVERIFY2(difference.empty(), difference.c_str());
    QCOMPARE(second.scenario->callouts.size(), std::size_t{4});
    QVERIFY(second.scenario->focus.has_value());
    QCOMPARE(int(second.scenario->focus->on), int(CalloutTarget::Call));
}

void TestCallouts::resolvesToTheNamedEvent() {
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(
        R"("callouts": [{"at": "cpu", "text": {"en": "cpu"}},
                        {"at": "k", "text": {"en": "k gpu"}},
                        {"at": "k", "on": "call", "text": {"en": "k call"}},
                        {"at": "sync", "on": "wait", "text": {"en": "sync wait"}},
                        {"at": "loop", "text": {"en": "first loop"}},
                        {"at": "loop#2", "text": {"en": "third loop"}},
                        {"at": "work", "text": {"en": "host work"}}])"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    const Trace trace = runOf(*parsed.scenario);
    const auto resolved = CalloutResolver::resolve(trace);
    QCOMPARE(resolved.size(), std::size_t{7});
    for (std::size_t i = 0; i < resolved.size(); ++i)
        QCOMPARE(resolved[i].index, i);
    auto event = [&](std::size_t i) -> const TraceEvent& {
        return trace.events.at(resolved[i].event);
    };
    QCOMPARE(int(event(0).kind), int(EventKind::ApiCall));  // cpu_sync has no GPU op: its call
    QCOMPARE(int(event(0).api), int(ApiId::CpuSynchronize));
    QCOMPARE(int(event(1).kind), int(EventKind::Kernel));  // auto: the GPU op
    QCOMPARE(int(event(2).kind), int(EventKind::ApiCall));
    QCOMPARE(int(event(2).api), int(ApiId::LaunchKernel));
    QCOMPARE(int(event(3).kind), int(EventKind::HostWait));
    QCOMPARE(int(event(4).kind), int(EventKind::Kernel));
    QCOMPARE(int(event(5).kind), int(EventKind::Kernel));
    QVERIFY2(event(5).start_ns > event(4).start_ns, "loop#2 runs after the first loop");
    QCOMPARE(int(event(6).kind), int(EventKind::HostWork));
    QCOMPARE(resolved[1].text, std::string("k gpu"));
}

void TestCallouts::japaneseFallsBackToEnglish() {
    const ScenarioParseResult parsed = ScenarioReader::parse(scenarioWith(
        R"("callouts": [{"at": "cpu", "text": {"en": "at once", "ja": "すぐ戻る"}},
                        {"at": "k", "text": {"en": "only English"}}])"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    const Trace trace = runOf(*parsed.scenario);
    const auto ja = CalloutResolver::resolve(trace, Language::Ja);
    QCOMPARE(ja.size(), std::size_t{2});
    QCOMPARE(ja[0].text, std::string("すぐ戻る"));
    QCOMPARE(ja[1].text, std::string("only English"));
    QCOMPARE(CalloutResolver::resolve(trace)[0].text, std::string("at once"));
}

void TestCallouts::unresolvableCalloutsAreLeftOut() {
    const ScenarioParseResult parsed = ScenarioReader::parse(
        scenarioWith(R"("callouts": [{"at": "cpu", "on": "gpu", "text": {"en": "no gpu op"}},
                                     {"at": "k", "on": "wait", "text": {"en": "no wait"}},
                                     {"at": "sync", "text": {"en": "kept"}}])"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    Trace trace = runOf(*parsed.scenario);
    auto resolved = CalloutResolver::resolve(trace);
    QCOMPARE(resolved.size(), std::size_t{1});
    QCOMPARE(resolved[0].index, std::size_t{2});

    // An odd trace: a scenario whose ids name steps the trace never reached, events pointing past
    // the program, lanes that do not exist. Nothing resolves, nothing crashes.
    auto odd = std::make_shared<Scenario>(*parsed.scenario);
    odd->callouts.push_back({{"ghost", kNone}, CalloutTarget::Auto, LessonText("ghost")});
    odd->callouts.push_back({{"loop", 99}, CalloutTarget::Auto, LessonText("no such instance")});
    Trace broken;
    broken.scenario = odd;
    TraceEvent e;
    e.step = 1'000'000;
    broken.events.push_back(e);
    e.step = 1;
    e.lane = 7;  // no lanes at all
    broken.events.push_back(e);
    QVERIFY(CalloutResolver::resolve(broken).empty());
    Trace imported = trace;
    imported.scenario.reset();
    QVERIFY(CalloutResolver::resolve(imported).empty());
}

void TestCallouts::focusSpansTheNamedSteps() {
    const ScenarioParseResult parsed =
        ScenarioReader::parse(scenarioWith(R"("focus": {"from": "cpu", "to": "loop#1"})"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    const Trace trace = runOf(*parsed.scenario);
    const auto window = FocusResolver::resolve(trace);
    QVERIFY(window.has_value());
    TimeNs cpu_start = -1, loop1_end = -1, last_end = 0;
    int loops = 0;
    for (const TraceEvent& e : trace.events) {
        last_end = std::max(last_end, e.end_ns);
        if (e.api == ApiId::CpuSynchronize && cpu_start < 0)
            cpu_start = e.start_ns;
        if (e.kind == EventKind::Kernel && e.end_ns - e.start_ns == 50'000 && ++loops == 2)
            loop1_end = e.end_ns;
    }
    QVERIFY(cpu_start >= 0 && loop1_end > cpu_start);
    QVERIFY2(window->first < cpu_start && window->first >= cpu_start - (loop1_end - cpu_start),
             "starts a margin before cpu.synchronize");
    QVERIFY2(window->second > loop1_end && window->second < last_end,
             "ends a margin after the second loop kernel, well before the run's end");
}

void TestCallouts::focusNeedsItsSteps() {
    const ScenarioParseResult parsed =
        ScenarioReader::parse(scenarioWith(R"("focus": {"from": "k", "to": "sync"})"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    Trace trace;
    trace.scenario = std::make_shared<const Scenario>(*parsed.scenario);
    QVERIFY(!FocusResolver::resolve(trace).has_value());  // no events: no window
    const Trace run = runOf(*parsed.scenario);
    QVERIFY(FocusResolver::resolve(run).has_value());
    Trace without = run;
    auto no_focus = std::make_shared<Scenario>(*parsed.scenario);
    no_focus->focus.reset();
    without.scenario = no_focus;
    QVERIFY(!FocusResolver::resolve(without).has_value());
}

void TestCallouts::focusOnHostCallsOnly() {
    // The launch of k returns in microseconds; k runs 400 µs. Counting only host calls, the
    // window ends long before k does.
    const ScenarioParseResult parsed =
        ScenarioReader::parse(scenarioWith(R"("focus": {"from": "k", "to": "cpu", "on": "call"})"));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    const Trace trace = runOf(*parsed.scenario);
    const auto window = FocusResolver::resolve(trace);
    QVERIFY(window.has_value());
    TimeNs kernel_end = 0;
    for (const TraceEvent& e : trace.events)
        if (e.kind == EventKind::Kernel && kernel_end == 0)
            kernel_end = e.end_ns;
    QVERIFY2(window->second < kernel_end / 2,
             "the window holds the launch and cpu.synchronize, not the kernel's end");
    auto gpu_only = std::make_shared<Scenario>(*parsed.scenario);
    gpu_only->focus->on = CalloutTarget::Wait;  // neither step waits
    Trace waits = trace;
    waits.scenario = gpu_only;
    QVERIFY(!FocusResolver::resolve(waits).has_value());
}

QTEST_GUILESS_MAIN(TestCallouts)
#include "tst_callouts.moc"
