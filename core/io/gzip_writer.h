#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace syncscope {

// gzip (RFC 1952) compression as the bytes come: what is written is deflated and handed to the
// sink in pieces of at most kOutChunk bytes, so a large file is compressed without holding
// either its text or its compressed form whole. The same stream (level 6, default strategy)
// whether the input arrives at once (Gzip::compress) or in pieces: the bytes do not depend on how
// the input was split.
class GzipWriter {
public:
    using Sink = std::function<void(std::string_view)>;
    static constexpr std::size_t kOutChunk = std::size_t{1} << 18;

    explicit GzipWriter(Sink sink);
    ~GzipWriter();
    GzipWriter(const GzipWriter&) = delete;
    GzipWriter& operator=(const GzipWriter&) = delete;

    // After the first failure further bytes are dropped: finish() reports it.
    void write(std::string_view bytes);
    // Ends the stream (the gzip trailer). False, with error(), if compression failed.
    bool finish();
    const std::string& error() const { return error_; }

private:
    struct State;
    void deflateSome(const char* data, std::size_t size, int flush);

    Sink sink_;
    std::unique_ptr<State> state_;
    std::string error_;
    bool finished_ = false;
};

}  // namespace syncscope
