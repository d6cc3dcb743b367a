#pragma once

#include <cstdint>
#include <string>

namespace syncscope {

// The one way a file a user names is opened for reading (a trace, a scenario, a course): without
// blocking on a FIFO that has no writer, and only when it is a regular file. A pipe cannot be read
// twice (sniffed, then read), and a device such as /dev/zero may never end. The check is made on
// the open descriptor, so the file checked is the file read.
class RegularFile {
public:
    static RegularFile open(const std::string& path);

    RegularFile(RegularFile&& other) noexcept;
    RegularFile& operator=(RegularFile&& other) noexcept;
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;
    ~RegularFile();

    bool ok() const { return fd_ >= 0; }
    int fd() const { return fd_; }
    std::uint64_t size() const { return size_; }
    // When not ok: "<path>: no such file", "<path>: is a directory", "<path>: is a pipe (FIFO),
    // not a regular file; save the data to a file and open that (...)", "<path>: cannot open: ...".
    std::string error() const { return path_ + ": " + reason_; }
    // The same without the path, for callers that name the file themselves: "no such file".
    const std::string& reason() const { return reason_; }

    // Reads the whole file into `data`; refuses one of more than `max_bytes` (checked as it is
    // read, not only by its size, which a file being appended to outgrows) with
    // "<path>: larger than <what>". `what` names the limit, e.g. "512 MiB; not a scenario".
    bool readAll(std::string& data, std::uint64_t max_bytes, const std::string& what);

private:
    RegularFile() = default;

    int fd_ = -1;
    std::uint64_t size_ = 0;
    std::string path_;
    std::string reason_;
};

}  // namespace syncscope
