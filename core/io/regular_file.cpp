#include "core/io/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace syncscope {

namespace {

std::string notRegular(mode_t mode) {
    if (S_ISDIR(mode))
        return "is a directory";
    const char* what = S_ISFIFO(mode)   ? "a pipe (FIFO)"
                       : S_ISCHR(mode)  ? "a character device"
                       : S_ISBLK(mode)  ? "a block device"
                       : S_ISSOCK(mode) ? "a socket"
                                        : "not a plain file";
    return std::string("is ") + what +
           ", not a regular file; save the data to a file and open that (process substitution "
           "such as <(cat trace.json) gives a pipe)";
}

}  // namespace

RegularFile RegularFile::open(const std::string& path) {
    RegularFile file;
    file.path_ = path;
    // O_NONBLOCK: opening a FIFO without a writer must not wait. Regular files ignore it.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        file.reason_ = err == ENOENT ? std::string("no such file")
                                     : std::string("cannot open: ") + std::strerror(err);
        return file;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        file.reason_ = std::string("cannot open: ") + std::strerror(errno);
        ::close(fd);
        return file;
    }
    if (!S_ISREG(st.st_mode)) {
        file.reason_ = notRegular(st.st_mode);
        ::close(fd);
        return file;
    }
    file.fd_ = fd;
    file.size_ = static_cast<std::uint64_t>(st.st_size);
    return file;
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      size_(other.size_),
      path_(std::move(other.path_)),
      reason_(std::move(other.reason_)) {}

RegularFile& RegularFile::operator=(RegularFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0)
            ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        size_ = other.size_;
        path_ = std::move(other.path_);
        reason_ = std::move(other.reason_);
    }
    return *this;
}

RegularFile::~RegularFile() {
    if (fd_ >= 0)
        ::close(fd_);
}

bool RegularFile::readAll(std::string& data, std::uint64_t max_bytes, const std::string& what) {
    data.clear();
    if (!ok())
        return false;
    if (size_ > max_bytes) {
        reason_ = "larger than " + what;
        return false;
    }
    data.reserve(static_cast<std::size_t>(size_));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n == 0)
            return true;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            reason_ = std::string("cannot read: ") + std::strerror(errno);
            return false;
        }
        if (data.size() + static_cast<std::size_t>(n) > max_bytes) {
            reason_ = "larger than " + what;
            data.clear();
            return false;
        }
        data.append(buffer, static_cast<std::size_t>(n));
    }
}

}  // namespace syncscope
