#include "core/sim/sim_memory.h"

#include <algorithm>
#include <cstdio>

#include "core/model/byte_format.h"

namespace syncscope {

SimMemory::SimMemory(Trace& trace, std::uint64_t capacity, const PoolSpec& pool,
                     const std::vector<std::string>& buffer_names)
    : trace_(trace),
      capacity_(capacity),
      pool_(pool),
      names_(buffer_names),
      buffers_(buffer_names.size()),
      torch_(buffer_names.size()) {}

void SimMemory::sampleInitial() {
    sample(0);
}

void SimMemory::sample(TimeNs t) {
    MemorySample s;
    s.t_ns = t;
    s.device_used = static_cast<std::int64_t>(deviceUsed());
    s.pool_reserved = static_cast<std::int64_t>(pool_reserved_);
    s.pool_used = static_cast<std::int64_t>(pool_used_);
    if (torch_series_) {
        s.allocated = static_cast<std::int64_t>(torch_.allocated());
        s.reserved = static_cast<std::int64_t>(torch_.reserved());
    }
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
    if (b.kind == Kind::Device) {
        device_bytes_ -= b.bytes;
    } else {
        // cudaFree of a pool block: free for any stream at once.
        pool_used_ -= b.bytes;
        free_blocks_.push_back({b.bytes, kNone, 0, true});
    }
    b = {0, Kind::None, true};
    sample(t);
    return {};
}

template <typename Usable>
std::size_t SimMemory::findBlock(std::uint64_t bytes, Usable usable) const {
    std::size_t best = std::string::npos;
    for (std::size_t i = 0; i < free_blocks_.size(); ++i) {
        const FreeBlock& b = free_blocks_[i];
        if (b.bytes >= bytes && usable(b) &&
            (best == std::string::npos || b.bytes < free_blocks_[best].bytes))
            best = i;
    }
    return best;
}

// The rest of a larger block stays free, with the same free behind it.
void SimMemory::takeBlock(std::size_t index, std::uint64_t bytes) {
    FreeBlock& b = free_blocks_[index];
    if (b.bytes > bytes)
        b.bytes -= bytes;
    else
        free_blocks_.erase(free_blocks_.begin() + static_cast<std::ptrdiff_t>(index));
}

SimMemory::Grant SimMemory::mallocAsync(std::uint32_t buffer, std::uint64_t bytes,
                                        std::uint32_t stream, const OrderedAfter& ordered_after,
                                        const HostObserved& host_observed) {
    Grant grant;
    Buffer& b = buffers_[buffer];
    if (b.kind != Kind::None) {
        grant.result = {Status::Misuse,
                        "cudaMallocAsync: " + describe(buffer) + " is already allocated"};
        return grant;
    }
    // The policies in the order the driver prefers them: no new memory and no new dependency first.
    std::size_t found = findBlock(bytes, [&](const FreeBlock& f) { return f.stream == stream; });
    grant.reuse = Reuse::StreamOrder;
    if (found == std::string::npos) {
        found =
            findBlock(bytes, [&](const FreeBlock& f) { return host_observed(f.stream, f.seq); });
        grant.reuse = Reuse::HostSynced;
    }
    if (found == std::string::npos && pool_.reuse_follow_event_dependencies) {
        found = findBlock(
            bytes, [&](const FreeBlock& f) { return ordered_after(stream, f.stream, f.seq); });
        grant.reuse = Reuse::EventDependency;
    }
    if (found == std::string::npos && pool_.reuse_allow_opportunistic) {
        found = findBlock(bytes, [](const FreeBlock& f) { return f.reached; });
        grant.reuse = Reuse::Opportunistic;
    }
    const bool can_grow = bytes <= capacity_ - deviceUsed();
    if (found == std::string::npos && !can_grow && pool_.reuse_allow_internal_dependencies) {
        found = findBlock(bytes, [](const FreeBlock&) { return true; });
        grant.reuse = Reuse::InternalDependency;
    }
    if (found != std::string::npos) {
        if (grant.reuse == Reuse::InternalDependency) {
            grant.after_stream = free_blocks_[found].stream;
            grant.after_seq = free_blocks_[found].seq;
        }
        takeBlock(found, bytes);
    } else if (can_grow) {
        grant.reuse = Reuse::Grew;
        pool_reserved_ += bytes;
    } else {
        grant.result = outOfMemory("cudaMallocAsync", buffer, bytes, bytes);
        return grant;
    }
    pool_used_ += bytes;
    b = {bytes, Kind::Pool, false};
    return grant;  // the caller samples when the call returns (sampleAt)
}

SimMemory::Result SimMemory::freeAsync(std::uint32_t buffer, std::uint32_t stream,
                                       std::uint32_t seq, TimeNs t, std::uint64_t& bytes,
                                       Kind& kind) {
    Buffer& b = buffers_[buffer];
    if (b.kind == Kind::None)
        return {Status::Misuse, "cudaFreeAsync: " + describe(buffer) + " is not allocated"};
    bytes = b.bytes;
    kind = b.kind;
    b = {0, Kind::None, true};
    if (kind == Kind::Pool) {
        pool_used_ -= bytes;
        free_blocks_.push_back({bytes, stream, seq, false});
        sample(t);
    }
    return {};
}

void SimMemory::freeReached(Kind kind, std::uint32_t seq, std::uint64_t bytes, TimeNs t) {
    if (kind == Kind::Device) {
        device_bytes_ -= bytes;
        sample(t);
        return;
    }
    // The block may be gone already: reused, or split (every piece keeps the free's seq).
    for (FreeBlock& f : free_blocks_)
        if (f.seq == seq)
            f.reached = true;
}

// Only blocks whose frees the GPU has reached can go back to the device.
void SimMemory::releaseReachedBlocks(std::uint64_t keep, TimeNs t) {
    const std::uint64_t target = std::max(pool_used_, keep);
    bool changed = false;
    for (std::size_t i = free_blocks_.size(); i-- > 0 && pool_reserved_ > target;) {
        FreeBlock& f = free_blocks_[i];
        if (!f.reached)
            continue;
        const std::uint64_t give = std::min(f.bytes, pool_reserved_ - target);
        pool_reserved_ -= give;
        changed = true;
        takeBlock(i, give);
    }
    if (changed)
        sample(t);
}

void SimMemory::trimAtSync(TimeNs t) {
    // max(used, threshold) >= reserved when the threshold is UINT64_MAX: nothing is released.
    releaseReachedBlocks(pool_.release_threshold, t);
}

void SimMemory::trimTo(std::uint64_t keep, TimeNs t) {
    releaseReachedBlocks(keep, t);
}

}  // namespace syncscope
