#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace syncscope {

// Where an output file really goes, checked before anything is written. Outputs only ever replace
// regular files: a FIFO, a device node (think `--out /dev/null` as root), a socket or a directory
// is refused, never swapped for a regular file. A symlink is written through: the file it points
// to is replaced atomically and the link stays a link (docs/trace-file-format.md, "Writing
// files").
class OutputTarget {
public:
    // nullopt and a sentence naming `path` when it must not be written.
    static std::optional<OutputTarget> resolve(const std::string& path, std::string& error);
    // True when both name one existing file (same device and inode), whatever the spelling or the
    // symlinks on the way.
    static bool sameFile(const std::string& a, const std::string& b);
    // An error naming both when `output` is one of `inputs` (writing it would destroy the input
    // before, or while, it is read); empty when none is.
    static std::string refuseInputs(const std::string& output,
                                    const std::vector<std::string>& inputs);

    const std::string& requested() const { return requested_; }
    // The file that is replaced: `requested` with its symlinks followed.
    const std::string& path() const { return path_; }
    const std::string& directory() const { return directory_; }
    const std::string& fileName() const { return file_name_; }
    bool exists() const { return exists_; }
    // The permission bits of the existing file, which the new one keeps.
    mode_t mode() const { return mode_; }
    uid_t owner() const { return owner_; }
    gid_t group() const { return group_; }

    // Before the rename: nobody put a FIFO or a device where the regular file was meanwhile.
    bool stillReplaceable(std::string& error) const;

private:
    std::string requested_;
    std::string path_;
    std::string directory_;
    std::string file_name_;
    bool exists_ = false;
    mode_t mode_ = 0;
    uid_t owner_ = 0;
    gid_t group_ = 0;
};

}  // namespace syncscope
