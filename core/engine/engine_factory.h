#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/engine/engine.h"

namespace syncscope {

std::unique_ptr<Engine> makeSimEngine();
// Always returns an engine: without the CUDA toolkit at build time it reports itself unavailable.
std::unique_ptr<Engine> makeCudaEngine();

struct EngineChoice {
    std::unique_ptr<Engine> engine;  // null when the requested engine cannot run here
    std::string note;                // e.g. "no CUDA device (…); using the simulator"
    std::string error;               // set when engine is null
};

// `which` is "sim", "cuda" or "auto". auto = cuda when available, else the simulator (and says so).
EngineChoice chooseEngine(std::string_view which);

}  // namespace syncscope
