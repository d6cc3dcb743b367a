// SM capacity and copy engines of the simulated device.
#include <QtTest>

#include "core/sim/sim_device.h"
#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimDevice : public QObject {
    Q_OBJECT

private slots:
    void smCapacity_data();
    void smCapacity();
    void wideKernelHoldsBackLaterKernels();
    void higherPriorityStartsFirst();
    void priorityKernelTakesTheFirstWaveBoundary();
    void prioritiesAreClampedToTheDeviceRange();
    void prioritiesDoNotReorderCopies();
    void spinKernelsRunInWaves_data();
    void spinKernelsRunInWaves();
    void copyEngines_data();
    void copyEngines();
    void durations();
};

// Two 100 µs kernels of 256-thread blocks on two streams. On the h200 profile a 256-thread block
// fits 8 times per SM (2048 threads), so 132 × 8 = 1056 blocks run at once.
void TestSimDevice::smCapacity_data() {
    const auto& p = h200();
    const int per_sm = std::min(p.max_blocks_per_sm, p.max_threads_per_sm / 256);
    const int device_blocks = p.sm_count * per_sm;
    QTest::addColumn<int>("grid");
    QTest::addColumn<bool>("overlap");
    QTest::newRow("one block each") << 1 << true;
    QTest::newRow("half the device each") << device_blocks / 2 << true;
    QTest::newRow("one block more than half") << device_blocks / 2 + 1 << false;
    QTest::newRow("wider than the device") << device_blocks * 10 << false;
}

void TestSimDevice::smCapacity() {
    QFETCH(int, grid);
    QFETCH(bool, overlap);
    const auto& p = h200();
    const int device_blocks =
        p.sm_count * std::min(p.max_blocks_per_sm, p.max_threads_per_sm / 256);
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.program = {kernel(0, 100'000, grid, 256), kernel(1, 100'000, grid, 256)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TraceEvent* first = gpuOp(r.trace, 0);
    const TraceEvent* second = gpuOp(r.trace, 1);
    QCOMPARE(first->start_ns, p.launch_cost_ns);
    QCOMPARE(second->start_ns, overlap ? 2 * p.launch_cost_ns : first->end_ns);
    // A grid wider than the device runs in waves, each the spin time long.
    const TimeNs waves = (grid + device_blocks - 1) / device_blocks;
    QCOMPARE(second->duration(), 100'000 * waves);
}

// A device-filling kernel enqueued first is not starved by small kernels enqueued after it.
void TestSimDevice::wideKernelHoldsBackLaterKernels() {
    Scenario s =
        scenario({StreamKind::NonBlocking, StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.program = {kernel(0, 100'000, 1, 32), kernel(1, 50'000, 100'000, 256),
                 kernel(2, 10'000, 1, 32)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TraceEvent* small = gpuOp(r.trace, 0);
    const TraceEvent* wide = gpuOp(r.trace, 1);
    const TraceEvent* later = gpuOp(r.trace, 2);
    QCOMPARE(wide->start_ns, small->end_ns);
    QCOMPARE(later->start_ns, wide->end_ns);
}

// Three wide kernels of many waves: the first fills the device; of the two waiting behind it, the
// one on the higher-priority stream (lower number) takes the SMs at the first kernel's first wave
// boundary, although it was enqueued last, and keeps them wave after wave; the first kernel's
// other waves run after it, and the third kernel, of the first one's priority, after those (as an
// H200 ran a priority −5 kernel behind a 4-wave priority-0 one, docs/semantics.md section 2).
void TestSimDevice::higherPriorityStartsFirst() {
    const auto& p = h200();
    Scenario s =
        scenario({StreamKind::NonBlocking, StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.streams[2].priority = -1;
    s.program = {kernel(0, 100'000, 100'000, 256), kernel(1, 50'000, 100'000, 256),
                 kernel(2, 50'000, 100'000, 256)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TimeNs waves = SimDevice(p).waves(100'000, 256);
    QVERIFY(waves > 2);
    const TraceEvent* first = gpuOp(r.trace, 0);
    const TraceEvent* low = gpuOp(r.trace, 1);
    const TraceEvent* high = gpuOp(r.trace, 2);
    QCOMPARE(high->start_ns, first->start_ns + 100'000);
    QCOMPARE(high->end_ns, high->start_ns + waves * 50'000);
    QCOMPARE(first->end_ns, high->end_ns + (waves - 1) * 100'000);
    QCOMPARE(low->start_ns, first->end_ns);
}

// The H200's case: a priority-0 spin kernel of 4 waves, then a priority −5 kernel of one wave on
// another stream. The −5 kernel starts at the first wave boundary, not after all four waves.
void TestSimDevice::priorityKernelTakesTheFirstWaveBoundary() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.streams[1].priority = -5;
    s.program = {kernel(0, 200'000, 4 * 264, 1024), kernel(1, 100'000, 264, 1024)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TraceEvent* low = gpuOp(r.trace, 0);
    const TraceEvent* high = gpuOp(r.trace, 1);
    QCOMPARE(low->start_ns, p.launch_cost_ns);
    QCOMPARE(high->start_ns, low->start_ns + 200'000);
    QCOMPARE(high->end_ns, high->start_ns + 100'000);
    QCOMPARE(low->end_ns, high->end_ns + 3 * 200'000);
}

// cudaDeviceGetStreamPriorityRange is [0, -5] on the profile: -10 clamps to -5, so the two
// high-priority kernels behind a device-filling one start in enqueue order, not by number.
void TestSimDevice::prioritiesAreClampedToTheDeviceRange() {
    const auto& p = h200();
    QCOMPARE(p.greatest_priority, -5);
    Scenario s =
        scenario({StreamKind::NonBlocking, StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.streams[1].priority = -5;
    s.streams[2].priority = -10;
    s.program = {kernel(0, 100'000, 264, 1024), kernel(1, 50'000, 264, 1024),
                 kernel(2, 50'000, 264, 1024)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(gpuOp(r.trace, 0)->start_ns, p.launch_cost_ns);
    QCOMPARE(gpuOp(r.trace, 1)->start_ns, p.launch_cost_ns + 100'000);
    QCOMPARE(gpuOp(r.trace, 2)->start_ns, p.launch_cost_ns + 150'000);
}

// Two copies queued for the one host-to-device engine: the later one on a high-priority stream
// does not jump the queue (priorities apply to kernels only).
void TestSimDevice::prioritiesDoNotReorderCopies() {
    const auto& p = h200();
    Scenario s =
        scenario({StreamKind::NonBlocking, StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.streams[2].priority = -5;
    s.program = {copy(0, CopyDirection::HostToDevice, 5'000'000, true, true),
                 copy(1, CopyDirection::HostToDevice, 1'000'000, true, true),
                 copy(2, CopyDirection::HostToDevice, 1'000'000, true, true)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const TimeNs first = std::llround(5e6 / p.h2d_bytes_per_ns);
    const TimeNs other = std::llround(1e6 / p.h2d_bytes_per_ns);
    QCOMPARE(gpuOp(r.trace, 0)->start_ns, p.api_cost_ns);
    QCOMPARE(gpuOp(r.trace, 1)->start_ns, p.api_cost_ns + first);
    QCOMPARE(gpuOp(r.trace, 2)->start_ns, p.api_cost_ns + first + other);
}

// A 300 µs spin kernel of 1,024-thread blocks: an H200 holds 132 × 2 of them at once, so 264
// blocks are one wave, 265 two, 792 three (measured on an H200: 0.74, 1.00 and 1.95 ms for a
// 500 µs spin, docs/gpu-results.md). A compute kernel's duration is the whole kernel's.
void TestSimDevice::spinKernelsRunInWaves_data() {
    QTest::addColumn<int>("grid");
    QTest::addColumn<int>("block");
    QTest::addColumn<bool>("spin");
    QTest::addColumn<qint64>("duration");
    QTest::newRow("1 block") << 1 << 1024 << true << qint64(300'000);
    QTest::newRow("264 x 1024: one wave") << 264 << 1024 << true << qint64(300'000);
    QTest::newRow("265 x 1024: two waves") << 265 << 1024 << true << qint64(600'000);
    QTest::newRow("792 x 1024: three waves") << 792 << 1024 << true << qint64(900'000);
    QTest::newRow("2048 x 32: one wave") << 2048 << 32 << true << qint64(300'000);
    QTest::newRow("compute 792 x 1024") << 792 << 1024 << false << qint64(300'000);
}

void TestSimDevice::spinKernelsRunInWaves() {
    QFETCH(int, grid);
    QFETCH(int, block);
    QFETCH(bool, spin);
    QFETCH(qint64, duration);
    Scenario s = scenario({StreamKind::NonBlocking});
    Step k =
        kernel(0, 300'000, static_cast<std::uint32_t>(grid), static_cast<std::uint32_t>(block));
    k.kernel = spin ? KernelKind::Spin : KernelKind::Compute;
    s.program = {k};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(gpuOp(r.trace, 0)->start_ns, h200().launch_cost_ns);
    QCOMPARE(gpuOp(r.trace, 0)->duration(), TimeNs(duration));
}

// An async pinned h2d copy on s0 and d2h copy on s1, 1 MB each: two copy engines overlap them,
// one engine serializes them.
void TestSimDevice::copyEngines_data() {
    QTest::addColumn<QString>("device");
    QTest::addColumn<bool>("overlap");
    QTest::newRow("h200 (2 engines)") << "h200" << true;
    QTest::newRow("laptop (1 engine)") << "laptop" << false;
}

void TestSimDevice::copyEngines() {
    QFETCH(QString, device);
    QFETCH(bool, overlap);
    const DeviceProfile p = *findDeviceProfile(device.toStdString());
    Scenario s = scenario({StreamKind::NonBlocking, StreamKind::NonBlocking});
    s.device = device.toStdString();
    s.program = {copy(0, CopyDirection::HostToDevice, 1'000'000, true, true),
                 copy(1, CopyDirection::DeviceToHost, 1'000'000, true, true)};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(r.trace.device.copy_engines, p.copy_engines);
    const TraceEvent* h2d = gpuOp(r.trace, 0);
    const TraceEvent* d2h = gpuOp(r.trace, 1);
    QCOMPARE(h2d->start_ns, p.api_cost_ns);
    QCOMPARE(h2d->duration(), std::llround(1e6 / p.h2d_bytes_per_ns));
    QCOMPARE(d2h->start_ns, overlap ? 2 * p.api_cost_ns : h2d->end_ns);
}

void TestSimDevice::durations() {
    const auto& p = h200();
    Scenario s = scenario({StreamKind::NonBlocking});
    Step memory_kernel = kernel(0, 0);
    memory_kernel.kernel = KernelKind::Memory;
    memory_kernel.bytes = 240'000'000;
    Step tiny = kernel(0, 10);
    Step memset = step(StepKind::Memset, 0);
    memset.bytes = 10;
    Step pageable = copy(0, CopyDirection::HostToDevice, 1'000'000, false, true);
    s.program = {memory_kernel, tiny, memset, pageable};
    const RunResult r = run(s);
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    QCOMPARE(gpuOp(r.trace, 0)->duration(), std::llround(240e6 / p.memory_kernel_bytes_per_ns));
    QCOMPARE(gpuOp(r.trace, 1)->duration(), p.kernel_min_ns);
    QCOMPARE(gpuOp(r.trace, 2)->duration(), p.kernel_min_ns);
    QCOMPARE(gpuOp(r.trace, 3)->duration(),
             std::llround(1e6 / (p.h2d_bytes_per_ns * p.pageable_factor)));
    QVERIFY(gpuOp(r.trace, 3)->flags & event_flags::kPageable);
}

QTEST_GUILESS_MAIN(TestSimDevice)
#include "tst_sim_device.moc"
