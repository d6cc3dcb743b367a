// Compiled only when the CUDA engine is not built: SYNCSCOPE_WITH_CUDA=OFF, or no toolkit found.
#include "core/engine/engine_factory.h"

namespace syncscope {

namespace {

class UnavailableCudaEngine final : public Engine {
public:
    std::string_view id() const noexcept override { return "cuda"; }
    EngineAvailability availability() const noexcept override {
#ifdef SYNCSCOPE_CUDA_TURNED_OFF
        return {false,
                {},
                "this build of syncscope has no CUDA engine (it was built with "
                "SYNCSCOPE_WITH_CUDA=OFF, as the Debian package is)"};
#else
        return {false,
                {},
                "this build of syncscope has no CUDA engine (the CUDA toolkit was not found "
                "when it was built)"};
#endif
    }
    RunResult run(const Scenario&, EngineObserver&, const CancelToken&) noexcept override {
        RunResult result;
        result.status = RunStatus::Unavailable;
        result.message = availability().message;
        return result;
    }
};

}  // namespace

std::unique_ptr<Engine> makeCudaEngine() {
    return std::make_unique<UnavailableCudaEngine>();
}

}  // namespace syncscope
