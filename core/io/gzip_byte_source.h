#pragma once

#include <cstdint>
#include <memory>

#include "core/io/byte_source.h"

namespace syncscope {

// The one gzip reader: inflates gzip data (all members, as gzip -d does; trailing zero bytes are
// tolerated) from another source as it is read. Every gzip input (native traces, Kineto
// .json.gz, the input probe) goes through it, so all of them share one size limit and one way of
// saying what is wrong and at which compressed byte.
class GzipByteSource final : public ByteSource {
public:
    // The zip-bomb guard: no gzip input may inflate to more than this. Large enough for the
    // biggest real profiler traces (several GiB of JSON), small enough that a few KiB of hostile
    // input cannot make a reader run for minutes.
    static constexpr std::uint64_t kMaxInflatedBytes = std::uint64_t{16} << 30;

    // `size_hint`: what the data will inflate to, when the caller knows it up front
    // (Gzip::inflatedSizeHint); only sizeHint() returns it.
    explicit GzipByteSource(ByteSource& compressed, std::uint64_t max_bytes = kMaxInflatedBytes,
                            std::uint64_t size_hint = 0);
    ~GzipByteSource() override;
    GzipByteSource(const GzipByteSource&) = delete;
    GzipByteSource& operator=(const GzipByteSource&) = delete;
    // Bytes inflated before damage is found are still returned (a caller that only wants the
    // start, like the input probe, can use them); the next read then returns 0 and error() says
    // what is wrong and at which compressed byte. Output past the limit is never returned.
    std::size_t read(char* dst, std::size_t n) override;
    double progress() const override { return inner_.progress(); }
    std::uint64_t sizeHint() const override { return size_hint_; }

private:
    struct State;
    bool refill();
    ByteSource& inner_;
    std::unique_ptr<State> state_;
    std::uint64_t max_bytes_;
    std::uint64_t size_hint_;
};

}  // namespace syncscope
