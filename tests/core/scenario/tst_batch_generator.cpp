#include <QTest>
#include <map>

#include "core/analysis/invariant_checker.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/batch_generator.h"
#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;

Q_DECLARE_METATYPE(SyncMode)
Q_DECLARE_METATYPE(SyncPlacement)
Q_DECLARE_METATYPE(KernelAllocation)

namespace {

std::map<StepKind, int> countKinds(const std::vector<Step>& program) {
    std::map<StepKind, int> counts;
    for (const Step& s : program)
        ++counts[s.kind];
    return counts;
}

// Expected steps of one sync point (written independently of the generator's table).
std::map<StepKind, int> pointSteps(SyncMode mode, int scope) {
    switch (mode) {
        case SyncMode::None:
            return {};
        case SyncMode::CpuSynchronize:
            return {{StepKind::CpuSync, 1}};
        case SyncMode::Device:
            return {{StepKind::DeviceSync, 1}};
        case SyncMode::Stream:
            return {{StepKind::StreamSync, scope}};
        case SyncMode::Event:
            return {{StepKind::EventRecord, scope}, {StepKind::EventSync, scope}};
        case SyncMode::StreamWaitEvent:
            return {{StepKind::EventRecord, 1}, {StepKind::StreamWaitEvent, 1}};
        case SyncMode::WaitStream:
            return {{StepKind::WaitStream, 1}};
        case SyncMode::EventQueryPoll:
            return {{StepKind::EventRecord, scope}, {StepKind::EventQueryPoll, scope}};
        case SyncMode::HostCallback:
            return {{StepKind::HostCallback, 1}};
        case SyncMode::BlockingCopy:
            return {{StepKind::Memcpy, 1}, {StepKind::StreamSync, 1}};
        case SyncMode::ImplicitAlloc:
            return {{StepKind::Malloc, 1}, {StepKind::Free, 1}};
        case SyncMode::LegacyDefaultStream:
            return {{StepKind::Kernel, 1}};
    }
    return {};
}

}  // namespace

class TestBatchGenerator : public QObject {
    Q_OBJECT

private slots:
    void everyModeAndPlacement_data();
    void everyModeAndPlacement();
    void kernelsRoundRobin();
    void modePrograms();
    void allocations_data();
    void allocations();
    void invalidConfigs_data();
    void invalidConfigs();
    void runsOnTheSimulator_data();
    void runsOnTheSimulator();
};

void TestBatchGenerator::everyModeAndPlacement_data() {
    QTest::addColumn<SyncMode>("mode");
    QTest::addColumn<SyncPlacement>("placement");
    QTest::addColumn<int>("streams");
    for (const auto& info : syncModeCatalogue()) {
        for (auto placement : {SyncPlacement::AfterEachKernel, SyncPlacement::AfterEachBatch,
                               SyncPlacement::AtEnd}) {
            for (int streams : {2, 3}) {
                const QString name =
                    QString("%1/%2/%3 streams")
                        .arg(QString::fromUtf8(info.id.data(),
                                               static_cast<qsizetype>(info.id.size())))
                        .arg(QString::fromUtf8(toString(placement).data()))
                        .arg(streams);
                QTest::newRow(qPrintable(name)) << info.mode << placement << streams;
            }
        }
    }
}

void TestBatchGenerator::everyModeAndPlacement() {
    QFETCH(SyncMode, mode);
    QFETCH(SyncPlacement, placement);
    QFETCH(int, streams);
    BatchConfig config;
    config.batches = 3;
    config.kernels_per_batch = 4;
    config.streams = static_cast<std::uint32_t>(streams);
    config.sync_mode = mode;
    config.placement = placement;
    const auto generated = BatchGenerator::generate(config);
    QVERIFY(generated.errors.empty());
    QVERIFY(generated.scenario.has_value());
    const Scenario& s = *generated.scenario;

    // Expected counts: 12 kernels plus the sync points.
    const int kernels = 12;
    int points = 0;
    int scope = 0;
    switch (placement) {
        case SyncPlacement::AfterEachKernel:
            points = kernels, scope = 1;
            break;
        case SyncPlacement::AfterEachBatch:
            points = 3, scope = std::min(4, streams);
            break;
        case SyncPlacement::AtEnd:
            points = 1, scope = streams;
            break;
    }
    std::map<StepKind, int> expected{{StepKind::Kernel, kernels}};
    for (const auto& [kind, n] : pointSteps(mode, scope))
        expected[kind] += n * points;
    QCOMPARE(countKinds(s.program), expected);
    QCOMPARE(s.program.size(), expandProgram(s.program).size());  // no repeats

    // Sync steps carry the mode; kernels of the user's streams do not.
    for (const Step& step : s.program) {
        const bool user_kernel = step.kind == StepKind::Kernel && step.stream < config.streams;
        QVERIFY(step.mode == (user_kernel ? SyncMode::None : mode));
        if (placement != SyncPlacement::AtEnd)
            QVERIFY(step.batch < 3);
    }
    if (placement == SyncPlacement::AtEnd && mode != SyncMode::None)
        QCOMPARE(s.program.back().batch, kNone);

    // Valid, and unchanged by a write/read round trip.
    const auto back = ScenarioReader::parse(ScenarioWriter::toJson(s));
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
}

void TestBatchGenerator::kernelsRoundRobin() {
    BatchConfig config;
    config.batches = 3;
    config.kernels_per_batch = 5;
    config.streams = 4;
    config.sync_mode = SyncMode::None;
    const auto s = BatchGenerator::generate(config).scenario;
    QVERIFY(s);
    QCOMPARE(s->program.size(), std::size_t{15});
    for (std::size_t k = 0; k < s->program.size(); ++k) {
        QCOMPARE(s->program[k].stream, static_cast<std::uint32_t>(k % 4));
        QCOMPARE(s->program[k].batch, static_cast<std::uint32_t>(k / 5));
        QCOMPARE(s->program[k].duration_ns, config.kernel_duration_ns);
    }
    QCOMPARE(s->streams.size(), std::size_t{4});
    QCOMPARE(s->title.en, std::string("3 batches of 5 kernels on 4 streams, no sync"));
}

void TestBatchGenerator::modePrograms() {
    BatchConfig config;
    config.batches = 1;
    config.kernels_per_batch = 1;
    config.streams = 2;
    config.placement = SyncPlacement::AfterEachKernel;

    config.sync_mode = SyncMode::StreamWaitEvent;  // record on the producer, the next stream waits
    auto s = *BatchGenerator::generate(config).scenario;
    QCOMPARE(s.program.size(), std::size_t{3});
    QVERIFY(s.program[1].kind == StepKind::EventRecord);
    QCOMPARE(s.program[1].stream, 0u);
    QVERIFY(s.program[2].kind == StepKind::StreamWaitEvent);
    QCOMPARE(s.program[2].stream, 1u);
    QCOMPARE(s.program[2].event, s.program[1].event);

    config.sync_mode = SyncMode::WaitStream;
    s = *BatchGenerator::generate(config).scenario;
    QCOMPARE(s.program[1].stream, 1u);
    QCOMPARE(s.program[1].other_stream, 0u);

    config.sync_mode = SyncMode::LegacyDefaultStream;  // the sync point is a kernel on stream 0
    s = *BatchGenerator::generate(config).scenario;
    QCOMPARE(s.streams.size(), std::size_t{3});
    QVERIFY(s.streams[2].kind == StreamKind::LegacyDefault);
    QVERIFY(s.program[1].kind == StepKind::Kernel);
    QCOMPARE(s.program[1].stream, 2u);

    // tensor.item() on a stream: a pageable d2h cudaMemcpyAsync there, then a stream synchronize
    // (cudaMemcpy would run on the legacy default stream and not wait for a non-blocking one).
    config.sync_mode = SyncMode::BlockingCopy;
    s = *BatchGenerator::generate(config).scenario;
    QVERIFY(s.program[1].kind == StepKind::Memcpy);
    QVERIFY(s.program[1].direction == CopyDirection::DeviceToHost);
    QVERIFY(s.program[1].async);
    QVERIFY(!s.program[1].pinned);
    QCOMPARE(s.program[1].bytes, std::uint64_t{4});
    QVERIFY(s.program[2].kind == StepKind::StreamSync);
    QCOMPARE(s.program[2].stream, s.program[1].stream);

    config.sync_mode = SyncMode::EventQueryPoll;
    s = *BatchGenerator::generate(config).scenario;
    QVERIFY(s.program[1].kind == StepKind::EventRecord);
    QVERIFY(s.program[2].kind == StepKind::EventQueryPoll);
    QCOMPARE(s.program[2].poll_interval_ns, config.poll_interval_ns);

    config.sync_mode = SyncMode::HostCallback;
    s = *BatchGenerator::generate(config).scenario;
    QVERIFY(s.program[1].kind == StepKind::HostCallback);
    QCOMPARE(s.program[1].duration_ns, config.callback_duration_ns);

    config.sync_mode = SyncMode::ImplicitAlloc;
    s = *BatchGenerator::generate(config).scenario;
    QVERIFY(s.program[1].kind == StepKind::Malloc);
    QVERIFY(s.program[2].kind == StepKind::Free);
    QCOMPARE(s.buffers.size(), std::size_t{1});
}

void TestBatchGenerator::allocations_data() {
    QTest::addColumn<KernelAllocation>("allocation");
    QTest::addColumn<int>("mallocs");
    QTest::addColumn<int>("asyncs");
    QTest::newRow("none") << KernelAllocation::None << 0 << 0;
    QTest::newRow("malloc") << KernelAllocation::Malloc << 6 << 0;
    QTest::newRow("malloc-async") << KernelAllocation::MallocAsync << 0 << 6;
}

void TestBatchGenerator::allocations() {
    QFETCH(KernelAllocation, allocation);
    QFETCH(int, mallocs);
    QFETCH(int, asyncs);
    BatchConfig config;
    config.batches = 2;
    config.kernels_per_batch = 3;
    config.streams = 2;
    config.allocation = allocation;
    config.pool_release_threshold = UINT64_MAX;
    config.kernel_kind = KernelKind::Memory;
    const auto s = *BatchGenerator::generate(config).scenario;
    auto counts = countKinds(s.program);
    QCOMPARE(counts[StepKind::Malloc], mallocs);
    QCOMPARE(counts[StepKind::Free], mallocs);
    QCOMPARE(counts[StepKind::MallocAsync], asyncs);
    QCOMPARE(counts[StepKind::FreeAsync], asyncs);
    QCOMPARE(s.pool.release_threshold, UINT64_MAX);
    for (const Step& step : s.program) {
        if (step.kind != StepKind::Kernel)
            continue;
        QCOMPARE(step.bytes, config.kernel_bytes);
        QCOMPARE(step.uses.size(), std::size_t{allocation == KernelAllocation::None ? 0u : 1u});
    }
    const auto back = ScenarioReader::parse(ScenarioWriter::toJson(s));
    QVERIFY2(back.ok(), back.errorText().c_str());
    QCOMPARE(QString::fromStdString(test::scenarioDifference(s, *back.scenario)), QString());
}

void TestBatchGenerator::invalidConfigs_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no batches") << 0 << "batches: must be > 0";
    QTest::newRow("no kernels") << 1 << "kernels_per_batch: must be > 0";
    QTest::newRow("no streams") << 2 << "streams: must be between 1 and 64";
    QTest::newRow("65 streams") << 3 << "streams: must be between 1 and 64";
    QTest::newRow("legacy adds one")
        << 4 << "streams: must be between 1 and 63 (legacy-default-stream adds the default stream)";
    QTest::newRow("wait-stream on one stream")
        << 5 << "sync_mode: wait-stream needs at least 2 streams";
    QTest::newRow("two legacy streams")
        << 6 << "stream_kind: there is only one legacy-default stream; use 1 stream";
    QTest::newRow("zero duration") << 7 << "kernel_duration_ns: must be between 1 ns and 60 s";
    QTest::newRow("memory kernel too big")
        << 8 << "kernel_bytes: must be at most 6442450944 (the memory of device 'laptop')";
    QTest::newRow("block") << 9 << "block: must be between 1 and 1024";
    QTest::newRow("too many steps") << 10
                                    << "batches: 1000000 kernels with their syncs make 2000000 "
                                       "steps; at most 1000000 are allowed";
    QTest::newRow("unknown device")
        << 11 << "device: unknown device profile 'tpu' (allowed: h200, laptop)";
    QTest::newRow("allocation bytes") << 12 << "allocation_bytes: must be > 0";
}

void TestBatchGenerator::invalidConfigs() {
    QFETCH(int, which);
    QFETCH(QString, expected);
    BatchConfig c;
    switch (which) {
        case 0:
            c.batches = 0;
            break;
        case 1:
            c.kernels_per_batch = 0;
            break;
        case 2:
            c.streams = 0;
            break;
        case 3:
            c.streams = 65;
            break;
        case 4:
            c.streams = 64, c.sync_mode = SyncMode::LegacyDefaultStream;
            break;
        case 5:
            c.streams = 1, c.sync_mode = SyncMode::WaitStream;
            break;
        case 6:
            c.stream_kind = StreamKind::LegacyDefault;
            break;
        case 7:
            c.kernel_duration_ns = 0;
            break;
        case 8:
            c.device = "laptop", c.kernel_kind = KernelKind::Memory, c.kernel_bytes = 7'000'000'000;
            break;
        case 9:
            c.block = 2048;
            break;
        case 10:
            c.batches = 1000, c.kernels_per_batch = 1000,
            c.placement = SyncPlacement::AfterEachKernel;
            break;
        case 11:
            c.device = "tpu";
            break;
        case 12:
            c.allocation = KernelAllocation::Malloc, c.allocation_bytes = 0;
            break;
    }
    const auto generated = BatchGenerator::generate(c);
    QVERIFY(!generated.scenario.has_value());
    QCOMPARE(generated.errors.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(generated.errors[0]), expected);
}

void TestBatchGenerator::runsOnTheSimulator_data() {
    QTest::addColumn<SyncMode>("mode");
    QTest::addColumn<SyncPlacement>("placement");
    QTest::addColumn<KernelAllocation>("allocation");
    for (const auto& info : syncModeCatalogue()) {
        for (auto placement : {SyncPlacement::AfterEachKernel, SyncPlacement::AfterEachBatch,
                               SyncPlacement::AtEnd}) {
            for (auto allocation : {KernelAllocation::None, KernelAllocation::Malloc,
                                    KernelAllocation::MallocAsync}) {
                const QString name =
                    QString("%1/%2/%3")
                        .arg(QString::fromUtf8(info.id.data(),
                                               static_cast<qsizetype>(info.id.size())))
                        .arg(QString::fromUtf8(toString(placement).data()))
                        .arg(QString::fromUtf8(toString(allocation).data()));
                QTest::newRow(qPrintable(name)) << info.mode << placement << allocation;
            }
        }
    }
}

// What the window does with a generated scenario: run it. The simulator must accept it and its
// trace must satisfy the invariants of docs/semantics.md section 7.
void TestBatchGenerator::runsOnTheSimulator() {
    QFETCH(SyncMode, mode);
    QFETCH(SyncPlacement, placement);
    QFETCH(KernelAllocation, allocation);
    BatchConfig config;
    config.batches = 3;
    config.kernels_per_batch = 4;
    config.streams = 2;
    config.sync_mode = mode;
    config.placement = placement;
    config.allocation = allocation;
    const auto generated = BatchGenerator::generate(config);
    QVERIFY(generated.scenario);
    auto engine = makeSimEngine();
    EngineObserver observer;
    CancelToken cancel;
    const RunResult result = engine->run(*generated.scenario, observer, cancel);
    QVERIFY2(result.status == RunStatus::Ok, result.message.c_str());
    QVERIFY(!result.trace.events.empty());
    InvariantCheckerOptions options;
    options.scenario = &*generated.scenario;
    for (const Violation& v : InvariantChecker(options).check(result.trace))
        QVERIFY2(v.severity != Violation::Severity::Error,
                 (v.invariant + ": " + v.message).c_str());
}

QTEST_GUILESS_MAIN(TestBatchGenerator)
#include "tst_batch_generator.moc"
