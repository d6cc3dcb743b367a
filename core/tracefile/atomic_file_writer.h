#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace syncscope {

// Streams a file so readers never see half of it (AtomicFile::write does the same for data
// already in memory): the bytes go to a temporary file beside the
// target, which replaces the target only when commit() succeeds. Destroying an uncommitted
// AtomicFileWriter removes the temporary file. Buffered; not thread-safe.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(std::string target);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    bool isOpen() const { return file_ != nullptr; }
    void write(std::string_view bytes);
    // Flushes, closes and renames over the target. False (with error()) if anything failed since
    // open.
    bool commit();
    const std::string& error() const { return error_; }

    using Sink = std::function<void(std::string_view)>;
    // Opens `path`, lets `produce` stream into it, commits. Returns "" or the error.
    static std::string writeStreamed(const std::string& path, const std::function<void(const Sink&)>& produce);

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
