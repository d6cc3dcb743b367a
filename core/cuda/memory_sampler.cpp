#include "core/cuda/memory_sampler.h"

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

SamplerRecord MemorySampler::sample() const {
    SamplerRecord s;
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
        s.device_used = static_cast<std::int64_t>(total_bytes - free_bytes);
    if (pool_ != nullptr) {
        auto* pool = static_cast<cudaMemPool_t>(pool_);
        std::uint64_t value = 0;
        if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value) == cudaSuccess)
            s.pool_reserved = static_cast<std::int64_t>(value);
        if (cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &value) == cudaSuccess)
            s.pool_used = static_cast<std::int64_t>(value);
    }
    s.t = steadyNowNs();
    return s;
}

void MemorySampler::loop() {
    if (cudaSetDevice(device_) != cudaSuccess)
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
