#include "core/io/read_ahead_byte_source.h"

#include <algorithm>
#include <cstring>
#include <system_error>

namespace syncscope {

ReadAheadByteSource::ReadAheadByteSource(ByteSource& inner)
    : inner_(inner), hint_(inner.sizeHint()), chunks_(kChunks) {
    for (Chunk& chunk : chunks_)
        chunk.data.resize(kChunkBytes);
    try {
        thread_ = std::thread([this] { fill(); });
    } catch (const std::system_error&) {
        direct_ = true;
    }
}

ReadAheadByteSource::~ReadAheadByteSource() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable())
        thread_.join();
}

void ReadAheadByteSource::fill() {
    std::size_t tail = 0;  // the chunk to fill next
    while (true) {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [this] { return stop_ || filled_ < kChunks; });
            if (stop_)
                return;
        }
        // The chunk at `tail` is not the reader's until it is counted in filled_: no lock here.
        Chunk& chunk = chunks_[tail];
        std::size_t got = 0;
        std::string error;
        try {
            got = inner_.read(chunk.data.data(), chunk.data.size());
            if (got == 0)
                error = inner_.error();
        } catch (const std::exception& e) {
            got = 0;
            error = std::string("reading ahead failed: ") + e.what();
        }
        progress_.store(inner_.progress(), std::memory_order_relaxed);
        {
            std::lock_guard lock(mutex_);
            if (got == 0) {
                ended_ = true;
                inner_error_ = std::move(error);
            } else {
                chunk.size = got;
                ++filled_;
            }
        }
        changed_.notify_all();
        if (got == 0)
            return;
        tail = (tail + 1) % kChunks;
    }
}

std::size_t ReadAheadByteSource::read(char* dst, std::size_t n) {
    if (direct_)
        return inner_.read(dst, n);
    if (n == 0)
        return 0;
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return filled_ > 0 || ended_; });
        if (filled_ == 0) {
            error_ = inner_error_;
            return 0;
        }
    }
    // The head chunk stays the reader's while it is counted: copied without the lock.
    Chunk& chunk = chunks_[head_];
    const std::size_t k = std::min(n, chunk.size - offset_);
    std::memcpy(dst, chunk.data.data() + offset_, k);
    offset_ += k;
    if (offset_ == chunk.size) {
        offset_ = 0;
        head_ = (head_ + 1) % kChunks;
        {
            std::lock_guard lock(mutex_);
            --filled_;
        }
        changed_.notify_all();
    }
    return k;
}

const std::string& ReadAheadByteSource::error() const {
    return direct_ ? inner_.error() : error_;
}

double ReadAheadByteSource::progress() const {
    return direct_ ? inner_.progress() : progress_.load(std::memory_order_relaxed);
}

}  // namespace syncscope
