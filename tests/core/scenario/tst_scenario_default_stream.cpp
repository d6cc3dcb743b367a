// Reading synchronous copies and memsets: they take no stream and run on the scenario's default
// stream (legacy, or per-thread), which the reader adds when the scenario lists none.
#include <QtTest>
#include <string>

#include "core/scenario/scenario_reader.h"

using namespace syncscope;

namespace {

std::string doc(const std::string& steps, const std::string& top = "",
                const std::string& streams = R"([{"name":"s1"},{"name":"s2"}])", int version = 2) {
    return R"({"format":"syncscope-scenario","version":)" + std::to_string(version) +
           R"(,"title":"t",)" + top + R"("streams":)" + streams + R"(,"steps":)" + steps + "}";
}

QString errorsOf(const std::string& text) {
    const auto result = ScenarioReader::parse(text);
    return result.ok() ? QStringLiteral("<ok>") : QString::fromStdString(result.errorText());
}

}  // namespace

class TestScenarioDefaultStream : public QObject {
    Q_OBJECT
private slots:
    void syncCopiesGoToTheDefaultStream() {
        // No default stream listed: the reader adds one and points the synchronous copy at it;
        // the asynchronous copy keeps its stream.
        const auto legacy =
            ScenarioReader::parse(doc(R"([{"op":"memcpy","direction":"d2h","bytes":4,"async":false},
                    {"op":"memcpy","stream":"s2","direction":"d2h","bytes":4}])"));
        QVERIFY2(legacy.ok(), legacy.errorText().c_str());
        const Scenario& a = *legacy.scenario;
        QCOMPARE(a.streams.size(), std::size_t(3));
        QCOMPARE(a.streams[2].name, std::string("default"));
        QVERIFY(a.streams[2].kind == StreamKind::LegacyDefault);
        QCOMPARE(a.program[0].stream, 2u);
        QCOMPARE(a.program[1].stream, 1u);
        // Per-thread default, listed by the author under its own name: used as it is.
        const auto per_thread = ScenarioReader::parse(
            doc(R"([{"op":"memset","bytes":4,"async":false}])", R"("default_stream":"per-thread",)",
                R"([{"name":"s1"},{"name":"mine","kind":"per-thread-default"}])"));
        QVERIFY2(per_thread.ok(), per_thread.errorText().c_str());
        QCOMPARE(per_thread.scenario->streams.size(), std::size_t(2));
        QCOMPARE(per_thread.scenario->program[0].stream, 1u);
        QVERIFY(per_thread.scenario->default_stream == DefaultStream::PerThread);
    }

    // Version 1 accepted a stream on a synchronous copy: such a file still runs, the field
    // dropped with a warning that names it and says how to fix the file; version 2 refuses it.
    void version1FilesAreMigrated() {
        const std::string steps =
            R"([{"op":"memcpy","stream":"s1","direction":"d2h","bytes":4,"async":false}])";
        const auto old = ScenarioReader::parse(doc(steps, "", R"([{"name":"s1"}])", 1));
        QVERIFY2(old.ok(), old.errorText().c_str());
        QCOMPARE(old.warnings.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(old.warnings[0].toString()),
                 QStringLiteral("steps[0].stream: ignored: a synchronous memcpy (\"async\": false) "
                                "runs on the legacy default stream, not on 's1' (version 1 "
                                "accepted the field; version 2 refuses it): remove it and set "
                                "\"version\": 2"));
        const Scenario& s = *old.scenario;
        QVERIFY(s.streams[s.program[0].stream].kind == StreamKind::LegacyDefault);
        // A version 1 file without the old form reads without a warning.
        const auto clean = ScenarioReader::parse(
            doc(R"([{"op":"host_work","duration_us":5}])", "", R"([{"name":"s1"}])", 1));
        QVERIFY(clean.ok());
        QVERIFY(clean.warnings.empty());
        // A version from the future is refused, saying which this build reads.
        QCOMPARE(errorsOf(doc(steps, "", R"([{"name":"s1"}])", 4)),
                 QStringLiteral("version: unsupported version 4 (this build reads versions 1 to "
                                "3; a newer syncscope wrote it, or the number is wrong)"));
    }

    void badInput_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const std::string& input, const char* expected) {
            QTest::newRow(name) << QString::fromStdString(input) << QString::fromUtf8(expected);
        };
        row("sync copy on a stream",
            doc(R"([{"op":"memcpy","stream":"s1","direction":"d2h","bytes":4,"async":false}])"),
            "steps[0].stream: a synchronous memcpy (\"async\": false) takes no stream: it runs on "
            "the legacy default stream, not on 's1'; remove \"stream\", or make it asynchronous");
        row("async memset without a stream", doc(R"([{"op":"memset","bytes":4}])"),
            "steps[0].stream: is required (an asynchronous memset runs on a stream; a synchronous "
            "one, \"async\": false, takes none)");
        row("unknown default stream",
            doc(R"([{"op":"host_work","duration_us":5}])", R"("default_stream":"mine",)"),
            "default_stream: unknown value 'mine' (allowed: legacy, per-thread)");
    }
    void badInput() {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(errorsOf(input.toStdString()), expected);
    }
};

QTEST_GUILESS_MAIN(TestScenarioDefaultStream)
#include "tst_scenario_default_stream.moc"
