#pragma once

#include <cstdint>
#include <string>

#include "core/model/ids.h"
#include "core/model/scenario.h"

namespace syncscope {

// Start-up measurements of the CUDA engine (docs/semantics.md sections 1 and 10): %globaltimer
// granularity, host launch cost, the FMA rate of the compute kernel, and the wake-up latency of a
// host sync under the schedule policy of the current context. Every figure is -1 when it could not
// be measured; `note` says what happened. Runs before recording (no CUPTI records are kept).
struct CalibrationResult {
    TimeNs timer_granularity_ns = -1;
    TimeNs launch_cost_ns = -1;
    TimeNs wake_latency_ns = -1;  // median over repeated syncs on a finished spin kernel
    double compute_iterations_per_ns = -1;
    TimeNs clock_offset_spread_ns = -1;  // quality of the globaltimer <-> host clock pairing
    std::string note;
};

class DeviceCalibration {
public:
    // Needs a current device with a context whose flags include cudaDeviceMapHost.
    static CalibrationResult measure(bool with_compute_rate);
    // Wake-up only (used when cycling through the schedule policies).
    static TimeNs measureWakeLatency(std::string& note);
};

}  // namespace syncscope
