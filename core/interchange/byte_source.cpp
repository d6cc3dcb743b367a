#include "core/interchange/byte_source.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

namespace syncscope {

std::size_t MemoryByteSource::read(char* dst, std::size_t n) {
    const std::size_t count = std::min(n, bytes_.size() - pos_);
    std::memcpy(dst, bytes_.data() + pos_, count);
    pos_ += count;
    return count;
}

double MemoryByteSource::progress() const {
    return bytes_.empty() ? 1.0 : static_cast<double>(pos_) / static_cast<double>(bytes_.size());
}

FileByteSource::FileByteSource(const std::string& path) : file_(std::fopen(path.c_str(), "rb")) {
    if (file_ == nullptr) {
        error_ = "cannot open: " + std::string(std::strerror(errno));
        return;
    }
    if (std::fseek(file_, 0, SEEK_END) == 0) {
        const long size = std::ftell(file_);
        size_ = size > 0 ? static_cast<std::uint64_t>(size) : 0;
        std::fseek(file_, 0, SEEK_SET);
    }
}

FileByteSource::~FileByteSource() {
    if (file_ != nullptr)
        std::fclose(file_);
}

std::size_t FileByteSource::read(char* dst, std::size_t n) {
    if (file_ == nullptr)
        return 0;
    const std::size_t got = std::fread(dst, 1, n, file_);
    pos_ += got;
    if (got < n && std::ferror(file_) && error_.empty())
        error_ = "cannot read: " + std::string(std::strerror(errno));
    return got;
}

double FileByteSource::progress() const {
    return size_ == 0 ? 1.0 : std::min(1.0, static_cast<double>(pos_) / static_cast<double>(size_));
}

struct GzipByteSource::State {
    z_stream zs{};
    bool open = false;
    bool done = false;
    std::string in;
    std::uint64_t consumed = 0;  // compressed bytes handed to zlib and used
    std::uint64_t produced = 0;
};

GzipByteSource::GzipByteSource(ByteSource& compressed, std::uint64_t max_bytes)
    : inner_(compressed), state_(std::make_unique<State>()), max_bytes_(max_bytes) {
    state_->in.resize(1 << 16);
    if (inflateInit2(&state_->zs, 15 + 16) != Z_OK)
        error_ = "cannot initialise zlib";
    else
        state_->open = true;
}

GzipByteSource::~GzipByteSource() {
    if (state_->open)
        inflateEnd(&state_->zs);
}

std::size_t GzipByteSource::read(char* dst, std::size_t n) {
    auto& s = *state_;
    if (!s.open || s.done || !error_.empty())
        return 0;
    n = std::min<std::size_t>(n, std::numeric_limits<uInt>::max());
    s.zs.next_out = reinterpret_cast<Bytef*>(dst);
    s.zs.avail_out = static_cast<uInt>(n);
    while (s.zs.avail_out > 0) {
        if (s.zs.avail_in == 0) {
            const std::size_t got = inner_.read(s.in.data(), s.in.size());
            if (got == 0) {
                error_ = !inner_.error().empty() ? inner_.error()
                                                 : "truncated gzip data (ends at compressed byte " +
                                                       std::to_string(s.consumed) + ")";
                break;
            }
            s.zs.next_in = reinterpret_cast<Bytef*>(s.in.data());
            s.zs.avail_in = static_cast<uInt>(got);
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
            if (s.zs.avail_in == 0) {
                const std::size_t got = inner_.read(s.in.data(), s.in.size());
                if (got == 0) {
                    s.done = true;
                    break;
                }
                s.zs.next_in = reinterpret_cast<Bytef*>(s.in.data());
                s.zs.avail_in = static_cast<uInt>(got);
            }
            inflateReset(&s.zs);
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            error_ = "bad gzip data at compressed byte " + std::to_string(s.consumed) + ": " +
                     (s.zs.msg != nullptr ? s.zs.msg : "inflate failed");
            break;
        }
        if (rc == Z_BUF_ERROR && s.zs.avail_in > 0) {
            error_ = "bad gzip data at compressed byte " + std::to_string(s.consumed);
            break;
        }
    }
    const std::size_t out = n - s.zs.avail_out;
    s.produced += out;
    if (s.produced > max_bytes_ && error_.empty()) {
        error_ = "inflates to more than " + std::to_string(max_bytes_) + " bytes";
        return 0;
    }
    // On error, the caller sees 0 bytes at the next read and then the error.
    return error_.empty() ? out : 0;
}

}  // namespace syncscope
