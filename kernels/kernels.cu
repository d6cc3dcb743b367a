// The kernels behind kernels/launch.h. Timing uses %globaltimer (ns, docs/semantics.md section 10),
// never clock64(), whose cycles drift with clock boosting and differ per SM.
#include <cuda_runtime.h>

#include "kernels/launch.h"

namespace syncscope::kernels {

namespace {

__device__ __forceinline__ std::uint64_t globaltimer() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__device__ __forceinline__ bool cancelled(const int* cancel) {
    return cancel != nullptr && *static_cast<const volatile int*>(cancel) != 0;
}

// The cancel flag lives in mapped (zero-copy) host memory, so every read is a PCIe round trip,
// and reads of that one word from many blocks queue: measured on an H200 (docs/gpu-results.md,
// fifth session), they were served one after another at about 0.9 µs each. With one poll per
// block, 2,048 blocks of 32 threads that each polled once 410 µs into a 500 µs spin ended
// 1.7 ms late, and a 264 × 1024 grid's stragglers let the next "serialized" kernel start beside
// it. So the whole device shares one lease: each block looks at a device word (an L2 read) every
// check interval, and only the block that wins the lease when it falls due reads the host flag,
// at most once per kHostPollNs for all kernels of the run together, and raises the device word
// for everyone. Cancellation still lands within tens of µs, whatever the grid.
constexpr std::uint64_t kHostPollNs = 20000;
constexpr std::uint64_t kCheckNs = 5000;        // a block's look at the device word
constexpr std::uint64_t kCheckNsPerBlock = 10;  // ...spread out for big grids (2,048: 20 µs)

__device__ unsigned long long g_host_poll_due = 0;  // when the next host read is due (globaltimer)
__device__ int g_stopped = 0;                       // set once a host read saw the flag

struct BlockCancel {
    volatile int* stop;  // in shared memory
    std::uint64_t interval;
    std::uint64_t next_check;

    __device__ BlockCancel(volatile int* stop_flag, std::uint64_t now)
        : stop(stop_flag),
          interval(max(kCheckNs, kCheckNsPerBlock * static_cast<std::uint64_t>(gridDim.x))),
          next_check(now) {}

    __device__ bool check(const int* cancel, std::uint64_t now) {
        // A kernel launched without a flag (calibration) cannot be cancelled, not even by an
        // earlier run's "stopped" that no resetCancel() has cleared yet.
        if (cancel != nullptr && threadIdx.x == 0 && now >= next_check) {
            next_check = now + interval;
            if (*static_cast<volatile int*>(&g_stopped) != 0) {
                *stop = 1;
            } else {
                const unsigned long long due =
                    *static_cast<volatile unsigned long long*>(&g_host_poll_due);
                if (now >= due && atomicCAS(&g_host_poll_due, due, now + kHostPollNs) == due &&
                    cancelled(cancel)) {
                    *static_cast<volatile int*>(&g_stopped) = 1;
                    *stop = 1;
                }
            }
        }
        return *stop != 0;
    }
};

__global__ void spinKernel(std::uint64_t duration_ns, const int* cancel, std::uint64_t* timing) {
    __shared__ volatile int stop;
    if (threadIdx.x == 0)
        stop = 0;
    __syncthreads();
    // Each block spins for duration_ns from its own start, so a grid larger than what the device
    // holds at once runs in waves of duration_ns each (the simulator models the same).
    const std::uint64_t t0 = globaltimer();
    BlockCancel block_cancel(&stop, t0);
    std::uint64_t now = t0;
    // Lane-synchronous loop; __nanosleep lowers issue pressure so other kernels keep their SMs.
    while (now - t0 < duration_ns) {
        if (block_cancel.check(cancel, now))
            break;
        __nanosleep(256);
        now = globaltimer();
    }
    if (timing != nullptr && blockIdx.x == 0 && threadIdx.x == 0) {
        timing[0] = t0;
        timing[1] = now;
    }
}

__global__ void computeKernel(std::uint64_t iterations, const int* cancel, float* sink,
                              std::uint64_t* timing) {
    __shared__ volatile int stop;
    if (threadIdx.x == 0)
        stop = 0;
    __syncthreads();
    const std::uint64_t t0 = globaltimer();
    BlockCancel block_cancel(&stop, t0);
    float a = 1.0f + 1e-7f * static_cast<float>(threadIdx.x);
    float b = 0.999999f;
    const float c = 1e-6f;
    constexpr std::uint64_t kChunk = 4096;  // iterations between cancel checks
    for (std::uint64_t done = 0; done < iterations; done += kChunk) {
        if (block_cancel.check(cancel, globaltimer()))
            break;
        const std::uint64_t n = iterations - done < kChunk ? iterations - done : kChunk;
        for (std::uint64_t i = 0; i < n; ++i) {
            a = fmaf(a, b, c);
            b = fmaf(b, a, -c);
        }
    }
    const unsigned index = blockIdx.x * blockDim.x + threadIdx.x;
    if (sink != nullptr)
        sink[index] = a + b;
    if (timing != nullptr && blockIdx.x == 0 && threadIdx.x == 0) {
        timing[0] = t0;
        timing[1] = globaltimer();
    }
}

__global__ void memoryKernel(uint4* dst, const uint4* src, std::uint64_t vectors,
                             unsigned char* dst_tail, const unsigned char* src_tail, unsigned tail,
                             const int* cancel) {
    const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
    const std::uint64_t first = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    __shared__ volatile int stop;
    if (threadIdx.x == 0)
        stop = 0;
    __syncthreads();
    BlockCancel block_cancel(&stop, globaltimer());
    constexpr std::uint64_t kCheckEvery = 64;  // grid strides between cancel checks
    std::uint64_t round = 0;
    for (std::uint64_t i = first; i < vectors; i += stride, ++round) {
        // No __syncthreads() in the loop (threads may leave it at different rounds); a thread
        // that misses the block's stop flag for a round only copies a little more.
        if (round % kCheckEvery == 0 && block_cancel.check(cancel, globaltimer()))
            return;
        dst[i] = src[i];
    }
    for (std::uint64_t i = first; i < tail; i += stride)
        dst_tail[i] = src_tail[i];
}

__global__ void granularityKernel(int reads, std::uint64_t* out) {
    std::uint64_t best = ~0ull;
    std::uint64_t last = globaltimer();
    for (int i = 0; i < reads; ++i) {
        const std::uint64_t now = globaltimer();
        if (now != last && now - last < best)
            best = now - last;
        last = now;
    }
    if (threadIdx.x == 0)
        *out = best;
}

__global__ void timerMirrorKernel(std::uint64_t duration_ns, volatile std::uint64_t* mirror,
                                  const int* cancel) {
    const std::uint64_t t0 = globaltimer();
    std::uint64_t now = t0;
    while (now - t0 < duration_ns && !cancelled(cancel)) {
        *mirror = now;
        __threadfence_system();
        now = globaltimer();
    }
}

cudaStream_t asStream(void* stream) {
    return static_cast<cudaStream_t>(stream);
}

int lastLaunchError() {
    return static_cast<int>(cudaGetLastError());
}

}  // namespace

int launchSpin(void* stream, std::uint64_t duration_ns, LaunchShape shape, const int* cancel,
               std::uint64_t* timing) {
    spinKernel<<<shape.grid, shape.block, 0, asStream(stream)>>>(duration_ns, cancel, timing);
    return lastLaunchError();
}

int launchCompute(void* stream, std::uint64_t iterations, LaunchShape shape, const int* cancel,
                  float* sink, std::uint64_t* timing) {
    computeKernel<<<shape.grid, shape.block, 0, asStream(stream)>>>(iterations, cancel, sink,
                                                                    timing);
    return lastLaunchError();
}

int launchMemory(void* stream, void* dst, const void* src, std::uint64_t bytes, LaunchShape shape,
                 const int* cancel) {
    const std::uint64_t vectors = bytes / sizeof(uint4);
    const unsigned tail = static_cast<unsigned>(bytes % sizeof(uint4));
    auto* dst_bytes = static_cast<unsigned char*>(dst) + vectors * sizeof(uint4);
    const auto* src_bytes = static_cast<const unsigned char*>(src) + vectors * sizeof(uint4);
    memoryKernel<<<shape.grid, shape.block, 0, asStream(stream)>>>(
        static_cast<uint4*>(dst), static_cast<const uint4*>(src), vectors, dst_bytes, src_bytes,
        tail, cancel);
    return lastLaunchError();
}

int probeGlobaltimerGranularity(std::uint64_t* granularity_ns, int reads) {
    std::uint64_t* device = nullptr;
    cudaError_t error = cudaMalloc(&device, sizeof(std::uint64_t));
    if (error != cudaSuccess)
        return static_cast<int>(error);
    granularityKernel<<<1, 32>>>(reads, device);
    error = cudaGetLastError();
    if (error == cudaSuccess)
        error = cudaMemcpy(granularity_ns, device, sizeof(std::uint64_t), cudaMemcpyDeviceToHost);
    const cudaError_t freed = cudaFree(device);
    return static_cast<int>(error != cudaSuccess ? error : freed);
}

int launchTimerMirror(void* stream, std::uint64_t duration_ns, volatile std::uint64_t* mirror,
                      const int* cancel) {
    timerMirrorKernel<<<1, 1, 0, asStream(stream)>>>(duration_ns, mirror, cancel);
    return lastLaunchError();
}

int resetCancel() {
    const unsigned long long due = 0;
    const int stopped = 0;
    cudaError_t error = cudaMemcpyToSymbol(g_host_poll_due, &due, sizeof(due));
    if (error == cudaSuccess)
        error = cudaMemcpyToSymbol(g_stopped, &stopped, sizeof(stopped));
    return static_cast<int>(error);
}

const char* errorString(int code) {
    return cudaGetErrorString(static_cast<cudaError_t>(code));
}

}  // namespace syncscope::kernels
