#include "core/io/output_target.h"

#include <sys/stat.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace syncscope {

namespace {

// Why a file of this type is not replaced; empty for a regular file.
std::string refusal(mode_t mode) {
    if (S_ISREG(mode))
        return {};
    if (S_ISDIR(mode))
        return "it is a directory";
    if (S_ISFIFO(mode))
        return "it is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "it is a device, not a regular file";
    if (S_ISSOCK(mode))
        return "it is a socket, not a regular file";
    return "it is not a regular file";
}

std::string realPath(const std::string& path) {
    std::unique_ptr<char, decltype(&std::free)> resolved(::realpath(path.c_str(), nullptr),
                                                         &std::free);
    return resolved ? std::string(resolved.get()) : std::string();
}

}  // namespace

std::optional<OutputTarget> OutputTarget::resolve(const std::string& path, std::string& error) {
    if (path.empty()) {
        error = "no file name given";
        return std::nullopt;
    }
    OutputTarget target;
    target.requested_ = path;
    target.path_ = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            const std::string real = realPath(path);
            if (real.empty() || ::stat(real.c_str(), &st) != 0) {
                const int err = errno;
                error = "cannot write '" + path + "': it is a symlink to " +
                        (err == ENOENT
                             ? std::string("a file that does not exist")
                             : std::string("an unreachable file (") + std::strerror(err) + ")");
                return std::nullopt;
            }
            target.path_ = real;
        }
        if (const std::string why = refusal(st.st_mode); !why.empty()) {
            error = "cannot write '" + path + "': " + why;
            return std::nullopt;
        }
        target.exists_ = true;
        target.mode_ = st.st_mode & 07777;
        target.owner_ = st.st_uid;
        target.group_ = st.st_gid;
    } else if (errno != ENOENT) {
        error = "cannot write '" + path + "': " + std::strerror(errno);
        return std::nullopt;
    }
    const std::size_t slash = target.path_.rfind('/');
    if (slash == std::string::npos) {
        target.directory_ = ".";
        target.file_name_ = target.path_;
    } else {
        target.directory_ = slash == 0 ? "/" : target.path_.substr(0, slash);
        target.file_name_ = target.path_.substr(slash + 1);
    }
    if (target.file_name_.empty() || target.file_name_ == "." || target.file_name_ == "..") {
        error = "cannot write '" + path + "': it names a directory, not a file";
        return std::nullopt;
    }
    return target;
}

bool OutputTarget::stillReplaceable(std::string& error) const {
    struct stat st {};
    if (::lstat(path_.c_str(), &st) != 0 || S_ISLNK(st.st_mode))
        return true;  // gone or now a link: the rename replaces the entry, never a device
    if (const std::string why = refusal(st.st_mode); !why.empty()) {
        error = "cannot replace '" + requested_ + "': " + why;
        return false;
    }
    return true;
}

bool OutputTarget::sameFile(const std::string& a, const std::string& b) {
    struct stat sa {
    }, sb{};
    if (a.empty() || b.empty() || ::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::string OutputTarget::refuseInputs(const std::string& output,
                                       const std::vector<std::string>& inputs) {
    for (const std::string& input : inputs)
        if (sameFile(output, input))
            return "cannot write '" + output + "': it is the input file '" + input +
                   "' (writing it would destroy the input); choose another output";
    return {};
}

}  // namespace syncscope
