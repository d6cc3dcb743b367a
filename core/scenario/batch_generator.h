#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// Per-kernel device allocation around each kernel of the simple view.
enum class KernelAllocation : std::uint8_t {
    None,
    Malloc,       // cudaMalloc before the kernel, cudaFree after it (implicit syncs)
    MallocAsync,  // cudaMallocAsync / cudaFreeAsync on the kernel's stream (stream-ordered)
};

// Where the sync of the chosen mode goes.
enum class SyncPlacement : std::uint8_t { AfterEachKernel, AfterEachBatch, AtEnd };

std::string_view toString(KernelAllocation allocation);
std::string_view toString(SyncPlacement placement);

// The window's simple view: "N batches of M kernels over S streams, sync mode X after every
// kernel / batch / at the end".
struct BatchConfig {
    std::string title;  // empty: made from the settings
    std::uint32_t batches = 4;
    std::uint32_t kernels_per_batch = 4;
    std::uint32_t streams = 2;
    StreamKind stream_kind = StreamKind::NonBlocking;
    KernelKind kernel_kind = KernelKind::Spin;
    TimeNs kernel_duration_ns = 200'000;                // spin and compute kernels
    std::uint64_t kernel_bytes = 256ull * 1024 * 1024;  // memory kernels
    std::uint32_t grid = 1;
    std::uint32_t block = 32;
    KernelAllocation allocation = KernelAllocation::None;
    std::uint64_t allocation_bytes = 64ull * 1024 * 1024;  // per-kernel allocations, implicit-alloc
    std::uint64_t pool_release_threshold = 0;              // UINT64_MAX: never trims
    SyncMode sync_mode = SyncMode::Device;
    SyncPlacement placement = SyncPlacement::AfterEachBatch;
    SchedulePolicy schedule = SchedulePolicy::Auto;
    std::string device = "h200";
    TimeNs poll_interval_ns = 5'000;       // event-query-poll
    TimeNs callback_duration_ns = 20'000;  // host-callback
    std::uint64_t copy_bytes = 4;          // blocking-copy: tensor.item() of one float
};

struct BatchGeneration {
    std::optional<Scenario> scenario;  // set when the config is valid
    std::vector<std::string> errors;   // "field: message", e.g. "batches: must be > 0"
};

// Turns a BatchConfig into a Scenario that ScenarioReader accepts (also after a write/read round
// trip). Kernels go round-robin over the streams in program order; every step of batch b carries
// batch b (the end-of-run sync carries none).
class BatchGenerator {
public:
    static std::vector<std::string> validate(const BatchConfig& config);
    static BatchGeneration generate(const BatchConfig& config);
};

}  // namespace syncscope
