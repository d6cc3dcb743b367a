#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// A scenario's buffers used in an order CUDA rejects: a free (or free_async) of a buffer that is
// not allocated at that point — never allocated, or freed already — and an allocation of a buffer
// that is still allocated. These are errors in the scenario, found before anything runs, named by
// the step's path ("steps[1].steps[2]", with the repeat iteration when it matters).
// A repeat's body is walked at most twice: a buffer's state after the body depends only on the
// body's last op on it, so from the second iteration on every iteration starts alike.
class BufferLifecycleCheck {
public:
    using Report = std::function<void(const std::string& path, std::string message)>;
    static void check(const Scenario& scenario, const Report& report);
};

}  // namespace syncscope
