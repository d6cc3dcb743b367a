#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Device memory as cudaMemGetInfo would see it, plus the scenario's stream-ordered pool.
//
// device_used = bytes held by cudaMalloc + bytes the pool has reserved. malloc_async takes from the
// pool's free reserve (reserved - used) or grows the reservation; a free_async gives its bytes back
// to the pool when its stream reaches it. At a stream, event or device sync the pool trims its
// reservation down to max(used, release threshold) (threshold 0: release everything unused;
// UINT64_MAX: never), and pool_trim trims to max(used, bytes to keep). Every change appends a
// MemorySample, so the samples are exact steps.
class SimMemory {
public:
    enum class Status { Ok, OutOfMemory, Misuse };
    struct Result {
        Status status = Status::Ok;
        std::string message;  // set unless Ok
    };
    enum class Kind : std::uint8_t { None, Device, Pool };

    SimMemory(Trace& trace, std::uint64_t capacity, std::uint64_t release_threshold,
              const std::vector<std::string>& buffer_names);

    void sampleInitial();
    Result malloc(std::uint32_t buffer, std::uint64_t bytes, TimeNs t);
    // cudaFree: releases a cudaMalloc buffer at once, a pool buffer back to the pool.
    Result free(std::uint32_t buffer, TimeNs t);
    Result mallocAsync(std::uint32_t buffer, std::uint64_t bytes, TimeNs t);
    // The host side of cudaFreeAsync: the buffer may no longer be used; the bytes are returned by
    // freeReached() when the stream gets there.
    Result freeAsync(std::uint32_t buffer, std::uint64_t& bytes, Kind& kind);
    void freeReached(Kind kind, std::uint64_t bytes, TimeNs t);
    void trimAtSync(TimeNs t);
    void trimTo(std::uint64_t keep, TimeNs t);

    Kind kindOf(std::uint32_t buffer) const { return buffers_[buffer].kind; }
    // Freed (or free_async'ed) and not allocated again: a kernel using it violates I21.
    bool freed(std::uint32_t buffer) const { return buffers_[buffer].freed; }
    std::uint64_t deviceUsed() const { return device_bytes_ + pool_reserved_; }
    std::uint64_t poolReserved() const { return pool_reserved_; }
    std::uint64_t poolUsed() const { return pool_used_; }

private:
    struct Buffer {
        std::uint64_t bytes = 0;
        Kind kind = Kind::None;
        bool freed = false;
    };

    std::string describe(std::uint32_t buffer) const;
    Result outOfMemory(const char* call, std::uint32_t buffer, std::uint64_t bytes,
                       std::uint64_t needed) const;
    void sample(TimeNs t);

    Trace& trace_;
    std::uint64_t capacity_;
    std::uint64_t threshold_;
    const std::vector<std::string>& names_;
    std::vector<Buffer> buffers_;
    std::uint64_t device_bytes_ = 0;
    std::uint64_t pool_reserved_ = 0;
    std::uint64_t pool_used_ = 0;
};

}  // namespace syncscope
