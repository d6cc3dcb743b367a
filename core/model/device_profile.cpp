#include "core/model/device_profile.h"

#include <array>

namespace syncscope {

namespace {

// Typical magnitudes (docs/semantics.md section 1): launches of a few µs, spin wake-up of a µs or
// two, blocking-sync wake-up in the tens of µs. The CUDA engine measures the real values per run.
const std::array<DeviceProfile, 2>& profiles() {
    static const std::array<DeviceProfile, 2> kProfiles = [] {
        DeviceProfile h200;
        h200.id = "h200";
        h200.name = "NVIDIA H200 (simulated)";
        h200.sm_count = 132;
        h200.max_blocks_per_sm = 32;
        h200.max_threads_per_sm = 2048;
        h200.memory_bytes = 141ull * 1000 * 1000 * 1000;
        h200.copy_engines = 2;
        h200.launch_queue_depth = 1024;
        // Measured on an H200 (docs/gpu-results.md, fifth session): 32 MiB pinned copies at
        // 55 GB/s both ways, pageable host-to-device ones at 6.4-6.5 GB/s (32 MiB and 256 MiB).
        h200.h2d_bytes_per_ns = 55.0;
        h200.d2h_bytes_per_ns = 55.0;
        h200.d2d_bytes_per_ns = 1500.0;
        h200.pageable_factor = 0.12;
        h200.memory_kernel_bytes_per_ns = 2400.0;
        h200.launch_cost_ns = 2'500;
        h200.api_cost_ns = 1'000;
        h200.sync_call_cost_ns = 1'500;
        h200.malloc_cost_ns = 20'000;
        h200.free_cost_ns = 15'000;
        h200.kernel_min_ns = 2'000;
        // Measured on an H200 (docs/gpu-results.md, fifth session): a first call of 205-370 µs,
        // later ones 3-4 µs; functions started 101-162 µs after the work before them ended.
        h200.first_host_func_cost_ns = 250'000;
        h200.host_func_start_ns = 130'000;
        h200.wake_latency_ns[0] = 2'000;  // auto = spin on a machine with spare cores
        h200.wake_latency_ns[1] = 2'000;
        h200.wake_latency_ns[2] = 6'000;
        h200.wake_latency_ns[3] = 30'000;
        h200.cpu_burn_fraction[0] = 1.0;
        h200.cpu_burn_fraction[1] = 1.0;
        h200.cpu_burn_fraction[2] = 0.35;
        h200.cpu_burn_fraction[3] = 0.02;

        DeviceProfile laptop;
        laptop.id = "laptop";
        laptop.name = "Laptop GPU, 16 SMs (simulated)";
        laptop.sm_count = 16;
        laptop.max_blocks_per_sm = 16;
        laptop.max_threads_per_sm = 1536;
        laptop.memory_bytes = 6ull * 1024 * 1024 * 1024;
        laptop.copy_engines = 1;
        laptop.launch_queue_depth = 1024;
        laptop.h2d_bytes_per_ns = 12.0;
        laptop.d2h_bytes_per_ns = 12.0;
        laptop.d2d_bytes_per_ns = 150.0;
        laptop.pageable_factor = 0.5;
        laptop.memory_kernel_bytes_per_ns = 250.0;
        laptop.launch_cost_ns = 5'000;
        laptop.api_cost_ns = 2'000;
        laptop.sync_call_cost_ns = 3'000;
        laptop.malloc_cost_ns = 50'000;
        laptop.free_cost_ns = 30'000;
        laptop.kernel_min_ns = 3'000;
        laptop.first_host_func_cost_ns = 250'000;  // the H200's figures: not measured here
        laptop.host_func_start_ns = 130'000;
        laptop.wake_latency_ns[0] = 4'000;
        laptop.wake_latency_ns[1] = 4'000;
        laptop.wake_latency_ns[2] = 12'000;
        laptop.wake_latency_ns[3] = 60'000;
        laptop.cpu_burn_fraction[0] = 1.0;
        laptop.cpu_burn_fraction[1] = 1.0;
        laptop.cpu_burn_fraction[2] = 0.4;
        laptop.cpu_burn_fraction[3] = 0.03;
        return std::array<DeviceProfile, 2>{h200, laptop};
    }();
    return kProfiles;
}

}  // namespace

std::span<const DeviceProfile> builtinDeviceProfiles() {
    return profiles();
}

std::optional<DeviceProfile> findDeviceProfile(std::string_view id) {
    for (const auto& p : profiles())
        if (p.id == id)
            return p;
    return std::nullopt;
}

}  // namespace syncscope
