#pragma once

#include <cstdint>

#include "core/model/device_profile.h"
#include "core/model/scenario.h"

namespace syncscope {

class SimDevice;

// An upper estimate of how many events a simulated run records, computed from the scenario alone
// before the run starts, so that a short file cannot ask for a run that needs more memory than the
// machine has (docs/scenario-format.md, "Limits"). Nested repeats multiply; every sum and product
// saturates at UINT64_MAX instead of wrapping.
//
// Most steps record a few events each. Only event_query_poll records one event per query, and its
// queries are what make a run explode. The host runs one step at a time, so all poll loops
// together last at most the run's makespan; that is bounded by doing every step's work one after
// the other. Hence: events <= kEventsPerStep * steps + poll steps + makespan bound / shortest poll
// period.
class SimEventEstimate {
public:
    // Generous: a step records its API call, its GPU op, a host wait and a marker at most.
    static constexpr std::uint64_t kEventsPerStep = 4;

    static std::uint64_t events(const Scenario& scenario, const DeviceProfile& profile);

private:
    struct Totals {
        std::uint64_t steps = 0;
        std::uint64_t poll_steps = 0;
        std::uint64_t busy_ns = 0;            // every step's host cost and device work, end to end
        std::int64_t min_poll_period_ns = 0;  // 0: no poll step
    };
    static Totals walk(const std::vector<Step>& steps, const DeviceProfile& profile);
    static Totals walk(const std::vector<Step>& steps, const DeviceProfile& profile,
                       const SimDevice& device);
    static std::uint64_t stepNs(const Step& step, const DeviceProfile& profile,
                                const SimDevice& device);
};

}  // namespace syncscope
