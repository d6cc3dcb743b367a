#pragma once

#include <cstdint>
#include <random>

#include "core/model/scenario.h"

namespace syncscope::test {

// Random *valid* scenarios for the property test: every step kind, sync mode, stream kind,
// schedule policy and both device profiles appear, and buffers are used only while allocated
// (so the simulator has no reason to report an error).
class RandomScenario {
public:
    explicit RandomScenario(std::uint64_t seed) : rng_(seed) {}
    Scenario next();

private:
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }
    Step randomStep(Scenario& s, bool in_repeat);
    Step kernel(const Scenario& s);

    enum class BufferState { Free, Malloced, AsyncOnStream };
    struct Buffer {
        BufferState state = BufferState::Free;
        std::uint32_t stream = 0;
    };

    std::mt19937_64 rng_;
    std::vector<Buffer> buffers_;
    std::uint32_t batch_ = 0;
};

}  // namespace syncscope::test
