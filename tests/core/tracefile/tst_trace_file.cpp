#include <sys/resource.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <functional>
#include <limits>
#include <random>

#include "core/engine/engine_factory.h"
#include "core/io/atomic_file.h"
#include "core/io/gzip.h"
#include "core/model/checked_math.h"
#include "core/scenario/scenario_reader.h"
#include "core/tracefile/trace_file.h"
#include "tests/core/tracefile/trace_file_fixtures.h"

using namespace syncscope;
using namespace syncscope::test;

class TestTraceFile : public QObject {
    Q_OBJECT

private slots:
    void roundTripInMemory();
    void roundTripFiles_data();
    void roundTripFiles();
    void simulatedRunsRoundTrip_data();
    void simulatedRunsRoundTrip();
    void emptyTrace();
    void laneStructureIsInFields();
    void version1FilesLoad();
    void badFiles_data();
    void badFiles();
    void timesAtTheRangeEdgesRead();
    void bytesAndCpuTimeKeepTheKindsField();
    void damagedGzip();
    void missingFile();
    void failedWriteKeepsExistingFile();
    void unwritablePlaces_data();
    void unwritablePlaces();
    void randomMutationsNeverCrash();
    void millionEvents();
};

void TestTraceFile::roundTripInMemory() {
    const Trace t = richTrace();
    const auto back = TraceFile::fromJson(TraceFile::toJson(t));
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
    QCOMPARE(TraceFile::toJson(*back.trace), TraceFile::toJson(t));
}

void TestTraceFile::roundTripFiles_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("gzipped");
    QTest::newRow("plain") << "run.syncscope-trace.json" << false;
    QTest::newRow("gz") << "run.syncscope-trace.json.gz" << true;
}

void TestTraceFile::roundTripFiles() {
    QFETCH(QString, name);
    QFETCH(bool, gzipped);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(name).toStdString();
    const Trace t = bigTrace(5000);
    std::string error;
    QVERIFY2(TraceFile::save(t, path, error), error.c_str());
    std::string bytes;
    QVERIFY(AtomicFile::read(path, bytes, error));
    QCOMPARE(Gzip::looksCompressed(bytes), gzipped);
    const auto back = TraceFile::load(path);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
}

void TestTraceFile::simulatedRunsRoundTrip_data() {
    QTest::addColumn<QString>("file");
    const QString dir = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/scenarios");
    for (const auto& f : QDir(dir).entryList({"*.syncscope.json"}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir + "/" + f;
}

// Real engine output (every event kind the simulator makes), not only hand-made traces.
void TestTraceFile::simulatedRunsRoundTrip() {
    QFETCH(QString, file);
    const auto scenario = ScenarioReader::readFile(file.toStdString());
    QVERIFY2(scenario.ok(), scenario.errorText().c_str());
    auto engine = makeSimEngine();
    EngineObserver observer;
    CancelToken cancel;
    const RunResult run = engine->run(*scenario.scenario, observer, cancel);
    QVERIFY2(run.status == RunStatus::Ok, run.message.c_str());
    QTemporaryDir dir;
    const std::string path = dir.filePath("run.json.gz").toStdString();
    std::string error;
    QVERIFY2(TraceFile::save(run.trace, path, error), error.c_str());
    const auto back = TraceFile::load(path);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(run.trace, *back.trace), QString());
}

void TestTraceFile::emptyTrace() {
    const Trace t;
    const auto back = TraceFile::fromJson(TraceFile::toJson(t));
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
}

// A lane's device, process and bookkeeping mark are fields of the file (version 2), never read out
// of its name: a lane named like another device's keeps its own.
void TestTraceFile::laneStructureIsInFields() {
    Trace t = richTrace();
    t.lanes[2].name = "GPU 7 stream 1";  // says 7; the field says 1
    Lane other;
    other.kind = LaneKind::Other;
    other.name = "Traces/1";
    other.bookkeeping = true;
    t.addLane(other);
    const std::string json = TraceFile::toJson(t);
    QVERIFY(json.find("\"version\":2") != std::string::npos);
    const auto back = TraceFile::fromJson(json);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
    QCOMPARE(back.trace->lanes[2].device, 1u);
    QCOMPARE(back.trace->lanes[0].process_id, 77u);
    QVERIFY(back.trace->lanes[3].bookkeeping);
    QVERIFY(!back.trace->lanes[1].bookkeeping);
    QCOMPARE(back.trace->lanes[1].device, kNone);
}

// Files written before version 2 load: their lanes have no device, process or bookkeeping mark.
void TestTraceFile::version1FilesLoad() {
    Trace t = richTrace();
    for (Lane& lane : t.lanes) {
        lane.device = kNone;
        lane.process_id = kNone;
    }
    std::string json = TraceFile::toJson(t);
    const auto at = json.find("\"version\":2");
    QVERIFY(at != std::string::npos);
    json.replace(at, 11, "\"version\":1");
    const auto back = TraceFile::fromJson(json);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
    // And the streamed loader, from a file, as the window opens it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v1.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(json));
    f.close();
    const auto loaded = TraceFile::load(path.toStdString());
    QVERIFY2(loaded.ok(), loaded.error.c_str());
    QCOMPARE(diff(t, *loaded.trace), QString());
}

void TestTraceFile::badFiles_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::newRow("lane out of range") << 0 << "events[1].lane: 7 is out of range (3 lanes)";
    QTest::newRow("name out of range") << 1 << "events[2].name: 40 is out of range (4 strings)";
    QTest::newRow("target lane out of range")
        << 2 << "events[0].target_lane: 3 is out of range (3 lanes)";
    QTest::newRow("awaited out of range") << 3 << "events[2].awaited: 3 is out of range (3 events)";
    QTest::newRow("flow end out of range") << 4 << "flows[1].to: 99 is out of range (3 events)";
    QTest::newRow("flow start none") << 5 << "flows[0].from: -1 is out of range (3 events)";
    QTest::newRow("lane parent out of range")
        << 6 << "lanes[1].parent: 9 is out of range (3 lanes)";
    QTest::newRow("wrong format") << 7
                                  << "format: must be 'syncscope-trace', not 'syncscope-scenario'";
    QTest::newRow("version")
        << 8
        << "version: unsupported version 3 (this build reads versions 1 and 2; "
           "a newer syncscope wrote it, or it is damaged)";
    QTest::newRow("not json") << 9
                              << "not a valid JSON file: A string is opened, but never closed.";
    QTest::newRow("empty") << 10 << "the file is empty";
    QTest::newRow("not an object") << 11 << "a trace file must be a JSON object";
    QTest::newRow("event row short") << 12 << "events[0]: must be an array of 16 numbers";
    QTest::newRow("event field type") << 13 << "events[0].end_ns: must be an integer";
    QTest::newRow("missing field") << 14 << "lanes: is required";
    QTest::newRow("kind out of range") << 15 << "events[0].kind: 13 is out of range (13 names)";
    QTest::newRow("flags out of range") << 16 << "events[0].flags: 256 is out of range (0..255)";
    QTest::newRow("duplicate string") << 17 << "strings[2]: duplicate of strings[1]";
    QTest::newRow("first string") << 18 << "strings[0]: must be the empty string";
    QTest::newRow("lane kind") << 19 << "lanes[0].kind: unknown value 'gpu'";
    QTest::newRow("negative bytes") << 20 << "events[0].bytes: must be >= 0";
    QTest::newRow("columns")
        << 21
        << "event_columns: must be [\"start_ns\",\"end_ns\",\"lane\",\"kind\",\"name\",\"step\","
           "\"batch\",\"correlation\",\"awaited\",\"cuda_event\",\"target_lane\",\"api\",\"mode\","
           "\"flags\",\"bytes\",\"cpu_ns\"] in a native trace file";
    QTest::newRow("device type") << 22 << "device.sm_count: must be an integer";
    QTest::newRow("memory row") << 23 << "memory[1].allocated: is out of range";
    QTest::newRow("not UTF-8") << 24 << "not a valid JSON file: The input is not valid UTF-8";
    QTest::newRow("start before the range") << 25
                                            << "events[0].start_ns: -9223372036854775808 is "
                                               "outside the supported times, ±(2^62 - 1) ns";
    QTest::newRow("end after the range")
        << 26
        << "events[1].end_ns: 9223372036854775807 is outside the supported times, ±(2^62 - 1) ns";
    QTest::newRow("memory time after the range")
        << 27
        << "memory[0].t_ns: 4611686018427387904 is outside the supported times, ±(2^62 - 1) ns";
    QTest::newRow("stored scenario")
        << 28 << "scenario_json: the stored scenario is not valid: version: is required";
}

void TestTraceFile::badFiles() {
    QFETCH(int, which);
    QFETCH(QString, expected);
    Trace t = richTrace();
    const std::string good = TraceFile::toJson(t);
    auto replace = [&good](const std::string& from, const std::string& to) {
        std::string text = good;
        const auto at = text.find(from);
        if (at == std::string::npos)
            qFatal("pattern not found: %s", from.c_str());
        return text.replace(at, from.size(), to);
    };
    std::string text;
    // Bad indices are made by saving a trace that holds them: the writer writes what it is given.
    switch (which) {
        case 0:
            t.events[1].lane = 7;
            break;
        case 1:
            t.events[2].name = 40;
            break;
        case 2:
            t.events[0].target_lane = 3;
            break;
        case 3:
            t.events[2].awaited = 3;
            break;
        case 4:
            t.flows[1].to = 99;
            break;
        case 5:
            t.flows[0].from = kNone;
            break;
        case 6:
            t.lanes[1].parent = 9;
            break;
        case 7:
            text = replace("\"syncscope-trace\"", "\"syncscope-scenario\"");
            break;
        case 8:
            text = replace("\"version\":2", "\"version\":3");
            break;
        case 9:
            text = good.substr(0, good.size() / 2);
            break;
        case 10:
            text = "  \n";
            break;
        case 11:
            text = "[1,2,3]";
            break;
        case 12:
            text = replace("\n[0,2500,", "\n[0,");
            break;
        case 13:
            text = replace("\n[0,2500,", "\n[0,\"2500\",");
            break;
        case 14:
            text = replace("\"lanes\":", "\"lanez\":");
            break;
        case 15:
            text = replace("\n[0,2500,0,0,", "\n[0,2500,0,13,");
            break;
        case 16:
            text = replace("\n[0,2500,0,0,1,0,0,1,-1,-1,2,1,0,32,",
                           "\n[0,2500,0,0,1,0,0,1,-1,-1,2,1,0,256,");
            break;
        case 17:
            text = replace("\"cudaLaunchKernel\",", "\"cudaLaunchKernel\",\"cudaLaunchKernel\",");
            break;
        case 18:
            text = replace("\"strings\":[\"\"", "\"strings\":[\"x\"");
            break;
        case 19:
            text = replace("{\"kind\":\"host-thread\"", "{\"kind\":\"gpu\"");
            break;
        case 20:
            text = replace("\n[0,2500,0,0,1,0,0,1,-1,-1,2,1,0,32,0,",
                           "\n[0,2500,0,0,1,0,0,1,-1,-1,2,1,0,32,-4,");
            break;
        case 21:
            text = replace("\"cpu_ns\"]", "\"cpu\"]");
            break;
        case 22:
            text = replace("\"sm_count\":132", "\"sm_count\":\"many\"");
            break;
        case 23:
            text = replace("1048576,9223372036854775807", "1048576,9223372036854775808");
            break;
        case 24:
            text = replace("\"builtin:", "\"\xff\xfe");
            break;
        case 25:
            t.events[0].start_ns = std::numeric_limits<TimeNs>::min();
            break;
        case 26:
            t.events[1].end_ns = std::numeric_limits<TimeNs>::max();
            break;
        case 27:
            t.memory[0].t_ns = kMaxTimeNs + 1;
            break;
        case 28:
            text = good.substr(0, good.find("\"scenario_json\":")) +
                   "\"scenario_json\":\"{\\\"format\\\": \\\"syncscope-scenario\\\"}\"\n}\n";
            break;
    }
    if (text.empty())
        text = TraceFile::toJson(t);
    const auto result = TraceFile::fromJson(text);
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error), expected);
}

// The documented range is inclusive: its ends read back exactly.
void TestTraceFile::timesAtTheRangeEdgesRead() {
    Trace t = richTrace();
    t.events[0].start_ns = kMinTimeNs;
    t.events[0].end_ns = kMaxTimeNs;
    t.memory[0].t_ns = kMinTimeNs;
    const auto back = TraceFile::fromJson(TraceFile::toJson(t));
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(back.trace->events[0].start_ns, kMinTimeNs);
    QCOMPARE(back.trace->events[0].end_ns, kMaxTimeNs);
    QCOMPARE(back.trace->memory[0].t_ns, kMinTimeNs);
}

// bytes and cpu_ns share one field in memory: a file's value in the column its event's kind does
// not carry (the writer never puts one there) is not kept; the one it carries reads back exactly.
void TestTraceFile::bytesAndCpuTimeKeepTheKindsField() {
    const std::string good = TraceFile::toJson(richTrace());
    std::string text = good;
    const std::string kernel_tail = ",18446744073709551615,-1]";  // the kernel: bytes, no cpu_ns
    const std::string wait_tail = ",255,0,6999]";                 // the wait: cpu_ns, no bytes
    QVERIFY(text.find(kernel_tail) != std::string::npos &&
            text.find(wait_tail) != std::string::npos);
    text.replace(text.find(kernel_tail), kernel_tail.size(), ",18446744073709551615,77]");
    text.replace(text.find(wait_tail), wait_tail.size(), ",255,4096,6999]");
    const auto back = TraceFile::fromJson(text);
    QVERIFY2(back.ok(), back.error.c_str());
    const TraceEvent& k = back.trace->events[1];
    const TraceEvent& w = back.trace->events[2];
    QCOMPARE(k.bytes(), std::uint64_t(UINT64_MAX));
    QCOMPARE(k.cpuNs(), std::int64_t(-1));
    QCOMPARE(w.cpuNs(), std::int64_t(6999));
    QCOMPARE(w.bytes(), std::uint64_t(0));
    QCOMPARE(TraceFile::toJson(*back.trace), good);  // saved again: the file we wrote
}

void TestTraceFile::damagedGzip() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("t.json.gz").toStdString();
    std::string error;
    QVERIFY(TraceFile::save(bigTrace(2000), path, error));
    std::string bytes;
    QVERIFY(AtomicFile::read(path, bytes, error));
    // Truncated.
    QVERIFY(AtomicFile::write(path, bytes.substr(0, bytes.size() / 2), error));
    auto result = TraceFile::load(path);
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error),
             QString("'%1': the gzip data ends too early (at compressed byte %2)")
                 .arg(path.c_str())
                 .arg(bytes.size() / 2));
    // Corrupted in the middle.
    for (std::size_t i = bytes.size() / 3; i < bytes.size() / 3 + 64; ++i)
        bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
    QVERIFY(AtomicFile::write(path, bytes, error));
    result = TraceFile::load(path);
    QVERIFY(!result.ok());
    QVERIFY2(QString::fromStdString(result.error)
                 .contains("the gzip data is damaged at compressed byte "),
             result.error.c_str());
}

void TestTraceFile::missingFile() {
    const auto result = TraceFile::load("/nonexistent/trace.json");
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error),
             QStringLiteral("/nonexistent/trace.json: no such file"));
}

// A write that fails half-way (here: the file size limit, which even root cannot bypass) must
// leave the existing file as it was and no temporary file behind.
void TestTraceFile::failedWriteKeepsExistingFile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("keep.json").toStdString();
    std::string error;
    const Trace small = richTrace();
    QVERIFY(TraceFile::save(small, path, error));
    std::string before;
    QVERIFY(AtomicFile::read(path, before, error));

    struct rlimit old {};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limited = old;
    limited.rlim_cur = static_cast<rlim_t>(before.size() + 100);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
    const bool saved = TraceFile::save(bigTrace(20'000), path, error);
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, old_handler);

    QVERIFY(!saved);
    QVERIFY2(
        QString::fromStdString(error).startsWith(QString("cannot write '%1'").arg(path.c_str())),
        error.c_str());
    std::string after;
    QVERIFY(AtomicFile::read(path, after, error));
    QVERIFY(after == before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

void TestTraceFile::unwritablePlaces_data() {
    QTest::addColumn<QString>("relative");
    QTest::addColumn<QString>("contains");
    QTest::newRow("parent missing") << "missing/dir/t.json"
                                    << "No such file or directory";
    QTest::newRow("parent is a file") << "file/t.json"
                                      << "Not a directory";
    QTest::newRow("target is a directory") << "sub"
                                           << "it is a directory";
    QTest::newRow("read-only directory") << "ro/t.json"
                                         << "Permission denied";
}

void TestTraceFile::unwritablePlaces() {
    QFETCH(QString, relative);
    QFETCH(QString, contains);
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("sub"));
    QVERIFY(QDir(dir.path()).mkpath("ro"));
    QFile file(dir.filePath("file"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    if (relative.startsWith("ro/")) {
        if (geteuid() == 0)
            QSKIP("root ignores directory permissions");
        QVERIFY(QFile::setPermissions(dir.filePath("ro"),
                                      QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    }
    std::string error;
    QVERIFY(!TraceFile::save(richTrace(), dir.filePath(relative).toStdString(), error));
    QVERIFY2(QString::fromStdString(error).contains(contains), error.c_str());
    QFile::setPermissions(dir.filePath("ro"),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

// Bounded fuzzing of the loader: whatever the bytes, it returns a trace or an error, and an
// accepted trace saves and loads back identically.
void TestTraceFile::randomMutationsNeverCrash() {
    const std::string good = TraceFile::toJson(richTrace());
    std::mt19937 rng(1130);
    int accepted = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = good;
        const int edits = 1 + static_cast<int>(rng() % 3);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const std::size_t at = rng() % text.size();
            switch (rng() % 4) {
                case 0:
                    text[at] = "0123456789-,[]{}\"\\e."[rng() % 19];
                    break;
                case 1:
                    text.erase(at, 1 + rng() % 6);
                    break;
                case 2:
                    text.insert(at, text.substr(rng() % text.size(), rng() % 30));
                    break;
                default:
                    text[at] = static_cast<char>(rng() % 256);
                    break;
            }
        }
        const auto result = TraceFile::fromJson(text);
        if (!result.ok()) {
            QVERIFY(!result.error.empty());
            continue;
        }
        ++accepted;
        const auto again = TraceFile::fromJson(TraceFile::toJson(*result.trace));
        QVERIFY2(again.ok(), again.error.c_str());
        QCOMPARE(diff(*result.trace, *again.trace), QString());
    }
    qInfo("trace mutations: %d of 3000 accepted", accepted);
}

// Scale: a million events survive a save/load round trip. Times are printed, not asserted.
void TestTraceFile::millionEvents() {
    const Trace t = bigTrace(1'000'000);
    QTemporaryDir dir;
    const std::string path = dir.filePath("big.json").toStdString();
    std::string error;
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(TraceFile::save(t, path, error), error.c_str());
    const qint64 save_ms = timer.restart();
    const auto back = TraceFile::load(path);
    const qint64 load_ms = timer.elapsed();
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(diff(t, *back.trace), QString());
    qInfo("1,000,000 events: file %lld MiB, save %lld ms, load %lld ms",
          static_cast<long long>(QFileInfo(QString::fromStdString(path)).size() >> 20),
          static_cast<long long>(save_ms), static_cast<long long>(load_ms));
}

QTEST_GUILESS_MAIN(TestTraceFile)
#include "tst_trace_file.moc"
