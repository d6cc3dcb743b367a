#include "core/interchange/input_probe.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/tracefile/gzip.h"

namespace syncscope {

namespace {

constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};
// Raw bytes read for the decision. Enough for a gzip header and the first inflated kHeadBytes of
// any sane compressor; a gzip whose first 64 KiB do not inflate that far is still called gzip.
constexpr std::size_t kRawBytes = 1 << 16;

class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

// Why a file that is not a regular file cannot be opened: it cannot be read twice or sniffed
// without consuming it, and a device may never end.
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

std::string readRaw(int fd, std::string& error) {
    std::string raw(kRawBytes, '\0');
    std::size_t got = 0;
    while (got < raw.size()) {
        const ssize_t n = ::read(fd, raw.data() + got, raw.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = std::string("cannot read: ") + std::strerror(errno);
            break;
        }
        if (n == 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    raw.resize(got);
    return raw;
}

// The first kHeadBytes that `raw` inflates to; fewer when the data is damaged or short (the
// importer then reports the damage with its offset).
std::string inflateHead(const std::string& raw) {
    MemoryByteSource compressed(raw);
    GzipByteSource inflated(compressed);
    std::string out(InputProbe::kHeadBytes, '\0');
    std::size_t got = 0;
    while (got < out.size()) {
        const std::size_t n = inflated.read(out.data() + got, out.size() - got);
        if (n == 0)
            break;
        got += n;
    }
    out.resize(got);
    return out;
}

}  // namespace

InputProbe::Format InputProbe::classify(std::string_view head, bool gzip) {
    if (!gzip && head.substr(0, kSqliteMagic.size()) == kSqliteMagic)
        return Format::Sqlite;
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || (head[first] != '{' && head[first] != '['))
        return Format::Unknown;
    if (head.find("\"syncscope-trace\"") != std::string_view::npos)
        return Format::Native;
    if (head.find("\"syncscope-scenario\"") != std::string_view::npos)
        return Format::Scenario;
    return Format::Json;
}

InputProbe InputProbe::probe(const std::string& path) {
    InputProbe result;
    // O_NONBLOCK: opening a FIFO without a writer must not wait; fstat on the open descriptor (not
    // stat on the name) so the file checked is the file read.
    const Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) {
        const int err = errno;
        result.error = path + ": " +
                       (err == ENOENT ? std::string("no such file")
                                      : std::string("cannot open: ") + std::strerror(err));
        return result;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        result.error = path + ": cannot open: " + std::strerror(errno);
        return result;
    }
    if (!S_ISREG(st.st_mode)) {
        result.error = path + ": " + notRegular(st.st_mode);
        return result;
    }
    std::string error;
    const std::string raw = readRaw(fd.get(), error);
    if (!error.empty()) {
        result.error = path + ": " + error;
        return result;
    }
    if (raw.empty()) {
        result.format = Format::Empty;
        return result;
    }
    result.gzip = Gzip::looksCompressed(raw);
    result.head = result.gzip ? inflateHead(raw) : raw.substr(0, kHeadBytes);
    result.format = classify(result.head, result.gzip);
    if (result.gzip && result.format == Format::Unknown)
        result.format = Format::Json;  // damaged gzip: the importer reports where
    return result;
}

}  // namespace syncscope
