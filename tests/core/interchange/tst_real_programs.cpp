#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/analysis/host_wait_reason.h"
#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "core/interchange/trace_importer.h"
#include "core/model/torch_call.h"
#include "tests/support/real_traces.h"

using namespace syncscope;

// A user's own PyTorch program read right (docs/semantics.md): torch-level calls, host blocking
// inside calls, programmatic dependent launch and work launched before the trace. The three H200
// traces come with host-measured truth (truth.json, SOURCES.md); the rest are small traces written
// here, each the shape of a real profiler's output.
class TstRealPrograms : public QObject {
    Q_OBJECT

    static QString h200(const QString& name) {
        return syncscope::test::realTracesDir() + QStringLiteral("/h200/") + name;
    }

    static QJsonObject truth(const QString& trace) {
        QFile file(h200(QStringLiteral("truth.json")));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(file.readAll()).object().value(trace).toObject();
    }

    static Trace importH200(const QString& name) {
        const ImportResult r = TraceImporter::importFile(h200(name).toStdString());
        if (!r.ok())
            qFatal("%s", r.error.c_str());
        return std::move(*r.trace);
    }

    static Trace importJson(const std::string& events) {
        const std::string json =
            R"({"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "GPU"}],
                "traceEvents": [)" +
            events + "]}";
        ImportResult r = TraceImporter::importBytes(json, "inline.json");
        if (!r.ok())
            qFatal("%s", r.error.c_str());
        return std::move(*r.trace);
    }

    static std::vector<Violation> ofSeverity(const std::vector<Violation>& all,
                                             Violation::Severity severity) {
        std::vector<Violation> out;
        for (const auto& v : all)
            if (v.severity == severity)
                out.push_back(v);
        return out;
    }

    static QString listed(const std::vector<Violation>& violations) {
        QString text;
        for (const auto& v : violations)
            text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
        return text;
    }

    static std::uint32_t find(const Trace& t, std::string_view name, EventKind kind) {
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == kind && t.nameOf(t.events[i]) == name)
                return i;
        return kNone;
    }

    static std::vector<std::uint32_t> hostWaits(const Trace& t) {
        std::vector<std::uint32_t> out;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (t.events[i].kind == EventKind::HostWait)
                out.push_back(i);
        return out;
    }

    static int gpuOpsRunningAt(const Trace& t, TimeNs at) {
        int n = 0;
        for (const auto& e : t.events)
            n += (e.kind == EventKind::Kernel || e.kind == EventKind::Memcpy) && e.start_ns <= at &&
                 at < e.end_ns;
        return n;
    }

private slots:
    void initTestCase() {
        if (!QFile::exists(h200(QStringLiteral("truth.json"))))
            SYNCSCOPE_MISSING_REAL_TRACES("h200/truth.json");
    }

    // The article's own mistake, in a real trace: torch.cpu.synchronize() is found (once, though
    // the annotation and the Python frame both show it), is drawn with the GPU op still running,
    // and waits for nothing; torch.cuda.synchronize() waited for the op.
    void cpuVsCudaSynchronize() {
        const Trace t =
            importH200(QStringLiteral("torch-cpu-vs-cuda-synchronize.pt.trace.json.gz"));
        const TraceStats s = computeStats(t);
        QCOMPARE(s.torch_calls[std::size_t(TorchCall::CpuSynchronize)], std::uint64_t(1));
        // Two program calls: the case's, and the harness's own torch.cuda.synchronize() before it
        // leaves the profiler (torch_traces.py(174), at 8.89 ms). The third, inside the
        // profiler's __exit__, is the recorder's own work and not counted.
        QCOMPARE(s.torch_calls[std::size_t(TorchCall::CudaSynchronize)], std::uint64_t(2));
        std::size_t instrumentation = 0;
        for (const auto& e : t.events)
            instrumentation +=
                (e.flags & event_flags::kInstrumentation) != 0 && e.api == ApiId::DeviceSynchronize;
        QCOMPARE(instrumentation, std::size_t(2));  // the call and its wait

        std::vector<std::uint32_t> cpu_syncs;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (isCpuSynchronizeCall(t.events[i]))
                cpu_syncs.push_back(i);
        QCOMPARE(cpu_syncs.size(), std::size_t(1));
        const TraceEvent& cpu = t.events[cpu_syncs[0]];
        QCOMPARE(t.nameOf(cpu), std::string_view("torch.cpu.synchronize"));
        QCOMPARE(gpuOpsRunningAt(t, cpu.start_ns), 1);  // the rule's "1 GPU op still running"

        const auto violations = InvariantChecker().check(t);
        QVERIFY2(ofSeverity(violations, Violation::Severity::Error).empty(),
                 qPrintable(listed(violations)));

        // torch.cuda.synchronize()'s wait is named by the torch-level call and lasts about what
        // the host measured.
        const WaitAttribution attribution(t);
        const double measured_us =
            truth(QStringLiteral("torch-cpu-vs-cuda-synchronize.pt.trace.json.gz"))
                .value(QStringLiteral("syncs_us"))
                .toObject()
                .value(QStringLiteral("torch.cuda.synchronize"))
                .toDouble();
        QVERIFY(measured_us > 4000);
        bool found = false;
        for (const auto w : hostWaits(t)) {
            const auto info = attribution.attribute(w);
            if (!info || info->duration_ns < 1'000'000)
                continue;
            found = true;
            QVERIFY(info->torch_call != kNone);
            QVERIFY2(info->sentence.find("torch.cuda.synchronize() (cudaDeviceSynchronize)") !=
                         std::string::npos,
                     info->sentence.c_str());
            QVERIFY(info->duration_ns <= TimeNs(measured_us * 1000));
            QVERIFY(info->duration_ns >= TimeNs(measured_us * 900));
            QVERIFY(!info->late_wake);
        }
        QVERIFY(found);
    }

    // A pageable "non_blocking" copy holds the host for the whole transfer: host blocked is at
    // least what the host measured, less the Python around the call.
    void pinnedVsPageableCopy() {
        const Trace t = importH200(QStringLiteral("pinned-vs-pageable-copy.pt.trace.json.gz"));
        const QJsonObject syncs = truth(QStringLiteral("pinned-vs-pageable-copy.pt.trace.json.gz"))
                                      .value(QStringLiteral("syncs_us"))
                                      .toObject();
        const double pageable_us =
            syncs.value(QStringLiteral("h2d pageable non_blocking")).toDouble();
        QVERIFY(pageable_us > 39'000);
        const TraceStats s = computeStats(t);
        QVERIFY2(s.host_blocked_ns >= 39'000'000, qPrintable(QString::number(s.host_blocked_ns)));

        const WaitAttribution attribution(t);
        int pageable = 0;
        for (const auto w : hostWaits(t)) {
            const auto info = attribution.attribute(w);
            QVERIFY(info);
            if (info->reason != HostWaitReason::PageableCopy)
                continue;
            ++pageable;
            QVERIFY(info->duration_ns >= TimeNs(pageable_us * 950));
            QVERIFY(info->duration_ns <= TimeNs(pageable_us * 1000));
            QCOMPARE(attribution.index().callName(info->call), std::string("cudaMemcpyAsync"));
            // It first waited for the pinned copy ahead of it on the stream.
            QVERIFY(info->awaited_op != kNone);
            QVERIFY(t.nameOf(t.events[info->awaited_op]).find("Pinned") != std::string_view::npos);
            QVERIFY2(info->sentence.find("pageable") != std::string::npos, info->sentence.c_str());
        }
        QCOMPARE(pageable, 1);  // the pinned copy's call returned in 21 µs: no wait
        const auto violations = InvariantChecker().check(t);
        QVERIFY2(ofSeverity(violations, Violation::Severity::Error).empty(),
                 qPrintable(listed(violations)));
    }

    // A launch held ~10 ms behind a kernel launched before the trace: no violation, an
    // observation, and the held time counts as host blocked.
    void launchHeldBehindEarlierWork() {
        const Trace t =
            importH200(QStringLiteral("launch-held-behind-earlier-work.pt.trace.json.gz"));
        const auto violations = InvariantChecker().check(t);
        QVERIFY2(ofSeverity(violations, Violation::Severity::Error).empty(),
                 qPrintable(listed(violations)));
        const auto observations = ofSeverity(violations, Violation::Severity::Observation);
        QCOMPARE(observations.size(), std::size_t(1));
        QCOMPARE(observations[0].invariant, std::string("I13"));

        const WaitAttribution attribution(t);
        TimeNs held = 0;
        for (const auto w : hostWaits(t))
            if (attribution.attribute(w)->reason == HostWaitReason::HeldLaunch)
                held += t.events[w].duration();
        QVERIFY2(held >= 9'900'000 && held <= 10'100'000, qPrintable(QString::number(held)));
        QVERIFY(computeStats(t).host_blocked_ns >= held);
    }

    // Every form a profiler writes a torch-level call in, each call counted once.
    void torchLevelCallsAreRecognised() {
        // Python frames, built-in methods, ATen ops and an annotation, nested as Kineto writes
        // them (tests/data/interchange/torch-level-calls.json).
        const ImportResult r = TraceImporter::importFile(
            QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/torch-level-calls.json")
                .toStdString());
        QVERIFY2(r.ok(), r.error.c_str());
        const Trace& t = *r.trace;
        const TraceStats s = computeStats(t);
        auto count = [&](TorchCall call) { return s.torch_calls[std::size_t(call)]; };
        QCOMPARE(count(TorchCall::CpuSynchronize), std::uint64_t(1));    // annotation + frame: one
        QCOMPARE(count(TorchCall::TensorItem), std::uint64_t(1));        // three nested events: one
        QCOMPARE(count(TorchCall::EventSynchronize), std::uint64_t(1));  // by its CUDA call
        QCOMPARE(count(TorchCall::StreamSynchronize), std::uint64_t(1));  // by its CUDA call
        QCOMPARE(count(TorchCall::TensorCpu), std::uint64_t(1));  // only the aten::to that synced
        QCOMPARE(count(TorchCall::EmptyCache), std::uint64_t(1));
        std::uint64_t all = 0;
        for (const auto c : s.torch_calls)
            all += c;
        QCOMPARE(all, std::uint64_t(6));  // "my_torch/cpu/..." is not PyTorch's file

        // The wait inside Tensor.item() is named by it.
        const WaitAttribution attribution(t);
        bool item = false;
        for (const auto w : hostWaits(t)) {
            const auto info = attribution.attribute(w);
            if (info && info->start_ns == 108'000) {
                item = true;
                QVERIFY2(info->sentence.find("Tensor.item() (cudaStreamSynchronize)") !=
                             std::string::npos,
                         info->sentence.c_str());
            }
        }
        QVERIFY(item);
        // By name, torch-level and CUDA-level side by side.
        bool named = false;
        for (const auto& [name, n] : syncCallsByName(s))
            named = named || (name == "Tensor.item" && n == 1);
        QVERIFY(named);
    }

    void recognizerNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("call");
        auto row = [](const char* name, TorchCall call) {
            QTest::newRow(name) << QString::fromUtf8(name) << int(call);
        };
        row("torch.cuda.synchronize", TorchCall::CudaSynchronize);
        row("torch/cuda/__init__.py(1152): synchronize", TorchCall::CudaSynchronize);
        row("C:\\Python\\Lib\\site-packages\\torch\\cuda\\__init__.py(1152): synchronize",
            TorchCall::CudaSynchronize);
        row("torch/accelerator/__init__.py(20): synchronize", TorchCall::AcceleratorSynchronize);
        row("torch/cuda/streams.py(120): wait_stream", TorchCall::StreamWaitStream);
        row("torch/cuda/streams.py(110): wait_event", TorchCall::StreamWaitEvent);
        row("<built-in method tolist of Tensor object at 0x1>", TorchCall::TensorToList);
        row("<built-in method cpu of Tensor object at 0x1>", TorchCall::TensorCpu);
        row("aten::_local_scalar_dense", TorchCall::TensorItem);
        row("torch/cuda/__init__.py(x): synchronize", TorchCall::None);
        row("torch/cuda/__init__.py(12): synchronized", TorchCall::None);
        row("aten::to", TorchCall::None);
        row("<built-in method items of dict object at 0x1>", TorchCall::None);
        row("", TorchCall::None);
    }

    void recognizerNames() {
        QFETCH(QString, name);
        QFETCH(int, call);
        QCOMPARE(int(recognizeTorchCall(name.toStdString())), call);
    }

    // Consecutive kernels of one stream overlapping by a µs, the later starting after the earlier
    // started: programmatic dependent launch, documented on Hopper. An observation in an import.
    // A later kernel that starts before the earlier one started is still a violation.
    void programmaticLaunchIsAnObservation() {
        const std::string launches = R"(
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 0, "dur": 5, "args": {"correlation": 1}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernelExC", "pid": 1, "tid": 2,
             "ts": 6, "dur": 5, "args": {"correlation": 2}},
            {"ph": "X", "cat": "kernel", "name": "conv", "pid": 0, "tid": 7, "ts": 20, "dur": 50,
             "args": {"correlation": 1, "stream": 7}},)";
        const Trace pdl = importJson(launches + R"(
            {"ph": "X", "cat": "kernel", "name": "bn", "pid": 0, "tid": 7, "ts": 69, "dur": 30,
             "args": {"correlation": 2, "stream": 7}})");
        auto violations = InvariantChecker().check(pdl);
        QVERIFY2(ofSeverity(violations, Violation::Severity::Error).empty(),
                 qPrintable(listed(violations)));
        const auto observed = ofSeverity(violations, Violation::Severity::Observation);
        QCOMPARE(observed.size(), std::size_t(1));
        QCOMPARE(observed[0].invariant, std::string("I1"));
        QVERIFY(observed[0].message.find("programmatic dependent launch") != std::string::npos);

        const Trace broken = importJson(launches + R"(
            {"ph": "X", "cat": "kernel", "name": "bn", "pid": 0, "tid": 7, "ts": 15, "dur": 30,
             "args": {"correlation": 2, "stream": 7}})");
        violations = InvariantChecker().check(broken);
        const auto errors = ofSeverity(violations, Violation::Severity::Error);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(errors[0].invariant, std::string("I1"));

        // Our own engines never launch that way: for them the overlap stays a violation.
        Trace ours = pdl;
        ours.device.engine = "cuda";
        std::size_t fifo = 0;
        for (const auto& v : ofSeverity(InvariantChecker().check(ours), Violation::Severity::Error))
            fifo += v.invariant == "I1";
        QCOMPARE(fifo, std::size_t(1));
    }

    // A sync at the start of the trace waits for work launched before it began: the awaited op is
    // the one that really ended last, and the wake-up is the real one, not the gap to the last op
    // whose launch is in the trace.
    void launchesBeforeTheTraceAreAwaited() {
        std::string events = R"(
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 0, "dur": 5, "args": {"correlation": 100}},
            {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 6, "dur": 10,
             "args": {"correlation": 100, "stream": 7}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaDeviceSynchronize", "pid": 1,
             "tid": 2, "ts": 10, "dur": 14000, "args": {"correlation": 101}},
            {"ph": "X", "cat": "cuda_sync", "name": "Context Sync", "pid": 1, "tid": 2,
             "ts": 11, "dur": 13998, "args": {"correlation": 101, "stream": -1}})";
        // 40 kernels queued before the trace began keep stream 7 busy until 13.992 ms.
        for (int k = 0; k < 40; ++k)
            events += R"(, {"ph": "X", "cat": "kernel", "name": "decode", "pid": 0, "tid": 7,
             "ts": )" +
                      std::to_string(20 + k * 349) + R"(, "dur": 340, "args": {"correlation": )" +
                      std::to_string(50 + k) + R"(, "stream": 7}})";
        const Trace t = importJson(events);
        const WaitAttribution attribution(t);
        const auto waits = hostWaits(t);
        QCOMPARE(waits.size(), std::size_t(1));
        const auto info = attribution.attribute(waits[0]);
        QVERIFY(info && info->awaited_op != kNone);
        QCOMPARE(t.nameOf(t.events[info->awaited_op]), std::string_view("decode"));
        QVERIFY(info->awaited_launched_before_trace);
        QVERIFY(!info->late_wake);
        QVERIFY(info->wake_ns < 100'000);
        QVERIFY2(info->sentence.find("launched before the trace began") != std::string::npos,
                 info->sentence.c_str());
        QVERIFY(ofSeverity(InvariantChecker().check(t), Violation::Severity::Error).empty());
    }

    // A sync that woke long after the last work it could have waited for: said as such, never a
    // wake-up latency of milliseconds.
    void aLateWakeIsNotCalledALatency() {
        const Trace t = importJson(R"(
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 0, "dur": 5, "args": {"correlation": 1}},
            {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 6, "dur": 10,
             "args": {"correlation": 1, "stream": 7}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaDeviceSynchronize", "pid": 1,
             "tid": 2, "ts": 10, "dur": 14000, "args": {"correlation": 2}})");
        const WaitAttribution attribution(t);
        const auto info = attribution.attribute(hostWaits(t).at(0));
        QVERIFY(info && info->late_wake);
        QVERIFY2(info->sentence.find("the trace shows no GPU work") != std::string::npos,
                 info->sentence.c_str());
    }

    // Kineto's cuda_sync "Stream Wait Event" is a host-side record: no bar on the waiting stream;
    // its facts go on the calls (waiting stream, shared event, record flow), and the device side
    // of the wait is checked (I11).
    void streamWaitEventRecordSitsOnNoStream() {
        const std::string head = R"(
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 0, "dur": 5, "args": {"correlation": 1}},
            {"ph": "X", "cat": "kernel", "name": "producer", "pid": 0, "tid": 20, "ts": 6,
             "dur": 100, "args": {"correlation": 1, "stream": 20}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaEventRecord", "pid": 1, "tid": 2,
             "ts": 10, "dur": 2, "args": {"correlation": 2}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaStreamWaitEvent", "pid": 1, "tid": 2,
             "ts": 20, "dur": 3, "args": {"correlation": 3}},
            {"ph": "X", "cat": "cuda_sync", "name": "Stream Wait Event", "pid": 1, "tid": 24,
             "ts": 21, "dur": 2, "args": {"correlation": 3, "stream": 24, "wait_on_stream": 20,
             "wait_on_cuda_event_record_corr_id": 2, "cuda_sync_kind": "Stream Wait Event"}},
            {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 2,
             "ts": 30, "dur": 5, "args": {"correlation": 4}},)";
        const Trace good = importJson(head + R"(
            {"ph": "X", "cat": "kernel", "name": "consumer", "pid": 0, "tid": 24, "ts": 110,
             "dur": 10, "args": {"correlation": 4, "stream": 24}})");
        for (const auto& e : good.events)
            QVERIFY(e.kind != EventKind::StreamWait);
        const std::uint32_t wait_call = find(good, "cudaStreamWaitEvent", EventKind::ApiCall);
        const std::uint32_t record = find(good, "cudaEventRecord", EventKind::ApiCall);
        QVERIFY(wait_call != kNone && record != kNone);
        QCOMPARE(good.lanes[good.events[wait_call].target_lane].stream_id, 24u);
        QCOMPARE(good.lanes[good.events[record].target_lane].stream_id, 20u);
        QVERIFY(good.events[wait_call].cuda_event != kNone);
        QCOMPARE(good.events[wait_call].cuda_event, good.events[record].cuda_event);
        bool flow = false;
        for (const auto& f : good.flows)
            flow = flow || (f.kind == FlowKind::Record && f.from == record && f.to == wait_call);
        QVERIFY(flow);
        QVERIFY2(InvariantChecker().check(good).empty(),
                 qPrintable(listed(InvariantChecker().check(good))));

        // The consumer starting before the producer ended breaks the wait: I11.
        const Trace bad = importJson(head + R"(
            {"ph": "X", "cat": "kernel", "name": "consumer", "pid": 0, "tid": 24, "ts": 40,
             "dur": 10, "args": {"correlation": 4, "stream": 24}})");
        const auto errors = ofSeverity(InvariantChecker().check(bad), Violation::Severity::Error);
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(errors[0].invariant, std::string("I11"));
    }

    // Calls that held their thread become waits with their reason; API-sized ones do not.
    void heldCallsBecomeWaits_data() {
        QTest::addColumn<QString>("call");
        QTest::addColumn<int>("dur_us");
        QTest::addColumn<QString>("op");  // a copy the call enqueued, or ""
        QTest::addColumn<QString>("reason");
        QTest::newRow("pageable async copy")
            << "cudaMemcpyAsync" << 3000 << "Memcpy HtoD (Pageable -> Device)"
            << "pageable-copy";
        QTest::newRow("pinned async copy, short")
            << "cudaMemcpyAsync" << 15 << "Memcpy HtoD (Pinned -> Device)"
            << "";
        QTest::newRow("pinned async copy, 200 us")
            << "cudaMemcpyAsync" << 200 << "Memcpy HtoD (Pinned -> Device)"
            << "";
        QTest::newRow("sync copy") << "cudaMemcpy" << 300 << "Memcpy DtoH (Device -> Pinned)"
                                   << "sync-copy";
        QTest::newRow("host to host")
            << "cudaMemcpyAsync" << 300 << "Memcpy HtoH (Pinned -> Pinned)"
            << "host-to-host-copy";
        QTest::newRow("cudaFree") << "cudaFree" << 500 << ""
                                  << "allocation";
        QTest::newRow("cudaHostAlloc") << "cudaHostAlloc" << 900 << ""
                                       << "allocation";
        QTest::newRow("sync memset") << "cudaMemset" << 50 << ""
                                     << "sync-memset";
        QTest::newRow("launch, 400 us") << "cudaLaunchKernel" << 400 << ""
                                        << "";
        QTest::newRow("launch, 3 ms") << "cudaLaunchKernel" << 3000 << ""
                                      << "held-launch";
        QTest::newRow("other call, 2 ms") << "cudaGetDeviceProperties" << 2000 << ""
                                          << "long-call";
    }

    void heldCallsBecomeWaits() {
        QFETCH(QString, call);
        QFETCH(int, dur_us);
        QFETCH(QString, op);
        QFETCH(QString, reason);
        // Plain literals: moc misreads a raw string that starts with a quote.
        std::string events =
            "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + call.toStdString() +
            "\", \"pid\": 1, \"tid\": 2, \"ts\": 100, \"dur\": " + std::to_string(dur_us) +
            ", \"args\": {\"correlation\": 5}}";
        if (!op.isEmpty())
            events += ", {\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"" + op.toStdString() +
                      "\", \"pid\": 0, \"tid\": 7, \"ts\": 110, \"dur\": " +
                      std::to_string(std::max(1, dur_us - 20)) +
                      ", \"args\": {\"correlation\": 5, \"stream\": 7, \"bytes\": 1048576}}";
        const Trace t = importJson(events);
        const auto waits = hostWaits(t);
        if (reason.isEmpty()) {
            QCOMPARE(waits.size(), std::size_t(0));
            return;
        }
        QCOMPARE(waits.size(), std::size_t(1));
        const TraceEvent& w = t.events[waits[0]];
        QCOMPARE(w.duration(), TimeNs(dur_us) * 1000);
        QCOMPARE(int(t.lanes[w.lane].kind), int(LaneKind::HostWaits));
        const WaitAttribution attribution(t);
        const auto info = attribution.attribute(waits[0]);
        QVERIFY(info);
        QCOMPARE(QString::fromStdString(std::string(toString(info->reason))), reason);
        QCOMPARE(computeStats(t).host_blocked_ns, TimeNs(dur_us) * 1000);
        QVERIFY2(ofSeverity(InvariantChecker().check(t), Violation::Severity::Error).empty(),
                 qPrintable(listed(InvariantChecker().check(t))));
    }
};

QTEST_GUILESS_MAIN(TstRealPrograms)
#include "tst_real_programs.moc"
