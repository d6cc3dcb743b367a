#include <QtTest>
#include <string>

#include "core/doctor/finding_catalogue.h"
#include "core/doctor/sync_doctor.h"
#include "core/interchange/trace_importer.h"
#include "tests/core/doctor/findings_of.h"
#include "tests/support/real_traces.h"

using namespace syncscope;

namespace {

// A training loop as the PyTorch profiler writes it: ProfilerStep#N ranges, each step launching
// `kernels` kernels of 30 µs on stream 7. The mistakes are switches, so the same loop can be
// written with the article's pattern and corrected.
struct Loop {
    int steps = 6;
    int kernels = 20;
    bool cpu_synchronize_timer = false;  // torch.cpu.synchronize(); t = time.time() per step
    bool item_every_step = false;        // loss.item() per step
    bool cuda_synchronize_every_step = false;
    bool final_sync_and_item = false;  // once, after the loop

    std::string json() const {
        std::string events;
        int corr = 1;
        auto add = [&](const std::string& e) {
            if (!events.empty())
                events += ",\n";
            events += e;
        };
        // Plain literals: moc misreads a raw string that starts with a quote.
        auto span = [](const std::string& cat, const std::string& name, double ts, double dur,
                       const std::string& args = "", int tid = 2, int pid = 1) {
            return "{\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + name +
                   "\", \"pid\": " + std::to_string(pid) + ", \"tid\": " + std::to_string(tid) +
                   ", \"ts\": " + std::to_string(ts) + ", \"dur\": " + std::to_string(dur) +
                   (args.empty() ? std::string() : ", \"args\": {" + args + "}") + "}";
        };
        auto corrArgs = [](int c, bool gpu) {
            return "\"correlation\": " + std::to_string(c) +
                   (gpu ? std::string(", \"stream\": 7") : std::string());
        };
        double gpu_free = 0;
        // One sync of the host with the GPU: the call waits until the GPU's queue is empty.
        auto hostSync = [&](const std::string& api, double at) {
            const double end = std::max(at + 5, gpu_free + 3);
            add(span("cuda_runtime", api, at, end - at, corrArgs(corr++, false)));
            return end;
        };
        double t = 0;
        for (int s = 0; s < steps; ++s) {
            const double step_start = t;
            double host = t + 50;
            for (int k = 0; k < kernels; ++k) {
                add(span("cuda_runtime", "cudaLaunchKernel", host, 5, corrArgs(corr, false)));
                const double start = std::max(host + 8, gpu_free);
                add(span("kernel", "gemm", start, 30, corrArgs(corr, true), 7, 0));
                gpu_free = start + 30;
                ++corr;
                host += 10;
            }
            if (cpu_synchronize_timer)
                add(span("python_function", "torch/cpu/__init__.py(126): synchronize", host, 1));
            host += 5;
            if (item_every_step) {
                // loss.item(): a 4-byte device-to-host copy, then a sync of the stream, which
                // returns once the GPU's queue is empty.
                const int copy = corr++;
                const double copy_start = std::max(host + 10, gpu_free);
                const double sync_end = std::max(host + 12, copy_start + 2 + 3);
                add(span("python_function", "<built-in method item of Tensor object at 0x7f1>",
                         host, sync_end + 1 - host));
                add(span("cpu_op", "aten::item", host + 1, sync_end - host));
                add(span("cuda_runtime", "cudaMemcpyAsync", host + 2, 4, corrArgs(copy, false)));
                add(span("gpu_memcpy", "Memcpy DtoH (Device -> Pageable)", copy_start, 2,
                         corrArgs(copy, true) + ", \"bytes\": 4", 7, 0));
                gpu_free = copy_start + 2;
                add(span("cuda_runtime", "cudaStreamSynchronize", host + 7, sync_end - host - 7,
                         corrArgs(corr++, false)));
                host = sync_end + 2;
            }
            if (cuda_synchronize_every_step) {
                add(span("python_function", "torch/cuda/__init__.py(1152): synchronize", host,
                         std::max(10.0, gpu_free + 5 - host)));
                host = hostSync("cudaDeviceSynchronize", host + 1) + 2;
            }
            t = std::max(host, step_start + 100) + 200;  // the data loader's next batch
            add(span("user_annotation", "ProfilerStep#" + std::to_string(s), step_start,
                     t - step_start));
        }
        if (final_sync_and_item) {
            add(span("python_function", "torch/cuda/__init__.py(1152): synchronize", t,
                     std::max(10.0, gpu_free + 5 - t)));
            t = hostSync("cudaDeviceSynchronize", t + 1) + 5;
        }
        return "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0, \"name\": "
               "\"GPU\"}], \"traceEvents\": [" +
               events + "]}";
    }
};

Trace importLoop(const Loop& loop) {
    ImportResult r = TraceImporter::importBytes(loop.json(), "loop.json");
    if (!r.ok())
        qFatal("%s", r.error.c_str());
    return std::move(*r.trace);
}

using test::rankOf;

const Finding* find(const std::vector<Finding>& findings, std::string_view id) {
    return test::findingOf(findings, id);
}

}  // namespace

// The doctor finds the article's mistakes in a program and nothing in its corrected version
// (docs/doctor.md).
class TestSyncDoctor : public QObject {
    Q_OBJECT

private slots:
    void theArticlesLoop() {
        Loop loop;
        loop.cpu_synchronize_timer = true;
        loop.item_every_step = true;
        const Trace t = importLoop(loop);
        const auto findings = SyncDoctor::diagnose(t);
        QString listed;
        for (const Finding& f : findings)
            listed += QString::fromStdString(f.id) + " ";
        const Finding* cpu = find(findings, "cpu-synchronize");
        const Finding* item = find(findings, "item-in-loop");
        QVERIFY2(cpu && item, qPrintable(listed));
        QCOMPARE(cpu->count, std::uint64_t(6));
        QCOMPARE(item->count, std::uint64_t(6));
        QVERIFY2(rankOf(findings, "cpu-synchronize") <= 3, qPrintable(listed));
        QVERIFY2(rankOf(findings, "item-in-loop") <= 3, qPrintable(listed));
        // What each cost: the sync item() makes blocks the host and idles the GPU; the timer
        // after torch.cpu.synchronize() misses the GPU work still queued.
        QVERIFY(item->host_blocked_ns > 0);
        QVERIFY(item->gpu_idle_ns > 0);
        QCOMPARE(cpu->gpu_idle_ns, TimeNs{0});
        QVERIFY(cpu->missed_gpu_ns > 0);
        QCOMPARE(item->occurrences.size(), SyncDoctor::kOccurrences);
        QCOMPARE(std::string(t.nameOf(t.events[item->occurrences[0]])).substr(0, 17),
                 std::string("<built-in method "));
        QCOMPARE(item->course_scenario, std::string("mode-blocking-copy"));
        QCOMPARE(cpu->course_scenario, std::string("mode-cpu-synchronize"));
        QVERIFY(!item->why.english().empty() && !item->fix.english().empty());
        // Ranked by what is at stake.
        for (std::size_t k = 1; k < findings.size(); ++k)
            QVERIFY(findings[k - 1].impactNs() >= findings[k].impactNs());
    }

    void theCorrectedLoop() {
        Loop loop;
        loop.final_sync_and_item = true;  // one sync after the loop, as a benchmark ends
        const auto findings = SyncDoctor::diagnose(importLoop(loop));
        QVERIFY(!find(findings, "cpu-synchronize"));
        QVERIFY(!find(findings, "item-in-loop"));
        QVERIFY(!find(findings, "cuda-synchronize-in-loop"));
    }

    void aDeviceSyncInEveryStep() {
        Loop loop;
        loop.cuda_synchronize_every_step = true;
        const auto findings = SyncDoctor::diagnose(importLoop(loop));
        const Finding* sync = find(findings, "cuda-synchronize-in-loop");
        QVERIFY(sync);
        QCOMPARE(sync->count, std::uint64_t(6));
        QVERIFY(sync->host_blocked_ns > 0);
    }

    void everyFindingHasItsTexts() {
        for (const FindingKind& k : FindingCatalogue::all()) {
            QVERIFY(!k.id.empty());
            QVERIFY(std::string(k.title).size() > 10);
            QVERIFY(std::string(k.why).size() > 30);
            QVERIFY(std::string(k.fix).size() > 20);
        }
    }

    // On the H200 traces: the pageable copy with non_blocking=True and the cpu-sync are found.
    void h200Traces() {
        const QString dir = test::realTracesDir() + QStringLiteral("/h200/");
        if (!QFile::exists(dir + QStringLiteral("truth.json")))
            SYNCSCOPE_MISSING_REAL_TRACES("h200/truth.json");
        auto doctor = [&](const char* name) {
            ImportResult r = TraceImporter::importFile((dir + QLatin1String(name)).toStdString());
            if (!r.ok())
                qFatal("%s", r.error.c_str());
            return SyncDoctor::diagnose(*r.trace);
        };
        const auto copies = doctor("pinned-vs-pageable-copy.pt.trace.json.gz");
        const Finding* pageable = find(copies, "non-blocking-pageable");
        QVERIFY(pageable);
        QCOMPARE(pageable->count, std::uint64_t(1));
        QVERIFY(pageable->host_blocked_ns >= 39'000'000);
        const auto cpu = doctor("torch-cpu-vs-cuda-synchronize.pt.trace.json.gz");
        QVERIFY(find(cpu, "cpu-synchronize"));
        QVERIFY(find(cpu, "cpu-synchronize")->missed_gpu_ns > 4'000'000);
        QVERIFY(!find(cpu, "cuda-synchronize-in-loop"));  // one sync is no loop
    }
};

QTEST_GUILESS_MAIN(TestSyncDoctor)
#include "tst_sync_doctor.moc"
