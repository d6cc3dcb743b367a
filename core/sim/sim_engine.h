#pragma once

#include <cstddef>

#include "core/engine/engine.h"

namespace syncscope {

// DESIGN.md §3: the deterministic simulated engine, the default where there is no GPU. Same
// scenario, same trace, every time; its traces obey the invariants the CUDA engine's do.
class SimEngine final : public Engine {
public:
    // Expanded steps one run may have: the scenario format allows 1,000,000; benchmarks go beyond.
    static constexpr std::size_t kMaxSteps = 5'000'000;

    std::string_view id() const noexcept override { return "sim"; }
    EngineAvailability availability() const noexcept override;
    RunResult run(const Scenario& scenario, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override;
};

}  // namespace syncscope
