#include "core/engine/caching_allocator.h"

#include <algorithm>

namespace syncscope {

std::uint64_t CachingAllocator::roundSize(std::uint64_t bytes) {
    if (bytes < kMinBlockSize)
        return kMinBlockSize;
    return kMinBlockSize * ((bytes + kMinBlockSize - 1) / kMinBlockSize);
}

std::uint64_t CachingAllocator::segmentSize(std::uint64_t rounded) {
    if (rounded <= kSmallSize)
        return kSmallBuffer;
    if (rounded < kMinLargeAlloc)
        return kLargeBuffer;
    return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

CachingAllocator::Key CachingAllocator::keyOf(std::uint32_t block) const {
    const Block& b = blocks_[block];
    return {b.small, b.stream, b.size, b.address, block};
}

std::uint32_t CachingAllocator::findCached(std::uint64_t bytes, std::uint32_t stream) const {
    const std::uint64_t rounded = roundSize(bytes);
    const bool small = isSmall(rounded);
    const auto it = free_.lower_bound({small, stream, rounded, 0, 0});
    if (it == free_.end() || std::get<0>(*it) != small || std::get<1>(*it) != stream)
        return kNone;
    return std::get<4>(*it);
}

std::uint32_t CachingAllocator::newBlock(Block block) {
    if (!dead_blocks_.empty()) {
        const std::uint32_t index = dead_blocks_.back();
        dead_blocks_.pop_back();
        blocks_[index] = std::move(block);
        return index;
    }
    blocks_.push_back(std::move(block));
    return static_cast<std::uint32_t>(blocks_.size() - 1);
}

std::uint32_t CachingAllocator::addSegment(std::uint64_t segment_bytes, std::uint64_t bytes,
                                           std::uint32_t stream) {
    Block block;
    block.segment = static_cast<std::uint32_t>(segments_.size());
    block.address = next_address_;
    block.size = segment_bytes;
    block.stream = stream;
    block.small = isSmall(roundSize(bytes));
    next_address_ += segment_bytes;
    const std::uint32_t index = newBlock(std::move(block));
    segments_.push_back({segment_bytes, index, true});
    reserved_ += segment_bytes;
    free_.insert(keyOf(index));
    return index;
}

std::uint64_t CachingAllocator::allocate(std::uint32_t buffer, std::uint32_t block,
                                         std::uint64_t bytes) {
    const std::uint64_t rounded = roundSize(bytes);
    free_.erase(keyOf(block));
    Block& b = blocks_[block];
    const std::uint64_t rest = b.size - rounded;
    // PyTorch's should_split(): a small block splits when the rest can hold a block, a large
    // one only when the rest is itself a large allocation.
    if (b.small ? rest >= kMinBlockSize : rest > kSmallSize) {
        Block tail;
        tail.segment = b.segment;
        tail.address = b.address + rounded;
        tail.size = rest;
        tail.stream = b.stream;
        tail.small = b.small;
        tail.prev = block;
        tail.next = b.next;
        const std::uint32_t t = newBlock(std::move(tail));
        Block& head = blocks_[block];  // newBlock may have moved the vector
        if (head.next != kNone)
            blocks_[head.next].prev = t;
        head.next = t;
        head.size = rounded;
        free_.insert(keyOf(t));
    }
    Block& taken = blocks_[block];
    taken.allocated = true;
    taken.uses.clear();
    tensors_[buffer] = block;
    allocated_ += taken.size;
    return taken.size;
}

std::uint32_t CachingAllocator::streamOf(std::uint32_t buffer) const {
    return tensors_[buffer] == kNone ? kNone : blocks_[tensors_[buffer]].stream;
}

std::uint64_t CachingAllocator::sizeOf(std::uint32_t buffer) const {
    return tensors_[buffer] == kNone ? 0 : blocks_[tensors_[buffer]].size;
}

bool CachingAllocator::recordStream(std::uint32_t buffer, std::uint32_t stream) {
    Block& b = blocks_[tensors_[buffer]];
    if (stream == b.stream || std::find(b.uses.begin(), b.uses.end(), stream) != b.uses.end())
        return false;
    b.uses.push_back(stream);
    return true;
}

std::vector<std::uint32_t> CachingAllocator::free(std::uint32_t buffer) {
    const std::uint32_t block = tensors_[buffer];
    tensors_[buffer] = kNone;
    Block& b = blocks_[block];
    b.allocated = false;
    allocated_ -= b.size;  // at once, even while other streams still use it
    last_freed_ = block;
    std::vector<std::uint32_t> uses = std::move(b.uses);
    b.uses.clear();
    if (uses.empty())
        cache(block);
    return uses;
}

void CachingAllocator::holdUntil(std::uint32_t block, std::vector<Use> uses) {
    if (uses.empty()) {
        cache(block);
        return;
    }
    held_.push_back({block, std::move(uses)});
}

std::size_t CachingAllocator::processHeld(const Reached& reached) {
    std::size_t returned = 0;
    for (std::size_t i = 0; i < held_.size();) {
        Held& h = held_[i];
        h.uses.erase(std::remove_if(h.uses.begin(), h.uses.end(), reached), h.uses.end());
        if (!h.uses.empty()) {
            ++i;
            continue;
        }
        const std::uint32_t block = h.block;
        held_.erase(held_.begin() + static_cast<std::ptrdiff_t>(i));
        cache(block);
        ++returned;
    }
    return returned;
}

std::vector<CachingAllocator::Use> CachingAllocator::heldUses() const {
    std::vector<Use> all;
    for (const Held& h : held_)
        all.insert(all.end(), h.uses.begin(), h.uses.end());
    return all;
}

// free_block(): back to the free set, merged with free neighbours (held or allocated ones stay).
void CachingAllocator::cache(std::uint32_t block) {
    const std::uint32_t prev = blocks_[block].prev;
    if (prev != kNone && free_.count(keyOf(prev)) != 0) {
        free_.erase(keyOf(prev));
        mergeInto(prev, block);
        block = prev;
    }
    const std::uint32_t next = blocks_[block].next;
    if (next != kNone && free_.count(keyOf(next)) != 0) {
        free_.erase(keyOf(next));
        mergeInto(block, next);
    }
    free_.insert(keyOf(block));
}

// `other` follows `block` in its segment; `block` absorbs it.
void CachingAllocator::mergeInto(std::uint32_t block, std::uint32_t other) {
    Block& b = blocks_[block];
    Block& o = blocks_[other];
    b.size += o.size;
    b.next = o.next;
    if (o.next != kNone)
        blocks_[o.next].prev = block;
    o.live = false;
    dead_blocks_.push_back(other);
}

std::vector<std::uint64_t> CachingAllocator::releaseFreeSegments(
    std::vector<std::uint32_t>* segments) {
    std::vector<std::uint64_t> released;
    for (Segment& s : segments_) {
        if (!s.live)
            continue;
        const Block& head = blocks_[s.head];
        if (head.next != kNone || free_.count(keyOf(s.head)) == 0)
            continue;  // split, or in use, or held
        free_.erase(keyOf(s.head));
        blocks_[s.head].live = false;
        dead_blocks_.push_back(s.head);
        s.live = false;
        reserved_ -= s.bytes;
        released.push_back(s.bytes);
        if (segments != nullptr)
            segments->push_back(static_cast<std::uint32_t>(&s - segments_.data()));
    }
    return released;
}

}  // namespace syncscope
