// The scenario reader under hostile input: capped errors, the step limit while reading, special
// files, deep nesting, junk bytes and random mutations, all under the memory limit.
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

class TestScenarioReaderHostile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { limitAddressSpace(); }
    void tooManyErrorsAreCapped();
    void tooManyStepsStopTheReading();
    void specialFilesAreRefused();
    void hostileInputNeverCrashes_data();
    void hostileInputNeverCrashes();
    void randomMutationsNeverCrash();
};

void TestScenarioReaderHostile::tooManyErrorsAreCapped() {
    std::string steps = "[";
    for (int i = 0; i < 300; ++i)
        steps += (i ? "," : "") + std::string(R"({"op":"host_work","duration_us":0})");
    const auto result = ScenarioReader::parse(doc(steps + "]"));
    QCOMPARE(result.errors.size(), ScenarioReader::kMaxErrors + 1);
    QCOMPARE(QString::fromStdString(result.errors.back().toString()),
             QStringLiteral("too many errors; the rest are not shown"));
}

void TestScenarioReaderHostile::hostileInputNeverCrashes_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("contains");
    QTest::newRow("deep arrays") << QByteArray(200'000, '[') << "nesting is deeper than 100 levels";
    QByteArray objects;
    for (int i = 0; i < 50'000; ++i)
        objects += "{\"a\":";
    QTest::newRow("deep objects") << objects << "nesting is deeper than 100 levels";
    QTest::newRow("deep in a field")
        << QByteArray::fromStdString(
               doc(R"([{"op":"host_work","duration_us":)" + std::string(1000, '[') + "}]"))
        << "nesting is deeper than 100 levels";
    QTest::newRow("non-UTF-8") << QByteArray::fromStdString(doc("[]", "\"title\":\"\xff\xfe\","))
                               << "ill-formed UTF-8";
    QTest::newRow("NUL bytes") << QByteArray("{\0\0\0}", 5) << "line 1, column 2";
    QTest::newRow("huge number") << QByteArray::fromStdString(
                                        doc(R"([{"op":"host_work","duration_us":1e999}])"))
                                 << "number overflow";
    QTest::newRow("binary junk") << QByteArray("\x1f\x8b\x08\x00\x00\x00", 6) << "line 1, column 1";
}

// Issue 40.2: the step limit holds while the file is read, not once its whole document is built:
// ten million steps stop at the millionth-and-first, with one error naming it.
void TestScenarioReaderHostile::tooManyStepsStopTheReading() {
    std::string steps = "[";
    steps.reserve(30'000'000);
    for (int i = 0; i < 10'000'000; ++i)
        steps += i ? ",{}" : "{}";
    const auto result = ScenarioReader::parse(doc(steps + "]"));
    QCOMPARE(result.errors.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(result.errors[0].toString()),
             QStringLiteral("steps[1000000]: more than 1000000 steps in the file (a scenario has "
                            "at most 1000000 steps once repeats are unrolled)"));
    // Inside repeats they count too.
    std::string nested = R"([{"op":"repeat","count":1,"steps":[)";
    for (int i = 0; i < 1'000'001; ++i)
        nested += i ? ",{}" : "{}";
    const auto in_repeat = ScenarioReader::parse(doc(nested + "]}]"));
    QCOMPARE(in_repeat.errors.size(), std::size_t{1});
    QVERIFY(in_repeat.errors[0].toString().starts_with("steps[0].steps[999999]: more than"));
    // Any other array stops at its 10,001st value.
    std::string streams = "[";
    for (int i = 0; i < 100'000; ++i)
        streams += i ? ",1" : "1";
    const auto wide = ScenarioReader::parse(doc("[]", "", streams + "]"));
    QCOMPARE(wide.errors.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(wide.errors[0].toString()),
             QStringLiteral("streams[10000]: more than 10000 values in one array (no field of a "
                            "scenario takes that many)"));
}

void TestScenarioReaderHostile::hostileInputNeverCrashes() {
    QFETCH(QByteArray, input);
    QFETCH(QString, contains);
    const auto result = ScenarioReader::parse(
        std::string_view(input.constData(), static_cast<std::size_t>(input.size())));
    QVERIFY(!result.ok());
    const QString text = QString::fromStdString(result.errorText());
    QVERIFY2(text.contains(contains), qPrintable(text.left(300)));
}

void TestScenarioReaderHostile::specialFilesAreRefused() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("s.json"));
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const auto pipe = ScenarioReader::readFile(fifo.toStdString());
    QVERIFY(!pipe.ok());
    QVERIFY2(pipe.errorText().starts_with("is a pipe (FIFO), not a regular file"),
             pipe.errorText().c_str());
    const QString zero = dir.filePath(QStringLiteral("zero.json"));
    QVERIFY(QFile::link(QStringLiteral("/dev/zero"), zero));
    const auto device = ScenarioReader::readFile(zero.toStdString());
    QVERIFY2(device.errorText().starts_with("is a character device, not a regular file"),
             device.errorText().c_str());
}

// Bounded fuzzing: byte-level and structural mutations of good files. Every outcome is either a
// scenario that round-trips or errors with text; nothing may crash or throw.
void TestScenarioReaderHostile::randomMutationsNeverCrash() {
    const auto files = QDir(fixturesDir()).entryList({"*.syncscope.json"}, QDir::Files, QDir::Name);
    std::mt19937 rng(20261130);
    const std::vector<nlohmann::json> replacements{nullptr,
                                                   true,
                                                   -1,
                                                   0,
                                                   1,
                                                   1.5,
                                                   1e300,
                                                   -1e300,
                                                   18446744073709551615ull,
                                                   "",
                                                   "s1",
                                                   "e1",
                                                   "b1",
                                                   "max",
                                                   "repeat",
                                                   nlohmann::json::array(),
                                                   nlohmann::json::object(),
                                                   nlohmann::json::array({1, "x"})};
    int ok = 0;
    int rejected = 0;
    for (const auto& name : files) {
        QFile f(fixturesDir() + "/" + name);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string good = f.readAll().toStdString();
        const nlohmann::json tree = nlohmann::json::parse(good);
        for (int round = 0; round < 700; ++round) {
            std::string text;
            if (round % 2 == 0) {
                text = good;
                const int edits = 1 + static_cast<int>(rng() % 4);
                for (int e = 0; e < edits && !text.empty(); ++e) {
                    const std::size_t at = rng() % text.size();
                    switch (rng() % 5) {
                        case 0:
                            text[at] = static_cast<char>(rng() % 256);
                            break;
                        case 1:
                            text.erase(at, 1 + rng() % 8);
                            break;
                        case 2:
                            text.insert(at, 1, "{}[],:\"0-e."[rng() % 11]);
                            break;
                        case 3:
                            text.insert(at, text.substr(rng() % text.size(), rng() % 40));
                            break;
                        default:
                            text.resize(at);
                            break;
                    }
                }
            } else {
                // Replace one value somewhere in the tree by something of another kind.
                nlohmann::json mutated = tree;
                const auto flat = mutated.flatten();
                auto it = flat.begin();
                std::advance(it, static_cast<long>(rng() % flat.size()));
                nlohmann::json::json_pointer pointer(it.key());
                if (rng() % 4 == 0 && !pointer.empty())
                    pointer = pointer.parent_pointer();
                mutated[pointer] = replacements[rng() % replacements.size()];
                text = mutated.dump();
            }
            const auto result = ScenarioReader::parse(text);
            if (result.ok()) {
                ++ok;
                const auto again = ScenarioReader::parse(ScenarioWriter::toJson(*result.scenario));
                QVERIFY2(again.ok(), again.errorText().c_str());
                QCOMPARE(QString::fromStdString(
                             test::scenarioDifference(*result.scenario, *again.scenario)),
                         QString());
            } else {
                ++rejected;
                QVERIFY(!result.errors.empty());
                for (const auto& e : result.errors)
                    QVERIFY(!e.toString().empty());
            }
        }
    }
    qInfo("mutations: %d accepted, %d rejected", ok, rejected);
    QVERIFY(rejected > 0);
}

QTEST_GUILESS_MAIN(TestScenarioReaderHostile)
#include "tst_scenario_reader_hostile.moc"
