#include "core/io/gzip_byte_source.h"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <string>

#include "core/model/byte_format.h"

namespace syncscope {

struct GzipByteSource::State {
    z_stream zs{};
    bool open = false;
    bool done = false;
    std::string in;
    std::uint64_t consumed = 0;  // compressed bytes handed to zlib and used
    std::uint64_t produced = 0;
};

GzipByteSource::GzipByteSource(ByteSource& compressed, std::uint64_t max_bytes,
                               std::uint64_t size_hint)
    : inner_(compressed),
      state_(std::make_unique<State>()),
      max_bytes_(max_bytes),
      size_hint_(std::min(size_hint, max_bytes)) {
    state_->in.resize(1 << 16);
    if (inflateInit2(&state_->zs, 15 + 16) != Z_OK)  // max window, gzip wrapper
        error_ = "cannot start gzip decompression";
    else
        state_->open = true;
}

GzipByteSource::~GzipByteSource() {
    if (state_->open)
        inflateEnd(&state_->zs);
}

// Hands zlib the next chunk of compressed input; false at its end.
bool GzipByteSource::refill() {
    auto& s = *state_;
    const std::size_t got = inner_.read(s.in.data(), s.in.size());
    if (got == 0)
        return false;
    s.zs.next_in = reinterpret_cast<Bytef*>(s.in.data());
    s.zs.avail_in = static_cast<uInt>(got);
    return true;
}

std::size_t GzipByteSource::read(char* dst, std::size_t n) {
    auto& s = *state_;
    if (!s.open || s.done || !error_.empty())
        return 0;
    n = std::min<std::size_t>(n, std::numeric_limits<uInt>::max());
    s.zs.next_out = reinterpret_cast<Bytef*>(dst);
    s.zs.avail_out = static_cast<uInt>(n);
    while (s.zs.avail_out > 0) {
        if (s.zs.avail_in == 0 && !refill()) {
            error_ = !inner_.error().empty() ? inner_.error()
                                             : "the gzip data ends too early (at compressed byte " +
                                                   std::to_string(s.consumed) + ")";
            break;
        }
        const uInt before_in = s.zs.avail_in;
        const int rc = inflate(&s.zs, Z_NO_FLUSH);
        s.consumed += before_in - s.zs.avail_in;
        if (rc == Z_STREAM_END) {
            // Another member may follow; trailing zero bytes are tolerated.
            while (s.zs.avail_in > 0 && *s.zs.next_in == 0) {
                ++s.zs.next_in;
                --s.zs.avail_in;
                ++s.consumed;
            }
            if (s.zs.avail_in == 0 && !refill()) {
                s.done = inner_.error().empty();
                error_ = inner_.error();
                break;
            }
            inflateReset(&s.zs);
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            error_ = "the gzip data is damaged at compressed byte " + std::to_string(s.consumed) +
                     " (" + (s.zs.msg != nullptr ? s.zs.msg : "inflate failed") + ")";
            break;
        }
        if (rc == Z_BUF_ERROR && s.zs.avail_in > 0) {
            error_ = "the gzip data is damaged at compressed byte " + std::to_string(s.consumed);
            break;
        }
    }
    const std::size_t out = n - s.zs.avail_out;
    s.produced += out;
    if (s.produced > max_bytes_) {
        error_ = "the decompressed data is larger than " + formatBytesExact(max_bytes_);
        return 0;
    }
    return out;
}

}  // namespace syncscope
