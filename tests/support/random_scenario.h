#pragma once

#include <cstdint>
#include <random>

#include "core/model/scenario.h"

namespace syncscope::test {

// The one random scenario generator of the suites (the property test, the simulator's checker and
// property suites): reproducible from a seed, *valid* scenarios in which every step kind, sync
// mode, stream kind, schedule policy and both device profiles appear, and buffers are used only
// while allocated (so the simulator has no reason to report an error).
class RandomScenario {
public:
    // How long the top-level programs are; longer ones reach deeper queue and pool states.
    struct Shape {
        int min_steps = 3;
        int max_steps = 30;
    };

    explicit RandomScenario(std::uint64_t seed) : RandomScenario(seed, Shape{}) {}
    RandomScenario(std::uint64_t seed, Shape shape) : rng_(seed), shape_(shape) {}
    Scenario next();

private:
    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }
    Step randomStep(Scenario& s, bool in_repeat);
    Step kernel(const Scenario& s);

    enum class BufferState { Free, Malloced, AsyncOnStream, Tensor };
    struct Buffer {
        BufferState state = BufferState::Free;
        std::uint32_t stream = 0;
    };

    std::mt19937_64 rng_;
    Shape shape_;
    std::vector<Buffer> buffers_;
    std::uint32_t batch_ = 0;
};

}  // namespace syncscope::test
