#include <QDir>
#include <QtTest>

#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"

using namespace syncscope;

// Traces recorded without cuda_sync records (older profilers) still show every host sync as a
// wait in the waits sub-lane, attributed to the GPU work it covered where the scope is known.
class TstKinetoUnrecordedSyncs : public QObject {
    Q_OBJECT

    // The waits of sync calls; calls that held the host without being syncs (a pageable copy)
    // get waits too, flagged as implicit (docs/semantics.md "Host blocked").
    static std::vector<std::uint32_t> waits(const Trace& t) {
        std::vector<std::uint32_t> out;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == EventKind::HostWait &&
                (t.events[i].flags & event_flags::kImplicitSync) == 0)
                out.push_back(i);
        return out;
    }

private slots:
    void syncCallWithoutRecordBecomesAWait() {
        const std::string json =
            R"({"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "GPU"}],
          "traceEvents": [
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 100, "dur": 5, "args": {"correlation": 1}},
            {"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": 110, "dur": 400,
             "args": {"correlation": 1, "stream": 7, "device": 0}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaDeviceSynchronize", "pid": 1, "tid": 2,
             "ts": 120, "dur": 395, "args": {"correlation": 2}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaStreamSynchronize", "pid": 1, "tid": 2,
             "ts": 520, "dur": 3, "args": {"correlation": 3}}
          ]})";
        const ImportResult r = TraceImporter::importBytes(json, "inline.json");
        QVERIFY2(r.ok(), r.error.c_str());
        const Trace& t = *r.trace;
        const auto w = waits(t);
        QCOMPARE(w.size(), std::size_t(2));
        std::uint32_t kernel = kNone;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == EventKind::Kernel)
                kernel = i;
        for (const auto i : w) {
            const TraceEvent& e = t.events[i];
            QCOMPARE(int(t.lanes[e.lane].kind), int(LaneKind::HostWaits));
            QCOMPARE(e.cpuNs(), std::int64_t(-1));  // how it waited is not in the file
        }
        const TraceEvent& device_wait = t.events[w[0]];
        QCOMPARE(int(device_wait.api), int(ApiId::DeviceSynchronize));
        QCOMPARE(device_wait.duration(), TimeNs(395'000));
        QCOMPARE(device_wait.awaited, kernel);
        // One stream in the trace: the stream sync can only have been about it.
        QCOMPARE(int(t.events[w[1]].api), int(ApiId::StreamSynchronize));
        QCOMPARE(t.events[w[1]].awaited, kernel);
        QCOMPARE(r.stats.host_waits, std::uint64_t(2));
    }

    void realTracesShowEverySyncCall() {
        const QString dir = syncscope::test::realTracesDir();
        if (!QDir(dir).exists())
            SYNCSCOPE_MISSING_REAL_TRACES("real traces not found");
        // SOURCES.md: bert has cudaDeviceSynchronize 2 + cudaStreamSynchronize 1 and no cuda_sync
        // records; the old-schema Kineto file has cudaStreamSynchronize 2 +
        // cudaDeviceSynchronize 1.
        for (const char* name :
             {"AMD-AGI__TraceLens__gaunernst_bert-small-uncased__1016001.json.gz",
              "pytorch__kineto__gpu_metrics_input.json"}) {
            const ImportResult r =
                importTrace(QDir(dir).filePath(QLatin1String(name)).toStdString());
            QVERIFY2(r.ok(), r.error.c_str());
            QCOMPARE(waits(*r.trace).size(), std::size_t(3));
        }
    }
};

QTEST_APPLESS_MAIN(TstKinetoUnrecordedSyncs)
#include "tst_kineto_unrecorded_syncs.moc"
