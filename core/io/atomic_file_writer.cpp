#include "core/io/atomic_file_writer.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/io/temp_file.h"

namespace syncscope {

namespace {

constexpr std::size_t kBufferSize = 1 << 20;

AtomicFileWriter::WriteFunction g_write = &::write;

}  // namespace

AtomicFileWriter::AtomicFileWriter(std::string target) {
    target_ = OutputTarget::resolve(target, error_);
    if (!target_)
        return;
    TempFile::removeStale(*target_);
    temp_ = std::make_unique<TempFile>(*target_);
    if (!temp_->isOpen()) {
        error_ = temp_->error();
        temp_.reset();
        return;
    }
    buffer_.reserve(kBufferSize);
}

AtomicFileWriter::~AtomicFileWriter() = default;

bool AtomicFileWriter::isOpen() const {
    return temp_ != nullptr;
}

AtomicFileWriter::WriteFunction AtomicFileWriter::setWriteFunctionForTesting(WriteFunction write) {
    const WriteFunction previous = g_write;
    g_write = write != nullptr ? write : &::write;
    return previous;
}

void AtomicFileWriter::writeAll(const char* data, std::size_t size) {
    while (size > 0 && error_.empty()) {
        const ssize_t n = g_write(temp_->fd(), data, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error_ = "cannot write '" + target_->requested() + "': " + std::strerror(errno);
            return;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}

void AtomicFileWriter::flushBuffer() {
    if (!buffer_.empty())
        writeAll(buffer_.data(), buffer_.size());
    buffer_.clear();
}

void AtomicFileWriter::write(std::string_view bytes) {
    if (!temp_ || !error_.empty())
        return;
    if (buffer_.size() + bytes.size() > kBufferSize)
        flushBuffer();
    if (bytes.size() > kBufferSize)
        writeAll(bytes.data(), bytes.size());
    else
        buffer_.append(bytes);
}

bool AtomicFileWriter::commit() {
    if (!temp_)
        return false;
    flushBuffer();
    bool ok = error_.empty();
    if (ok && !temp_->commitTo(*target_)) {
        error_ = temp_->error();
        ok = false;
    }
    temp_.reset();  // an uncommitted temporary file goes with it
    return ok;
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
