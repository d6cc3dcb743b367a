// A recording of a user's program becomes a trace that reads like an import: the torch-level
// calls the Python hook marked, waits attributed to the kernel they waited for, launch flows, the
// pageable copy; the capture range; several processes as ranks.
#include <QTemporaryDir>
#include <QtTest>
#include <numeric>
#include <set>

#include "core/analysis/invariant_checker.h"
#include "core/model/torch_call.h"
#include "core/record/recording_converter.h"
#include "core/record/recording_set.h"
#include "tests/core/record/recording_fixtures.h"

using namespace syncscope;

namespace {

const TraceEvent* find(const Trace& t, EventKind kind, std::string_view name = {}) {
    for (const TraceEvent& e : t.events)
        if (e.kind == kind && (name.empty() || t.strings.at(e.name) == name))
            return &e;
    return nullptr;
}

std::size_t count(const Trace& t, EventKind kind) {
    return static_cast<std::size_t>(std::count_if(
        t.events.begin(), t.events.end(), [&](const TraceEvent& e) { return e.kind == kind; }));
}

void save(const QTemporaryDir& dir, const ProcessRecording& r) {
    QCOMPARE(test::writeRecording(
                 dir.filePath(QStringLiteral("%1.ssrec").arg(r.process.pid)).toStdString(), r),
             std::string());
}

// The step recording as a process started `ns` later would have written it.
ProcessRecording later(ProcessRecording r, std::uint64_t ns) {
    r.process.start_ns += ns;
    for (auto* calls : {&r.records.api, &r.records.driver})
        for (ApiRecord& a : *calls)
            a.start += ns, a.end += ns;
    for (GpuOpRecord& op : r.records.gpu)
        op.start += ns, op.end += ns;
    for (SyncRecord& sync : r.records.sync)
        sync.start += ns, sync.end += ns;
    for (MarkerRecord& m : r.records.markers)
        m.timestamp += ns;
    for (MemoryRecord& m : r.records.memory)
        m.timestamp += ns;
    r.end.end_ns += ns;
    return r;
}

}  // namespace

class TestRecordingConverter : public QObject {
    Q_OBJECT
private slots:
    void aStepReadsAsTheProgramRanIt() {
        const ImportResult result = RecordingConverter::convert(test::stepRecording());
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;
        QCOMPARE(t.device.name, std::string("NVIDIA H200"));
        QCOMPARE(t.device.engine, std::string("record:cupti"));
        QCOMPARE(t.clock.origin_ns, TimeNs(test::kT0 + 5000));  // the allocation, first record
        // The kernel, demangled, linked to its launch; the driver call inside the launch is not
        // shown a second time.
        const TraceEvent* kernel = find(t, EventKind::Kernel);
        QVERIFY(kernel);
        QCOMPARE(std::string(t.strings.at(kernel->name)), std::string("spin_kernel(long)"));
        QVERIFY(!find(t, EventKind::ApiCall, "cuLaunchKernel"));
        QVERIFY(find(t, EventKind::ApiCall, "cudaLaunchKernel"));
        QVERIFY(!t.flows.empty());
        // torch.cpu.synchronize(): marked, waits for nothing; torch.cuda.synchronize(): its wait
        // is attributed to the kernel.
        QCOMPARE(result.stats.torch_calls, std::uint64_t(2));
        QCOMPARE(std::count_if(t.events.begin(), t.events.end(), isCpuSynchronizeCall), 1);
        const TraceEvent* wait = find(t, EventKind::HostWait, "cudaDeviceSynchronize");
        QVERIFY(wait);
        QVERIFY(wait->awaited != kNone);
        QVERIFY(t.events[wait->awaited].kind == EventKind::Kernel);
        // The pageable copy keeps its flag; the memory plot has the allocation.
        const TraceEvent* copy = find(t, EventKind::Memcpy);
        QVERIFY(copy && (copy->flags & event_flags::kPageable) != 0);
        QCOMPARE(t.memory.size(), std::size_t(1));
        QCOMPARE(t.memory[0].device_used, std::int64_t(1) << 20);
        // And the whole obeys the invariants.
        const auto violations = InvariantChecker().check(t);
        QVERIFY2(violations.empty(), violations.empty() ? "" : violations.front().message.c_str());
        QVERIFY(result.warnings.empty());
    }

    void theCaptureRangeKeepsItsPart() {
        CaptureOptions nvtx;
        QVERIFY(nvtx.parseRange("nvtx:torch.cuda.synchronize").empty());
        const ImportResult kept = RecordingConverter::convert(test::stepRecording(), nvtx);
        QVERIFY2(kept.ok(), kept.error.c_str());
        QVERIFY(find(*kept.trace, EventKind::HostWait));
        QVERIFY(!find(*kept.trace, EventKind::ApiCall, "cudaLaunchKernel"));
        QVERIFY(!find(*kept.trace, EventKind::Memcpy));
        // The kernel ran inside the range but was launched before it: not kept with its launch.
        QVERIFY(!find(*kept.trace, EventKind::Kernel));

        CaptureOptions missing;
        QVERIFY(missing.parseRange("nvtx:train_step").empty());
        const ImportResult none = RecordingConverter::convert(test::stepRecording(), missing);
        QVERIFY(!none.ok());
        QVERIFY(QString::fromStdString(none.error)
                    .contains(QStringLiteral("no NVTX range \"train_step\"")));

        CaptureOptions profiler;
        QVERIFY(profiler.parseRange("cudaProfilerApi").empty());
        QVERIFY(QString::fromStdString(
                    RecordingConverter::convert(test::stepRecording(), profiler).error)
                    .contains(QStringLiteral("cudaProfilerStart")));
        CaptureOptions bad;
        QVERIFY(
            QString::fromStdString(bad.parseRange("nvtx:")).contains(QStringLiteral("nvtx:NAME")));
    }

    void delayAndDurationCutTheTimeline() {
        CaptureOptions window;
        window.delay_ns = 2'050'000;  // from 2.05 ms on: only the copy
        const ImportResult late = RecordingConverter::convert(test::stepRecording(), window);
        QVERIFY2(late.ok(), late.error.c_str());
        QVERIFY(find(*late.trace, EventKind::Memcpy));
        QVERIFY(!find(*late.trace, EventKind::Kernel));
        QVERIFY(late.stats.skipped.count("runtime API outside the capture range") == 1);
        window.delay_ns = 0;
        window.duration_ns = 35'000;  // the first 35 µs: the launch, its kernel, cpu.synchronize
        const ImportResult early = RecordingConverter::convert(test::stepRecording(), window);
        QVERIFY(find(*early.trace, EventKind::Kernel));
        QVERIFY(!find(*early.trace, EventKind::HostWait));
        QCOMPARE(early.stats.torch_calls, std::uint64_t(1));
    }

    // A CUPTI that kept its own clock: the records are offset from the process start, and the
    // window moves with them.
    void theWindowFollowsTheRecordClock() {
        ProcessRecording r = test::stepRecording();
        const std::uint64_t offset = 1'000'000'000'000ull;
        r.process.record_offset_ns = static_cast<std::int64_t>(offset);
        auto& b = r.records;
        for (auto* calls : {&b.api, &b.driver})
            for (ApiRecord& a : *calls)
                a.start += offset, a.end += offset;
        for (GpuOpRecord& op : b.gpu)
            op.start += offset, op.end += offset;
        for (SyncRecord& sync : b.sync)
            sync.start += offset, sync.end += offset;
        for (MarkerRecord& m : b.markers)
            m.timestamp += offset;
        for (MemoryRecord& m : b.memory)
            m.timestamp += offset;
        CaptureOptions window;
        window.delay_ns = 2'050'000;
        const ImportResult late = RecordingConverter::convert(r, window);
        QVERIFY2(late.ok(), late.error.c_str());
        QVERIFY(find(*late.trace, EventKind::Memcpy));
        QVERIFY(!find(*late.trace, EventKind::Kernel));
        QCOMPARE(late.trace->clock.origin_ns, TimeNs(test::kT0 + 2'100'000));
    }

    void whatWentMissingIsSaid() {
        ProcessRecording r = test::stepRecording();
        r.records.dropped = 12;
        r.ended = false;
        r.end = {};
        const ImportResult result = RecordingConverter::convert(r);
        QVERIFY(result.ok());
        const QString all = QString::fromStdString(
            std::accumulate(result.warnings.begin(), result.warnings.end(), std::string(),
                            [](std::string a, const std::string& b) { return a + b + "\n"; }));
        QVERIFY2(all.contains(QStringLiteral("CUPTI dropped 12 record(s)")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("ended before the recorder could finish")),
                 qPrintable(all));
    }

    // torchrun: one file per process, one timeline grouped by rank.
    void theProcessesOfARunBecomeRanks() {
        QTemporaryDir dir;
        save(dir, test::stepRecording(100, 1));
        save(dir, test::stepRecording(200, 0));
        save(dir, test::stepRecording(300));  // no RANK: gets the next free one
        ProcessRecording idle = test::stepRecording(400);
        idle.records = {};  // a process that made no CUDA call is left out
        save(dir, idle);
        const ImportResult merged = RecordingSet::load(dir.path().toStdString());
        QVERIFY2(merged.ok(), merged.error.c_str());
        std::set<std::uint32_t> ranks;
        for (const Lane& lane : merged.trace->lanes)
            ranks.insert(lane.rank);
        QCOMPARE(ranks, (std::set<std::uint32_t>{0, 1, 2}));
        QVERIFY(
            std::any_of(merged.warnings.begin(), merged.warnings.end(), [](const std::string& w) {
                return w == "pid 300 has no RANK of its own; shown as rank 2";
            }));
        QCOMPARE(count(*merged.trace, EventKind::Kernel), std::size_t(3));
        // What the import saw is the sum of its processes', every count of it.
        const ImportResult one = RecordingConverter::convert(test::stepRecording(200, 0));
        QVERIFY(!one.stats.names.empty());
        for (const auto& [name, n] : one.stats.names)
            QCOMPARE(merged.stats.names.at(name), 3 * n);
        QCOMPARE(merged.stats.held_calls, 3 * one.stats.held_calls);
    }

    // One process: its own counts, all of them.
    void oneProcessKeepsItsWholeCount() {
        QTemporaryDir dir;
        save(dir, test::stepRecording(200, 0));
        const ImportResult loaded = RecordingSet::load(dir.path().toStdString());
        const ImportResult one = RecordingConverter::convert(test::stepRecording(200, 0));
        QVERIFY(loaded.ok());
        QVERIFY(loaded.stats.names == one.stats.names);
        QCOMPARE(loaded.stats.held_calls, one.stats.held_calls);
        QCOMPARE(loaded.stats.stream_waits, one.stats.stream_waits);
    }

    // A recording's processes are one machine's run: the import's bounds for other people's
    // files (64 files, clocks at most a day apart) do not apply. 65 processes, and one started
    // 25 h after the first, were "no trace written" with the raw files deleted.
    void aRunIsOneTraceHoweverManyAndHoweverLate() {
        QTemporaryDir many;
        for (std::uint32_t pid = 1000; pid < 1065; ++pid)
            save(many, test::stepRecording(pid));
        const ImportResult all = RecordingSet::load(many.path().toStdString());
        QVERIFY2(all.ok(), all.error.c_str());
        std::set<std::uint32_t> ranks;
        for (const Lane& lane : all.trace->lanes)
            ranks.insert(lane.rank);
        QCOMPARE(ranks.size(), std::size_t(65));
        QTemporaryDir apart;
        save(apart, test::stepRecording(2000, 0));
        save(apart, later(test::stepRecording(2001, 1), 25ull * 3600 * 1'000'000'000));
        const ImportResult both = RecordingSet::load(apart.path().toStdString());
        QVERIFY2(both.ok(), both.error.c_str());
        QCOMPARE(count(*both.trace, EventKind::Kernel), std::size_t(2));
    }

    // CUDA calls from more threads than a trace has lanes (65,534): the limit is named, and the
    // process beyond it is left out with a warning; the run's others make the trace. It was
    // "out of memory (a size read from the input is too large)", exit 2, for the whole run.
    void aProcessBeyondTheLaneLimitIsLeftOutByName() {
        ProcessRecording wide = test::stepRecording(3000, 1);
        const ApiRecord call = wide.records.api.front();
        for (std::uint32_t tid = 1; tid <= 70'000; ++tid) {
            ApiRecord a = call;
            a.thread_id = tid;
            a.correlation = 100'000 + tid;
            wide.records.api.push_back(a);
        }
        QTemporaryDir dir;
        save(dir, wide);
        const ImportResult alone = RecordingSet::load(dir.path().toStdString());
        QVERIFY(!alone.ok());
        QVERIFY2(alone.error.find("pid 3000") != std::string::npos &&
                     alone.error.find("65534") != std::string::npos,
                 alone.error.c_str());
        save(dir, test::stepRecording(3001, 0));
        const ImportResult rest = RecordingSet::load(dir.path().toStdString());
        QVERIFY2(rest.ok(), rest.error.c_str());
        QCOMPARE(count(*rest.trace, EventKind::Kernel), std::size_t(1));
        QVERIFY(std::any_of(rest.warnings.begin(), rest.warnings.end(), [](const std::string& w) {
            return w.find("pid 3000") != std::string::npos &&
                   w.find("65534") != std::string::npos && w.find("left out") != std::string::npos;
        }));
    }

    // The recorder was loaded and could not record (another CUPTI subscriber, a folder it could
    // not write): it leaves word, and that is what is said, not "no CUDA call".
    void aRecorderThatCouldNotRecordSaysWhy() {
        QTemporaryDir dir;
        QFile fail(dir.filePath(QStringLiteral("4321.ssfail")));
        QVERIFY(fail.open(QIODevice::WriteOnly));
        fail.write("CUPTI is in use by another profiler\n");
        fail.close();
        const ImportResult none = RecordingSet::load(dir.path().toStdString());
        QVERIFY(!none.ok());
        QCOMPARE(none.error, std::string("pid 4321: the recorder could not record: CUPTI is in "
                                         "use by another profiler"));
        save(dir, test::stepRecording(5000, 0));
        const ImportResult rest = RecordingSet::load(dir.path().toStdString());
        QVERIFY2(rest.ok(), rest.error.c_str());
        QVERIFY(std::any_of(rest.warnings.begin(), rest.warnings.end(), [](const std::string& w) {
            return w.starts_with("pid 4321: the recorder could not record") &&
                   w.ends_with("that process is left out");
        }));
    }

    void noCudaCallIsNoTrace() {
        QTemporaryDir dir;
        ProcessRecording idle = test::stepRecording(400);
        idle.records = {};
        save(dir, idle);
        const ImportResult none = RecordingSet::load(dir.path().toStdString());
        QVERIFY(!none.ok());
        QCOMPARE(none.error, std::string(RecordingSet::kNoCudaCalls));
        QTemporaryDir empty;
        QCOMPARE(RecordingSet::load(empty.path().toStdString()).error,
                 std::string(RecordingSet::kNoCudaCalls));
    }
};

QTEST_GUILESS_MAIN(TestRecordingConverter)
#include "tst_recording_converter.moc"
