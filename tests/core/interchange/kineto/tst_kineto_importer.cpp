// KinetoImporter on the project's own fixtures: the current schema (plain and gzip), the old
// schema, and the import options (progress, cancel).

#include <QtTest>
#include <algorithm>
#include <atomic>

#include "core/interchange/kineto/kineto_importer.h"
#include "core/interchange/trace_importer.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/support/kineto_json.h"

using namespace syncscope;
using namespace syncscope::test;

class TstKinetoImporter : public QObject {
    Q_OBJECT

private:
    static std::uint16_t laneNamed(const Trace& trace, std::string_view name) {
        for (std::uint16_t i = 0; i < trace.lanes.size(); ++i)
            if (trace.lanes[i].name == name)
                return i;
        return kNoLane;
    }

private slots:
    // Launch flows are linked through two bits per id when the GPU ops' ids span a range near the
    // trace's size, through an index of the ops when they are spread far apart: the same links,
    // the first op of an id wins, and a flow without its op is counted as unresolved.
    void launchLinksDenseAndSparse_data() {
        QTest::addColumn<std::uint32_t>("far");
        QTest::newRow("dense ids") << std::uint32_t{9};
        QTest::newRow("sparse ids") << std::uint32_t{4000000000u};
    }
    void launchLinksDenseAndSparse() {
        QFETCH(std::uint32_t, far);
        std::string json = R"({"traceEvents":[)";
        auto add = [&](const std::string& event) { json += event + ","; };
        for (const std::uint32_t corr : {5u, far}) {
            const std::string c = std::to_string(corr);
            add(R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,)"
                R"("ts":)" +
                std::to_string(corr % 1000) + R"(,"dur":1,"args":{"correlation":)" + c + "}}");
            add(R"({"ph":"s","cat":"ac2g","name":"launch","id":)" + c +
                R"(,"pid":1,"tid":1,"ts":1})");
            add(R"({"ph":"X","cat":"kernel","name":"k)" + c +
                R"(","pid":0,"tid":7,"ts":2000,"dur":1,"args":{"correlation":)" + c +
                R"(,"stream":7,"device":0}})");
        }
        // A second op with id 5 on another stream: the first one keeps the link.
        add(R"({"ph":"X","cat":"kernel","name":"again","pid":0,"tid":8,"ts":3000,"dur":1,)"
            R"("args":{"correlation":5,"stream":8,"device":0}})");
        // A flow whose op never came.
        json += R"({"ph":"s","cat":"ac2g","name":"launch","id":6,"pid":1,"tid":1,"ts":1}]})";
        const auto result = importKinetoJson(json, "links.json");
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;
        QCOMPARE(countFlows(t, FlowKind::Launch), 2);
        QCOMPARE(result.stats.unresolved_flows, std::uint64_t{1});
        for (const std::uint32_t corr : {5u, far}) {
            const auto call = findByCorrelation(t, EventKind::ApiCall, corr);
            const auto kernel = findByCorrelation(t, EventKind::Kernel, corr);
            QVERIFY(call != kNone && kernel != kNone);
            QVERIFY(hasFlow(t, call, kernel, FlowKind::Launch));
            QCOMPARE(t.events[call].target_lane, t.events[kernel].lane);
        }
        QCOMPARE(t.nameOf(t.events[findByCorrelation(t, EventKind::Kernel, 5)]),
                 std::string_view("k5"));
    }

    void newSchema_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("plain") << "kineto_new.json";
        QTest::newRow("gzip") << "kineto_new.json.gz";
    }
    void newSchema() {
        QFETCH(QString, file);
        const auto result = importTrace(fixturePath(file).toStdString());
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;

        QCOMPARE(t.device.name, std::string("Fixture GPU A"));
        QCOMPARE(t.device.sm_count, 108);
        QCOMPARE(t.device.engine, std::string("import:kineto"));
        QCOMPARE(countKind(t, EventKind::Kernel), 2);
        QCOMPARE(countKind(t, EventKind::Memcpy), 1);
        QCOMPARE(countKind(t, EventKind::Memset), 1);
        QCOMPARE(countKind(t, EventKind::ApiCall), 9);
        QCOMPARE(countKind(t, EventKind::HostWait), 3);
        QCOMPARE(countKind(t, EventKind::StreamWait), 0);  // a host-side record: on the calls
        QCOMPARE(countKind(t, EventKind::Annotation), 2);
        QCOMPARE(countKind(t, EventKind::Generic),
                 4);  // cpu_op, python_function, instant, Trace span
        QCOMPARE(result.stats.generic_events, std::uint64_t{4});
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{7, 1}, {9, 1}}));
        QCOMPARE(result.stats.categories.at("cpu_op"), std::uint64_t{1});
        QCOMPARE(result.stats.categories.at("ac2g"), std::uint64_t{6});
        QCOMPARE(result.stats.skipped.at("host memory sample"), std::uint64_t{1});

        // Lanes: two host threads (one named by metadata) with waits sub-lanes, streams 7 and 9.
        QCOMPARE(countLanes(t, LaneKind::HostThread), 2);
        QCOMPARE(countLanes(t, LaneKind::HostWaits), 2);
        QCOMPARE(countLanes(t, LaneKind::Stream), 2);
        QCOMPARE(countLanes(t, LaneKind::Annotation), 2);
        QCOMPARE(countLanes(t, LaneKind::Other), 1);
        const auto host = laneNamed(t, "thread 100 (python)");
        QVERIFY(host != kNoLane);
        QCOMPARE_ENUM(t.lanes[host].kind, LaneKind::HostThread);
        QCOMPARE_ENUM(t.lanes[host + 1].kind, LaneKind::HostWaits);
        QCOMPARE(t.lanes[host + 1].parent, host);

        // Times: ns from the earliest record (1000 µs), decimals kept exactly.
        const auto kernel = findByCorrelation(t, EventKind::Kernel, 11);
        QVERIFY(kernel != kNone);
        QCOMPARE(t.events[kernel].start_ns, TimeNs{10123});
        QCOMPARE(t.events[kernel].end_ns, TimeNs{40623});
        QCOMPARE(t.nameOf(t.events[kernel]), std::string_view("gemm_kernel"));
        const auto memcpy = findByCorrelation(t, EventKind::Memcpy, 12);
        QCOMPARE(t.events[memcpy].bytes(), std::uint64_t{4096});
        QVERIFY(t.events[memcpy].flags & event_flags::kPageable);

        // ac2g pairs become launch flows; the API call learns its target lane.
        QCOMPARE(countFlows(t, FlowKind::Launch), 3);
        const auto launch = findByCorrelation(t, EventKind::ApiCall, 11);
        QVERIFY(hasFlow(t, launch, kernel, FlowKind::Launch));
        QCOMPARE(t.events[launch].target_lane, t.events[kernel].lane);
        QCOMPARE_ENUM(t.events[launch].api, ApiId::LaunchKernel);

        // Waits: on the calling thread's waits lane, attributed to the op that finished last among
        // those they covered (the memcpy on stream 7 for all four).
        for (const std::uint32_t corr : {14u, 17u, 18u}) {
            const auto wait = findByCorrelation(t, EventKind::HostWait, corr);
            QVERIFY(wait != kNone);
            const auto call = findByCorrelation(t, EventKind::ApiCall, corr);
            QCOMPARE_ENUM(t.lanes[t.events[wait].lane].kind, LaneKind::HostWaits);
            QCOMPARE(t.lanes[t.events[wait].lane].parent, t.events[call].lane);
            QCOMPARE(t.events[wait].awaited, memcpy);
            QVERIFY(hasFlow(t, wait, memcpy, FlowKind::Awaited));
        }
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 14)].mode,
                      SyncMode::Stream);
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 17)].mode,
                      SyncMode::Event);
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 18)].mode,
                      SyncMode::Device);
        const auto stream_wait = findByCorrelation(t, EventKind::ApiCall, 16);
        QCOMPARE(t.lanes[t.events[stream_wait].target_lane].stream_id, 9u);
        QCOMPARE(streamWaitAwaited(t, 16), memcpy);
        const auto record = findByCorrelation(t, EventKind::ApiCall, 15);
        QVERIFY(hasFlow(t, record, stream_wait, FlowKind::Record));
        QCOMPARE(countFlows(t, FlowKind::Record), 2);

        // GPU memory samples only (the CPU one is counted as skipped), in time order.
        QCOMPARE(t.memory.size(), std::size_t{2});
        QCOMPARE(t.memory[0].t_ns, TimeNs{1000});
        QCOMPARE(t.memory[0].allocated, std::int64_t{4096});
        QCOMPARE(t.memory[0].reserved, std::int64_t{2097152});
        QCOMPARE(t.memory[1].allocated, std::int64_t{0});
        QCOMPARE(t.memory[0].device_used, std::int64_t{-1});
    }

    void oldSchema() {
        const auto result = importTrace(fixturePath("kineto_old.json").toStdString());
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;
        QCOMPARE(t.device.name, std::string("Old Fixture V100"));
        QCOMPARE(t.device.sm_count, 80);
        QCOMPARE(countKind(t, EventKind::Kernel), 1);
        QCOMPARE(countKind(t, EventKind::Memcpy), 1);
        QCOMPARE(countKind(t, EventKind::ApiCall), 4);
        QCOMPARE(countKind(t, EventKind::Generic), 3);  // Operator, Trace span, window-end instant
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 1);
        QCOMPARE(countCalls(t, "cudaDeviceSynchronize"), 1);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{7, 1}}));
        QCOMPARE(countLanes(t, LaneKind::Stream), 1);
        QCOMPARE(countFlows(t, FlowKind::Launch), 2);
        // String tids: "24572" is the same thread as 24572; "stream 7" is stream 7.
        QCOMPARE(countLanes(t, LaneKind::HostThread), 1);
        QVERIFY(laneNamed(t, "thread 24572 (python)") != kNoLane);
        QVERIFY(laneNamed(t, "stream 7") != kNoLane);
        QCOMPARE(result.stats.categories.at("Runtime"), std::uint64_t{4});
        QCOMPARE(result.stats.categories.at("async"), std::uint64_t{4});
        const auto kernel = findByCorrelation(t, EventKind::Kernel, 320);
        QCOMPARE(t.events[kernel].start_ns, TimeNs{(1621401187225275 - 1621401187223005) * 1000});
    }

    void progressAndCancel() {
        const std::string json = readAll(fixturePath("kineto_new.json"));
        double last = -1;
        ImportOptions options;
        options.progress = [&](double f) { last = f; };
        QVERIFY(test::importKinetoJson(json, "mem.json", options).ok());
        QCOMPARE(last, 1.0);

        // A large enough document to reach the periodic cancel check.
        std::string big = "{\"traceEvents\":[";
        for (int i = 0; i < 10000; ++i)
            big +=
                (i ? "," : "") +
                std::string(
                    "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":") +
                std::to_string(i) + ",\"dur\":1}";
        big += "]}";
        std::atomic<bool> cancel{true};
        ImportOptions cancelling;
        cancelling.cancel = &cancel;
        const auto result = test::importKinetoJson(big, "big.json", cancelling);
        QVERIFY(!result.ok());
        QCOMPARE(result.error, std::string("big.json: cancelled"));
        cancel = false;
        QCOMPARE(test::importKinetoJson(big, "big.json", cancelling).trace->events.size(),
                 std::size_t{10000});
    }

    void manyBatches() {
        // ~3 MiB: several parser batches and window compactions; the error's line and column must
        // still be right, and everything before it must have been read.
        std::string json = "{\"traceEvents\":[\n";
        const int count = 30000;
        for (int i = 0; i < count; ++i) {
            json +=
                "  {\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":" +
                std::to_string(i * 10) +
                ",\"dur\":5,\"args\":{\"stream\":7,\"correlation\":" + std::to_string(i) +
                ",\"pad\":\"" + std::string(40, 'x') + "\"}},\n";
        }
        json += "  {\"ph\":\"i\",\"name\":\"end\",\"pid\":1,\"tid\":1,\"ts\":0}\n]}\n";
        QVERIFY(json.size() > 3u << 20);
        const auto good = test::importKinetoJson(json, "big.json");
        QVERIFY2(good.ok(), good.error.c_str());
        QCOMPARE(countKind(*good.trace, EventKind::Kernel), count);
        QCOMPARE(good.trace->events.back().start_ns, TimeNs{0});

        const std::string needle = "\"ts\":250000,\"dur\":5";  // event 25000, on line 25002
        const auto at = json.find(needle);
        QVERIFY(at != std::string::npos);
        json.replace(at, needle.size(), "\"ts\":250000,\"dur\":-5");
        const auto bad = test::importKinetoJson(json, "big.json");
        QVERIFY(!bad.ok());
        const auto line_start = json.rfind('\n', at) + 1;
        const std::string expected =
            "big.json: byte " + std::to_string(line_start + 2) +
            " (line 25002, column 3): event 25000: \"dur\" is negative (-5000 ns)";
        QCOMPARE(bad.error, expected);
    }

    void chromeArrayFormat() {
        // The bare-array form of the Chrome format, with a B/E pair we count but do not draw.
        const std::string json = R"([{"ph":"X","name":"a","pid":1,"tid":2,"ts":5,"dur":1},
                                     {"ph":"B","name":"b","pid":1,"tid":2,"ts":6},{"ph":"E","pid":1,"tid":2,"ts":7}])";
        const auto result = test::importKinetoJson(json, "array.json");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.trace->events.size(), std::size_t{1});
        QCOMPARE(result.stats.skipped.at("ph B"), std::uint64_t{1});
        QVERIFY(!result.warnings.empty());
    }

    // The reader resets the fields few events carry only after an event that set one: none of
    // them may carry over to the next event (a sample's device type, an argument's name, a sync's
    // kind), nor make the next event's own value look like a duplicate key.
    void fieldsOfOneEventDoNotCarryOver() {
        const std::string json =
            R"([{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"main"}},)"
            R"({"ph":"i","name":"[memory]","pid":1,"tid":2,"ts":5,)"
            R"("args":{"Device Type":1,"Total Allocated":100,"Total Reserved":200}},)"
            R"({"ph":"i","name":"[memory]","pid":1,"tid":2,"ts":6,"args":{"Total Allocated":50}},)"
            R"({"ph":"X","cat":"cpu_op","name":"b","pid":1,"tid":2,"ts":7,"dur":1,)"
            R"("args":{"name":"y"}},)"
            R"({"ph":"X","cat":"cuda_sync","name":"x","pid":1,"tid":2,"ts":8,"dur":1,)"
            R"("args":{"cuda_sync_kind":"Stream Sync","stream":7}},)"
            R"({"ph":"X","cat":"cuda_sync","name":"Context Sync","pid":1,"tid":2,"ts":9,)"
            R"("dur":1}])";
        const auto result = test::importKinetoJson(json, "carry.json");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.trace->memory.size(), std::size_t{1});
        QCOMPARE(result.stats.skipped.at("host memory sample"), std::uint64_t{1});
        for (const auto& w : result.warnings)
            QVERIFY2(w.find("duplicate key") == std::string::npos, w.c_str());
        std::vector<SyncMode> waits;
        for (const auto& e : result.trace->events)
            if (e.kind == EventKind::HostWait)
                waits.push_back(e.mode);
        QCOMPARE(waits.size(), std::size_t{2});
        QVERIFY(waits[0] == SyncMode::Stream);
        QVERIFY(waits[1] == SyncMode::Device);
    }

    void threadIdsAreNeverNegative() {
        // Kineto writes a 32-bit thread id as a signed number: 3745515072 arrives as -549452224.
        // The lane is that thread, not a negative one; -1 is "no thread".
        const std::string json =
            "[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\",\"pid\":1,"
            "\"tid\":-549452224,\"ts\":5,\"dur\":1},"
            "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"b\",\"pid\":1,\"tid\":-1,"
            "\"ts\":6,\"dur\":1}]";
        const auto result = test::importKinetoJson(json, "tids.json");
        QVERIFY2(result.ok(), result.error.c_str());
        std::vector<std::string> names;
        for (const auto& lane : result.trace->lanes) {
            names.push_back(lane.name);
            QVERIFY2(lane.name.find(" -") == std::string::npos, lane.name.c_str());
        }
        QVERIFY(std::find(names.begin(), names.end(), "host thread 3745515072") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "host thread (no id)") != names.end());
        for (const auto& lane : result.trace->lanes)
            if (lane.name == "host thread 3745515072")
                QCOMPARE(lane.thread_id, 3745515072u);
    }
};

QTEST_GUILESS_MAIN(TstKinetoImporter)
#include "tst_kineto_importer.moc"
