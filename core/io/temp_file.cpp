#include "core/io/temp_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <random>

#include "core/io/temp_file_registry.h"

namespace syncscope {

namespace {

constexpr std::size_t kRandomChars = 6;
// Room for ".", ".tmp-", a pid and the random part within NAME_MAX (255).
constexpr std::size_t kMaxNameInPrefix = 200;

std::string randomSuffix() {
    static const char kAlphabet[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 engine(std::random_device{}() ^
                                        (static_cast<std::uint64_t>(::getpid()) << 32));
    std::uniform_int_distribution<std::size_t> pick(0, sizeof(kAlphabet) - 2);
    std::string s(kRandomChars, 'x');
    for (char& c : s)
        c = kAlphabet[pick(engine)];
    return s;
}

// The pid in `rest` = "PID-RANDOM", or -1 when `rest` is not in that form.
pid_t ownerOf(const char* rest) {
    pid_t pid = 0;
    const char* p = rest;
    for (; *p >= '0' && *p <= '9'; ++p) {
        pid = pid * 10 + (*p - '0');
        if (pid > 1 << 30)
            return -1;
    }
    if (p == rest || *p != '-' || std::strlen(p + 1) != kRandomChars)
        return -1;
    return pid;
}

bool ownerIsGone(pid_t pid) {
    return pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH;
}

std::string describe(const std::string& what, const std::string& path, int err) {
    return what + " '" + path + "': " + std::strerror(err);
}

}  // namespace

std::string TempFile::prefixFor(const OutputTarget& target) {
    return "." + target.fileName().substr(0, kMaxNameInPrefix) + ".tmp-";
}

TempFile::TempFile(const OutputTarget& target) {
    const std::string base =
        target.directory() + "/" + prefixFor(target) + std::to_string(::getpid()) + "-";
    int err = 0;
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        path_ = base + randomSuffix();
        // Registered before it exists: a signal right after open() must find it. The name holds
        // our pid, so whatever the handler might unlink under it is ours.
        slot_ = TempFileRegistry::add(path_.c_str());
        fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        err = errno;
        if (fd_ < 0) {
            TempFileRegistry::remove(slot_);
            slot_ = -1;
            if (err != EEXIST)
                break;
        }
    }
    if (fd_ < 0) {
        error_ = describe("cannot create a temporary file beside", target.requested(), err);
        path_.clear();
        return;
    }
    // Nobody else can hold the lock of a file we just created; it tells removeStale() we live.
    ::flock(fd_, LOCK_EX | LOCK_NB);
    if (target.exists()) {
        // Keep who owns the file where we may (root, or the group for its owner); a plain user
        // replacing someone else's file becomes its owner, as with any editor's save.
        if (::fchown(fd_, target.owner(), target.group()) != 0)
            (void)::fchown(fd_, static_cast<uid_t>(-1), target.group());
        // After chown, which clears set-id bits.
        if (::fchmod(fd_, target.mode()) != 0) {
            error_ = describe("cannot set the permissions for", target.requested(), errno);
            discard();
        }
    }
}

TempFile::~TempFile() {
    discard();
}

void TempFile::discard() {
    if (fd_ >= 0)
        ::close(fd_);
    fd_ = -1;
    if (!path_.empty())
        ::unlink(path_.c_str());
    path_.clear();
    TempFileRegistry::remove(slot_);
    slot_ = -1;
}

bool TempFile::commitTo(const OutputTarget& target) {
    if (fd_ < 0)
        return false;
    const std::string& name = target.requested();
    if (::fsync(fd_) != 0) {
        error_ = describe("cannot write", name, errno);
        discard();
        return false;
    }
    // close() reports what a network file system could not store.
    const int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) {
        error_ = describe("cannot write", name, errno);
        discard();
        return false;
    }
    if (!target.stillReplaceable(error_)) {
        discard();
        return false;
    }
    if (::rename(path_.c_str(), target.path().c_str()) != 0) {
        error_ = describe("cannot replace", name, errno);
        discard();
        return false;
    }
    // Renamed: the registered name is gone, a signal from here on has nothing to remove.
    path_.clear();
    TempFileRegistry::remove(slot_);
    slot_ = -1;
    // Make the rename itself durable; failure here does not undo a complete write.
    if (const int dfd = ::open(target.directory().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return true;
}

int TempFile::removeStale(const OutputTarget& target) {
    DIR* dir = ::opendir(target.directory().c_str());
    if (dir == nullptr)
        return 0;
    const std::string prefix = prefixFor(target);
    int removed = 0;
    while (const dirent* entry = ::readdir(dir)) {
        if (std::strncmp(entry->d_name, prefix.c_str(), prefix.size()) != 0)
            continue;
        if (!ownerIsGone(ownerOf(entry->d_name + prefix.size())))
            continue;
        // O_NONBLOCK and O_NOFOLLOW: whatever sits under that name now must not block us or lead
        // us elsewhere.
        const int fd =
            ::openat(::dirfd(dir), entry->d_name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st {};
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
            ::unlinkat(::dirfd(dir), entry->d_name, 0) == 0)
            ++removed;
        ::close(fd);
    }
    ::closedir(dir);
    return removed;
}

}  // namespace syncscope
