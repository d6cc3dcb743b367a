// The sync-mode step table (core/model/sync_mode_steps.h) is the one place a mode's steps and
// calls are declared. These tests hold it to the catalogue and to the CUDA facts
// (docs/semantics.md section 1), and check that the generator and the simulator read it.
#include <QTest>
#include <vector>

#include "core/engine/engine_factory.h"
#include "core/model/sync_mode_steps.h"
#include "core/scenario/batch_generator.h"

using namespace syncscope;

namespace {

// One batch of two kernels on two streams, a sync point of `mode` after it.
BatchGeneration generateFor(SyncMode mode) {
    BatchConfig config;
    config.batches = 1;
    config.kernels_per_batch = 2;
    config.streams = 2;
    config.sync_mode = mode;
    return BatchGenerator::generate(config);
}

}  // namespace

class TestSyncModeSteps : public QObject {
    Q_OBJECT

private slots:
    void oneRowPerModeInCatalogueOrder() {
        const auto table = syncModeStepsTable();
        const auto catalogue = syncModeCatalogue();
        QCOMPARE(table.size(), catalogue.size());
        for (std::size_t i = 0; i < table.size(); ++i) {
            QCOMPARE(table[i].mode, catalogue[i].mode);
            QVERIFY(table[i].count <= table[i].steps.size());
            QCOMPARE(table[i].count == 0, table[i].scope == SyncScope::None);
        }
    }

    // Written from the CUDA documentation, not from the table.
    void callsShowTheirMode() {
        QCOMPARE(syncModeOfCall(ApiId::DeviceSynchronize), SyncMode::Device);
        QCOMPARE(syncModeOfCall(ApiId::StreamSynchronize), SyncMode::Stream);
        QCOMPARE(syncModeOfCall(ApiId::EventSynchronize), SyncMode::Event);
        QCOMPARE(syncModeOfCall(ApiId::StreamWaitEvent), SyncMode::StreamWaitEvent);
        QCOMPARE(syncModeOfCall(ApiId::EventQuery), SyncMode::EventQueryPoll);
        QCOMPARE(syncModeOfCall(ApiId::LaunchHostFunc), SyncMode::HostCallback);
        QCOMPARE(syncModeOfCall(ApiId::CpuSynchronize), SyncMode::CpuSynchronize);
        // Work and memory calls are no mode's sync, even those that may block.
        QCOMPARE(syncModeOfCall(ApiId::LaunchKernel), SyncMode::None);
        QCOMPARE(syncModeOfCall(ApiId::MemcpyAsync), SyncMode::None);
        QCOMPARE(syncModeOfCall(ApiId::EventRecord), SyncMode::None);
        QCOMPARE(syncModeOfCall(ApiId::None), SyncMode::None);
    }

    void stepsShowTheirMode() {
        for (const SyncModeSteps& row : syncModeStepsTable()) {
            if (!isSyncStep(row.call_step))
                continue;
            Step step;
            step.kind = row.call_step;
            QCOMPARE(modeOfStep(step), row.mode);
        }
        Step copy;
        copy.kind = StepKind::Memcpy;
        copy.async = false;
        QCOMPARE(modeOfStep(copy), SyncMode::BlockingCopy);  // cudaMemcpy blocks the host
        copy.async = true;
        QCOMPARE(modeOfStep(copy), SyncMode::None);  // a generator's tag decides
        copy.mode = SyncMode::BlockingCopy;
        QCOMPARE(modeOfStep(copy), SyncMode::BlockingCopy);
        Step kernel;
        kernel.kind = StepKind::Kernel;
        QCOMPARE(modeOfStep(kernel), SyncMode::None);
        QVERIFY(isSyncStep(StepKind::EventRecord));
        QVERIFY(!isSyncStep(StepKind::Kernel));
        QVERIFY(!isSyncStep(StepKind::Memcpy));
        QVERIFY(!isSyncStep(StepKind::Repeat));
    }

    // The generator's sync point is the row: its kinds, in order, scope times.
    void theGeneratorEmitsTheRow() {
        for (const SyncModeSteps& row : syncModeStepsTable()) {
            const auto generated = generateFor(row.mode);
            QVERIFY(generated.scenario);
            std::vector<StepKind> sync;
            for (const Step& s : generated.scenario->program)
                if (s.mode == row.mode && row.mode != SyncMode::None)
                    sync.push_back(s.kind);
            std::vector<StepKind> expected;
            const int times = row.scope == SyncScope::EachStream ? 2 : 1;
            for (std::uint8_t i = 0; i < row.count; ++i)
                for (int t = 0; t < times; ++t)
                    expected.push_back(row.steps[i]);
            QCOMPARE(sync, expected);
            QCOMPARE(std::uint64_t(sync.size()), syncPointStepCount(row.mode, 2));
            QCOMPARE(generated.scenario->events.size(),
                     std::size_t(syncModeUsesEvents(row.mode) ? 2 : 0));
        }
    }

    // The simulator labels each sync call with the mode the table gives it.
    void theSimulatorLabelsCallsByTheTable() {
        for (const SyncModeSteps& row : syncModeStepsTable()) {
            if (row.call == ApiId::None)
                continue;
            const auto generated = generateFor(row.mode);
            QVERIFY(generated.scenario);
            auto engine = makeSimEngine();
            EngineObserver observer;
            CancelToken cancel;
            const RunResult result = engine->run(*generated.scenario, observer, cancel);
            QVERIFY2(result.status == RunStatus::Ok, result.message.c_str());
            int calls = 0;
            for (const TraceEvent& e : result.trace.events) {
                if (e.kind != EventKind::ApiCall || e.api != row.call)
                    continue;
                ++calls;
                QCOMPARE(e.mode, row.mode);
            }
            QVERIFY2(calls > 0, syncModeInfo(row.mode).id.data());
        }
    }
};

QTEST_GUILESS_MAIN(TestSyncModeSteps)
#include "tst_sync_mode_steps.moc"
