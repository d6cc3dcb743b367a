#pragma once

#include "core/engine/engine.h"

namespace syncscope {

// The real engine (docs/architecture.md section 3): every step with its CUDA runtime call, recorded
// with CUPTI. availability() answers without creating a context and never crashes: no driver, no
// device, a device too old for the kernels (sm_75+), or no CUPTI -> available = false and why. Runs
// are serialized process-wide (the schedule policy and CUPTI are per process); a second concurrent
// run fails at once with a message.
class CudaEngine final : public Engine {
public:
    std::string_view id() const noexcept override { return "cuda"; }
    EngineAvailability availability() const noexcept override;
    RunResult run(const Scenario& scenario, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override;
};

}  // namespace syncscope
