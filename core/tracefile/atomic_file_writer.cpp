#include "core/tracefile/atomic_file_writer.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace syncscope {

namespace {
constexpr std::size_t kBufferSize = 1 << 20;
}

AtomicFileWriter::AtomicFileWriter(std::string target) : target_(std::move(target)) {
    std::vector<char> name(target_.begin(), target_.end());
    const char suffix[] = ".tmp-XXXXXX";
    name.insert(name.end(), suffix, suffix + sizeof(suffix));
    const int fd = ::mkstemp(name.data());
    if (fd < 0) {
        error_ = "cannot create a temporary file beside " + target_ + ": " + std::strerror(errno);
        return;
    }
    temp_ = name.data();
    file_ = ::fdopen(fd, "wb");
    if (file_ == nullptr) {
        error_ = "cannot open " + temp_ + ": " + std::strerror(errno);
        ::close(fd);
        ::unlink(temp_.c_str());
        return;
    }
    buffer_.reserve(kBufferSize);
}

AtomicFileWriter::~AtomicFileWriter() {
    abandon();
}

void AtomicFileWriter::abandon() {
    if (file_ != nullptr) {
        std::fclose(file_);
        file_ = nullptr;
        ::unlink(temp_.c_str());
    }
}

void AtomicFileWriter::flushBuffer() {
    if (file_ == nullptr || buffer_.empty())
        return;
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size() && error_.empty())
        error_ = "cannot write " + temp_ + ": " + std::strerror(errno);
    buffer_.clear();
}

void AtomicFileWriter::write(std::string_view bytes) {
    if (file_ == nullptr)
        return;
    if (buffer_.size() + bytes.size() > kBufferSize)
        flushBuffer();
    if (bytes.size() > kBufferSize) {
        if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() && error_.empty())
            error_ = "cannot write " + temp_ + ": " + std::strerror(errno);
        return;
    }
    buffer_.append(bytes);
}

bool AtomicFileWriter::commit() {
    if (file_ == nullptr)
        return false;
    flushBuffer();
    if (std::fflush(file_) != 0 && error_.empty())
        error_ = "cannot write " + temp_ + ": " + std::strerror(errno);
    if (error_.empty() && ::fsync(::fileno(file_)) != 0)
        error_ = "cannot sync " + temp_ + ": " + std::strerror(errno);
    if (std::fclose(file_) != 0 && error_.empty())
        error_ = "cannot close " + temp_ + ": " + std::strerror(errno);
    file_ = nullptr;
    if (error_.empty() && std::rename(temp_.c_str(), target_.c_str()) != 0)
        error_ = "cannot replace " + target_ + ": " + std::strerror(errno);
    if (!error_.empty()) {
        ::unlink(temp_.c_str());
        return false;
    }
    return true;
}

std::string AtomicFileWriter::writeStreamed(const std::string& path,
                                            const std::function<void(const Sink&)>& produce) {
    AtomicFileWriter file(path);
    if (!file.isOpen())
        return file.error();
    produce([&](std::string_view chunk) { file.write(chunk); });
    if (!file.commit())
        return file.error();
    return {};
}

}  // namespace syncscope
