#pragma once

#include <cstdint>

#include "core/model/device_profile.h"
#include "core/model/scenario.h"

namespace syncscope {

// How the host thread waits: the wake-up latency after the awaited GPU work ends and the share of
// the wait it spends burning CPU.
struct WaitStyle {
    SchedulePolicy policy = SchedulePolicy::Auto;
    TimeNs wake_ns = 0;
    double cpu_burn = 1.0;

    bool spinning() const { return cpu_burn >= 0.5; }
    std::uint8_t flags() const;
    std::int64_t cpuNs(TimeNs waited) const;
};

// The schedule-policy axis of docs/architecture.md section 4 (docs/semantics.md section 5). Device,
// stream and implicit syncs wait the way the device's schedule policy says. cudaEventSynchronize
// sleeps (blocking-sync latency) on an event created with cudaEventBlockingSync; on any other event
// it busy-waits: the device policy, except that a blocking-sync device policy does not apply to it,
// so it spins.
class SimHostPolicy {
public:
    SimHostPolicy(const DeviceProfile& profile, SchedulePolicy schedule);

    WaitStyle deviceWait() const { return style(schedule_); }
    WaitStyle eventWait(bool blocking_sync_event) const;
    // cudaEventQuery loops spin by construction.
    WaitStyle pollWait() const { return {schedule_, 0, 1.0}; }

private:
    WaitStyle style(SchedulePolicy policy) const;

    const DeviceProfile& profile_;
    SchedulePolicy schedule_;
};

}  // namespace syncscope
