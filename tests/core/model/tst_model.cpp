#include <QtTest>
#include <set>
#include <string>

#include "core/model/device_profile.h"
#include "core/model/scenario.h"
#include "core/model/string_table.h"
#include "core/model/sync_mode.h"
#include "core/model/trace.h"

using namespace syncscope;

class TstModel : public QObject {
    Q_OBJECT

private slots:
    void catalogueIsCompleteAndOrdered() {
        const auto catalogue = syncModeCatalogue();
        QCOMPARE(static_cast<int>(catalogue.size()), kSyncModeCount);
        std::set<std::string_view> ids;
        for (std::size_t i = 0; i < catalogue.size(); ++i) {
            const auto& info = catalogue[i];
            QCOMPARE(static_cast<std::size_t>(info.mode), i);
            QVERIFY2(!info.id.empty() && !info.label.empty() && !info.cuda_call.empty() &&
                         !info.pytorch.empty() && !info.who_blocks.empty() &&
                         !info.waits_for.empty() && info.explanation.size() > 80,
                     std::string(info.id).c_str());
            QVERIFY(ids.insert(info.id).second);
            QCOMPARE(syncModeFromId(info.id), std::optional<SyncMode>(info.mode));
        }
        QCOMPARE(syncModeFromId("no-such-mode"), std::optional<SyncMode>());
    }

    void catalogueTellsTheTruthAboutCpuSynchronize() {
        const auto& info = syncModeInfo(SyncMode::CpuSynchronize);
        QCOMPARE(info.waits_for, std::string_view("nothing"));
        QVERIFY(!info.host_blocks);
        QVERIFY(syncModeInfo(SyncMode::Device).host_blocks);
        QVERIFY(!syncModeInfo(SyncMode::StreamWaitEvent).host_blocks);
    }

    void expandRepeatsWithBatchStride() {
        Step kernel;
        kernel.kind = StepKind::Kernel;
        kernel.batch = 0;
        Step inner;
        inner.kind = StepKind::Repeat;
        inner.count = 2;
        inner.body = {kernel};
        Step outer;
        outer.kind = StepKind::Repeat;
        outer.count = 3;
        outer.batch_stride = 10;
        outer.body = {inner, kernel};
        const std::vector<Step> program{outer};
        QCOMPARE(expandedStepCount(program), std::size_t(9));
        const auto flat = expandProgram(program);
        QCOMPARE(flat.size(), std::size_t(9));
        QCOMPARE(flat[0].batch, 0u);
        QCOMPARE(flat[3].batch, 10u);
        QCOMPARE(flat[8].batch, 20u);
        for (const auto& step : flat)
            QVERIFY(step.kind != StepKind::Repeat);
    }

    void expandedCountSaturates() {
        Step leaf;
        Step r;
        r.kind = StepKind::Repeat;
        r.count = 4'000'000'000u;
        r.body = {leaf};
        Step r2 = r;
        r2.body = {r};
        Step r3 = r;
        r3.body = {r2};
        QCOMPARE(expandedStepCount({r3}), std::numeric_limits<std::size_t>::max());
    }

    void stringTableInternsAndSurvivesCopies() {
        StringTable table;
        QCOMPARE(table.at(0), std::string_view(""));
        const auto a = table.intern("cudaLaunchKernel");
        QCOMPARE(table.intern("cudaLaunchKernel"), a);
        for (int i = 0; i < 1000; ++i)
            table.intern("name " + std::to_string(i));
        StringTable copy = table;
        QCOMPARE(copy.intern("cudaLaunchKernel"), a);
        QCOMPARE(copy.at(a), std::string_view("cudaLaunchKernel"));
        StringTable moved = std::move(copy);
        QCOMPARE(moved.intern("name 999"), table.intern("name 999"));
        QCOMPARE(moved.at(1000000), std::string_view());
    }

    void traceEventStaysCompact() {
        // bytes per event is a product target (<= 100 bytes including flows and strings).
        QVERIFY(sizeof(TraceEvent) <= 56);
    }

    // bytes and cpu_ns share one field: each kind reads the one it carries, the other reads as
    // "none", and both keep every value (a file may hold any int64 / uint64).
    void bytesAndCpuTimeShareOneField() {
        TraceEvent wait;
        wait.kind = EventKind::HostWait;
        QCOMPARE(wait.cpuNs(), std::int64_t(-1));  // the default: unknown
        QCOMPARE(wait.bytes(), std::uint64_t(0));
        for (const std::int64_t cpu : {std::int64_t(0), std::int64_t(1790000), std::int64_t(-1),
                                       std::int64_t(-5), INT64_MAX, INT64_MIN}) {
            wait.setCpuNs(cpu);
            QCOMPARE(wait.cpuNs(), cpu);
            QCOMPARE(wait.bytes(), std::uint64_t(0));
        }
        TraceEvent copy;
        copy.kind = EventKind::Memcpy;
        QCOMPARE(copy.bytes(), std::uint64_t(0));
        QCOMPARE(copy.cpuNs(), std::int64_t(-1));
        for (const std::uint64_t bytes : {std::uint64_t(1) << 40, UINT64_MAX, std::uint64_t(0)}) {
            copy.setBytes(bytes);
            QCOMPARE(copy.bytes(), bytes);
            QCOMPARE(copy.cpuNs(), std::int64_t(-1));
        }
        // Which kinds carry CPU time: the host's own waiting and work, and the sync calls.
        TraceEvent e;
        for (const EventKind k :
             {EventKind::HostWait, EventKind::HostWork, EventKind::HostCallback}) {
            e.kind = k;
            QVERIFY(e.holdsCpuTime());
        }
        e.kind = EventKind::ApiCall;
        for (const ApiId a :
             {ApiId::DeviceSynchronize, ApiId::StreamSynchronize, ApiId::EventSynchronize,
              ApiId::CpuSynchronize, ApiId::EventQuery, ApiId::StreamQuery}) {
            e.api = a;
            QVERIFY(e.holdsCpuTime());
        }
        for (const ApiId a : {ApiId::Memcpy, ApiId::Malloc, ApiId::MallocAsync, ApiId::Free,
                              ApiId::LaunchKernel, ApiId::None}) {
            e.api = a;
            QVERIFY(!e.holdsCpuTime());
        }
        for (const EventKind k : {EventKind::Kernel, EventKind::Memcpy, EventKind::Memset,
                                  EventKind::MemoryOp, EventKind::Generic, EventKind::StreamWait}) {
            e.kind = k;
            QVERIFY(!e.holdsCpuTime());
        }
    }

    void deviceProfilesAreData() {
        QVERIFY(findDeviceProfile("h200").has_value());
        QVERIFY(findDeviceProfile("laptop").has_value());
        QVERIFY(!findDeviceProfile("gtx480").has_value());
        for (const auto& p : builtinDeviceProfiles()) {
            QVERIFY(p.sm_count > 0 && p.memory_bytes > 0 && p.launch_queue_depth > 0);
            // Sleeping wakes slower than spinning and burns less CPU (docs/semantics.md section 5).
            QVERIFY(p.wake_latency_ns[3] > p.wake_latency_ns[1]);
            QVERIFY(p.cpu_burn_fraction[3] < p.cpu_burn_fraction[1]);
        }
    }

    void apiNamesAreCudaNames() {
        QCOMPARE(apiName(ApiId::StreamSynchronize), std::string_view("cudaStreamSynchronize"));
        QCOMPARE(apiName(ApiId::CpuSynchronize), std::string_view("torch.cpu.synchronize"));
        QCOMPARE(toString(ApiId::Other), std::string_view("other"));
    }
};

QTEST_APPLESS_MAIN(TstModel)
#include "tst_model.moc"
