#include "tests/core/analysis/broken_traces.h"

namespace syncscope::test {

UseAfterFree buildUseAfterFree(TraceBuilder& b, InvariantCheckerOptions& o, bool other_stream,
                               TimeNs use_start) {
    static Scenario scenario;
    scenario.streams = {{"s1", StreamKind::NonBlocking, 0}, {"s2", StreamKind::NonBlocking, 0}};
    scenario.buffers = {{"a"}};
    Step malloc_async;
    malloc_async.kind = StepKind::MallocAsync;
    malloc_async.buffer = 0;
    malloc_async.bytes = 1024;
    Step kernel;
    kernel.kind = StepKind::Kernel;
    kernel.uses = {0};
    kernel.duration_ns = us(10);
    Step free_async;
    free_async.kind = StepKind::FreeAsync;
    free_async.buffer = 0;
    Step use = kernel;
    use.stream = other_stream ? 1 : 0;
    scenario.program = {malloc_async, kernel, free_async, use};
    o.scenario = &scenario;
    const auto s1 = b.stream("stream 1");
    const auto s2 = b.stream("stream 2");
    b.enqueue(ApiId::MallocAsync, s1, EventKind::MemoryOp, "malloc a")
        .enq(us(0), us(1))
        .gpu(us(1), us(1))
        .step(0);
    b.kernel(s1, "k").enq(us(1), us(5)).gpu(us(5), us(15)).step(1);
    const auto f = b.enqueue(ApiId::FreeAsync, s1, EventKind::MemoryOp, "free a")
                       .enq(us(5), us(6))
                       .gpu(us(15), us(15))
                       .step(2);
    const auto k = b.kernel(other_stream ? s2 : s1, "k")
                       .enq(us(6), us(10))
                       .gpu(use_start, use_start + us(10))
                       .step(3);
    return {f.call, k};
}

using Events = std::vector<std::uint32_t>;

const std::vector<Case>& brokenCases() {
    static const std::vector<Case> cases{
        {"I25 ends before it starts",
         {"I25"},
         "I25",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(50), us(10));
             return Events{k.op};
         }},
        {"I26 overlapping calls",
         {"I26"},
         "I26",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto a = b.kernel(s1, "a").enq(us(0), us(20)).gpu(us(20), us(30));
             const auto k = b.kernel(s1, "b").enq(us(10), us(25)).gpu(us(30), us(40));
             return Events{a.call, k.call};
         }},
        {"I27 self-wait",
         {"I27"},
         "I27",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             auto w = b.streamWait(s1, 0).enq(us(0), us(5)).gpu(us(5), us(5));
             w.awaited(w.op);
             return Events{w.op};
         }},
        {"I28 lane-parent cycle",
         {"I28"},
         "I28",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.stream("stream 1");
             b.trace().lanes[0].parent = 1;  // host thread <-> its waits lane
             return Events{};
         }},
        {"I29 memory above capacity",
         {"I29"},
         "I29",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.trace().device.memory_bytes = 1000;
             MemorySample m;
             m.t_ns = us(1);
             m.device_used = 1001;
             b.trace().memory.push_back(m);
             return Events{};
         }},
        {"I31 launch flow deleted",
         {"I31"},
         "I31",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(5), us(10));
             b.trace().flows.clear();
             return Events{k.call, k.op};
         }},
        {"I32 GPU op without its call",
         {"I32"},
         "I32",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(5), us(10));
             b.trace().events[k.call].correlation = 99;  // the op's call is lost
             return Events{k.op};
         }},
        {"I30 kernel on the host lane",
         {"I30"},
         "I30",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(5), us(10));
             b.trace().events[k.op].lane = 0;
             return Events{k.op};
         }},
        {"I1 fifo",
         {"I1"},
         "I1",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto a = b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto k = b.kernel(s1, "b").enq(us(6), us(11)).gpu(us(50), us(150));
             return Events{a.op, k.op};
         }},
        {"I2 causality",
         {"I2"},
         "I2",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(10), us(15)).gpu(us(5), us(50));
             return Events{k.call, k.op};
         }},
        {"I3 legacy after blocking",
         {"I3"},
         "I3",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kb = b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kl = b.kernel(legacy, "kl").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kb.op, kl.op};
         }},
        {"I3 blocking after legacy",
         {"I3"},
         "I3",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kl = b.kernel(legacy, "kl").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kb = b.kernel(blocking, "kb").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kl.op, kb.op};
         }},
        {"I4 per-thread default",
         {"I4"},
         "I4",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto pt = b.stream("per-thread", StreamKind::PerThreadDefault);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto kp = b.kernel(pt, "kp").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto kl = b.kernel(legacy, "kl").enq(us(6), us(11)).gpu(us(20), us(40));
             return Events{kp.op, kl.op};
         }},
        {"I5 device sync early",
         {"I5"},
         "I5",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(50));
             const auto k = b.kernel(s2, "b").enq(us(5), us(8)).gpu(us(10), us(130));
             const auto c = b.call(ApiId::DeviceSynchronize, us(9), us(120));
             return Events{c.call, k.op};
         }},
        {"I6 stream sync early",
         {"I6"},
         "I6",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(130));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(120), s1);
             return Events{c.call, k.op};
         }},
        {"I7 event sync early",
         {"I7"},
         "I7",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(130));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(130), us(130));
             const auto c = b.call(ApiId::EventSynchronize, us(9), us(120), kNoLane, 0);
             return Events{c.call, k.op};
         }},
        {"I7 a record on the legacy stream captures blocking work",
         {"I7"},
         "I7",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto k = b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(130));
             b.record(legacy, 0, "e0").enq(us(6), us(8)).gpu(us(130), us(130));
             const auto c = b.call(ApiId::EventSynchronize, us(9), us(120), kNoLane, 0);
             return Events{c.call, k.op};
         }},
        {"I33 cudaFree returns before earlier work ended",
         {"I33"},
         "I33",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             static Scenario scenario;
             scenario.streams = {{"s1", StreamKind::NonBlocking, 0}};
             scenario.buffers = {{"a"}};
             Step malloc;
             malloc.kind = StepKind::Malloc;
             malloc.buffer = 0;
             malloc.bytes = 1024;
             Step kernel;
             kernel.kind = StepKind::Kernel;
             kernel.duration_ns = us(120);
             Step free = malloc;
             free.kind = StepKind::Free;
             scenario.program = {malloc, kernel, free};
             o.scenario = &scenario;
             const auto s1 = b.stream("stream 1");
             b.call(ApiId::Malloc, us(0), us(1)).step(0);
             const auto k = b.kernel(s1, "k").enq(us(1), us(5)).gpu(us(10), us(130)).step(1);
             const auto f = b.call(ApiId::Free, us(6), us(20)).step(2);
             return Events{f.call, k.op};
         }},
        {"I34 cudaMemcpy returns before its copy ended",
         {"I34"},
         "I34",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             static Scenario scenario;
             scenario.streams = {{"default", StreamKind::LegacyDefault, 0}};
             Step copy;
             copy.kind = StepKind::Memcpy;
             copy.direction = CopyDirection::DeviceToHost;
             copy.async = false;
             copy.bytes = 1024;
             scenario.program = {copy};
             o.scenario = &scenario;
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             const auto c = b.enqueue(ApiId::Memcpy, legacy, EventKind::Memcpy, "d2h")
                                .enq(us(0), us(5))
                                .gpu(us(10), us(50))
                                .step(0);
             return Events{c.call, c.op};
         }},
        {"I8 wake-up measured from the record",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto blocking = b.stream("stream 1", StreamKind::Blocking);
             const auto legacy = b.stream("stream 0", StreamKind::LegacyDefault);
             b.kernel(blocking, "kb").enq(us(0), us(5)).gpu(us(10), us(40));
             b.kernel(legacy, "kl").enq(us(5), us(10)).gpu(us(40), us(100));
             const auto m = b.record(blocking, 2, "e2").enq(us(10), us(12)).gpu(us(100), us(100));
             const auto c = b.call(ApiId::EventSynchronize, us(12), us(130), kNoLane, 2);
             return Events{c.call, m.op};
         }},
        {"I7 never recorded waits",
         {"I7"},
         "I7",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EventSynchronize, us(0), us(50), kNoLane, 5);
             const auto w = b.hostWait(us(1), us(50));
             return Events{c.call, w};
         }},
        {"I8 late wake-up",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(200), s1);
             return Events{c.call, k.op};
         }},
        {"I8 blocking copy woke late",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m = b.enqueue(ApiId::Memcpy, s1, EventKind::Memcpy, "DtoH")
                                .enq(us(0), us(300))
                                .gpu(us(10), us(100))
                                .flags(event_flags::kImplicitSync);
             const auto w = b.hostWait(us(5), us(300), m.op);
             return Events{m.call, w, m.op};
         }},
        {"I8 spinning wait woke at the blocking-sync latency",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             // Auto/spin wake within 2 µs; 15 µs late is within the loosest policy's 20 µs, but
             // not within this policy's.
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(115), s1);
             b.hostWait(us(7), us(115), k.op);
             return Events{c.call, k.op};
         }},
        {"I8 bound from options",
         {"I8"},
         "I8",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             o.wake_bound_ns = us(1);
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto c = b.call(ApiId::StreamSynchronize, us(6), us(102), s1);
             return Events{c.call, k.op};
         }},
        {"I9 cpu sync waits",
         {"I9"},
         "I9",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::CpuSynchronize, us(0), us(100));
             const auto w = b.hostWait(us(1), us(100));
             return Events{c.call, w};
         }},
        {"I9 cpu sync tracks GPU",
         {"I9"},
         "I9",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(5000));
             const auto c = b.call(ApiId::CpuSynchronize, us(6), us(5001));
             return Events{c.call, k.op};
         }},
        {"I10 host waits in stream wait",
         {"I10"},
         "I10",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s2 = b.stream("stream 2");
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(25), s2, 0);
             const auto w = b.hostWait(us(21), us(24));
             return Events{c.call, w};
         }},
        {"I10 stream wait blocks on long work",
         {"I10", "I23"},
         "I10",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k = b.kernel(s1, "long").enq(us(0), us(5)).gpu(us(10), us(60000));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(60000), us(60000));
             const auto c = b.call(ApiId::StreamWaitEvent, us(9), us(60002), s2, 0);
             return Events{c.call, k.op};
         }},
        {"I11 work after wait starts early",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(22), s2, 0);
             const auto k2 = b.kernel(s2, "k2").enq(us(23), us(28)).gpu(us(50), us(80));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I11 stall ends early",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto w = b.streamWait(s2, 0).enq(us(20), us(22)).gpu(us(22), us(40));
             return Events{w.call, w.op, k1.op};
         }},
        {"I11 record state at wait time",
         {"I11"},
         "I11",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             // Re-recording after the wait must not change what the wait waited for; the
             // second record's longer work is irrelevant, the first record's is not.
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto c = b.call(ApiId::StreamWaitEvent, us(20), us(22), s2, 0);
             const auto k2 = b.kernel(s2, "k2").enq(us(23), us(28)).gpu(us(90), us(95));
             b.kernel(s1, "k3").enq(us(29), us(33)).gpu(us(100), us(500));
             b.record(s1, 0, "e0").enq(us(34), us(36)).gpu(us(500), us(500));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I12 wait_stream",
         {"I12"},
         "I12",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto s2 = b.stream("stream 2");
             const auto k1 = b.kernel(s1, "k1").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 9, "hidden")
                 .enq(us(6), us(8))
                 .gpu(us(100), us(100))
                 .mode(SyncMode::WaitStream);
             const auto c =
                 b.call(ApiId::StreamWaitEvent, us(9), us(11), s2, 9).mode(SyncMode::WaitStream);
             const auto k2 = b.kernel(s2, "k2").enq(us(12), us(17)).gpu(us(20), us(30));
             return Events{c.call, k2.op, k1.op};
         }},
        {"I13 launch returns late",
         {"I13"},
         "I13",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(1600)).gpu(us(10), us(1500));
             return Events{k.call, k.op};
         }},
        {"I13 pinned async copy returns late",
         {"I13"},
         "I13",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m = b.enqueue(ApiId::MemcpyAsync, s1, EventKind::Memcpy, "HtoD")
                                .enq(us(0), us(2000))
                                .gpu(us(10), us(1999));
             return Events{m.call, m.op};
         }},
        {"I14 ready too early",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(100));
             b.record(s1, 0, "e0").enq(us(6), us(8)).gpu(us(100), us(100));
             const auto q = b.call(ApiId::EventQuery, us(30), us(32), kNoLane, 0)
                                .flags(event_flags::kQueryReady);
             return Events{q.call, k.op};
         }},
        {"I14 never recorded not ready",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto q = b.call(ApiId::EventQuery, us(0), us(2), kNoLane, 3);
             return Events{q.call};
         }},
        {"I14 query blocks",
         {"I14"},
         "I14",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(2000));
             const auto q =
                 b.call(ApiId::StreamQuery, us(20), us(2100), s1).flags(event_flags::kQueryReady);
             return Events{q.call, k.op};
         }},
        {"I15 host function overlaps",
         {"I15"},
         "I15",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto fn = b.hostFunction(s1, "fn").enq(us(0), us(5)).gpu(us(10), us(100));
             const auto k = b.kernel(s1, "k").enq(us(6), us(10)).gpu(us(50), us(80));
             return Events{fn.op, k.op};
         }},
        {"I16 destroy waits",
         {"I16"},
         "I16",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto c = b.call(ApiId::StreamDestroy, us(0), us(100), s1);
             const auto w = b.hostWait(us(1), us(99));
             return Events{c.call, w};
         }},
        {"I16 destroy tracks pending work",
         {"I16"},
         "I16",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto k = b.kernel(s1, "k").enq(us(0), us(5)).gpu(us(10), us(3000));
             const auto c = b.call(ApiId::StreamDestroy, us(6), us(3001), s1);
             return Events{c.call, k.op};
         }},
        {"I17 allocated above reserved",
         {"I17"},
         "I17",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(1), -1, -1, -1, 10, 5});
             return Events{};
         }},
        {"I17 negative device memory in use",
         {"I17"},
         "I17",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(1), -7, -1, -1, -1, -1});
             return Events{};
         }},
        {"I17 pool used above reserved",
         {"I17"},
         "I17",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(1), -1, 5, 10, -1, -1});
             return Events{};
         }},
        {"I18 sync changes reserved",
         {"I18"},
         "I18",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::DeviceSynchronize, us(100), us(200));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(150), -1, -1, -1, 10, 15});
             return Events{c.call};
         }},
        {"I19 empty_cache grows reserved",
         {"I19"},
         "I19",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EmptyCache, us(100), us(110));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(105), -1, -1, -1, 10, 30});
             return Events{c.call};
         }},
        {"I19 reserved below allocated",
         {"I17", "I19"},
         "I19",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto c = b.call(ApiId::EmptyCache, us(100), us(110));
             b.memory({us(50), -1, -1, -1, 10, 20}).memory({us(105), -1, -1, -1, 10, 5});
             return Events{c.call};
         }},
        {"I20 pool drops outside a sync",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{};
         }},
        {"I20 sync trims with threshold max",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.trace().device.pool_release_threshold = UINT64_MAX;
             const auto c = b.call(ApiId::DeviceSynchronize, us(100), us(200));
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{c.call};
         }},
        {"I20 sync trims below threshold",
         {"I20"},
         "I20",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             b.trace().device.pool_release_threshold = 200;
             const auto c = b.call(ApiId::StreamSynchronize, us(100), us(200));
             b.memory({us(50), -1, 100, 0, -1, -1}).memory({us(150), -1, 50, 0, -1, -1});
             return Events{c.call};
         }},
        {"I21 use after free_async",
         {"I21"},
         "I21",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             const auto uaf = buildUseAfterFree(b, o, false, us(15));
             return Events{uaf.free_call, uaf.use.call, uaf.use.op};
         }},
        {"I21 other stream after the free was reached",
         {"I21"},
         "I21",
         [](TraceBuilder& b, InvariantCheckerOptions& o) {
             const auto uaf = buildUseAfterFree(b, o, true, us(16));
             return Events{uaf.free_call, uaf.use.call, uaf.use.op};
         }},
        {"I22 kernel activity kind",
         {"I22"},
         "I22",
         [](TraceBuilder&, InvariantCheckerOptions& o) {
             o.enabled_cupti_activity_kinds = {10, 5, 3};
             return Events{};
         }},
        {"I23 stream wait not API-sized",
         {"I23"},
         "I23",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s2 = b.stream("stream 2");
             const auto c = b.call(ApiId::StreamWaitEvent, us(0), us(2000), s2, 0);
             return Events{c.call};
         }},
        {"I24 negative elapsed time",
         {"I24"},
         "I24",
         [](TraceBuilder& b, InvariantCheckerOptions&) {
             const auto s1 = b.stream("stream 1");
             const auto m0 = b.record(s1, 0, "e0").enq(us(0), us(1)).gpu(us(100), us(100));
             const auto m1 = b.record(s1, 1, "e1").enq(us(2), us(3)).gpu(us(50), us(50));
             return Events{m0.op, m1.op};
         }},
    };
    return cases;
}

}  // namespace syncscope::test
