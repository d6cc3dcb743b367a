// I25–I32: a trace's own shape. A trace that breaks these cannot have come from any run, so the
// ordering checks that assume them would pass it silently (docs/semantics.md, section 7).
#include <algorithm>
#include <unordered_set>
#include <vector>

#include "core/analysis/invariant_checks.h"
#include "core/model/api_names.h"
#include "core/model/byte_format.h"

namespace syncscope::invariant_checks {

namespace {

// The lane kinds each event kind may sit on; Annotation, Error and Generic may sit anywhere.
bool laneFits(EventKind kind, LaneKind lane) {
    switch (kind) {
        case EventKind::ApiCall:
        case EventKind::HostWork:
            return lane == LaneKind::HostThread;
        case EventKind::HostWait:
            return lane == LaneKind::HostWaits;
        case EventKind::Kernel:
        case EventKind::EventMarker:
        case EventKind::StreamWait:
        case EventKind::HostCallback:
            return lane == LaneKind::Stream;
        case EventKind::Memcpy:
        case EventKind::Memset:
            return lane == LaneKind::Stream || lane == LaneKind::CopyEngine;
        case EventKind::MemoryOp:
            return lane == LaneKind::Stream || lane == LaneKind::HostThread;
        case EventKind::Annotation:
        case EventKind::Error:
        case EventKind::Generic:
            return true;
    }
    return true;
}

std::string eventText(const Trace& t, std::uint32_t i) {
    const TraceEvent& e = t.events[i];
    return "event " + std::to_string(i) + " (" + std::string(toString(e.kind)) + " '" +
           std::string(t.nameOf(e)) + "')";
}

}  // namespace

void checkStructure(Context& ctx) {
    const Trace& t = ctx.index.trace();
    // I28: following parents from any lane ends, within as many steps as there are lanes.
    for (std::size_t lane = 0; lane < t.lanes.size(); ++lane) {
        std::size_t at = lane, steps = 0;
        while (t.lanes[at].parent != kNoLane && t.lanes[at].parent < t.lanes.size() &&
               steps <= t.lanes.size()) {
            at = t.lanes[at].parent;
            ++steps;
        }
        if (steps > t.lanes.size()) {
            ctx.sink.add("I28",
                         "Lane " + std::to_string(lane) + " ('" + t.lanes[lane].name +
                             "') is its own ancestor: its parents form a cycle.",
                         {});
            break;  // one cycle names every lane on it; once is enough
        }
    }

    // Runtime calls and framework ops (PyTorch's, which contain the runtime calls they make) are
    // checked apart: a cudaMalloc inside torch.empty is no overlap.
    std::vector<std::vector<std::uint32_t>> calls_by_lane(t.lanes.size() * 2);
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const TraceEvent& e = t.events[i];
        // I25
        if (e.end_ns < e.start_ns)
            ctx.sink.add("I25",
                         "The " + eventText(t, i) + " ends at " + at(e.end_ns) +
                             ", before it starts at " + at(e.start_ns) + ".",
                         {i});
        // I27
        if (e.awaited == i)
            ctx.sink.add("I27", "The " + eventText(t, i) + " waits for itself.", {i});
        if (e.lane >= t.lanes.size())
            continue;
        // I30
        const LaneKind lane_kind = t.lanes[e.lane].kind;
        if (!laneFits(e.kind, lane_kind))
            ctx.sink.add("I30",
                         "The " + eventText(t, i) + " is on lane '" + t.lanes[e.lane].name +
                             "', a " + std::string(toString(lane_kind)) +
                             " lane, where no such event can be.",
                         {i});
        if (e.kind == EventKind::ApiCall && lane_kind == LaneKind::HostThread)
            calls_by_lane[std::size_t{e.lane} * 2 + (isFrameworkApi(e.api) ? 1 : 0)].push_back(i);
    }

    // I26: one thread makes one call at a time. Calls that touch within ε are not an overlap.
    for (std::vector<std::uint32_t>& calls : calls_by_lane) {
        std::sort(calls.begin(), calls.end(), [&](std::uint32_t a, std::uint32_t b) {
            return t.events[a].start_ns != t.events[b].start_ns
                       ? t.events[a].start_ns < t.events[b].start_ns
                       : a < b;
        });
        std::uint32_t latest = kNone;  // the call seen so far that ends last
        for (const std::uint32_t i : calls) {
            const TraceEvent& e = t.events[i];
            if (latest != kNone && e.start_ns < t.events[latest].end_ns - ctx.eps) {
                ctx.sink.add("I26",
                             "On host thread '" + t.lanes[e.lane].name + "', the " +
                                 eventText(t, i) + " starts at " + at(e.start_ns) + ", while the " +
                                 eventText(t, latest) + " still runs (until " +
                                 at(t.events[latest].end_ns) + ").",
                             {latest, i});
            }
            if (latest == kNone || e.end_ns > t.events[latest].end_ns)
                latest = i;
        }
    }

    // I31, I32: in a run's own trace every GPU op was enqueued by a call, linked by its
    // correlation and drawn as a launch flow. An op without its call escapes every ordering check
    // (I2, I5–I7, I11), so a trace that lost calls or flows must not pass them silently. Imports
    // are exempt: foreign recorders drop either.
    if (t.device.engine == "sim" || t.device.engine == "cuda") {
        std::unordered_set<std::uint64_t> launches;
        for (const Flow& f : t.flows)
            if (f.kind == FlowKind::Launch)
                launches.insert((std::uint64_t{f.from} << 32) | f.to);
        for (std::uint32_t i = 0; i < t.events.size(); ++i) {
            // Ops off stream lanes are I30's; garbage lanes are skipped like everywhere else.
            const TraceEvent& e = t.events[i];
            if (!TraceIndex::isGpuOp(e.kind) || !ctx.index.isGpuLane(e.lane))
                continue;
            const std::uint32_t call = ctx.index.callOf(i);
            if (call == kNone)
                ctx.sink.add("I32",
                             "The " + eventText(t, i) +
                                 " has no API call that enqueued it, so no ordering check can "
                                 "place it.",
                             {i});
            else if (launches.count((std::uint64_t{call} << 32) | i) == 0)
                ctx.sink.add("I31",
                             "The " + eventText(t, i) + " has no launch flow from the " +
                                 eventText(t, call) + " that enqueued it.",
                             {call, i});
        }
    }

    // I29: device memory fits the device (when the trace knows its size).
    const std::uint64_t capacity = t.device.memory_bytes;
    if (capacity > 0) {
        for (const MemorySample& s : t.memory) {
            if (s.device_used >= 0 && static_cast<std::uint64_t>(s.device_used) > capacity) {
                ctx.sink.add("I29",
                             "At " + at(s.t_ns) + " the device uses " +
                                 formatBytesExact(static_cast<std::uint64_t>(s.device_used)) +
                                 ", more than its " + formatBytesExact(capacity) + ".",
                             {});
                break;
            }
        }
    }
}

}  // namespace syncscope::invariant_checks
