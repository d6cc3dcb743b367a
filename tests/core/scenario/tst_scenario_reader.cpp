#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <random>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/core/scenario/scenario_reader_docs.h"
#include "tests/support/memory_limit.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;
using namespace syncscope::test;

class TestScenarioReader : public QObject {
    Q_OBJECT

private slots:
    // Hostile inputs below (deep nesting, ten million steps) run under a memory limit.
    void initTestCase() { test::limitAddressSpace(); }
    void badInput_data();
    void badInput();
    void defaultsAndResolution();
    void durationsBecomeNanoseconds_data();
    void durationsBecomeNanoseconds();
    void lineAndColumnCountCharacters();
    void fixturesRoundTrip_data();
    void fixturesRoundTrip();
    void builtinScenarios_data();
    void builtinScenarios();
    void missingFile();
};

void TestScenarioReader::badInput_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const std::string& input, const char* expected) {
        QTest::newRow(name) << QByteArray::fromStdString(input) << QString::fromUtf8(expected);
    };
    const std::string work = R"({"op":"host_work","duration_us":5})";

    // Syntax and shape.
    row("empty", "", "the input is empty; expected a scenario object");
    row("blank", " \n\t ", "the input is empty; expected a scenario object");
    row("syntax",
        "{\n  \"format\": \"syncscope-scenario\",\n  \"version\": 1,\n  \"title\": tru\n}",
        "line 4, column 15: syntax error while parsing value - invalid literal; last read: "
        "'\"title\": tru<U+000A>'");
    row("nan", doc(R"([{"op":"host_work","duration_us":NaN}])"),
        "line 1, column 188: syntax error while parsing value - invalid literal; last read: "
        "'\"duration_us\":N'");
    row("trailing garbage", doc("[" + work + "]") + "x",
        "line 1, column 192: syntax error while parsing value - invalid literal; last read: "
        "'5}]}x'; expected end of input");
    row("not an object", "[1, 2]", "a scenario must be a JSON object, not an array");
    row("duplicate key", doc("[" + work + "]", R"("title":"again",)"), "title: duplicate field");
    row("duplicate step key", doc(R"([{"op":"host_work","duration_us":5,"duration_us":6}])"),
        "steps[0].duration_us: duplicate field");

    // Format and version.
    row("wrong format", R"({"format":"other","version":1})",
        "format: must be 'syncscope-scenario', not 'other'");
    row("missing format", R"({"version":1})", "format: is required");
    row("version 4", R"({"format":"syncscope-scenario","version":4})",
        "version: unsupported version 4 (this build reads versions 1 to 3; a newer syncscope "
        "wrote it, or the number is wrong)");
    row("version 0", R"({"format":"syncscope-scenario","version":0})",
        "version: unsupported version 0 (this build reads versions 1 to 3; a newer syncscope "
        "wrote it, or the number is wrong)");
    row("version string", R"({"format":"syncscope-scenario","version":"1"})",
        "version: must be an integer");

    // Top level.
    row("unknown top field", doc("[" + work + "]", R"("titel":"x",)"), "titel: unknown field");
    row("missing title",
        R"({"format":"syncscope-scenario","version":1,"streams":[{"name":"s"}],"steps":[)" + work +
            "]}",
        "title: is required");
    row("empty title",
        R"({"format":"syncscope-scenario","version":1,"title":"","streams":[{"name":"s"}],"steps":[)" +
            work + "]}",
        "title: must not be empty");
    row("unknown device", doc("[" + work + "]", R"("device":"tpu",)"),
        "device: unknown device profile 'tpu' (allowed: h200, laptop)");
    row("unknown schedule", doc("[" + work + "]", R"("schedule":"fast",)"),
        "schedule: unknown value 'fast' (allowed: auto, spin, yield, blocking-sync)");
    row("schedule type", doc("[" + work + "]", R"("schedule":3,)"), "schedule: must be a string");
    row("pool threshold", doc("[" + work + "]", R"("pool":{"release_threshold":"min"},)"),
        "pool.release_threshold: must be an integer >= 0 or \"max\"");
    row("pool unknown field", doc("[" + work + "]", R"("pool":{"release":1},)"),
        "pool.release: unknown field");
    row("no steps", doc("[]"), "steps: must not be empty");
    row("steps not array", doc("{}"), "steps: must be an array");

    // Streams, events, buffers.
    row("streams not array", doc("[" + work + "]", "", "{}"), "streams: must be an array");
    row("no streams", doc("[" + work + "]", "", "[]"), "streams: must have at least one stream");
    std::string many = "[";
    for (int i = 0; i < 65; ++i)
        many += (i ? "," : "") + std::string(R"({"name":"s)") + std::to_string(i) + "\"}";
    row("65 streams", doc("[" + work + "]", "", many + "]"),
        "streams: has 65 streams; at most 64 are allowed");
    row("priority type", doc("[" + work + "]", "", R"([{"name":"s1","priority":"high"}])"),
        "streams[0].priority: must be an integer");
    row("priority fraction", doc("[" + work + "]", "", R"([{"name":"s1","priority":1.5}])"),
        "streams[0].priority: must be an integer");
    row("priority range", doc("[" + work + "]", "", R"([{"name":"s1","priority":11}])"),
        "streams[0].priority: must be between -10 and 10");
    row("priority huge",
        doc("[" + work + "]", "", R"([{"name":"s1","priority":99999999999999999999999}])"),
        "streams[0].priority: must be between -10 and 10");
    row("stream kind", doc("[" + work + "]", "", R"([{"name":"s1","kind":"fast"}])"),
        "streams[0].kind: unknown value 'fast' (allowed: non-blocking, blocking, legacy-default, "
        "per-thread-default)");
    row("stream unknown field", doc("[" + work + "]", "", R"([{"name":"s1","prio":1}])"),
        "streams[0].prio: unknown field");
    row("duplicate stream", doc("[" + work + "]", "", R"([{"name":"s1"},{"name":"s1"}])"),
        "streams[1].name: duplicate name 's1' (also streams[0])");
    row("stream without name", doc("[" + work + "]", "", R"([{"kind":"blocking"}])"),
        "streams[0].name: is required");
    row("stream empty name", doc("[" + work + "]", "", R"([{"name":""}])"),
        "streams[0].name: must not be empty");
    row("two legacy",
        doc("[" + work + "]", "",
            R"([{"name":"a","kind":"legacy-default"},{"name":"b","kind":"legacy-default"}])"),
        "streams[1].kind: only one legacy-default stream is allowed");
    row("two per-thread",
        doc("[" + work + "]", "",
            R"([{"name":"a","kind":"per-thread-default"},{"name":"b","kind":"per-thread-default"}])"),
        "streams[1].kind: only one per-thread-default stream is allowed");
    row("event flag type",
        R"({"format":"syncscope-scenario","version":1,"title":"t","streams":[{"name":"s"}],"events":[{"name":"e","blocking_sync":1}],"steps":[)" +
            work + "]}",
        "events[0].blocking_sync: must be true or false");
    row("duplicate event names",
        R"({"format":"syncscope-scenario","version":1,"title":"t","streams":[{"name":"s"}],"events":[{"name":"e"},{"name":"e"}],"steps":[)" +
            work + "]}",
        "events[1].name: duplicate name 'e' (also events[0])");
    row("duplicate buffer names",
        R"({"format":"syncscope-scenario","version":1,"title":"t","streams":[{"name":"s"}],"buffers":[{"name":"b"},{"name":"c"},{"name":"b"}],"steps":[)" +
            work + "]}",
        "buffers[2].name: duplicate name 'b' (also buffers[0])");

    // Steps.
    row("unknown step field",
        doc("[" + work + "," + work + R"(,{"op":"host_work","duraton_us":5}])"),
        "steps[2].duraton_us: unknown field\nsteps[2].duration_us: is required");
    row("step not object", doc("[5]"), "steps[0]: must be an object");
    row("missing op", doc(R"([{"duration_us":5}])"), "steps[0].op: is required");
    row("unknown op", doc(R"([{"op":"launch"}])"),
        "steps[0].op: unknown op 'launch' (allowed: kernel, memcpy, memset, malloc, free, "
        "malloc_async, free_async, pool_trim, tensor_alloc, tensor_free, record_stream, "
        "empty_cache, event_record, stream_wait_event, wait_stream, "
        "device_sync, stream_sync, event_sync, cpu_sync, event_query_poll, host_callback, "
        "host_work, repeat)");
    row("duration zero", doc(R"([{"op":"host_work","duration_us":0}])"),
        "steps[0].duration_us: must be > 0");
    row("duration negative", doc(R"([{"op":"host_work","duration_us":-3}])"),
        "steps[0].duration_us: must be > 0");
    row("duration too long", doc(R"([{"op":"host_work","duration_us":60000000.5}])"),
        "steps[0].duration_us: must be at most 60000000 (60 s)");
    row("duration huge", doc(R"([{"op":"host_work","duration_us":1e308}])"),
        "steps[0].duration_us: must be at most 60000000 (60 s)");
    row("duration under 1 ns", doc(R"([{"op":"host_work","duration_us":0.0004}])"),
        "steps[0].duration_us: must be at least 0.001 (1 ns)");
    row("duration type", doc(R"([{"op":"host_work","duration_us":"5"}])"),
        "steps[0].duration_us: must be a number");
    row("duration missing", doc(R"([{"op":"host_callback","stream":"s1"}])"),
        "steps[0].duration_us: is required");
    row("poll interval zero",
        doc(R"([{"op":"event_query_poll","event":"e1","poll_interval_us":0}])"),
        "steps[0].poll_interval_us: must be > 0");
    row("no such event",
        doc(R"([{"op":"event_sync","event":"e1"},{"op":"event_sync","event":"e9"}])"),
        "steps[1].event: no event named 'e9'");
    row("no such stream", doc(R"([{"op":"stream_sync","stream":"s9"}])"),
        "steps[0].stream: no stream named 's9'");
    row("stream ref type", doc(R"([{"op":"stream_sync","stream":0}])"),
        "steps[0].stream: must be a string");
    row("no such buffer", doc(R"([{"op":"free","buffer":"x"}])"),
        "steps[0].buffer: no buffer named 'x'");
    row("uses unknown buffer",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","duration_us":1,"uses":["b1","zz"]}])"),
        "steps[0].uses[1]: no buffer named 'zz'");
    row("uses not array",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","duration_us":1,"uses":"b1"}])"),
        "steps[0].uses: must be an array of buffer names");
    row("kernel kind", doc(R"([{"op":"kernel","stream":"s1","kind":"tensor","duration_us":1}])"),
        "steps[0].kind: unknown value 'tensor' (allowed: spin, compute, memory)");
    row("kernel kind missing", doc(R"([{"op":"kernel","stream":"s1","duration_us":1}])"),
        "steps[0].kind: is required");
    // Buffer lifecycles CUDA rejects are scenario errors, found before a run.
    row("free never allocated", doc(R"([{"op":"free","buffer":"b1"}])"),
        "steps[0]: frees buffer 'b1', which is never allocated before");
    row("double free",
        doc(R"([{"op":"malloc","buffer":"b1","bytes":1024},{"op":"free","buffer":"b1"},)"
            R"({"op":"free","buffer":"b1"}])"),
        "steps[2]: frees buffer 'b1' a second time");
    row("double free_async",
        doc(R"([{"op":"malloc_async","buffer":"b1","bytes":1024,"stream":"s1"},)"
            R"({"op":"free_async","buffer":"b1","stream":"s1"},)"
            R"({"op":"free_async","buffer":"b1","stream":"s2"}])"),
        "steps[2]: frees buffer 'b1' a second time");
    row("double malloc",
        doc(R"([{"op":"malloc","buffer":"b1","bytes":1024},{"op":"malloc","buffer":"b1","bytes":8}])"),
        "steps[1]: allocates buffer 'b1', which is still allocated (free it first)");
    row("malloc in a loop without free",
        doc(R"([{"op":"repeat","count":3,"steps":[{"op":"malloc_async","buffer":"b1","bytes":8,)"
            R"("stream":"s1"}]}])"),
        "steps[0].steps[0] (in the repeat's second and later iterations): allocates buffer 'b1', "
        "which is still allocated (free it first)");
    row("free in a loop after one malloc",
        doc(R"([{"op":"malloc","buffer":"b1","bytes":8},)"
            R"({"op":"repeat","count":2,"steps":[{"op":"free","buffer":"b1"}]}])"),
        "steps[1].steps[0] (in the repeat's second and later iterations): frees buffer 'b1' a "
        "second time");
    row("memory kernel duration",
        doc(R"([{"op":"kernel","stream":"s1","kind":"memory","bytes":64,"duration_us":1}])"),
        "steps[0].duration_us: not used by memory kernels (they take bytes)");
    row("spin kernel bytes",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","bytes":64,"duration_us":1}])"),
        "steps[0].bytes: only memory kernels take bytes");
    row("grid zero",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","duration_us":1,"grid":0}])"),
        "steps[0].grid: must be between 1 and 2147483647");
    row("grid too big",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","duration_us":1,"grid":2147483648}])"),
        "steps[0].grid: must be between 1 and 2147483647");
    row("block too big",
        doc(R"([{"op":"kernel","stream":"s1","kind":"spin","duration_us":1,"block":2048}])"),
        "steps[0].block: must be between 1 and 1024");
    row("bytes zero", doc(R"([{"op":"malloc","buffer":"b1","bytes":0}])"),
        "steps[0].bytes: must be > 0");
    row("bytes negative", doc(R"([{"op":"malloc","buffer":"b1","bytes":-5}])"),
        "steps[0].bytes: must be > 0");
    row("bytes fraction", doc(R"([{"op":"malloc","buffer":"b1","bytes":1.5}])"),
        "steps[0].bytes: must be an integer");
    row("bytes over h200", doc(R"([{"op":"malloc","buffer":"b1","bytes":200000000000}])"),
        "steps[0].bytes: must be at most 141000000000 (the memory of device 'h200')");
    row("bytes over laptop",
        doc(R"([{"op":"memset","stream":"s1","bytes":7000000000}])", R"("device":"laptop",)"),
        "steps[0].bytes: must be at most 6442450944 (the memory of device 'laptop')");
    row("bytes beyond 64 bits",
        doc(R"([{"op":"malloc","buffer":"b1","bytes":99999999999999999999999}])"),
        "steps[0].bytes: must be at most 141000000000 (the memory of device 'h200')");
    row("pool trim negative", doc(R"([{"op":"pool_trim","bytes":-1}])"),
        "steps[0].bytes: must be >= 0");
    row("direction missing", doc(R"([{"op":"memcpy","stream":"s1","bytes":4}])"),
        "steps[0].direction: is required");
    row("direction unknown", doc(R"([{"op":"memcpy","stream":"s1","bytes":4,"direction":"p2p"}])"),
        "steps[0].direction: unknown value 'p2p' (allowed: h2d, d2h, d2d, h2h)");
    row("host unknown",
        doc(R"([{"op":"memcpy","stream":"s1","bytes":4,"direction":"d2h","host":"mapped"}])"),
        "steps[0].host: unknown value 'mapped' (allowed: pinned, pageable)");
    row("async type", doc(R"([{"op":"memset","stream":"s1","bytes":4,"async":"yes"}])"),
        "steps[0].async: must be true or false");
    row("wait on itself", doc(R"([{"op":"wait_stream","stream":"s1","other":"s1"}])"),
        "steps[0].other: must differ from stream");
    row("batch negative", doc(R"([{"op":"device_sync","batch":-1}])"),
        "steps[0].batch: must be between 0 and 4294967294");
    row("label type", doc(R"([{"op":"device_sync","label":5}])"),
        "steps[0].label: must be a string (English only) or an object {\"en\": \"...\", "
        "\"ja\": \"...\"}, not a number");
    row("label in two languages before version 3",
        doc(R"([{"op":"device_sync","label":{"en":"a","ja":"あ"}}])"),
        "steps[0].label: a label in two languages needs \"version\": 3 (version 1 takes a "
        "string); set \"version\": 3");
    row("unknown mode", doc(R"([{"op":"device_sync","mode":"fast"}])"),
        "steps[0].mode: unknown sync mode 'fast' (allowed: none, cpu-synchronize, device, stream, "
        "event, stream-wait-event, wait-stream, event-query-poll, host-callback, blocking-copy, "
        "implicit-alloc, legacy-default-stream)");
    row("device_sync extra field", doc(R"([{"op":"device_sync","stream":"s1"}])"),
        "steps[0].stream: unknown field");

    // Repeats.
    row("nested path",
        doc("[" + work +
            R"(,{"op":"repeat","count":2,"steps":[{"op":"host_work","duration_us":0}]}])"),
        "steps[1].steps[0].duration_us: must be > 0");
    row("deeper path",
        doc(R"([{"op":"repeat","count":2,"steps":[)" + work +
            R"(,{"op":"repeat","count":3,"steps":[{"op":"event_sync","event":"nope"}]}]}])"),
        "steps[0].steps[1].steps[0].event: no event named 'nope'");
    row("repeat count zero", doc(R"([{"op":"repeat","count":0,"steps":[)" + work + "]}]"),
        "steps[0].count: must be between 1 and 1000000");
    row("repeat count missing", doc(R"([{"op":"repeat","steps":[)" + work + "]}]"),
        "steps[0].count: is required");
    row("repeat empty", doc(R"([{"op":"repeat","count":2,"steps":[]}])"),
        "steps[0].steps: must not be empty");
    row("too many steps",
        doc(R"([{"op":"repeat","count":1000000,"steps":[)" + work + "," + work + "]}]"),
        "steps: expands to more than 1000000 steps once repeats are unrolled (2000000)");
    row("exactly the limit",
        doc(R"([{"op":"repeat","count":999999,"steps":[)" + work + "]}," + work + "]"), "<ok>");
    row("one over the limit",
        doc(R"([{"op":"repeat","count":1000000,"steps":[)" + work + "]}," + work + "]"),
        "steps: expands to more than 1000000 steps once repeats are unrolled (1000001)");
    row("saturating count",
        doc(R"([{"op":"repeat","count":1000000,"steps":[{"op":"repeat","count":1000000,"steps":[{"op":"repeat","count":1000000,"steps":[{"op":"repeat","count":1000000,"steps":[)" +
            work + "]}]}]}]}]"),
        "steps: expands to more than 1000000 steps once repeats are unrolled (overflow)");
    row("batch overflow",
        doc(R"([{"op":"repeat","count":1000000,"batch_stride":1000000,"steps":[{"op":"device_sync","batch":0}]}])"),
        "steps[0].batch_stride: batch numbers would exceed 4294967294 once expanded");
    row("16 deep is fine", doc(nestedRepeats(16)), "<ok>");
    row("17 deep", doc(nestedRepeats(17)),
        "steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps[0]."
        "steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps[0].steps: repeats are nested "
        "more than 16 deep");
}

void TestScenarioReader::badInput() {
    QFETCH(QByteArray, input);
    QFETCH(QString, expected);
    QCOMPARE(errorsOf(input.toStdString()), expected);
}

void TestScenarioReader::defaultsAndResolution() {
    const auto result = ScenarioReader::parse(doc(
        R"([{"op":"kernel","stream":"s2","kind":"spin","duration_us":3,"uses":["b1"]},
            {"op":"memcpy","stream":"s1","direction":"d2h","bytes":4},
            {"op":"event_record","event":"e1","stream":"s2","batch":7,"label":"mark","mode":"event"}])",
        R"("pool":{"release_threshold":"max"},)"));
    QVERIFY2(result.ok(), result.errorText().c_str());
    const Scenario& s = *result.scenario;
    QCOMPARE(s.device, std::string("h200"));
    QVERIFY(s.schedule == SchedulePolicy::Auto);
    QCOMPARE(s.streams.size(), std::size_t{2});
    QVERIFY(s.streams[1].kind == StreamKind::NonBlocking);
    QCOMPARE(s.streams[1].priority, 0);
    QCOMPARE(s.events[0].blocking_sync, false);
    QCOMPARE(s.events[0].disable_timing, true);
    QCOMPARE(s.pool.release_threshold, UINT64_MAX);
    QCOMPARE(s.program.size(), std::size_t{3});
    const Step& k = s.program[0];
    QCOMPARE(k.stream, 1u);
    QCOMPARE(k.grid, 1u);
    QCOMPARE(k.block, 32u);
    QCOMPARE(k.duration_ns, TimeNs{3000});
    QCOMPARE(k.uses, std::vector<std::uint32_t>{0});
    QCOMPARE(k.batch, kNone);
    QVERIFY(k.mode == SyncMode::None);
    const Step& copy = s.program[1];
    QVERIFY(copy.direction == CopyDirection::DeviceToHost);
    QVERIFY(copy.pinned);
    QVERIFY(copy.async);
    const Step& record = s.program[2];
    QCOMPARE(record.event, 0u);
    QCOMPARE(record.stream, 1u);
    QCOMPARE(record.batch, 7u);
    QCOMPARE(record.label, std::string("mark"));
    QVERIFY(record.mode == SyncMode::Event);
}

void TestScenarioReader::durationsBecomeNanoseconds_data() {
    QTest::addColumn<QByteArray>("us");
    QTest::addColumn<qint64>("ns");
    QTest::newRow("integer") << QByteArray("250") << qint64(250'000);
    QTest::newRow("fraction") << QByteArray("250.5") << qint64(250'500);
    QTest::newRow("1 ns") << QByteArray("0.001") << qint64(1);
    QTest::newRow("rounds to nearest") << QByteArray("0.0016") << qint64(2);
    QTest::newRow("exponent") << QByteArray("1.5e3") << qint64(1'500'000);
    QTest::newRow("60 s") << QByteArray("60000000") << qint64(60'000'000'000);
    QTest::newRow("odd ns near 60 s") << QByteArray("59999999.999") << qint64(59'999'999'999);
}

void TestScenarioReader::durationsBecomeNanoseconds() {
    QFETCH(QByteArray, us);
    QFETCH(qint64, ns);
    const auto result = ScenarioReader::parse(
        doc(R"([{"op":"host_work","duration_us":)" + us.toStdString() + "}]"));
    QVERIFY2(result.ok(), result.errorText().c_str());
    QCOMPARE(result.scenario->program[0].duration_ns, ns);
}

void TestScenarioReader::lineAndColumnCountCharacters() {
    // "é" is two bytes but one column: the ']' is the 21st character of line 2.
    const std::string text = "{\n \"title\": \"é\", \"x\": ]\n}";
    const auto result = ScenarioReader::parse(text);
    QCOMPARE(result.errors.size(), std::size_t{1});
    QCOMPARE(result.errors[0].line, std::size_t{2});
    QCOMPARE(result.errors[0].column, std::size_t{21});
    QVERIFY(
        QString::fromStdString(result.errorText()).startsWith("line 2, column 21: syntax error"));
}

void TestScenarioReader::fixturesRoundTrip_data() {
    QTest::addColumn<QString>("file");
    const auto files = QDir(fixturesDir()).entryList({"*.syncscope.json"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 3);
    for (const auto& f : files)
        QTest::newRow(qPrintable(f)) << fixturesDir() + "/" + f;
}

void TestScenarioReader::fixturesRoundTrip() {
    QFETCH(QString, file);
    const auto first = ScenarioReader::readFile(file.toStdString());
    QVERIFY2(first.ok(), first.errorText().c_str());
    const std::string text = ScenarioWriter::toJson(*first.scenario);
    const auto second = ScenarioReader::parse(text);
    QVERIFY2(second.ok(), second.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(*first.scenario, *second.scenario)),
             QString());
    QCOMPARE(ScenarioWriter::toJson(*second.scenario), text);  // the writer is stable
}

// The scenarios shipped in resources/ are written by hand against docs/scenario-format.md: each
// must be accepted and survive a write/read round trip.
void TestScenarioReader::builtinScenarios_data() {
    QTest::addColumn<QString>("file");
    const QString dir = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios");
    const auto files = QDir(dir).entryList({"*.json"}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        QTest::newRow("none") << QString();
    for (const auto& f : files)
        QTest::newRow(qPrintable(f)) << dir + "/" + f;
}

void TestScenarioReader::builtinScenarios() {
    QFETCH(QString, file);
    if (file.isEmpty())
        QSKIP("no built-in scenarios in resources/scenarios");
    fixturesRoundTrip();
}

void TestScenarioReader::missingFile() {
    const auto result = ScenarioReader::readFile("/nonexistent/dir/x.syncscope.json");
    QVERIFY(!result.ok());
    // The caller names the file ("x.syncscope.json: no such file").
    QCOMPARE(QString::fromStdString(result.errorText()), QStringLiteral("no such file"));
    const auto dir = ScenarioReader::readFile(SYNCSCOPE_SOURCE_DIR "/tests/data/scenarios");
    QVERIFY(!dir.ok());
    QCOMPARE(QString::fromStdString(dir.errorText()), QStringLiteral("is a directory"));
}

// Issue 40.6: a scenario is opened as a trace is (RegularFile): a FIFO without a writer is refused
// at once instead of hanging the reader, and a device is never read.
QTEST_GUILESS_MAIN(TestScenarioReader)
#include "tst_scenario_reader.moc"
