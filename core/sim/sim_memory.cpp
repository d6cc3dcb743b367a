#include "core/sim/sim_memory.h"

#include <algorithm>
#include <cstdio>

#include "core/model/byte_format.h"

namespace syncscope {

SimMemory::SimMemory(Trace& trace, std::uint64_t capacity, std::uint64_t release_threshold,
                     const std::vector<std::string>& buffer_names)
    : trace_(trace),
      capacity_(capacity),
      threshold_(release_threshold),
      names_(buffer_names),
      buffers_(buffer_names.size()) {}

void SimMemory::sampleInitial() {
    sample(0);
}

void SimMemory::sample(TimeNs t) {
    MemorySample s;
    s.t_ns = t;
    s.device_used = static_cast<std::int64_t>(deviceUsed());
    s.pool_reserved = static_cast<std::int64_t>(pool_reserved_);
    s.pool_used = static_cast<std::int64_t>(pool_used_);
    trace_.memory.push_back(s);
}

std::string SimMemory::describe(std::uint32_t buffer) const {
    return "buffer '" + names_[buffer] + "'";
}

SimMemory::Result SimMemory::outOfMemory(const char* call, std::uint32_t buffer,
                                         std::uint64_t bytes, std::uint64_t needed) const {
    std::string message = std::string("out of device memory: ") + call + " of " +
                          formatBytesExact(bytes) + " for " + describe(buffer);
    if (needed != bytes)
        message += " (the pool must grow by " + formatBytesExact(needed) + ")";
    message += ", but only " + formatBytesExact(capacity_ - deviceUsed()) + " of the device's " +
               formatBytesExact(capacity_) + " are free";
    return {Status::OutOfMemory, message};
}

SimMemory::Result SimMemory::malloc(std::uint32_t buffer, std::uint64_t bytes, TimeNs t) {
    Buffer& b = buffers_[buffer];
    if (b.kind != Kind::None)
        return {Status::Misuse, "cudaMalloc: " + describe(buffer) + " is already allocated"};
    if (bytes > capacity_ - deviceUsed())
        return outOfMemory("cudaMalloc", buffer, bytes, bytes);
    b = {bytes, Kind::Device, false};
    device_bytes_ += bytes;
    sample(t);
    return {};
}

SimMemory::Result SimMemory::free(std::uint32_t buffer, TimeNs t) {
    Buffer& b = buffers_[buffer];
    if (b.kind == Kind::None)
        return {Status::Misuse, "cudaFree: " + describe(buffer) + " is not allocated"};
    if (b.kind == Kind::Device)
        device_bytes_ -= b.bytes;
    else
        pool_used_ -= b.bytes;
    b = {0, Kind::None, true};
    sample(t);
    return {};
}

SimMemory::Result SimMemory::mallocAsync(std::uint32_t buffer, std::uint64_t bytes, TimeNs t) {
    Buffer& b = buffers_[buffer];
    if (b.kind != Kind::None)
        return {Status::Misuse, "cudaMallocAsync: " + describe(buffer) + " is already allocated"};
    const std::uint64_t spare = pool_reserved_ - pool_used_;
    if (bytes > spare) {
        const std::uint64_t grow = bytes - spare;
        if (grow > capacity_ - deviceUsed())
            return outOfMemory("cudaMallocAsync", buffer, bytes, grow);
        pool_reserved_ += grow;
    }
    pool_used_ += bytes;
    b = {bytes, Kind::Pool, false};
    sample(t);
    return {};
}

SimMemory::Result SimMemory::freeAsync(std::uint32_t buffer, std::uint64_t& bytes, Kind& kind) {
    Buffer& b = buffers_[buffer];
    if (b.kind == Kind::None)
        return {Status::Misuse, "cudaFreeAsync: " + describe(buffer) + " is not allocated"};
    bytes = b.bytes;
    kind = b.kind;
    b = {0, Kind::None, true};
    return {};
}

void SimMemory::freeReached(Kind kind, std::uint64_t bytes, TimeNs t) {
    if (kind == Kind::Device)
        device_bytes_ -= bytes;
    else
        pool_used_ -= bytes;
    sample(t);
}

void SimMemory::trimAtSync(TimeNs t) {
    // max(used, threshold) >= reserved when the threshold is UINT64_MAX: nothing is released.
    const std::uint64_t keep = std::max(pool_used_, threshold_);
    if (keep >= pool_reserved_)
        return;
    pool_reserved_ = keep;
    sample(t);
}

void SimMemory::trimTo(std::uint64_t keep, TimeNs t) {
    const std::uint64_t target = std::max(pool_used_, keep);
    if (target >= pool_reserved_)
        return;
    pool_reserved_ = target;
    sample(t);
}

}  // namespace syncscope
