#pragma once

#include <cstdint>
#include <string_view>

namespace syncscope {

// Why the GPU had no work (docs/semantics.md "Idle time, explained"). Every stretch of an idle
// gap has exactly one cause. The host-side causes say what the thread that launched the next work
// was doing; the trace's own record of it (module loading, the profiler's buffers) wins over a
// guess from the calls around it.
enum class IdleCause : std::uint8_t {
    HostSync,          // the host was blocked in a call (a sync, a pageable copy, a held launch)
    LaunchBound,       // the host was in launch calls, or in ops that launched GPU work
    HostCompute,       // the host was in ops that launched nothing (views, CPU math)
    Python,            // the host was running Python (a frame of with_stack), with nothing queued
    HostElsewhere,     // the host was in a data loader, its own ranges, or code the trace does
                       // not show, with nothing queued
    Startup,           // one-time setup the trace records: module loading, library handles,
                       // the first call of a kernel, context creation
    ProfilerOverhead,  // the profiler's own work: its buffers, flushes, instrumentation
    StreamDependency,  // the next work was queued but waited on another stream (an event)
    GpuLatency,        // the next work was queued before the gap: the GPU's own latency from one
                       // kernel to the next (HTA's "kernel wait"), when short
    LateRank,          // a collective waited for a late rank (reserved: NCCL kernels keep the
                       // GPU busy while they wait, so a device's idle time never has it)
    Unexplained,       // what the trace does not explain: reported with its size, never hidden
};
inline constexpr int kIdleCauseCount = 11;

// "host-sync", "launch-bound", ... (stable keys of stats --json's idle_breakdown).
std::string_view toString(IdleCause cause);

}  // namespace syncscope
