// NsysImporter on a hand-written Nsight Systems export (tests/data/interchange/nsys_small.sql),
// built into a SQLite file by the test.

#include <QtTest>

#include "core/interchange/nsys/nsys_importer.h"
#include "core/interchange/trace_importer.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/core/interchange/nsys/nsys_test_database.h"

using namespace syncscope;
using namespace syncscope::test;

class TstNsysImporter : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string db_path_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        db_path_ = dir_.filePath("small.sqlite").toStdString();
        const auto err = buildSqliteDatabase(readAll(fixturePath("nsys_small.sql")), db_path_);
        QVERIFY2(err.empty(), err.c_str());
    }

    void importsEveryTable() {
        const auto result = importTrace(db_path_);
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;
        QCOMPARE(t.device.name, std::string("Fixture GTX"));
        QCOMPARE(t.device.sm_count, 10);
        QCOMPARE(t.device.engine, std::string("import:nsys"));
        QCOMPARE(countKind(t, EventKind::ApiCall), 10);
        QCOMPARE(countKind(t, EventKind::Kernel), 2);
        QCOMPARE(countKind(t, EventKind::Memcpy), 1);
        QCOMPARE(countKind(t, EventKind::Memset), 1);
        QCOMPARE(countKind(t, EventKind::HostWait), 4);
        QCOMPARE(countKind(t, EventKind::StreamWait), 0);  // a host-side record: on the calls
        QCOMPARE(countKind(t, EventKind::Annotation), 2);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{14, 1}, {15, 1}}));
        QCOMPARE(result.stats.skipped.at("NVTX eventType 75"), std::uint64_t{1});
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 1);  // version suffix stripped
        QCOMPARE(countCalls(t, "cuCtxSynchronize"), 1);

        // Latin-1 bytes in a string become UTF-8 instead of failing the import.
        const auto second = findByCorrelation(t, EventKind::Kernel, 8);
        QCOMPARE(t.nameOf(t.events[second]), std::string_view("Caf\xc3\xa9_kernel"));
        const auto memcpy = findByCorrelation(t, EventKind::Memcpy, 3);
        QVERIFY(t.events[memcpy].flags & event_flags::kPageable);
        QCOMPARE(t.nameOf(t.events[memcpy]), std::string_view("Memcpy HtoD"));

        // Launch flows by correlationId.
        QCOMPARE(countFlows(t, FlowKind::Launch), 4);
        const auto first = findByCorrelation(t, EventKind::Kernel, 2);
        QVERIFY(hasFlow(t, findByCorrelation(t, EventKind::ApiCall, 2), first, FlowKind::Launch));

        // Syncs classified by their runtime call; what each one waited for.
        const auto memset = findByCorrelation(t, EventKind::Memset, 4);
        const auto stream_sync = findByCorrelation(t, EventKind::HostWait, 6);
        QCOMPARE_ENUM(t.events[stream_sync].mode, SyncMode::Stream);
        QCOMPARE(t.events[stream_sync].awaited, memset);
        const auto event_sync = findByCorrelation(t, EventKind::HostWait, 7);
        QCOMPARE_ENUM(t.events[event_sync].mode, SyncMode::Event);
        QCOMPARE(t.events[event_sync].awaited, first);
        QVERIFY(
            hasFlow(t, findByCorrelation(t, EventKind::ApiCall, 5), event_sync, FlowKind::Record));
        const auto ctx_sync = findByCorrelation(t, EventKind::HostWait, 9);
        QCOMPARE_ENUM(t.events[ctx_sync].mode, SyncMode::Device);
        QCOMPARE(t.events[ctx_sync].awaited, second);
        QCOMPARE_ENUM(t.lanes[t.events[ctx_sync].lane].kind, LaneKind::HostWaits);
        QCOMPARE(t.lanes[t.lanes[t.events[ctx_sync].lane].parent].thread_id, 7u);
        const auto stream_wait = findByCorrelation(t, EventKind::ApiCall, 10);
        QCOMPARE(t.lanes[t.events[stream_wait].target_lane].stream_id, 15u);
        QCOMPARE(streamWaitAwaited(t, 10), first);
        // A sync row without a runtime call falls back to syncType (3 = stream sync in real
        // exports).
        const auto orphan = findByCorrelation(t, EventKind::HostWait, 99);
        QCOMPARE_ENUM(t.events[orphan].mode, SyncMode::Stream);
        QCOMPARE(t.events[orphan].awaited, first);
        QVERIFY(std::any_of(
            result.warnings.begin(), result.warnings.end(),
            [](const std::string& w) { return w.find("syncType") != std::string::npos; }));

        // Device memory only (the pinned allocation is host memory): 1000, 1000, 0 bytes.
        QCOMPARE(t.memory.size(), std::size_t{3});
        QCOMPARE(t.memory[0].device_used, std::int64_t{1000});
        QCOMPARE(t.memory[1].device_used, std::int64_t{1000});
        QCOMPARE(t.memory[2].device_used, std::int64_t{0});

        // Times from the earliest record (the NVTX domain at 40 ns is not an event; the range at 50
        // is).
        QCOMPARE(t.events[first].start_ns, TimeNs{320 - 50});
    }

    void importsFromMemory() {
        const auto bytes = readAll(QString::fromStdString(db_path_));
        const auto result = TraceImporter::importBytes(bytes, "memory.sqlite");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(countKind(*result.trace, EventKind::Kernel), 2);
    }

    void toleratesMissingOptionalTables() {
        const std::string path = dir_.filePath("kernels_only.sqlite").toStdString();
        const auto err = buildSqliteDatabase(
            "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId "
            "INTEGER, contextId INTEGER,"
            " streamId INTEGER, correlationId INTEGER, demangledName INTEGER);"
            "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (10, 20, 0, 1, 7, 1, 5);",
            path);
        QVERIFY2(err.empty(), err.c_str());
        const auto result = NsysImporter::importFile(path);
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(countKind(*result.trace, EventKind::Kernel), 1);
        QCOMPARE(result.trace->nameOf(result.trace->events[0]), std::string_view("string 5"));
    }
};

QTEST_GUILESS_MAIN(TstNsysImporter)
#include "tst_nsys_importer.moc"
