#include "core/io/byte_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

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

}  // namespace syncscope
