#pragma once

#include <string>

#include "core/io/output_target.h"

namespace syncscope {

// The temporary file an atomic write fills before it is renamed over its target: created beside
// the target (same file system, so the rename is atomic) as `.NAME.tmp-PID-RANDOM`, locked with
// flock() for as long as it is open, and registered with TempFileRegistry so SIGINT/SIGTERM remove
// it. Destroying a TempFile that was not renamed removes it.
//
// A writer killed with SIGKILL leaves its file behind; removeStale() deletes such leftovers on the
// next write to the same target. A leftover counts as stale only when both its named process is
// gone (kill(pid, 0) says ESRCH) and nobody holds its lock: the pid alone could name a process of
// another pid namespace or machine (NFS), the lock alone is not yet taken in the instant between
// creating a file and locking it.
class TempFile {
public:
    // New files get rw-r--r-- less the umask; a replaced file's mode (and, where permitted, its
    // owner and group) is kept.
    explicit TempFile(const OutputTarget& target);
    ~TempFile();
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    bool isOpen() const { return fd_ >= 0; }
    int fd() const { return fd_; }
    const std::string& path() const { return path_; }
    const std::string& error() const { return error_; }

    // fsync and close; then rename over the target and make the rename durable. False (with
    // error()) when anything failed; the temporary file is then removed.
    bool commitTo(const OutputTarget& target);

    // The name prefix of every temporary file for `target`.
    static std::string prefixFor(const OutputTarget& target);
    // Removes the temporary files for `target` that dead writers left behind. Returns how many.
    static int removeStale(const OutputTarget& target);

private:
    void discard();

    int fd_ = -1;
    int slot_ = -1;
    std::string path_;
    std::string error_;
};

}  // namespace syncscope
