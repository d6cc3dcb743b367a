#include "core/sim/sim_host_policy.h"

#include <cmath>

#include "core/model/trace.h"

namespace syncscope {

std::uint8_t WaitStyle::flags() const {
    return spinning() ? event_flags::kSpinning : event_flags::kSleeping;
}

std::int64_t WaitStyle::cpuNs(TimeNs waited) const {
    return std::llround(static_cast<double>(waited) * cpu_burn);
}

SimHostPolicy::SimHostPolicy(const DeviceProfile& profile, SchedulePolicy schedule)
    : profile_(profile), schedule_(schedule) {}

WaitStyle SimHostPolicy::style(SchedulePolicy policy) const {
    const auto i = static_cast<std::size_t>(policy);
    return {policy, profile_.wake_latency_ns[i], profile_.cpu_burn_fraction[i]};
}

WaitStyle SimHostPolicy::eventWait(bool blocking_sync_event) const {
    if (blocking_sync_event)
        return style(SchedulePolicy::BlockingSync);
    if (schedule_ == SchedulePolicy::BlockingSync)
        return style(SchedulePolicy::Spin);
    return style(schedule_);
}

}  // namespace syncscope
