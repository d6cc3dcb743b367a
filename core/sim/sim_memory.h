#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/engine/caching_allocator.h"
#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

// Device memory as cudaMemGetInfo would see it, plus the scenario's stream-ordered pool.
//
// device_used = bytes held by cudaMalloc + bytes the pool has reserved. The pool's reserve is its
// used blocks plus its free blocks; a cudaFreeAsync makes its block free at once (the call, not
// the GPU, lowers UsedMemCurrent, as measured on an H200), but only in stream order: a later
// cudaMallocAsync may take the block when (the Programming Guide's "Stream Ordered Memory
// Allocator", cudaMemPoolSetAttribute)
//  - it runs on the stream that freed it (stream order), or
//  - its stream waits on an event recorded after the free
//  (cudaMemPoolReuseFollowEventDependencies),
//  - the free has already been reached on the GPU (cudaMemPoolReuseAllowOpportunistic),
//  - a stream, event or device sync has shown the host that the free is done, whatever the
//    policies (the Programming Guide; measured on an H200, docs/semantics.md section 4),
// and else the pool grows. Only when growing would run out of memory does it take a block whose
// free is still pending on another stream and make the allocation wait for that free
// (cudaMemPoolReuseAllowInternalDependencies). Each policy is a pool attribute of the scenario.
// At a stream, event or device sync the pool releases free blocks whose frees were reached until
// its reserve is max(used, release threshold) (threshold 0: all of them; UINT64_MAX: none), and
// pool_trim does the same down to max(used, bytes to keep). PyTorch's caching allocator keeps its
// segments with cudaMalloc, so they count as device memory; when the scenario uses it, samples
// carry its memory_allocated and memory_reserved too. Every change appends a MemorySample, so the
// samples are exact steps.
class SimMemory {
public:
    enum class Status { Ok, OutOfMemory, Misuse };
    struct Result {
        Status status = Status::Ok;
        std::string message;  // set unless Ok
    };
    enum class Kind : std::uint8_t { None, Device, Pool };
    // How a cudaMallocAsync got its block.
    enum class Reuse : std::uint8_t {
        Grew,                // the pool reserved new memory
        StreamOrder,         // freed earlier on the same stream
        EventDependency,     // freed on a stream this one waits on
        Opportunistic,       // freed on another stream, and the GPU already reached the free
        InternalDependency,  // freed on another stream, still pending: the allocation waits for it
        HostSynced,  // freed on another stream, and a sync since showed the host the free done
    };
    // A pending cudaMallocAsync's grant: how it reused, and for InternalDependency, the free it
    // must wait for (stream and enqueue order).
    struct Grant {
        Result result;
        Reuse reuse = Reuse::Grew;
        std::uint32_t after_stream = kNone;
        std::uint32_t after_seq = 0;
    };
    // Whether `stream` is ordered after op `seq` of stream `other` (same stream, or through
    // events it waited on).
    using OrderedAfter =
        std::function<bool(std::uint32_t stream, std::uint32_t other, std::uint32_t seq)>;
    // Whether the host has seen op `seq` of stream `other` complete (a sync returned after it).
    using HostObserved = std::function<bool(std::uint32_t other, std::uint32_t seq)>;

    SimMemory(Trace& trace, std::uint64_t capacity, const PoolSpec& pool,
              const std::vector<std::string>& buffer_names);

    void sampleInitial();
    Result malloc(std::uint32_t buffer, std::uint64_t bytes, TimeNs t);
    // cudaFree: releases a cudaMalloc buffer at once, a pool buffer back to the pool.
    Result free(std::uint32_t buffer, TimeNs t);
    // Takes the block; the caller then enqueues the call and records the change with sampleAt()
    // at the time the call returns, as a free_async's change is recorded.
    Grant mallocAsync(std::uint32_t buffer, std::uint64_t bytes, std::uint32_t stream,
                      const OrderedAfter& ordered_after, const HostObserved& host_observed);
    void sampleAt(TimeNs t) { sample(t); }
    // The host side of cudaFreeAsync, enqueued on `stream` as op `seq`: the buffer may no longer
    // be used. A pool block is free in stream order from now; a cudaMalloc buffer's bytes return
    // to the device when freeReached() says the stream got there.
    Result freeAsync(std::uint32_t buffer, std::uint32_t stream, std::uint32_t seq, TimeNs t,
                     std::uint64_t& bytes, Kind& kind);
    void freeReached(Kind kind, std::uint32_t seq, std::uint64_t bytes, TimeNs t);
    void trimAtSync(TimeNs t);
    void trimTo(std::uint64_t keep, TimeNs t);

    Kind kindOf(std::uint32_t buffer) const { return buffers_[buffer].kind; }
    std::uint64_t bytesOf(std::uint32_t buffer) const { return buffers_[buffer].bytes; }
    // Freed (or free_async'ed) and not allocated again: a kernel using it violates I21.
    bool freed(std::uint32_t buffer) const { return buffers_[buffer].freed; }
    std::uint64_t deviceUsed() const { return device_bytes_ + pool_reserved_ + torch_.reserved(); }
    std::uint64_t capacity() const { return capacity_; }
    // PyTorch's caching allocator. The caller samples after changing it.
    CachingAllocator& torch() { return torch_; }
    void sampleTorchSeries() { torch_series_ = true; }
    std::uint64_t poolReserved() const { return pool_reserved_; }
    std::uint64_t poolUsed() const { return pool_used_; }

private:
    struct Buffer {
        std::uint64_t bytes = 0;
        Kind kind = Kind::None;
        bool freed = false;
    };
    // A free block of the pool: freed on `stream` by op `seq`; `reached` once the GPU got there.
    struct FreeBlock {
        std::uint64_t bytes = 0;
        std::uint32_t stream = kNone;
        std::uint32_t seq = 0;
        bool reached = true;
    };

    // The smallest free block of at least `bytes` that `usable` accepts; npos if none.
    template <typename Usable>
    std::size_t findBlock(std::uint64_t bytes, Usable usable) const;
    void takeBlock(std::size_t index, std::uint64_t bytes);
    void releaseReachedBlocks(std::uint64_t keep, TimeNs t);

    std::string describe(std::uint32_t buffer) const;
    Result outOfMemory(const char* call, std::uint32_t buffer, std::uint64_t bytes,
                       std::uint64_t needed) const;
    void sample(TimeNs t);

    Trace& trace_;
    std::uint64_t capacity_;
    PoolSpec pool_;
    const std::vector<std::string>& names_;
    std::vector<Buffer> buffers_;
    std::uint64_t device_bytes_ = 0;
    std::uint64_t pool_reserved_ = 0;
    std::uint64_t pool_used_ = 0;
    std::vector<FreeBlock> free_blocks_;
    CachingAllocator torch_;
    bool torch_series_ = false;
};

}  // namespace syncscope
