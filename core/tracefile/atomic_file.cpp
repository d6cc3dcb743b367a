#include "core/tracefile/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/tracefile/atomic_file_writer.h"

namespace syncscope {

namespace {

std::string describe(const std::string& what, const std::string& path, int err) {
    return what + " '" + path + "': " + std::strerror(err);
}

}  // namespace

bool AtomicFile::write(const std::string& path, std::string_view data, std::string& error) {
    AtomicFileWriter file(path);
    if (!file.isOpen()) {
        error = file.error();
        return false;
    }
    file.write(data);
    if (!file.commit()) {
        error = file.error();
        return false;
    }
    return true;
}

bool AtomicFile::read(const std::string& path, std::string& data, std::string& error) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = describe("cannot open", path, errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        error = "cannot read '" + path + "': it is a directory";
        return false;
    }
    data.clear();
    if (st.st_size > 0)
        data.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = describe("cannot read", path, errno);
            ::close(fd);
            return false;
        }
        data.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return true;
}

}  // namespace syncscope
