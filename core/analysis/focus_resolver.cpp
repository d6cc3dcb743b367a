#include "core/analysis/focus_resolver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_set>
#include <vector>

#include "core/analysis/claimed_events.h"
#include "core/analysis/step_events.h"

namespace syncscope {

namespace {

struct Span {
    TimeNs lo = std::numeric_limits<TimeNs>::max();
    TimeNs hi = std::numeric_limits<TimeNs>::min();
    bool empty() const { return hi < lo; }
};

bool counts(CalloutTarget on, StepEvents::Role role) {
    using Role = StepEvents::Role;
    switch (on) {
        case CalloutTarget::Auto:
            return true;
        case CalloutTarget::Call:  // the host side: API calls and host work
            return role == Role::Call || role == Role::Other;
        case CalloutTarget::Gpu:
            return role == Role::Gpu;
        case CalloutTarget::Wait:
            return role == Role::Wait;
    }
    return false;
}

}  // namespace

std::optional<std::pair<TimeNs, TimeNs>> FocusResolver::resolve(const Trace& trace) {
    if (!trace.scenario || !trace.scenario->focus)
        return std::nullopt;
    const Focus& focus = *trace.scenario->focus;
    const StepEvents steps(*trace.scenario);
    const auto from_steps = steps.stepsOf(focus.from);
    const auto to_steps = steps.stepsOf(focus.to);
    const std::unordered_set<std::uint32_t> from(from_steps.begin(), from_steps.end());
    const std::unordered_set<std::uint32_t> to(to_steps.begin(), to_steps.end());
    // What the lesson's claims name (the call, its wait, the GPU work; of a step repeated many
    // times, the instance named or else the first): the focus holds it whole, so the first view
    // never cuts off the moment a claim is about.
    Span a, b, claims;
    for (const std::uint32_t i : ClaimedEvents::of(trace)) {
        claims.lo = std::min(claims.lo, trace.events[i].start_ns);
        claims.hi = std::max(claims.hi, trace.events[i].end_ns);
    }
    // One pass: a run of millions of events is resolved on the GUI thread when it is shown.
    for (const TraceEvent& e : trace.events) {
        const bool in_from = from.count(e.step) != 0;
        const bool in_to = to.count(e.step) != 0;
        if (!in_from && !in_to)
            continue;
        const StepEvents::Role role = steps.roleOf(trace, e);
        if (role == StepEvents::Role::None || !counts(focus.on, role))
            continue;
        Span& s = in_from ? a : b;
        s.lo = std::min(s.lo, e.start_ns);
        s.hi = std::max(s.hi, e.end_ns);
        if (in_from && in_to) {
            b.lo = std::min(b.lo, e.start_ns);
            b.hi = std::max(b.hi, e.end_ns);
        }
    }
    if (a.empty() || b.empty())
        return std::nullopt;
    // The hull of both: a `to` that ran before `from` on some engine still gives a sane window.
    TimeNs lo = std::min(a.lo, b.lo);
    TimeNs hi = std::max(a.hi, b.hi);
    if (!claims.empty()) {
        lo = std::min(lo, claims.lo);
        hi = std::max(hi, claims.hi);
    }
    const double span = static_cast<double>(hi) - static_cast<double>(lo);
    const TimeNs margin =
        std::max<TimeNs>(kMinMarginNs, static_cast<TimeNs>(std::llround(span * kMarginFraction)));
    return std::make_pair(saturatingSub(lo, margin), saturatingAdd(hi, margin));
}

}  // namespace syncscope
