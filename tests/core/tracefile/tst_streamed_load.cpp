// TraceFile::load reads a file as a stream when it can (the trace plus a bounded window in
// memory) and as one document otherwise. Both must give the same trace, or the same error, for
// every file: these cases take each way on purpose, and check that a large file really is read
// the lean way.

#include <QTemporaryDir>
#include <QTest>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>

#include "core/io/atomic_file.h"
#include "core/tracefile/trace_file.h"
#include "tests/support/small_scenario.h"
#include "tests/support/trace_difference.h"

using namespace syncscope;

namespace {

Trace sampleTrace(std::size_t count) {
    Trace t;
    t.title = "streamed \"load\" \u6642";
    t.source = "test:streamed-load";
    t.scenario = test::smallScenario();
    for (int i = 0; i < 4; ++i) {
        Lane lane;
        lane.kind = i % 2 ? LaneKind::Stream : LaneKind::HostThread;
        lane.name = "lane " + std::to_string(i);
        lane.parent = i == 3 ? 0 : kNoLane;
        t.addLane(lane);
    }
    for (int i = 0; i < 40; ++i)
        t.strings.intern("name " + std::to_string(i));
    std::mt19937_64 rng(3);
    for (std::size_t i = 0; i < count; ++i) {
        TraceEvent e;
        e.kind = static_cast<EventKind>(rng() % kEventKindCount);
        e.start_ns = static_cast<TimeNs>(i * 100);
        e.end_ns = e.start_ns + static_cast<TimeNs>(rng() % 1000);
        e.lane = static_cast<std::uint16_t>(rng() % t.lanes.size());
        e.name = static_cast<std::uint32_t>(rng() % t.strings.size());
        e.correlation = static_cast<std::uint32_t>(i);
        e.awaited = i % 7 ? kNone : static_cast<std::uint32_t>(rng() % count);
        t.events.push_back(e);
        if (i % 3 == 1)
            t.flows.push_back({static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(i),
                               FlowKind::Launch});
        if (i % 100 == 0)
            t.memory.push_back({e.start_ns, static_cast<std::int64_t>(i), -1, -1, 5, 6});
    }
    return t;
}

// Moves the top-level array member `"key":[...],` to just after the format. An array ends at the
// first "],\n\"": rows end in "]" followed by ",\n[", strings in "\",".
std::string moveKeyFirst(const std::string& text, const std::string& key) {
    const auto at = text.find("\n\"" + key + "\":[");
    const auto close = text.find("],\n\"", at);
    if (at == std::string::npos || close == std::string::npos)
        qFatal("key not found: %s", key.c_str());
    const auto end = close + 2;
    const std::string member = text.substr(at, end - at);  // "\n\"key\":[...],"
    std::string rest = text;
    rest.erase(at, end - at);
    const auto head = rest.find(',') + 1;  // after "format"
    return rest.insert(head, member);
}

long peakKb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    return -1;
}

}  // namespace

class TestStreamedLoad : public QObject {
    Q_OBJECT

private slots:
    void sameTraceBothWays_data();
    void sameTraceBothWays();
    void unusualFilesStillRead();
    void largeFileLoadsLean();
};

void TestStreamedLoad::sameTraceBothWays_data() {
    QTest::addColumn<int>("events");
    QTest::addColumn<bool>("gzip");
    QTest::newRow("empty") << 0 << false;
    QTest::newRow("one batch") << 50 << false;
    QTest::newRow("many batches") << 60'000 << false;
    QTest::newRow("many batches, gzip") << 60'000 << true;
}

void TestStreamedLoad::sameTraceBothWays() {
    QFETCH(int, events);
    QFETCH(bool, gzip);
    const Trace t = sampleTrace(static_cast<std::size_t>(events));
    QTemporaryDir dir;
    const std::string path = dir.filePath(gzip ? "t.json.gz" : "t.json").toStdString();
    std::string error;
    QVERIFY2(TraceFile::save(t, path, error), error.c_str());
    const auto loaded = TraceFile::load(path);
    QVERIFY2(loaded.ok(), loaded.error.c_str());
    QCOMPARE(QString::fromStdString(test::traceDifference(*loaded.trace, t)), QString());
    const auto parsed = TraceFile::fromJson(TraceFile::toJson(t));
    QVERIFY2(parsed.ok(), parsed.error.c_str());
    QCOMPARE(QString::fromStdString(test::traceDifference(*parsed.trace, t)), QString());
}

// Files the stream does not take are read whole: the same trace, or the whole reading's error.
void TestStreamedLoad::unusualFilesStillRead() {
    const Trace t = sampleTrace(3000);
    const std::string good = TraceFile::toJson(t);
    // Arrays before what their rows are checked against.
    for (const char* key : {"events", "flows", "memory", "strings"}) {
        const auto back = TraceFile::fromJson(moveKeyFirst(good, key));
        QVERIFY2(back.ok(), (std::string(key) + ": " + back.error).c_str());
        QCOMPARE(QString::fromStdString(test::traceDifference(*back.trace, t)), QString());
    }
    // A repeated key: the first one counts, as in any DOM lookup.
    std::string twice = good;
    twice.insert(good.find(',') + 1, "\"title\":\"first\",");
    auto back = TraceFile::fromJson(twice);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(back.trace->title, std::string("first"));
    // An escaped key is the same key.
    std::string escaped = good;
    escaped.replace(escaped.find("\"lanes\":"), 8, "\"l\\u0061nes\":");
    back = TraceFile::fromJson(escaped);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(QString::fromStdString(test::traceDifference(*back.trace, t)), QString());
    // An error in a row, and one after the rows, are worded by the whole reading.
    std::string bad = good;
    bad.replace(bad.find("\"scenario_json\":\""), 17, "\"scenario_json\":7,\"x\":\"");
    back = TraceFile::fromJson(bad);
    QVERIFY(!back.ok());
    QCOMPARE(QString::fromStdString(back.error), QString("scenario_json: must be a string"));
    std::string truncated = good.substr(0, good.size() - 10);
    back = TraceFile::fromJson(truncated);
    QVERIFY(!back.ok());
    QVERIFY2(QString::fromStdString(back.error).startsWith("not a valid JSON file: "),
             back.error.c_str());
}

// Reading the whole document takes several times the file (text, padded copy, DOM); the stream
// needs about the trace itself. The bound sits between the two, far from either.
void TestStreamedLoad::largeFileLoadsLean() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("big.json").toStdString();
    std::string error;
    {
        const Trace t = sampleTrace(400'000);
        QVERIFY2(TraceFile::save(t, path, error), error.c_str());
    }
    std::string bytes;
    QVERIFY(AtomicFile::read(path, bytes, error));
    const double file_kb = static_cast<double>(bytes.size()) / 1024;
    bytes = {};
    { std::ofstream("/proc/self/clear_refs") << "5"; }
    const long before = peakKb();
    auto loaded = TraceFile::load(path);
    const long peak = peakKb() - before;
    QVERIFY2(loaded.ok(), loaded.error.c_str());
    QCOMPARE(loaded.trace->events.size(), std::size_t{400'000});
    if (before < 0)
        QSKIP("no /proc/self/status here");
    QVERIFY2(static_cast<double>(peak) < 2.5 * file_kb,
             qPrintable(QString("loading a %1 KiB file took %2 KiB more at its peak")
                            .arg(file_kb, 0, 'f', 0)
                            .arg(peak)));
}

QTEST_GUILESS_MAIN(TestStreamedLoad)
#include "tst_streamed_load.moc"
