#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <tuple>
#include <vector>

#include "core/model/ids.h"

namespace syncscope {

// The bookkeeping of PyTorch's CUDA caching allocator (the default "native" backend of
// c10/cuda/CUDACachingAllocator.cpp), which decides torch.cuda.memory_allocated() and
// memory_reserved(). Both engines drive it: it says what to do, they make the CUDA calls and keep
// the time.
//  - Sizes round up to 512 bytes. Requests up to 1 MiB come from the small pool, whose segments
//    are 2 MiB; larger ones from the large pool: 20 MiB segments below 10 MiB, else the size
//    rounded up to 2 MiB. A segment is one cudaMalloc; memory_reserved is their sum.
//  - A block is cached per stream: an allocation takes the smallest free block of its pool and
//    stream that fits (ties: the lowest address), splitting it when the rest is at least 512
//    bytes (small pool) or more than 1 MiB (large pool). Freeing merges a block with free
//    neighbours of its segment.
//  - memory_allocated counts allocated blocks and falls when the tensor is freed, even if other
//    streams still use it (record_stream): the block then returns to the cache only when each of
//    those streams has reached the point of the free, which the allocator learns from events it
//    records there and queries at the next allocation.
//  - empty_cache() waits for those events, then releases every segment that is wholly free, one
//    cudaFree each. A synchronize changes neither number.
class CachingAllocator {
public:
    static constexpr std::uint64_t kMinBlockSize = 512;
    static constexpr std::uint64_t kSmallSize = 1ull << 20;
    static constexpr std::uint64_t kSmallBuffer = 2ull << 20;
    static constexpr std::uint64_t kLargeBuffer = 20ull << 20;
    static constexpr std::uint64_t kMinLargeAlloc = 10ull << 20;
    static constexpr std::uint64_t kRoundLarge = 2ull << 20;

    static std::uint64_t roundSize(std::uint64_t bytes);
    static bool isSmall(std::uint64_t rounded) { return rounded <= kSmallSize; }
    // The cudaMalloc size of a new segment for a rounded request.
    static std::uint64_t segmentSize(std::uint64_t rounded);

    // Where a stream stood when a block it used was freed: the engine's mark of that point (the
    // simulator's op sequence number, the CUDA engine's event).
    struct Use {
        std::uint32_t stream = kNone;
        std::uint64_t mark = 0;
    };
    using Reached = std::function<bool(const Use&)>;

    explicit CachingAllocator(std::size_t buffers) : tensors_(buffers, kNone) {}

    // A cached block for `bytes` on `stream`, or kNone: then the caller cudaMallocs
    // segmentSize(roundSize(bytes)) and calls addSegment.
    std::uint32_t findCached(std::uint64_t bytes, std::uint32_t stream) const;
    std::uint32_t addSegment(std::uint64_t segment_bytes, std::uint64_t bytes,
                             std::uint32_t stream);
    // The segment a block lies in: 0, 1, ... in the order addSegment made them (the CUDA engine
    // keeps each one's cudaMalloc pointer under this number).
    std::uint32_t segmentOf(std::uint32_t block) const { return blocks_[block].segment; }
    // Gives `block` to tensor `buffer`, splitting off what it does not need. Returns the block's
    // size, which memory_allocated grows by.
    std::uint64_t allocate(std::uint32_t buffer, std::uint32_t block, std::uint64_t bytes);
    bool holds(std::uint32_t buffer) const { return tensors_[buffer] != kNone; }
    std::uint32_t streamOf(std::uint32_t buffer) const;
    std::uint64_t sizeOf(std::uint32_t buffer) const;
    // Tensor.record_stream(stream): false when `stream` is the allocation stream (nothing to do).
    bool recordStream(std::uint32_t buffer, std::uint32_t stream);
    // The tensor dies. Returns the other streams that used it; the engine marks where each one
    // stands and passes the marks to holdUntil(). Empty: the block is back in the cache now.
    std::vector<std::uint32_t> free(std::uint32_t buffer);
    void holdUntil(std::uint32_t block, std::vector<Use> uses);
    std::uint32_t lastFreedBlock() const { return last_freed_; }
    // The allocator's process_events(): blocks whose uses every stream has reached return to the
    // cache. Returns how many did.
    std::size_t processHeld(const Reached& reached);
    // Every use still held, for empty_cache to wait for.
    std::vector<Use> heldUses() const;
    // Blocks still held by uses (before empty_cache waited for them).
    std::size_t heldCount() const { return held_.size(); }
    // Releases every segment that is wholly free; returns their sizes, in address order, and
    // appends their numbers (segmentOf) to `segments` when given.
    std::vector<std::uint64_t> releaseFreeSegments(std::vector<std::uint32_t>* segments = nullptr);

    std::uint64_t allocated() const { return allocated_; }
    std::uint64_t reserved() const { return reserved_; }

private:
    struct Block {
        std::uint32_t segment = kNone;
        std::uint64_t address = 0;  // segment base + offset: the tie-break PyTorch uses
        std::uint64_t size = 0;
        std::uint32_t stream = kNone;
        bool small = false;
        bool allocated = false;
        bool live = true;
        std::uint32_t prev = kNone, next = kNone;  // neighbours in the segment
        std::vector<std::uint32_t> uses;           // record_stream streams while allocated
    };
    struct Segment {
        std::uint64_t bytes = 0;
        std::uint32_t head = kNone;
        bool live = true;
    };
    struct Held {
        std::uint32_t block = kNone;
        std::vector<Use> uses;
    };
    using Key = std::tuple<bool, std::uint32_t, std::uint64_t, std::uint64_t, std::uint32_t>;

    Key keyOf(std::uint32_t block) const;
    std::uint32_t newBlock(Block block);
    void cache(std::uint32_t block);
    void mergeInto(std::uint32_t block, std::uint32_t other);

    std::vector<Block> blocks_;
    std::vector<std::uint32_t> dead_blocks_;
    std::vector<Segment> segments_;
    std::set<Key> free_;  // (small, stream, size, address, block)
    std::vector<Held> held_;
    std::vector<std::uint32_t> tensors_;  // buffer -> its block, or kNone
    std::uint64_t next_address_ = 0;
    std::uint64_t allocated_ = 0;
    std::uint64_t reserved_ = 0;
    std::uint32_t last_freed_ = kNone;
};

}  // namespace syncscope
