#include "core/analysis/trace_tolerances.h"

#include <algorithm>

#include "core/analysis/time_format.h"
#include "core/model/device_profile.h"

namespace syncscope {

TraceTolerances TraceTolerances::of(const Trace& trace) {
    TraceTolerances t;
    const DeviceDescription& d = trace.device;
    const TimeNs claimed_eps = std::max<TimeNs>(0, d.clock_tolerance_ns);
    if (d.engine == "sim") {
        t.epsilon_ns = 0;
        if (claimed_eps != 0)
            t.notes.push_back("the file claims a clock tolerance of " +
                              formatDuration(claimed_eps) +
                              "; a simulated trace is exact: 0 is used");
        // The profile the scenario ran on knows the latencies; a file cannot change them.
        const auto profile = trace.scenario ? findDeviceProfile(trace.scenario->device)
                                            : std::optional<DeviceProfile>();
        for (std::size_t i = 0; i < t.wake_latency_ns.size(); ++i) {
            const TimeNs claimed = d.wake_latency_ns[i];
            const TimeNs own =
                profile ? profile->wake_latency_ns[i] : std::min(claimed, kMaxWakeLatencyNs);
            t.wake_latency_ns[i] = own;
            if (claimed != own)
                t.notes.push_back(
                    "the file claims a wake-up latency of " + formatDuration(claimed) +
                    " for policy " + std::string(toString(static_cast<SchedulePolicy>(i))) +
                    "; the simulator's is " + formatDuration(own) + ", which is used");
        }
        return t;
    }
    t.epsilon_ns = std::min(claimed_eps, kMaxEpsilonNs);
    if (claimed_eps > kMaxEpsilonNs)
        t.notes.push_back("the file claims a clock tolerance of " + formatDuration(claimed_eps) +
                          "; a recording's is capped at " + formatDuration(kMaxEpsilonNs));
    for (std::size_t i = 0; i < t.wake_latency_ns.size(); ++i) {
        const TimeNs claimed = d.wake_latency_ns[i];
        t.wake_latency_ns[i] = std::min(claimed, kMaxWakeLatencyNs);
        if (claimed > kMaxWakeLatencyNs)
            t.notes.push_back("the file claims a wake-up latency of " + formatDuration(claimed) +
                              " for policy " +
                              std::string(toString(static_cast<SchedulePolicy>(i))) +
                              "; a recording's is capped at " + formatDuration(kMaxWakeLatencyNs));
    }
    return t;
}

}  // namespace syncscope
