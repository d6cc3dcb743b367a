#pragma once

#include <cstdint>
#include <string_view>

#include "core/model/sync_mode.h"
#include "core/model/trace.h"

namespace syncscope {

// A PyTorch-level call that synchronizes (or looks as if it did): what a user wrote, above the
// CUDA calls it makes. docs/semantics.md "Torch-level calls" lists what each one waits for.
enum class TorchCall : std::uint8_t {
    None,
    CpuSynchronize,          // torch.cpu.synchronize(): an empty body, waits for nothing
    CudaSynchronize,         // torch.cuda.synchronize(): cudaDeviceSynchronize
    AcceleratorSynchronize,  // torch.accelerator.synchronize(): the backend's device sync
    StreamSynchronize,       // torch.cuda.Stream.synchronize(): cudaStreamSynchronize
    EventSynchronize,        // torch.cuda.Event.synchronize(): cudaEventSynchronize
    StreamQuery,             // torch.cuda.Stream.query(): cudaStreamQuery
    EventQuery,              // torch.cuda.Event.query(): cudaEventQuery
    StreamWaitEvent,         // Stream.wait_event() / Event.wait(): cudaStreamWaitEvent
    StreamWaitStream,        // Stream.wait_stream(): record + cudaStreamWaitEvent
    TensorItem,              // Tensor.item(): a copy to the host and a stream sync
    TensorCpu,               // Tensor.cpu() / .to("cpu"): the same, for a whole tensor
    TensorToList,            // Tensor.tolist(): the same
    // .to("cuda") / .cuda() / copy_ that synchronized: a copy to the device followed by a stream
    // sync (a copy from pageable memory without non_blocking). Recognised by what it did, never
    // by its name alone (TorchCallMarker).
    TensorTo,    // aten::to / aten::_to_copy
    TensorCopy,  // aten::copy_
    EmptyCache,  // torch.cuda.empty_cache(): cudaFree of cached blocks
    // A profiler's Python frame of torch/cuda/streams.py names the method, not its class: which
    // one it was is read from the CUDA call made inside it (TorchCallMarker).
    StreamOrEventSynchronize,
    StreamOrEventQuery,
};
inline constexpr int kTorchCallCount = 19;

// What the name of a profiler event says, whatever produced it:
//  - a record_function / NVTX range named as the call ("torch.cpu.synchronize", "Tensor.item");
//  - a Python frame of with_stack ("torch/cpu/__init__.py(126): synchronize", with any path
//    before "torch/"), or a built-in method ("<built-in method item of Tensor object at 0x…>");
//  - an ATen op that is one ("aten::item", "aten::_local_scalar_dense").
// None for anything else, also for ATen ops that only sometimes are (aten::to, aten::copy_).
TorchCall recognizeTorchCall(std::string_view name);

// "torch.cpu.synchronize", "Tensor.item", "torch.cuda.Stream.synchronize".
std::string_view torchCallName(TorchCall call);
// The sync mode of the catalogue the call stands for (Tensor.item: a blocking copy).
SyncMode torchCallMode(TorchCall call);
// The ApiId an event marked as this call carries: CpuSynchronize and EmptyCache keep the ids the
// engines use; the others are ApiId::TorchCall.
ApiId torchCallApi(TorchCall call);
// Whether the host waits for GPU work in it (CpuSynchronize and the queries never do).
bool torchCallBlocksHost(TorchCall call);

// CpuSynchronize, EmptyCache and TorchCall: the ApiIds of torch-level calls.
bool isTorchCallApi(ApiId api);
// Whether an event is a torch-level call: a run's torch.cpu.synchronize() or empty_cache() call,
// or an imported event TorchCallMarker marked.
bool isTorchCallEvent(const TraceEvent& event);
// A torch.cpu.synchronize() call: a run's API call, or an import's Python frame or annotation
// (not a wait that carries its api). The window draws its rule for each.
inline bool isCpuSynchronizeCall(const TraceEvent& event) {
    return event.api == ApiId::CpuSynchronize && event.kind != EventKind::HostWait;
}
// Which call a torch-level event is (None for any other event): read from its name, with the
// ambiguous frames of streams.py resolved by the mode the marker gave them.
TorchCall torchCallOf(const Trace& trace, const TraceEvent& event);

}  // namespace syncscope
