#include "core/cuda/memory_sampler.h"

#include <cuda.h>  // types only: driver functions are looked up at run time, never linked
#include <cuda_runtime.h>

#include <chrono>

#include "core/cuda/host_clock.h"

namespace syncscope {

MemorySampler::MemorySampler(int device, void* pool) : device_(device), pool_(pool) {}

MemorySampler::~MemorySampler() {
    stop();
}

void MemorySampler::start() {
    if (running_.exchange(true))
        return;
    thread_ = std::thread([this] { loop(); });
}

void MemorySampler::stop() {
    running_.store(false);
    if (thread_.joinable())
        thread_.join();
}

std::vector<SamplerRecord> MemorySampler::take() {
    const std::lock_guard lock(mutex_);
    std::vector<SamplerRecord> out = std::move(samples_);
    samples_.clear();
    return out;
}

namespace {
using MemGetInfoFn = CUresult(CUDAAPI*)(size_t*, size_t*);
using PoolGetAttributeFn = CUresult(CUDAAPI*)(CUmemoryPool, CUmemPool_attribute, void*);

// Driver entry points through the runtime: the driver calls do not appear as CUPTI RUNTIME
// records (the sampler would otherwise add three records a millisecond), and syncscope never
// links libcuda, so it still starts on machines without the NVIDIA driver.
template <typename Fn>
Fn driverEntry(const char* symbol) {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
    if (cudaGetDriverEntryPointByVersion(symbol, &fn, 12000, cudaEnableDefault, &status) !=
            cudaSuccess ||
        status != cudaDriverEntryPointSuccess)
        return nullptr;
    return reinterpret_cast<Fn>(fn);
}
}  // namespace

SamplerRecord MemorySampler::sample() const {
    SamplerRecord s;
    std::size_t free_bytes = 0, total_bytes = 0;
    static const auto mem_get_info = driverEntry<MemGetInfoFn>("cuMemGetInfo");
    static const auto pool_get_attribute = driverEntry<PoolGetAttributeFn>("cuMemPoolGetAttribute");
    const bool got_info = mem_get_info != nullptr
                              ? mem_get_info(&free_bytes, &total_bytes) == CUDA_SUCCESS
                              : cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess;
    if (got_info)
        s.device_used = static_cast<std::int64_t>(total_bytes - free_bytes);
    if (pool_ != nullptr) {
        auto* pool = static_cast<cudaMemPool_t>(pool_);
        std::uint64_t reserved = 0, used = 0;
        bool ok_reserved = false, ok_used = false;
        if (pool_get_attribute != nullptr) {
            ok_reserved = pool_get_attribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
                                             &reserved) == CUDA_SUCCESS;
            ok_used =
                pool_get_attribute(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &used) == CUDA_SUCCESS;
        } else {
            ok_reserved = cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent,
                                                  &reserved) == cudaSuccess;
            ok_used =
                cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess;
        }
        if (ok_reserved)
            s.pool_reserved = static_cast<std::int64_t>(reserved);
        if (ok_used)
            s.pool_used = static_cast<std::int64_t>(used);
    }
    s.t = steadyNowNs();
    return s;
}

void MemorySampler::loop() {
    // Makes the device's primary context current on this thread (the driver calls need it).
    if (cudaSetDevice(device_) != cudaSuccess || cudaFree(nullptr) != cudaSuccess)
        return;
    auto next = std::chrono::steady_clock::now();
    while (running_.load()) {
        const SamplerRecord s = sample();
        {
            const std::lock_guard lock(mutex_);
            samples_.push_back(s);
        }
        next += std::chrono::milliseconds(1);
        std::this_thread::sleep_until(next);
        const auto now = std::chrono::steady_clock::now();
        if (now > next + std::chrono::milliseconds(5))
            next = now;  // don't burst after a stall
    }
}

}  // namespace syncscope
