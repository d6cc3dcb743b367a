#pragma once

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "core/record/cupti_records.h"

namespace syncscope {

// Samples device memory (cudaMemGetInfo: total - free, device-wide) and the run's pool
// (ReservedMemCurrent, UsedMemCurrent) about every millisecond on its own thread, stamped on the
// host clock. It never calls a sync API (docs/semantics.md section 9). `pool` is a cudaMemPool_t or
// null.
class MemorySampler {
public:
    MemorySampler(int device, void* pool);
    ~MemorySampler();
    MemorySampler(const MemorySampler&) = delete;
    MemorySampler& operator=(const MemorySampler&) = delete;

    void start();
    void stop();
    std::vector<SamplerRecord> take();

private:
    void loop();
    SamplerRecord sample() const;

    int device_;
    void* pool_;
    std::atomic<bool> running_{false};
    std::thread thread_;
    std::mutex mutex_;
    std::vector<SamplerRecord> samples_;
};

}  // namespace syncscope
