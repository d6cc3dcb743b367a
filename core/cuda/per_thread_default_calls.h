#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

namespace syncscope {

// cudaMemcpy and cudaMemset as a program built with `nvcc --default-stream per-thread` calls
// them: on the calling thread's default stream (the runtime's *_ptds entry points), for scenarios
// whose `default_stream` is "per-thread". This file's translation unit is the only one compiled
// with CUDA_API_PER_THREAD_DEFAULT_STREAM, so every other call keeps the legacy default stream.
cudaError_t perThreadDefaultMemcpy(void* dst, const void* src, std::size_t bytes,
                                   cudaMemcpyKind kind);
cudaError_t perThreadDefaultMemset(void* dst, int value, std::size_t bytes);

}  // namespace syncscope
