#pragma once

#include <sys/types.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/io/output_target.h"

namespace syncscope {

class TempFile;

// The one way syncscope writes a file, streamed (AtomicFile::write wraps it for data already in
// memory). Readers see the old file or the complete new one, never half of one: the bytes go to a
// TempFile beside the target, which replaces the target only when commit() succeeds, after every
// write, fsync and close reported success. On any failure (a full disk: ENOSPC) the old file stays
// as it was and error() names the target and the system's reason. Only regular files are
// replaced; see OutputTarget for symlinks, FIFOs and devices. Buffered; not thread-safe.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(std::string target);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    bool isOpen() const;
    // After the first failure further bytes are dropped: commit() reports the failure.
    void write(std::string_view bytes);
    // Flushes, syncs, closes and renames over the target. False (with error()) if anything failed
    // since open.
    bool commit();
    const std::string& error() const { return error_; }

    using Sink = std::function<void(std::string_view)>;
    // Opens `path`, lets `produce` stream into it, commits. Returns "" or the error.
    static std::string writeStreamed(const std::string& path,
                                     const std::function<void(const Sink&)>& produce);

    // Test seam: the system call that stores bytes, so tests can make the disk "full" without a
    // full disk. Returns the previous function.
    using WriteFunction = ssize_t (*)(int fd, const void* data, std::size_t size);
    static WriteFunction setWriteFunctionForTesting(WriteFunction write);

private:
    void flushBuffer();
    void writeAll(const char* data, std::size_t size);

    std::optional<OutputTarget> target_;
    std::unique_ptr<TempFile> temp_;
    std::string buffer_;
    std::string error_;
};

}  // namespace syncscope
