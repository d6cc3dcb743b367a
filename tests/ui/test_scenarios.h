#pragma once

#include "core/model/scenario.h"

namespace syncscope::test {

// `repeats` iterations of: a kernel on each of two streams, then a stream sync; small enough to
// read, and with repeats in the hundreds of thousands long enough to cancel mid-run.
inline Scenario kernelLoopScenario(std::uint32_t repeats, TimeNs kernel_ns = 20'000) {
    Scenario s;
    s.title = "kernel loop";
    s.streams = {{"s0", StreamKind::NonBlocking, 0}, {"s1", StreamKind::NonBlocking, 0}};
    Step k0;
    k0.kind = StepKind::Kernel;
    k0.stream = 0;
    k0.batch = 0;
    k0.duration_ns = kernel_ns;
    Step k1 = k0;
    k1.stream = 1;
    Step sync;
    sync.kind = StepKind::StreamSync;
    sync.stream = 0;
    sync.batch = 0;
    sync.mode = SyncMode::Stream;
    Step loop;
    loop.kind = StepKind::Repeat;
    loop.count = repeats;
    loop.batch_stride = 1;
    loop.body = {k0, k1, sync};
    s.program = {loop};
    return s;
}

}  // namespace syncscope::test
