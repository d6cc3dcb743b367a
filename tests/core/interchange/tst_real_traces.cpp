// The real traces in ../shared/data/traces (see SOURCES.md there): the counts documented for each
// file are reproduced exactly, and the HTA cuda_event_sync waits point at the right GPU work.
// Skips with a message where the folder is absent (a fresh clone without the shared data).

#include <QtTest>

#include "core/interchange/trace_importer.h"
#include "tests/core/interchange/interchange_test_support.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

const char* const kHta =
    "facebookresearch__HolisticTraceAnalysis__cuda_event_sync__event_sync_trace.json.gz";
const char* const kHtaMulti =
    "facebookresearch__HolisticTraceAnalysis__cuda_event_sync_multi_stream__event_sync_trace.json."
    "gz";
const char* const kBert = "AMD-AGI__TraceLens__gaunernst_bert-small-uncased__1016001.json.gz";
const char* const kOld = "pytorch__kineto__gpu_metrics_input.json";
const char* const kNsys = "extra-p__extrap__profile16.sqlite";

using Counts = std::map<std::string, std::uint64_t>;

}  // namespace

class TstRealTraces : public QObject {
    Q_OBJECT

    ImportResult load(const char* name) {
        const QString path = QDir(tracesDir()).filePath(name);
        if (!QFile::exists(path))
            return {};
        return importTrace(path.toStdString());
    }

#define LOAD_OR_SKIP(result, name)                                                   \
    const auto result = load(name);                                                  \
    if (!result.ok() && result.error.empty())                                        \
        SYNCSCOPE_MISSING_REAL_TRACES(QString("real trace %1 not found").arg(name)); \
    QVERIFY2(result.ok(), result.error.c_str())

    static void compareCategories(const ImportResult& r, const Counts& expected) {
        for (const auto& [cat, n] : expected) {
            const auto it = r.stats.categories.find(cat);
            QVERIFY2(it != r.stats.categories.end(), cat.c_str());
            QCOMPARE(it->second, n);
        }
    }

    // The GPU op a wait (by its correlation id) was attributed to, as that op's correlation id.
    static std::uint32_t awaitedCorrelation(const Trace& t, EventKind kind,
                                            std::uint32_t correlation) {
        const auto wait = findByCorrelation(t, kind, correlation);
        if (wait == kNone || t.events[wait].awaited == kNone)
            return kNone;
        return t.events[t.events[wait].awaited].correlation;
    }

private slots:
    void htaEventSync() {
        LOAD_OR_SKIP(r, kHta);
        const Trace& t = *r.trace;
        compareCategories(r, {{"kernel", 4},
                              {"gpu_memcpy", 1},
                              {"cuda_runtime", 12},
                              {"cpu_op", 10},
                              {"cuda_sync", 4},
                              {"user_annotation", 1},
                              {"ac2g", 21}});
        QCOMPARE(t.device.name, std::string("NVIDIA A100-PG509-200"));
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 1);
        QCOMPARE(countCalls(t, "cudaEventSynchronize"), 1);
        QCOMPARE(countCalls(t, "cudaDeviceSynchronize"), 1);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{7, 4}}));
        QCOMPARE(countLanes(t, LaneKind::Stream), 1);
        // The four syncs, and the pageable device-to-host copy inside Tensor.item() (29 µs), which
        // held the host too (docs/semantics.md "Host blocked").
        QCOMPARE(countKind(t, EventKind::HostWait), 5);
        // Every wait is attributed to the GPU op that finished last among those it covered:
        // the stream sync to the D2H copy, the event sync/query and the device sync to the spin
        // kernel.
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1512), 1511u);
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1536), 1526u);
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1537), 1526u);
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1549), 1526u);
        const auto spin = findByCorrelation(t, EventKind::Kernel, 1526);
        QVERIFY(t.nameOf(t.events[spin]).find("spin_kernel") != std::string_view::npos);
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 1536)].mode,
                      SyncMode::Event);
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 1537)].mode,
                      SyncMode::EventQueryPoll);
        QCOMPARE_ENUM(t.events[findByCorrelation(t, EventKind::HostWait, 1549)].mode,
                      SyncMode::Device);
        // The event sync also links the cudaEventRecord that captured the kernel.
        QVERIFY(hasFlow(t, findByCorrelation(t, EventKind::ApiCall, 1533),
                        findByCorrelation(t, EventKind::HostWait, 1536), FlowKind::Record));
        QVERIFY(
            hasFlow(t, findByCorrelation(t, EventKind::HostWait, 1536), spin, FlowKind::Awaited));
    }

    void htaEventSyncMultiStream() {
        LOAD_OR_SKIP(r, kHtaMulti);
        const Trace& t = *r.trace;
        compareCategories(r, {{"kernel", 3},
                              {"gpu_memset", 3},
                              {"cuda_runtime", 39},
                              {"cpu_op", 6},
                              {"cuda_sync", 5},
                              {"ac2g", 50}});
        QCOMPARE(countCalls(t, "cudaStreamWaitEvent"), 1);
        QCOMPARE(countCalls(t, "cudaDeviceSynchronize"), 1);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{20, 1}, {24, 1}, {28, 1}}));
        QCOMPARE(countLanes(t, LaneKind::Stream), 3);
        QCOMPARE(countKind(t, EventKind::Memset), 3);
        // Event Sync 3, Context Sync 1, and three cudaMalloc calls of 200-284 µs that held the
        // host.
        QCOMPARE(countKind(t, EventKind::HostWait), 7);
        // The Stream Wait Event record is the host call's: no bar on stream 24 (docs/semantics.md).
        QCOMPARE(countKind(t, EventKind::StreamWait), 0);
        // Stream 24 waits on the event recorded on stream 20 after its sgemm.
        const auto wait = findByCorrelation(t, EventKind::ApiCall, 1389);
        QCOMPARE(t.lanes[t.events[wait].target_lane].stream_id, 24u);
        const auto awaited = streamWaitAwaited(t, 1389);
        QVERIFY(awaited != kNone);
        QCOMPARE(t.events[awaited].correlation, 27u);
        QCOMPARE(t.lanes[t.events[awaited].lane].stream_id, 20u);
        QVERIFY(hasFlow(t, findByCorrelation(t, EventKind::ApiCall, 1385), wait, FlowKind::Record));
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 54), 27u);
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1410), 57u);
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 1424), 1413u);
        // A query of an event never recorded waits for nothing.
        QCOMPARE(awaitedCorrelation(t, EventKind::HostWait, 24), kNone);
    }

    void bertH100() {
        LOAD_OR_SKIP(r, kBert);
        const Trace& t = *r.trace;
        compareCategories(r, {{"kernel", 60},
                              {"gpu_memcpy", 1},
                              {"cuda_runtime", 110},
                              {"cuda_driver", 22},
                              {"cpu_op", 479},
                              {"python_function", 1385},
                              {"cpu_instant_event", 236},
                              {"ac2g", 193}});
        QCOMPARE(countCalls(t, "cudaDeviceSynchronize"), 2);
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 1);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{7, 60}}));
        QCOMPARE(countLanes(t, LaneKind::Stream), 1);
        // 218 of the 236 [memory] samples are on the GPU; the other 18 are counted, not drawn.
        QCOMPARE(t.memory.size(), std::size_t{218});
        QCOMPARE(r.stats.skipped.at("host memory sample"), std::uint64_t{18});
        std::int64_t lo = INT64_MAX, hi = 0;
        for (const auto& m : t.memory) {
            lo = std::min(lo, m.allocated);
            hi = std::max(hi, m.allocated);
            QVERIFY(m.allocated <= m.reserved);  // I17
        }
        // "between 91.4 MB and 101.3 MB": the exact extremes, measured with python3.
        QCOMPARE(lo, std::int64_t{91'360'768});
        QCOMPARE(hi, std::int64_t{101'305'344});
        // cpu_op and python_function are kept as generic events, not dropped.
        QVERIFY(countKind(t, EventKind::Generic) >= 479 + 1385);
        QCOMPARE(t.device.name.find("H100") != std::string::npos, true);
    }

    void oldSchemaV100() {
        LOAD_OR_SKIP(r, kOld);
        const Trace& t = *r.trace;
        compareCategories(
            r, {{"Kernel", 30}, {"Memcpy", 2}, {"Runtime", 42}, {"Operator", 179}, {"async", 64}});
        QCOMPARE(t.device.name, std::string("Tesla V100-DGXS-32GB"));
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 2);
        QCOMPARE(countCalls(t, "cudaDeviceSynchronize"), 1);
        QCOMPARE(kernelsPerStream(t), (std::map<std::uint32_t, int>{{7, 30}}));
        QCOMPARE(countLanes(t, LaneKind::Stream), 1);
        QCOMPARE(countKind(t, EventKind::Memcpy), 2);
        QCOMPARE(countFlows(t, FlowKind::Launch), 32);
    }

    void nsightSqlite() {
        LOAD_OR_SKIP(r, kNsys);
        const Trace& t = *r.trace;
        compareCategories(r, {{"CUPTI_ACTIVITY_KIND_KERNEL", 12},
                              {"CUPTI_ACTIVITY_KIND_MEMCPY", 30},
                              {"CUPTI_ACTIVITY_KIND_MEMSET", 17},
                              {"CUPTI_ACTIVITY_KIND_RUNTIME", 184},
                              {"CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", 16},
                              {"CUPTI_ACTIVITY_KIND_CUDA_EVENT", 5},
                              {"CUDA_GPU_MEMORY_USAGE_EVENTS", 60},
                              {"NVTX_EVENTS", 77}});
        QCOMPARE(t.device.name, std::string("GeForce GTX 1060 with Max-Q Design"));
        QCOMPARE(countCalls(t, "cudaStreamSynchronize"), 10);
        QCOMPARE(countCalls(t, "cudaEventSynchronize"), 5);
        QCOMPARE(countCalls(t, "cuCtxSynchronize"), 1);
        QCOMPARE(countCalls(t, "cudaEventRecord"), 5);
        QCOMPARE(countKind(t, EventKind::Kernel), 12);
        QCOMPARE(kernelsPerStream(t).size(), std::size_t{10});
        QCOMPARE(countKind(t, EventKind::Memcpy), 30);
        QCOMPARE(countKind(t, EventKind::Memset), 17);
        QCOMPARE(t.memory.size(), std::size_t{60});
        // Sync records classified through their runtime call, not by syncType.
        int stream = 0, event = 0, device = 0;
        for (const auto& e : t.events) {
            // The waits of the sync records; allocations that held the host have no GPU op to
            // name.
            if (e.kind != EventKind::HostWait || (e.flags & event_flags::kImplicitSync) != 0)
                continue;
            stream += e.mode == SyncMode::Stream;
            event += e.mode == SyncMode::Event;
            device += e.mode == SyncMode::Device;
            QVERIFY(e.awaited != kNone);
        }
        QCOMPARE(stream, 10);
        QCOMPARE(event, 5);
        QCOMPARE(device, 1);
        // Real concurrency: up to 4 kernels at once.
        std::vector<std::pair<TimeNs, int>> edges;
        for (const auto& e : t.events)
            if (e.kind == EventKind::Kernel)
                edges.insert(edges.end(), {{e.start_ns, 1}, {e.end_ns, -1}});
        std::sort(edges.begin(), edges.end(), [](auto& a, auto& b) {
            return a.first != b.first ? a.first < b.first : a.second < b.second;
        });
        int running = 0, peak = 0;
        for (const auto& [time, delta] : edges)
            peak = std::max(peak, running += delta);
        QCOMPARE(peak, 4);
        // 706.56 MB of device memory allocated in total, all freed again.
        std::int64_t peak_used = 0;
        for (const auto& m : t.memory)
            peak_used = std::max(peak_used, m.device_used);
        QVERIFY(peak_used > 0 && peak_used <= 706'560'000);
        QCOMPARE(t.memory.back().device_used, std::int64_t{0});
        QCOMPARE(countKind(t, EventKind::Annotation), 76);
    }
};

QTEST_GUILESS_MAIN(TstRealTraces)
#include "tst_real_traces.moc"
