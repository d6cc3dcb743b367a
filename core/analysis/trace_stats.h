#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/idle_attribution.h"
#include "core/model/torch_call.h"
#include "core/model/trace.h"

namespace syncscope {

// The run summary of docs/architecture.md section 5. Events flagged kInstrumentation (the
// recorder's own syncs) are counted by kind but left out of the wait and sync figures.
struct TraceStats {
    TimeNs first_ns = 0;                  // earliest event start
    TimeNs makespan_ns = 0;               // latest end − earliest start over all events
    TimeNs host_blocked_ns = 0;           // sum of HostWait durations
    TimeNs host_cpu_burnt_ns = 0;         // sum of HostWait cpu_ns where known
    std::uint64_t waits_cpu_unknown = 0;  // HostWaits whose cpu_ns is unknown (-1)
    std::uint64_t host_waits = 0;         // HostWaits counted in host_blocked_ns
    // GPU work, busy and idle as GpuActivity defines them (kernels, copies and memsets of positive
    // duration on stream and copy-engine lanes).
    TimeNs gpu_span_ns = 0;             // [first GPU work start, last GPU work end]
    TimeNs gpu_busy_ns = 0;             // time in the span with work on any lane
    TimeNs gpu_idle_ns = 0;             // gpu_span_ns − gpu_busy_ns = sum of the idle gaps
    TimeNs gpu_idle_from_syncs_ns = 0;  // idle gaps that began while the host was blocked
    // GPU idle by cause (IdleAttribution): the causes sum to gpu_idle_ns.
    IdleBreakdown idle;
    TimeNs stream_overlap_ns = 0;     // time with work on >= 2 lanes at once
    double stream_overlap_ratio = 0;  // stream_overlap_ns / gpu_busy_ns (0 when never busy)
    // Peaks over the memory samples; -1 where the trace never measured the quantity.
    std::int64_t peak_device_used = -1;
    std::int64_t peak_pool_reserved = -1;
    std::int64_t peak_pool_used = -1;
    std::int64_t peak_allocated = -1;
    std::int64_t peak_reserved = -1;
    std::array<std::uint64_t, kEventKindCount> events_by_kind{};  // index: EventKind
    // Sync calls (explicit syncs, stream waits, queries, cpu_sync, implicit syncs), index: ApiId.
    std::array<std::uint64_t, kApiIdCount> sync_calls_by_api{};
    // Sync calls the model has no ApiId for (cudaHostAlloc, cudaFreeHost...), by the name the
    // trace gives them, without a version suffix.
    std::map<std::string, std::uint64_t> sync_calls_by_other_name;
    std::uint64_t sync_calls = 0;
    // Torch-level calls (core/model/torch_call.h), index: TorchCall. A run's torch.cpu.synchronize
    // is in both this and sync_calls_by_api; an import's torch-level calls only here, with the
    // CUDA calls they made counted in sync_calls_by_api.
    std::array<std::uint64_t, kTorchCallCount> torch_calls{};
    // Tensor.item(), .cpu() and .tolist() that made no copy to the host and no sync (on CPU
    // tensors): listed apart, never counted as syncs (TorchCallMarker), index: TorchCall.
    std::array<std::uint64_t, kTorchCallCount> torch_calls_without_sync{};
};

// Sync calls by name, torch-level and CUDA-level together, each call once: "torch.cpu.synchronize",
// "Tensor.item", "cudaStreamSynchronize". What `stats --json` prints as sync_calls_by_name.
std::vector<std::pair<std::string, std::uint64_t>> syncCallsByName(const TraceStats& stats);

// Whether an ApiCall is a synchronization (explicit, implicit, or a query/wait primitive).
bool isSyncCall(const TraceEvent& event);

// O(n log n): one sort of the GPU work endpoints.
TraceStats computeStats(const Trace& trace);

}  // namespace syncscope
