#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/model/ids.h"

namespace syncscope {

// What the simulator needs to know about a GPU and its host. Data, not code: the built-in profiles
// below are typical figures, and a real recording can calibrate one (measured wake-up, launch
// cost).
struct DeviceProfile {
    std::string id;    // "h200", "laptop"
    std::string name;  // shown in the UI and the trace
    int sm_count = 0;
    int max_blocks_per_sm = 0;  // resident blocks of a small (<= 128 threads) block
    int max_threads_per_sm = 0;
    std::uint64_t memory_bytes = 0;
    int copy_engines = 0;                  // independent DMA engines (H2D and D2H can overlap)
    std::uint32_t launch_queue_depth = 0;  // pending launches before the host blocks in a launch
    // cudaDeviceGetStreamPriorityRange: stream priorities are clamped into [greatest, least]
    // (lower number = higher priority), so two values beyond `greatest` are the same priority.
    int least_priority = 0;
    int greatest_priority = -5;
    double h2d_bytes_per_ns = 0;  // pinned bandwidth, bytes per ns (= GB/s)
    double d2h_bytes_per_ns = 0;
    double d2d_bytes_per_ns = 0;
    double pageable_factor = 0;             // pageable copies run at this fraction of pinned speed
    double memory_kernel_bytes_per_ns = 0;  // streaming kernel bandwidth
    // Host API costs (what the calling thread spends inside the call when nothing blocks).
    TimeNs launch_cost_ns = 0;
    TimeNs api_cost_ns = 0;        // record, wait-event, query, host-func, async free...
    TimeNs sync_call_cost_ns = 0;  // entering/leaving a sync call with nothing to wait for
    TimeNs malloc_cost_ns = 0;
    TimeNs free_cost_ns = 0;
    TimeNs kernel_min_ns = 0;  // shortest possible kernel (launch latency on the GPU)
    // Host functions (cudaLaunchHostFunc): the run's first call sets up the driver's callback
    // thread, and a function starts this long after its stream reached it (the thread wakes).
    TimeNs first_host_func_cost_ns = 0;
    TimeNs host_func_start_ns = 0;
    TimeNs wake_latency_ns[4] = {0, 0, 0,
                                 0};  // by SchedulePolicy: auto, spin, yield, blocking-sync
    double cpu_burn_fraction[4] = {0, 0, 0, 0};  // CPU time / wall time while waiting, by policy
};

std::span<const DeviceProfile> builtinDeviceProfiles();
std::optional<DeviceProfile> findDeviceProfile(std::string_view id);

}  // namespace syncscope
