#include "core/analysis/invariant_checker.h"

#include <algorithm>
#include <array>

#include "core/analysis/invariant_checks.h"
#include "core/analysis/rank_splitter.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_tolerances.h"

namespace syncscope {

namespace {

constexpr std::array<InvariantChecker::InvariantInfo, 34> kInvariants{{
    {"I1", "Stream FIFO: work on one stream runs in enqueue order"},
    {"I2", "Causality: no GPU op starts before its enqueuing call"},
    {"I3", "The legacy default stream is ordered against blocking streams"},
    {"I4", "The per-thread default stream behaves like a blocking stream"},
    {"I5", "cudaDeviceSynchronize returns after all earlier work ended"},
    {"I6", "cudaStreamSynchronize returns after earlier work on its stream ended"},
    {"I7", "cudaEventSynchronize returns after the event's captured work ended"},
    {"I8", "A host sync wakes within the wake-up bound L of the awaited work's end"},
    {"I9", "torch.cpu.synchronize waits for nothing"},
    {"I10", "cudaStreamWaitEvent does not block the host"},
    {"I11", "Work after cudaStreamWaitEvent starts after the event completed"},
    {"I12", "Work after wait_stream starts after the other stream's earlier work ended"},
    {"I13", "Kernel launches and pinned async copies return before their work ends"},
    {"I14", "Queries do not block; a ready query means the work is done"},
    {"I15", "A host function runs in stream order"},
    {"I16", "Destroying a stream or event does not wait"},
    {"I17", "0 <= allocated <= reserved at every memory sample"},
    {"I18", "torch.cuda.synchronize leaves allocated and reserved memory unchanged"},
    {"I19", "empty_cache does not grow reserved memory, which stays >= allocated"},
    {"I20", "Pool memory drops only at a sync above the release threshold, or at a trim"},
    {"I21", "No op on a stream uses a buffer after cudaFreeAsync on that stream"},
    {"I22", "CUPTI_ACTIVITY_KIND_KERNEL is never enabled"},
    {"I23", "Stream-wait-event records are API-sized host intervals"},
    {"I24", "elapsed_time between events recorded in order on one stream is >= -0.5 µs"},
    {"I25", "No event ends before it starts"},
    {"I26", "A host thread makes one API call at a time"},
    {"I27", "No wait waits for itself"},
    {"I28", "Lane parents form no cycle"},
    {"I29", "Device memory in use never exceeds the device's memory"},
    {"I30", "Every event sits on a lane of a kind that can hold it"},
    {"I31", "A run's GPU op has a launch flow from the call that enqueued it"},
    {"I32", "A run's GPU op has the API call that enqueued it"},
    {"I33", "cudaFree of cudaMalloc memory returns after all earlier work ended"},
    {"I34", "cudaMemcpy returns after its copy ended (pageable host to device: started)"},
}};

constexpr int kCuptiActivityKindKernel = 3;

// The checks compute t ± ε and differences of times: outside the documented range they could
// overflow. Names the first event or sample out of range, or returns "".
std::string timeOutsideRange(const Trace& trace) {
    auto sentence = [](const std::string& what, TimeNs t) {
        return what + " is at " + std::to_string(t) +
               " ns, outside the supported times (±(2^62 - 1) ns); no invariant was checked.";
    };
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const auto& e = trace.events[i];
        if (!inTimeRange(e.start_ns))
            return sentence("The start of event " + std::to_string(i), e.start_ns);
        if (!inTimeRange(e.end_ns))
            return sentence("The end of event " + std::to_string(i), e.end_ns);
    }
    for (std::size_t i = 0; i < trace.memory.size(); ++i)
        if (!inTimeRange(trace.memory[i].t_ns))
            return sentence("Memory sample " + std::to_string(i), trace.memory[i].t_ns);
    return {};
}

}  // namespace

namespace invariant_checks {

std::string at(TimeNs t) {
    return formatMicros(t);
}

std::optional<TimeNs> Context::wakeBoundFor(std::uint32_t wait) const {
    if (wait != kNone && wait < index.trace().events.size() &&
        (index.event(wait).flags & event_flags::kSleeping))
        return sleeping_wake_bound;
    return wake_bound;
}

void checkRecorder(const InvariantCheckerOptions& options, ViolationSink& sink) {
    const auto& kinds = options.enabled_cupti_activity_kinds;
    if (std::find(kinds.begin(), kinds.end(), kCuptiActivityKindKernel) == kinds.end())
        return;
    sink.add("I22",
             "The recorder enabled CUPTI_ACTIVITY_KIND_KERNEL, which serializes all kernels "
             "and hides the concurrency the trace is meant to show.",
             {});
}

}  // namespace invariant_checks

InvariantChecker::InvariantChecker(InvariantCheckerOptions options)
    : options_(std::move(options)) {}

std::span<const InvariantChecker::InvariantInfo> InvariantChecker::invariants() {
    return kInvariants;
}

std::vector<Violation> InvariantChecker::check(const Trace& trace) const {
    if (auto outside = timeOutsideRange(trace); !outside.empty())
        return {Violation{"range", outside, {}, Violation::Severity::Error}};
    ViolationSink sink(options_.max_per_invariant);
    const std::vector<RankSplitter::Part> ranks = RankSplitter::split(trace);
    if (ranks.empty())
        checkProcess(trace, sink);
    for (const RankSplitter::Part& part : ranks) {
        // Listed in full here: the limit applies to the merged list, below.
        ViolationSink own(0);
        checkProcess(part.trace, own);
        const std::string who =
            part.rank == kNone ? "Lanes of no rank: " : "Rank " + std::to_string(part.rank) + ": ";
        for (Violation& v : own.take()) {
            for (std::uint32_t& e : v.events)
                if (e < part.events.size())
                    e = part.events[e];
            sink.add(v.invariant, who + v.message, std::move(v.events), v.severity);
        }
    }
    invariant_checks::checkRecorder(options_, sink);
    return sink.take();
}

void InvariantChecker::checkProcess(const Trace& trace, ViolationSink& sink) const {
    const TraceIndex index(trace);
    invariant_checks::Context ctx{index, options_, sink, 0, std::nullopt, true};
    auto tolerance = [](TimeNs t) { return std::clamp<TimeNs>(t, 0, kMaxCheckToleranceNs); };
    // What the file says is bounded by what its engine can produce (docs/semantics.md section 6).
    const TraceTolerances bounded = TraceTolerances::of(trace);
    ctx.eps = tolerance(options_.epsilon_ns.value_or(bounded.epsilon_ns));
    if (options_.wake_bound_ns) {
        ctx.wake_bound = tolerance(*options_.wake_bound_ns);
        ctx.sleeping_wake_bound = ctx.wake_bound;
    } else {
        // Each policy has its own bound: a spinning wait that wakes as late as a blocking-sync one
        // is a bug, not noise. A wait that slept may take the blocking-sync latency whatever the
        // policy (an event created with cudaEventBlockingSync sleeps under every policy).
        const auto& latency = bounded.wake_latency_ns;
        const TimeNs own = latency[static_cast<std::size_t>(trace.device.schedule)];
        const TimeNs sleep = latency[static_cast<std::size_t>(SchedulePolicy::BlockingSync)];
        TimeNs latest = -1;
        for (const TimeNs l : latency)
            latest = std::max(latest, l);
        const TimeNs awake = own >= 0 ? own : latest;  // unknown for this policy: the loosest
        if (awake >= 0)
            ctx.wake_bound = tolerance(saturatingAdd(awake, ctx.eps));
        const TimeNs slept = std::max(awake, sleep >= 0 ? sleep : latest);
        if (slept >= 0)
            ctx.sleeping_wake_bound = tolerance(saturatingAdd(slept, ctx.eps));
    }
    const bool simulated = trace.device.engine == "sim";
    const bool engine = simulated || trace.device.engine == "cuda";
    if (trace.device.engine == "cuda")
        ctx.measured = Violation::Severity::Warning;
    ctx.knows_launch_attributes = engine;
    ctx.held_call = simulated ? Violation::Severity::Error
                    : engine  ? Violation::Severity::Warning
                              : Violation::Severity::Observation;
    ctx.samples_on_change =
        options_.memory_samples_on_change.value_or(trace.device.engine != "cuda");

    invariant_checks::checkStructure(ctx);
    invariant_checks::checkStreamOrder(ctx);
    invariant_checks::checkHostSyncs(ctx);
    invariant_checks::checkNonBlockingCalls(ctx);
    invariant_checks::checkMemory(ctx);
    // I21, I33 and I34 need the scenario: the caller's, else the one the trace carries.
    if (const Scenario* scenario =
            options_.scenario != nullptr ? options_.scenario : trace.scenario.get()) {
        const std::vector<Step> steps = expandProgram(scenario->program);
        invariant_checks::checkFreeAsync(ctx, *scenario, steps);
        invariant_checks::checkImplicitSyncCalls(ctx, steps);
    }
}

}  // namespace syncscope
