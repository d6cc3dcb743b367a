#pragma once

#include <cstddef>

#include "core/engine/engine.h"

namespace syncscope {

// docs/architecture.md section 3: the deterministic simulated engine, the default where there is no
// GPU. Same scenario, same trace, every time; its traces obey the invariants the CUDA engine's do.
//
// The model in one place (details beside each class):
// - One host thread runs the expanded program on its own clock (SimRun); one GPU runs what it was
//   given in time order, only as far as the host needs (SimGpu), so a million steps cost one pass.
// - SM slots are pooled per device; a kernel starts when its blocks (or one full wave) fit and
//   holds them for its duration; kernels start in (priority, enqueue) order and one that does not
//   fit holds back the kernels behind it (SimDevice). Copies take a copy engine per direction.
// - The launch queue holds launch_queue_depth ops that have not ended; a call that finds it full
//   blocks (kQueueFull) until the GPU retires one.
// - Implicit ordering: legacy default stream rules, cudaMalloc and synchronous cudaMemset are
//   device-wide ordering points (the host does not wait for them).
// - Host-blocking calls: device/stream/event syncs, cudaFree of cudaMalloc memory, cudaMemcpy
//   except device-to-device, pageable cudaMemcpyAsync (d2h waits for the copy; h2d syncs the
//   stream, then returns once the data is staged, before the last chunk's DMA lands), host-to-host
//   copies, and event query loops. Each returns at the awaited end + the wake-up latency of the
//   policy in force (SimHostPolicy) and burns wait × cpu_burn_fraction of CPU.
// - Memory: cudaMalloc bytes + the pool's reservation; the pool trims at stream/event/device syncs
//   down to max(used, release threshold) (SimMemory).
class SimEngine final : public Engine {
public:
    // Expanded steps one run may have: the scenario format allows 1,000,000; benchmarks go beyond.
    static constexpr std::size_t kMaxSteps = 5'000'000;
    // Events one run may record, by SimEventEstimate's upper estimate (about 2 GB of trace). Any
    // run within kMaxSteps and without event_query_poll steps stays below it.
    static constexpr std::uint64_t kMaxEvents = 25'000'000;

    std::string_view id() const noexcept override { return "sim"; }
    EngineAvailability availability() const noexcept override;
    RunResult run(const Scenario& scenario, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override;
};

}  // namespace syncscope
