#include "core/engine/engine_factory.h"

namespace syncscope {

std::string_view toString(RunStatus status) {
    switch (status) {
        case RunStatus::Ok:
            return "ok";
        case RunStatus::Cancelled:
            return "cancelled";
        case RunStatus::Failed:
            return "failed";
        case RunStatus::Unavailable:
            return "unavailable";
    }
    return "unknown";
}

EngineChoice chooseEngine(std::string_view which) {
    EngineChoice choice;
    if (which == "sim") {
        choice.engine = makeSimEngine();
        return choice;
    }
    if (which != "cuda" && which != "auto") {
        choice.error = "unknown engine '" + std::string(which) + "' (expected sim, cuda or auto)";
        return choice;
    }
    auto cuda = makeCudaEngine();
    const EngineAvailability availability = cuda->availability();
    if (availability.available) {
        choice.engine = std::move(cuda);
        return choice;
    }
    if (which == "cuda") {
        choice.error = "CUDA engine unavailable: " + availability.message;
        return choice;
    }
    choice.engine = makeSimEngine();
    choice.note = "CUDA engine unavailable (" + availability.message + "); using the simulator";
    return choice;
}

}  // namespace syncscope
