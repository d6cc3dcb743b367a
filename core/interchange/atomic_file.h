#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace syncscope {

// Writes a file so readers never see half of it: the bytes go to a temporary file beside the
// target, which replaces the target only when commit() succeeds. Destroying an uncommitted
// AtomicFile removes the temporary file. Buffered; not thread-safe.
class AtomicFile {
public:
    explicit AtomicFile(std::string target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    bool isOpen() const { return file_ != nullptr; }
    void write(std::string_view bytes);
    // Flushes, closes and renames over the target. False (with error()) if anything failed since
    // open.
    bool commit();
    const std::string& error() const { return error_; }

private:
    void flushBuffer();
    void abandon();

    std::string target_;
    std::string temp_;
    std::FILE* file_ = nullptr;
    std::string buffer_;
    std::string error_;
};

}  // namespace syncscope
