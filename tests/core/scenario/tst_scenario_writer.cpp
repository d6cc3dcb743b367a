#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <random>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;

namespace {

Step make(StepKind kind) {
    Step s;
    s.kind = kind;
    return s;
}

// One step of every kind, non-default values where the format allows them.
Scenario everyKind() {
    Scenario s;
    s.title = "Every \"kind\" of step \u2014 \\ and\nnewline";
    s.explanation = "Tabs\tand unicode: \u6642\u9593";
    s.device = "laptop";
    s.schedule = SchedulePolicy::BlockingSync;
    s.streams = {{"main", StreamKind::Blocking, -3},
                 {"side", StreamKind::NonBlocking, 10},
                 {"null", StreamKind::LegacyDefault, 0},
                 {"ptds", StreamKind::PerThreadDefault, -10}};
    s.events = {{"ready", true, false}, {"done", false, true}};
    s.buffers = {{"a"}, {"b"}};
    s.pool.release_threshold = UINT64_MAX;

    Step k = make(StepKind::Kernel);
    k.stream = 1;
    k.kernel = KernelKind::Compute;
    k.duration_ns = 123'456'789;
    k.grid = 2'147'483'647;
    k.block = 1024;
    k.uses = {1, 0, 1};
    k.batch = 0;
    k.label = LessonText("first", "最初");  // a label in two languages (version 3)
    s.program.push_back(k);
    Step mk = make(StepKind::Kernel);
    mk.stream = 2;
    mk.kernel = KernelKind::Memory;
    mk.bytes = 6ull * 1024 * 1024 * 1024;
    s.program.push_back(mk);
    Step copy = make(StepKind::Memcpy);
    copy.stream = 3;
    copy.direction = CopyDirection::HostToHost;
    copy.bytes = 1;
    copy.pinned = false;
    copy.async = false;
    copy.mode = SyncMode::BlockingCopy;
    s.program.push_back(copy);
    Step set = make(StepKind::Memset);
    set.bytes = 77;
    set.async = false;
    s.program.push_back(set);
    Step m = make(StepKind::Malloc);
    m.buffer = 0;
    m.bytes = 4096;
    s.program.push_back(m);
    Step f = make(StepKind::Free);
    f.buffer = 0;
    s.program.push_back(f);
    Step ma = make(StepKind::MallocAsync);
    ma.buffer = 1;
    ma.bytes = 8192;
    ma.stream = 1;
    s.program.push_back(ma);
    Step fa = make(StepKind::FreeAsync);
    fa.buffer = 1;
    fa.stream = 1;
    s.program.push_back(fa);
    Step trim = make(StepKind::PoolTrim);
    trim.bytes = 0;
    s.program.push_back(trim);
    Step rec = make(StepKind::EventRecord);
    rec.event = 1;
    rec.stream = 0;
    s.program.push_back(rec);
    Step swe = make(StepKind::StreamWaitEvent);
    swe.event = 1;
    swe.stream = 1;
    swe.mode = SyncMode::StreamWaitEvent;
    s.program.push_back(swe);
    Step ws = make(StepKind::WaitStream);
    ws.stream = 0;
    ws.other_stream = 1;
    s.program.push_back(ws);
    s.program.push_back(make(StepKind::DeviceSync));
    Step ss = make(StepKind::StreamSync);
    ss.stream = 3;
    s.program.push_back(ss);
    Step es = make(StepKind::EventSync);
    es.event = 0;
    s.program.push_back(es);
    s.program.push_back(make(StepKind::CpuSync));
    Step poll = make(StepKind::EventQueryPoll);
    poll.event = 0;
    poll.poll_interval_ns = 1;
    s.program.push_back(poll);
    Step cb = make(StepKind::HostCallback);
    cb.stream = 2;
    cb.duration_ns = 60'000'000'000;
    s.program.push_back(cb);
    Step hw = make(StepKind::HostWork);
    hw.duration_ns = 999;
    hw.batch = 4'294'967'294u;
    s.program.push_back(hw);

    Step inner = make(StepKind::Repeat);
    inner.count = 3;
    inner.batch_stride = 1;
    inner.body = {hw, k};
    inner.body[0].batch = 2;
    inner.body[1].batch = 5;
    Step outer = make(StepKind::Repeat);
    outer.count = 2;
    outer.batch_stride = 10;
    outer.label = "outer";
    outer.body = {inner, rec};
    s.program.push_back(outer);
    // As the reader leaves it: synchronous copies and memsets on the default stream.
    assignDefaultStream(s);
    return s;
}

}  // namespace

class TestScenarioWriter : public QObject {
    Q_OBJECT

private slots:
    void everyStepKindRoundTrips();
    void defaultsAreOmitted();
    void fieldOrderIsStable();
    void durations_data();
    void durations();
    void randomDurationsRoundTripExactly();
    void millionSteps();
    void saveIsAtomic();
    void saveFailureSaysWhy();
};

void TestScenarioWriter::everyStepKindRoundTrips() {
    const Scenario s = everyKind();
    const std::string text = ScenarioWriter::toJson(s);
    const auto back = ScenarioReader::parse(text);
    QVERIFY2(back.ok(), (back.errorText() + "\n" + text).c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
    QCOMPARE(ScenarioWriter::toJson(*back.scenario), text);
}

void TestScenarioWriter::defaultsAreOmitted() {
    Scenario s;
    s.title = "t";
    s.streams = {{"s", StreamKind::NonBlocking, 0}};
    Step k = make(StepKind::Kernel);
    k.duration_ns = 5000;
    s.program = {k};
    const std::string text = ScenarioWriter::toJson(s);
    QCOMPARE(
        QString::fromStdString(text),
        QStringLiteral(
            "{\n"
            "  \"format\": \"syncscope-scenario\",\n"
            "  \"version\": 3,\n"
            "  \"title\": \"t\",\n"
            "  \"device\": \"h200\",\n"
            "  \"schedule\": \"auto\",\n"
            "  \"streams\": [\n"
            "    {\"name\": \"s\", \"kind\": \"non-blocking\", \"priority\": 0}\n"
            "  ],\n"
            "  \"steps\": [\n"
            "    {\"op\": \"kernel\", \"stream\": \"s\", \"kind\": \"spin\", \"duration_us\": 5}\n"
            "  ]\n"
            "}\n"));
}

void TestScenarioWriter::fieldOrderIsStable() {
    const QString text = QString::fromStdString(ScenarioWriter::toJson(everyKind()));
    const QStringList keys{"\"format\"",  "\"version\"",  "\"title\"",   "\"explanation\"",
                           "\"device\"",  "\"schedule\"", "\"streams\"", "\"events\"",
                           "\"buffers\"", "\"pool\"",     "\"steps\""};
    qsizetype last = -1;
    for (const auto& key : keys) {
        const qsizetype at = text.indexOf(key);
        QVERIFY2(at > last, qPrintable(key));
        last = at;
    }
    QVERIFY(text.contains("\"pool\": {\"release_threshold\": \"max\"}"));
    QVERIFY(
        text.contains("{\"op\": \"repeat\", \"count\": 2, \"batch_stride\": 10, \"label\": "
                      "\"outer\", \"steps\": [\n"));
}

void TestScenarioWriter::durations_data() {
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("written");
    QTest::newRow("whole µs") << qint64(2000) << "2";
    QTest::newRow("half µs") << qint64(1500) << "1.5";
    QTest::newRow("1 ns") << qint64(1) << "0.001";
    QTest::newRow("999 ns") << qint64(999) << "0.999";
    QTest::newRow("60 s") << qint64(60'000'000'000) << "60000000";
    QTest::newRow("60 s less 1 ns") << qint64(59'999'999'999) << "59999999.999";
}

void TestScenarioWriter::durations() {
    QFETCH(qint64, ns);
    QFETCH(QString, written);
    Scenario s;
    s.title = "t";
    s.streams = {{"s", StreamKind::NonBlocking, 0}};
    Step hw = make(StepKind::HostWork);
    hw.duration_ns = ns;
    s.program = {hw};
    const std::string text = ScenarioWriter::toJson(s);
    QVERIFY2(QString::fromStdString(text).contains("\"duration_us\": " + written + "}"),
             text.c_str());
    const auto back = ScenarioReader::parse(text);
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(back.scenario->program[0].duration_ns, ns);
}

void TestScenarioWriter::randomDurationsRoundTripExactly() {
    Scenario s;
    s.title = "t";
    s.streams = {{"s", StreamKind::NonBlocking, 0}};
    s.events = {{"e", false, true}};
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20'000; ++i) {
        Step step = make(i % 2 ? StepKind::HostWork : StepKind::EventQueryPoll);
        // Half uniform up to 60 s, half small (where the fractional digits matter most).
        const TimeNs ns = i % 4 < 2 ? 1 + static_cast<TimeNs>(rng() % 60'000'000'000ull)
                                    : 1 + static_cast<TimeNs>(rng() % 100'000);
        if (step.kind == StepKind::HostWork) {
            step.duration_ns = ns;
        } else {
            step.event = 0;
            step.poll_interval_ns = ns;
        }
        s.program.push_back(step);
    }
    const auto back = ScenarioReader::parse(ScenarioWriter::toJson(s));
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
}

// The largest program the format allows, unrolled. Times are printed, not asserted. Sanitizer
// builds run a tenth of it: the point there is memory safety, not scale.
void TestScenarioWriter::millionSteps() {
#if defined(__SANITIZE_ADDRESS__)
    constexpr std::size_t kSteps = Scenario::kMaxExpandedSteps / 10;
#else
    constexpr std::size_t kSteps = Scenario::kMaxExpandedSteps;
#endif
    Scenario s;
    s.title = "a million steps";
    s.streams = {{"s", StreamKind::NonBlocking, 0}};
    s.program.reserve(kSteps);
    for (std::size_t i = 0; i < kSteps; ++i) {
        Step k = make(StepKind::Kernel);
        k.duration_ns = 1000 + static_cast<TimeNs>(i % 977);
        k.batch = static_cast<std::uint32_t>(i / 1000);
        s.program.push_back(k);
    }
    QElapsedTimer timer;
    timer.start();
    const std::string text = ScenarioWriter::toJson(s);
    const qint64 write_ms = timer.restart();
    const auto back = ScenarioReader::parse(text);
    const qint64 read_ms = timer.elapsed();
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
    qInfo("%zu steps: %lld MiB, write %lld ms, read %lld ms", kSteps,
          static_cast<long long>(text.size() >> 20), static_cast<long long>(write_ms),
          static_cast<long long>(read_ms));
}

void TestScenarioWriter::saveIsAtomic() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("a.syncscope.json").toStdString();
    std::string error;
    Scenario s = everyKind();
    QVERIFY2(ScenarioWriter::save(s, path, error), error.c_str());
    s.title = "second";
    QVERIFY2(ScenarioWriter::save(s, path, error), error.c_str());  // replaces the first
    const auto back = ScenarioReader::readFile(path);
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(),
             1);  // no temp file left
}

void TestScenarioWriter::saveFailureSaysWhy() {
    std::string error;
    QVERIFY(!ScenarioWriter::save(everyKind(), "/nonexistent-dir/x.syncscope.json", error));
    QVERIFY2(QString::fromStdString(error).contains("/nonexistent-dir"), error.c_str());
}

QTEST_GUILESS_MAIN(TestScenarioWriter)
#include "tst_scenario_writer.moc"
