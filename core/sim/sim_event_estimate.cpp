#include "core/sim/sim_event_estimate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/sim/sim_device.h"

namespace syncscope {

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::uint64_t add(std::uint64_t a, std::uint64_t b) {
    return a > kMax - b ? kMax : a + b;
}

std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > kMax / a ? kMax : a * b;
}

std::uint64_t nonNegative(std::int64_t ns) {
    return ns > 0 ? static_cast<std::uint64_t>(ns) : 0;
}

// The longest a step can keep the host busy without waiting: the most expensive API call plus the
// slowest wake-up from a wait.
std::uint64_t hostCostNs(const DeviceProfile& p) {
    const TimeNs call = std::max({p.launch_cost_ns, p.api_cost_ns, p.sync_call_cost_ns,
                                  p.malloc_cost_ns, p.free_cost_ns, p.first_host_func_cost_ns});
    const TimeNs wake =
        *std::max_element(std::begin(p.wake_latency_ns), std::end(p.wake_latency_ns));
    return add(nonNegative(call), nonNegative(wake));
}

}  // namespace

std::uint64_t SimEventEstimate::events(const Scenario& scenario, const DeviceProfile& profile) {
    const Totals t = walk(scenario.program, profile);
    std::uint64_t events = add(mul(t.steps, kEventsPerStep), t.poll_steps);
    if (t.min_poll_period_ns > 0)
        events = add(events, t.busy_ns / static_cast<std::uint64_t>(t.min_poll_period_ns));
    return events;
}

SimEventEstimate::Totals SimEventEstimate::walk(const std::vector<Step>& steps,
                                                const DeviceProfile& profile) {
    return walk(steps, profile, SimDevice(profile));
}

SimEventEstimate::Totals SimEventEstimate::walk(const std::vector<Step>& steps,
                                                const DeviceProfile& profile,
                                                const SimDevice& device) {
    Totals t;
    for (const Step& step : steps) {
        if (step.kind == StepKind::Repeat) {
            const Totals body = walk(step.body, profile, device);
            t.steps = add(t.steps, mul(step.count, body.steps));
            t.poll_steps = add(t.poll_steps, mul(step.count, body.poll_steps));
            t.busy_ns = add(t.busy_ns, mul(step.count, body.busy_ns));
            if (step.count > 0 && body.min_poll_period_ns > 0)
                t.min_poll_period_ns =
                    t.min_poll_period_ns == 0
                        ? body.min_poll_period_ns
                        : std::min(t.min_poll_period_ns, body.min_poll_period_ns);
            continue;
        }
        t.steps = add(t.steps, 1);
        t.busy_ns = add(t.busy_ns, stepNs(step, profile, device));
        if (step.kind == StepKind::EventQueryPoll) {
            t.poll_steps = add(t.poll_steps, 1);
            // The same period as the run's poll loop; at least 1 ns.
            const TimeNs period =
                std::max<TimeNs>({step.poll_interval_ns, profile.api_cost_ns, TimeNs{1}});
            t.min_poll_period_ns =
                t.min_poll_period_ns == 0 ? period : std::min(t.min_poll_period_ns, period);
        }
    }
    return t;
}

std::uint64_t SimEventEstimate::stepNs(const Step& step, const DeviceProfile& profile,
                                       const SimDevice& device) {
    std::uint64_t ns = hostCostNs(profile);
    switch (step.kind) {
        case StepKind::Kernel:
            ns = add(ns, nonNegative(device.kernelDuration(step)));
            break;
        case StepKind::Memcpy:
            // Pageable or not, the slower of the two is an upper bound.
            ns = add(ns,
                     nonNegative(std::max(device.copyDuration(step.direction, step.bytes, true),
                                          device.copyDuration(step.direction, step.bytes, false))));
            break;
        case StepKind::Memset:
            ns = add(ns, nonNegative(device.memsetDuration(step.bytes)));
            break;
        case StepKind::HostCallback:
            ns = add(ns, add(nonNegative(step.duration_ns),
                             nonNegative(device.profile().host_func_start_ns)));
            break;
        case StepKind::HostWork:
            ns = add(ns, nonNegative(step.duration_ns));
            break;
        default:
            break;
    }
    return ns;
}

}  // namespace syncscope
