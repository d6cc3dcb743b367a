#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/io/byte_source.h"

namespace syncscope {

// Reads another source on a thread of its own, a few chunks ahead of its reader. It is meant for
// a source whose reads cost CPU (GzipByteSource inflating), so that inflating and the reader's
// own work (splitting and parsing JSON) run on two cores. Before, a .json.gz import inflated on
// the splitter's thread, the busier of the import's two (issue 14: gz first paint).
//
// What the reader gets is the inner source's, in the same order: its bytes, then its end, then
// its error. When no thread can be started, it reads the inner source directly. Memory:
// kChunks × kChunkBytes.
class ReadAheadByteSource final : public ByteSource {
public:
    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
    static constexpr std::size_t kChunks = 4;

    explicit ReadAheadByteSource(ByteSource& inner);
    // Stops the thread and waits for it (at most the inner read under way).
    ~ReadAheadByteSource() override;
    ReadAheadByteSource(const ReadAheadByteSource&) = delete;
    ReadAheadByteSource& operator=(const ReadAheadByteSource&) = delete;

    std::size_t read(char* dst, std::size_t n) override;
    const std::string& error() const override;
    double progress() const override;
    std::uint64_t sizeHint() const override { return hint_; }

private:
    void fill();  // the thread's loop

    struct Chunk {
        std::vector<char> data;
        std::size_t size = 0;
    };
    ByteSource& inner_;
    const std::uint64_t hint_;
    std::vector<Chunk> chunks_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t head_ = 0;    // the chunk the reader takes from next
    std::size_t offset_ = 0;  // how much of it the reader has taken
    std::size_t filled_ = 0;  // chunks filled and not yet taken whole
    bool ended_ = false;      // the inner source returned 0: its error is in inner_error_
    bool stop_ = false;       // the reader is gone
    std::string inner_error_;
    std::atomic<double> progress_{0.0};
    bool direct_ = false;  // no thread: read the inner source here
    std::thread thread_;
};

}  // namespace syncscope
