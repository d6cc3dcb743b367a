#pragma once

#include <array>
#include <mutex>
#include <optional>
#include <string>

#include "core/model/ids.h"
#include "core/model/scenario.h"

namespace syncscope {

// The schedule policy (cudaSetDeviceFlags) belongs to the device's primary context, i.e. to the
// whole process, and must be set before the context exists (docs/semantics.md sections 2 and 5). A
// run whose policy differs from the current context's therefore tears the context down first:
// cudaDeviceReset, cudaSetDeviceFlags(policy | cudaDeviceMapHost), then a context is created
// again. Nothing else in the process may hold device memory across runs (the CUDA engine owns
// the device while it runs; runs are serialized by runMutex()).
class ScheduleContext {
public:
    // Makes `policy` the policy of a fresh or matching context on `device`; "" or an error.
    static std::string ensure(int device, SchedulePolicy policy);
    // After a cudaDeviceReset elsewhere (sticky error): the next ensure() starts over.
    static void invalidate();
    static std::optional<SchedulePolicy> current();

    // Wake-up latency per policy, measured once per process by cycling through the policies
    // (four context re-creations; SYNCSCOPE_CUDA_CALIBRATE_ALL_POLICIES=0 skips them). -1 where
    // it could not be measured; `note` explains.
    static std::array<TimeNs, 4> wakeLatencies(int device, std::string& note);

    static std::mutex& runMutex();
    static unsigned flagsOf(SchedulePolicy policy);
};

}  // namespace syncscope
