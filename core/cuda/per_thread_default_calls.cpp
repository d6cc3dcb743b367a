// Must come before any CUDA header: it switches the runtime's stream-less calls to the per-thread
// default stream for this translation unit only.
#define CUDA_API_PER_THREAD_DEFAULT_STREAM 1
#include "core/cuda/per_thread_default_calls.h"

#include <cuda_runtime_api.h>

namespace syncscope {

cudaError_t perThreadDefaultMemcpy(void* dst, const void* src, std::size_t bytes,
                                   cudaMemcpyKind kind) {
    return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t perThreadDefaultMemset(void* dst, int value, std::size_t bytes) {
    return cudaMemset(dst, value, bytes);
}

}  // namespace syncscope
