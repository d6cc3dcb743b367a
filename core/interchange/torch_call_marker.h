#pragma once

#include <cstddef>

#include "core/model/trace.h"

namespace syncscope {

// Finds the PyTorch-level calls in an imported trace (docs/semantics.md "Torch-level calls") and
// marks each once: its event gets the call's ApiId (torchCallApi) and sync mode, so the checker,
// the stats, the wait sentences and the window treat it as the engines' torch.cpu.synchronize()
// and empty_cache() calls. The event keeps its kind, lane and name.
//
// - Candidates are host-side events (Python frames, ATen ops, user annotations) whose name
//   recognizeTorchCall knows, and aten::to / aten::_to_copy / aten::copy_ ops.
// - A call is marked only for what it did, seen in the CUDA calls and waits inside it on its
//   thread: Tensor.item(), .cpu() and .tolist() only when they copied to the host or synchronized
//   (on a CPU tensor they make no CUDA call and are no sync); aten::to and friends when they
//   copied and then synchronized: to the host, Tensor.cpu(); to the device, Tensor.to or
//   Tensor.copy_ (a copy from pageable memory without non_blocking syncs the stream).
// - One call often shows as several nested events (a record_function range around the Python
//   frame; aten::item around aten::_local_scalar_dense): only the outermost is marked.
// - A Python frame of torch/cuda/streams.py says "synchronize" but not whether of a Stream or an
//   Event: the CUDA call made inside it decides.
class TorchCallMarker {
public:
    // Returns how many calls were marked. O(n log n).
    static std::size_t mark(Trace& trace);
};

}  // namespace syncscope
