#pragma once

// Plain C++ front of the CUDA kernels: no CUDA types, so core/ (and anything else) can call it
// without CUDA headers. Streams are passed as void* (a cudaStream_t, including the special
// handles cudaStreamLegacy and cudaStreamPerThread); every function returns 0 on success or the
// cudaError_t value as an int. Device pointers are plain void*.

#include <cstdint>

namespace syncscope::kernels {

// Launch shape of a step. Spin kernels default to one small block (docs/semantics.md section 10):
// wide spinning grids fill the SMs and serialize "concurrent" kernels.
struct LaunchShape {
    std::uint32_t grid = 1;
    std::uint32_t block = 32;
};

// `cancel` is a device pointer to an int in mapped pinned memory (cudaHostAlloc with
// cudaHostAllocMapped, then cudaHostGetDevicePointer). Long kernels read it in their loop and
// return early once the host stores a non-zero value, so a cancelled run stops promptly.
// It may be null (no cancellation). Kernels do not each read it: the device shares one lease
// to read it and one "stopped" word (see kernels.cu), which resetCancel() clears; call it before
// the first launch of a run, when no kernel is in flight.
int resetCancel();

// Runs for `duration_ns` on %globaltimer. When `timing` (device pointer to two uint64) is not
// null, lane 0 of block 0 stores the kernel's own start and end %globaltimer values there.
int launchSpin(void* stream, std::uint64_t duration_ns, LaunchShape shape, const int* cancel,
               std::uint64_t* timing);

// FMA chain of `iterations` per thread; the result goes to `sink` (device, >= grid*block
// floats) so the compiler cannot drop the loop. Duration = iterations / (calibrated rate).
int launchCompute(void* stream, std::uint64_t iterations, LaunchShape shape, const int* cancel,
                  float* sink, std::uint64_t* timing);

// Streaming copy of `bytes` from `src` to `dst` (device pointers, non-overlapping).
int launchMemory(void* stream, void* dst, const void* src, std::uint64_t bytes, LaunchShape shape,
                 const int* cancel);

// Synchronous helper: one warp reads %globaltimer `reads` times and reports the smallest
// non-zero step between consecutive reads, in ns (its update granularity).
int probeGlobaltimerGranularity(std::uint64_t* granularity_ns, int reads = 4096);

// Spin kernel that keeps writing %globaltimer to `mirror` (mapped pinned memory, device pointer)
// for `duration_ns`, so the host can pair its own clock with the GPU's (clock offset estimate).
int launchTimerMirror(void* stream, std::uint64_t duration_ns, volatile std::uint64_t* mirror,
                      const int* cancel);

// cudaGetErrorString of a code returned above.
const char* errorString(int code);

}  // namespace syncscope::kernels
