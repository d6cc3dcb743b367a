// Chrome Trace Event export: structure Perfetto/chrome://tracing rely on, lossless round trip
// through KinetoImporter, atomic file writes, and the CSV export.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <limits>
#include <map>

#include "core/interchange/chrome/chrome_trace_writer.h"
#include "core/interchange/csv/csv_writer.h"
#include "core/interchange/kineto/kineto_importer.h"
#include "core/interchange/trace_importer.h"
#include "core/scenario/scenario_reader.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/support/kineto_json.h"
#include "tests/support/small_scenario.h"
#include "tests/support/trace_difference.h"
#include "tests/support/trace_text.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

// One event of every kind, every lane kind, every flow kind, memory samples with gaps, odd names.
Trace handBuiltTrace() {
    Trace t;
    t.title = "round trip";
    t.source = "builtin:round-trip";
    t.scenario = test::smallScenario();
    t.device.name = "NVIDIA H200 (simulated)";
    t.device.engine = "sim";
    t.device.sm_count = 132;
    t.device.memory_bytes = 150ull << 30;
    t.device.copy_engines = 2;
    t.device.schedule = SchedulePolicy::BlockingSync;
    t.device.wake_latency_ns[0] = 5000;
    t.device.wake_latency_ns[3] = 60000;
    t.device.timer_granularity_ns = 32;
    t.device.launch_cost_ns = 4500;
    t.device.clock_tolerance_ns = 2000;
    t.device.pool_release_threshold = UINT64_MAX;

    const auto host = t.addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 4242});
    const auto waits = t.addLane(
        {LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, host, 4242});
    const auto s0 = t.addLane(
        {LaneKind::Stream, "stream 0 (blocking)", 0, StreamKind::Blocking, -1, kNoLane, kNone});
    const auto s1 =
        t.addLane({LaneKind::Stream, "stream 1", 1, StreamKind::NonBlocking, 0, kNoLane, kNone});
    const auto copy = t.addLane(
        {LaneKind::CopyEngine, "copy engine 0", kNone, StreamKind::NonBlocking, 0, kNoLane, kNone});
    const auto notes = t.addLane(
        {LaneKind::Annotation, "batches", kNone, StreamKind::NonBlocking, 0, host, kNone});
    const auto other = t.addLane({LaneKind::Other, "imported \"other\"", kNone,
                                  StreamKind::LegacyDefault, 3, kNoLane, kNone});

    auto add = [&](EventKind kind, std::uint16_t lane, TimeNs start, TimeNs end,
                   std::string_view name) -> TraceEvent& {
        TraceEvent e;
        e.kind = kind;
        e.lane = lane;
        e.start_ns = start;
        e.end_ns = end;
        e.name = t.strings.intern(name);
        t.addEvent(e);
        return t.events.back();
    };
    auto& launch = add(EventKind::ApiCall, host, 1000, 5500, "cudaLaunchKernel");
    launch.api = ApiId::LaunchKernel;
    launch.correlation = 1;
    launch.target_lane = s0;
    launch.step = 0;
    launch.batch = 0;
    auto& kernel = add(EventKind::Kernel, s0, 6001, 1006001, "spin 1 ms");
    kernel.correlation = 1;
    kernel.step = 0;
    kernel.batch = 0;
    auto& copy_call = add(EventKind::ApiCall, host, 6000, 7000, "cudaMemcpyAsync");
    copy_call.api = ApiId::MemcpyAsync;
    copy_call.correlation = 2;
    copy_call.target_lane = s1;
    auto& memcpy = add(EventKind::Memcpy, copy, 8000, 9000, "Memcpy HtoD");
    memcpy.setBytes(1ull << 40);
    memcpy.flags = event_flags::kPageable;
    memcpy.correlation = 2;
    auto& memset = add(EventKind::Memset, s1, 9001, 9002, "Memset");
    memset.setBytes(64);
    auto& marker = add(EventKind::EventMarker, s0, 1006001, 1006001, "event_record e0");
    marker.cuda_event = 0;
    auto& swait = add(EventKind::StreamWait, s1, 9100, 1006001, "wait e0");
    swait.awaited = 5;
    swait.mode = SyncMode::StreamWaitEvent;
    swait.cuda_event = 0;
    add(EventKind::HostCallback, s1, 1006002, 1007000, "host fn");
    auto& mop = add(EventKind::MemoryOp, s0, 1007000, 1007000, "free_async");
    mop.setBytes(4096);
    auto& wait = add(EventKind::HostWait, waits, 7000, 1066001, "cudaDeviceSynchronize");
    wait.mode = SyncMode::Device;
    wait.api = ApiId::DeviceSynchronize;
    wait.flags = event_flags::kSpinning | event_flags::kImplicitSync;
    wait.setCpuNs(1059001);
    wait.awaited = 1;
    add(EventKind::HostWork, host, 1066001, 1070000, "host work");
    add(EventKind::Annotation, notes, 0, 1070000, "batch 0");
    auto& err = add(EventKind::Error, host, 1070000, 1070000, "out of memory");
    err.flags = event_flags::kFailed;
    // Quotes, backslash, control characters and non-ASCII text must survive JSON escaping.
    add(EventKind::Generic, other, 123456789012345, 123456789012346,
        "odd \"name\" \\ tab\t nl\n 日本 é");

    t.flows = {{0, 1, FlowKind::Launch},
               {2, 3, FlowKind::Launch},
               {5, 6, FlowKind::Record},
               {9, 1, FlowKind::Awaited},
               {12, 13, FlowKind::Generic}};
    MemorySample m0;
    m0.t_ns = 0;
    m0.device_used = 1000;
    m0.pool_reserved = 0;
    m0.pool_used = 0;
    MemorySample m1;
    m1.t_ns = 7000;
    m1.device_used = 5000;
    m1.allocated = 4096;
    m1.reserved = 2ll << 20;
    t.memory = {m0, m1};
    return t;
}

}  // namespace

class TstChromeTraceWriter : public QObject {
    Q_OBJECT

private slots:
    void structureForPerfetto() {
        const Trace t = handBuiltTrace();
        const std::string json = chromeTraceText(t);
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const auto events = doc.object().value("traceEvents").toArray();
        std::map<QString, int> by_ph;
        QStringList process_names, thread_names;
        int sort_indices = 0;
        for (const auto& value : events) {
            const auto e = value.toObject();
            ++by_ph[e.value("ph").toString()];
            if (e.value("ph") == "M" && e.value("name") == "process_name")
                process_names << e.value("args").toObject().value("name").toString();
            if (e.value("ph") == "M" && e.value("name") == "thread_name")
                thread_names << e.value("args").toObject().value("name").toString();
            if (e.value("ph") == "M" && e.value("name") == "thread_sort_index")
                ++sort_indices;
            if (e.value("ph") == "f")
                QCOMPARE(e.value("bp").toString(), QString("e"));
        }
        QCOMPARE(by_ph["X"], static_cast<int>(t.events.size()));
        QCOMPARE(by_ph["s"], static_cast<int>(t.flows.size()));
        QCOMPARE(by_ph["f"], static_cast<int>(t.flows.size()));
        QCOMPARE(by_ph["C"], static_cast<int>(t.memory.size()));
        QCOMPARE(process_names, QStringList({"host", "GPU 0: NVIDIA H200 (simulated)"}));
        QCOMPARE(thread_names.size(), static_cast<int>(t.lanes.size()));
        QCOMPARE(sort_indices, static_cast<int>(t.lanes.size()));

        // The kernel: µs with ns decimals, on the device process, with its details in args.
        QJsonObject kernel;
        for (const auto& value : events)
            if (value.toObject().value("name") == "spin 1 ms")
                kernel = value.toObject();
        QCOMPARE(kernel.value("cat").toString(), QString("kernel"));
        QCOMPARE(kernel.value("pid").toInt(), 2);
        QCOMPARE(kernel.value("ts").toDouble(), 6.001);
        QCOMPARE(kernel.value("dur").toDouble(), 1000.0);
        QCOMPARE(kernel.value("args").toObject().value("correlation").toInt(), 1);
        QVERIFY(json.find("\"ts\":6.001,") != std::string::npos);
        // The wait names what it waited for.
        QVERIFY(json.find("\"awaited_name\":\"spin 1 ms\"") != std::string::npos);
        // Memory counters carry only measured fields.
        QVERIFY(json.find("\"args\":{\"device_used\":1000,\"pool_reserved\":0,\"pool_used\":0}") !=
                std::string::npos);
    }

    void eachRankIsAProcess() {
        // Two ranks, as RankMerger tags them: rank 3's host lanes and first stream, rank 5's rest.
        Trace t = handBuiltTrace();
        t.memory.clear();  // a timeline of several ranks has no memory series
        for (std::size_t i = 0; i < t.lanes.size(); ++i)
            t.lanes[i].rank = i < 3 ? 3 : 5;
        const std::string json = chromeTraceText(t);
        QJsonParseError error;
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        std::map<int, QString> process_names;
        std::map<int, int> process_sort;
        std::map<int, int> pid_of_tid;
        std::map<int, int> events_by_pid;
        for (const auto& value : doc.object().value("traceEvents").toArray()) {
            const auto e = value.toObject();
            const int pid = e.value("pid").toInt();
            const auto args = e.value("args").toObject();
            if (e.value("name") == "process_name")
                process_names[pid] = args.value("name").toString();
            else if (e.value("name") == "process_sort_index")
                process_sort[pid] = args.value("sort_index").toInt();
            else if (e.value("name") == "thread_name")
                pid_of_tid[e.value("tid").toInt()] = pid;
            else if (e.value("ph") == "X")
                ++events_by_pid[pid];
            // Every event and flow end sits in its lane's rank's process.
            if (e.value("ph") == "X" || e.value("ph") == "s" || e.value("ph") == "f") {
                const int tid = e.value("tid").toInt();
                QVERIFY(tid >= 1 && tid <= static_cast<int>(t.lanes.size()));
                QCOMPARE(pid, pid_of_tid.at(tid));
            }
        }
        // One process a rank, named as the window names the rank's lane group; no host or device
        // process is left over.
        QCOMPARE(process_names.size(), std::size_t{2});
        const int p3 = process_names.begin()->first;
        const int p5 = std::next(process_names.begin())->first;
        QCOMPARE(process_names[p3], QString("rank 3"));
        QCOMPARE(process_names[p5], QString("rank 5"));
        QVERIFY(process_sort.at(p3) < process_sort.at(p5));
        for (std::size_t i = 0; i < t.lanes.size(); ++i)
            QCOMPARE(pid_of_tid.at(static_cast<int>(i) + 1), i < 3 ? p3 : p5);
        int rank3_events = 0;
        for (const TraceEvent& e : t.events)
            rank3_events += e.lane < 3 ? 1 : 0;
        QCOMPARE(events_by_pid[p3], rank3_events);
        QCOMPARE(events_by_pid[p5], static_cast<int>(t.events.size()) - rank3_events);

        // Read back, every lane keeps its rank and every event its lane.
        const auto back = test::importKinetoJson(json, "ranks.json");
        QVERIFY2(back.ok(), back.error.c_str());
        const std::string diff = traceDifference(t, *back.trace, TraceMatch::SameText);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void aRankOutOfRangeIsAnError() {
        Trace t = handBuiltTrace();
        t.lanes[0].rank = 1;
        std::string json = chromeTraceText(t);
        const std::string key = "\"rank\":1";
        const auto at = json.find(key);
        QVERIFY(at != std::string::npos);
        json.replace(at, key.size(), "\"rank\":-4");
        const auto result = test::importKinetoJson(json, "bad-rank.json");
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("lane rank -4 is not between 0 and") != std::string::npos,
                 result.error.c_str());
    }

    void stringsUseTheOneEscaper() {
        // The same rule as the native trace writer (JsonText): each invalid UTF-8 byte becomes
        // U+FFFD, control characters are escaped; this writer once guessed Latin-1 instead.
        Trace t = handBuiltTrace();
        t.title = "caf\xe9\x01\"\xe2\x82";
        const std::string json = chromeTraceText(t);
        const std::string expected = "\"title\":\"caf\\ufffd\\u0001\\\"\\ufffd\\ufffd\"";
        QVERIFY2(json.find(expected) != std::string::npos, json.substr(0, 400).c_str());
        QJsonParseError error;
        QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    }

    void roundTrip() {
        const Trace original = handBuiltTrace();
        const auto result = test::importKinetoJson(chromeTraceText(original), "round-trip.json");
        QVERIFY2(result.ok(), result.error.c_str());
        const std::string diff = traceDifference(original, *result.trace, TraceMatch::SameText);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    // The stored scenario is parsed on import; one that does not read fails the import, named.
    void invalidStoredScenarioIsAnError() {
        std::string json = chromeTraceText(handBuiltTrace());
        const std::string key = "\"scenario\":\"";
        const auto at = json.find(key);
        QVERIFY(at != std::string::npos);
        json.insert(at + key.size(), "x");  // the stored text no longer starts a JSON object
        const auto result = test::importKinetoJson(json, "tampered.json");
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("\"syncscope.scenario\": the stored scenario is not valid") !=
                     std::string::npos,
                 result.error.c_str());
    }

    void roundTripOfImportedTrace() {
        // Kineto fixture -> Trace -> Chrome -> Trace: nothing changes on the second trip.
        const auto first = importTrace(fixturePath("kineto_new.json").toStdString());
        QVERIFY2(first.ok(), first.error.c_str());
        const auto second = test::importKinetoJson(chromeTraceText(*first.trace), "again.json");
        QVERIFY2(second.ok(), second.error.c_str());
        const std::string diff = traceDifference(*first.trace, *second.trace, TraceMatch::SameText);
        QVERIFY2(diff.empty(), diff.c_str());
    }

    void writesFilesAtomically() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("out.json").toStdString();
        QFile old(QString::fromStdString(path));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old content");
        old.close();
        const Trace t = handBuiltTrace();
        QCOMPARE(ChromeTraceWriter::writeFile(t, path), std::string());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList({"out.json"}));  // no temp file left
        const auto back = importTrace(path);
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(back.trace->events.size(), t.events.size());

        const auto err =
            ChromeTraceWriter::writeFile(t, dir.filePath("missing/dir/out.json").toStdString());
        QVERIFY(err.find("cannot create a temporary file beside") != std::string::npos);
    }

    // An event from INT64_MIN to INT64_MAX (only an in-memory trace can hold one: the readers
    // refuse such times): its start and its duration, which int64 cannot hold, print exactly.
    void extremeTimesPrintExactly() {
        Trace t;
        const auto lane = t.addLane(
            {LaneKind::Stream, "stream 1", 1, StreamKind::NonBlocking, 0, kNoLane, kNone});
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.lane = lane;
        e.start_ns = std::numeric_limits<TimeNs>::min();
        e.end_ns = std::numeric_limits<TimeNs>::max();
        t.addEvent(e);
        const std::string json = chromeTraceText(t);
        QVERIFY2(json.find("\"ts\":-9223372036854775.808,\"dur\":18446744073709551.615") !=
                     std::string::npos,
                 json.c_str());
        const std::string csv = csvText(t);
        QVERIFY2(csv.find(",-9223372036854775808,9223372036854775807,9223372036854775807,") !=
                     std::string::npos,
                 csv.c_str());
    }

    void csv() {
        const Trace t = handBuiltTrace();
        const std::string csv = csvText(t);
        const auto lines = QString::fromStdString(csv).split("\r\n", Qt::SkipEmptyParts);
        QCOMPARE(
            lines.first(),
            QString(
                "index,kind,lane,lane_name,name,start_ns,end_ns,duration_ns,api,mode,step,batch,"
                "correlation,bytes,awaited,cuda_event,cpu_ns,flags"));
        QVERIFY(lines.at(1).startsWith(
            "0,api-call,0,\"host thread\",\"cudaLaunchKernel\",1000,5500,4500,"
            "cudaLaunchKernel,,0,0,1,0,,,,0"));
        QVERIFY(csv.find("\"odd \"\"name\"\" \\ tab\t nl\n 日本 é\"") != std::string::npos);
        QVERIFY(
            csv.find("host-wait,1,\"host waits\",\"cudaDeviceSynchronize\",7000,1066001,1059001,"
                     "cudaDeviceSynchronize,device,,,,0,1,,1059001,9") != std::string::npos);
        QTemporaryDir dir;
        const std::string path = dir.filePath("events.csv").toStdString();
        QCOMPARE(CsvWriter::writeFile(t, path), std::string());
        QCOMPARE(readAll(QString::fromStdString(path)), csv);
    }
};

QTEST_GUILESS_MAIN(TstChromeTraceWriter)
#include "tst_chrome_trace_writer.moc"
