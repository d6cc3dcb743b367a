#include "core/interchange/input_probe.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "core/io/gzip.h"
#include "core/io/regular_file.h"

namespace syncscope {

namespace {

constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};
// Raw bytes read for the decision. Enough for a gzip header and the first inflated kHeadBytes of
// any sane compressor; a gzip whose first 64 KiB do not inflate that far is still called gzip.
constexpr std::size_t kRawBytes = 1 << 16;

std::atomic<std::uint64_t> g_head_reads{0};
thread_local std::uint64_t t_head_reads = 0;

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

std::uint64_t InputProbe::headReads() {
    return g_head_reads.load(std::memory_order_relaxed);
}

std::uint64_t InputProbe::headReadsOnThisThread() {
    return t_head_reads;
}

InputProbe InputProbe::ofBytes(std::string_view bytes) {
    InputProbe result;
    if (bytes.empty()) {
        result.format = Format::Empty;
        return result;
    }
    const std::string raw(bytes.substr(0, kRawBytes));
    result.gzip = Gzip::looksCompressed(raw);
    result.head = result.gzip ? inflateHead(raw) : raw.substr(0, kHeadBytes);
    result.format = classify(result.head, result.gzip);
    if (result.gzip && result.format == Format::Unknown)
        result.format = Format::Json;  // damaged gzip: the importer reports where
    return result;
}

InputProbe InputProbe::probe(const std::string& path) {
    g_head_reads.fetch_add(1, std::memory_order_relaxed);
    ++t_head_reads;
    InputProbe result;
    // The one open path (RegularFile): never waits on a FIFO, refuses anything not a regular file.
    const RegularFile file = RegularFile::open(path);
    if (!file.ok()) {
        result.error = file.error();
        return result;
    }
    std::string error;
    const std::string raw = readRaw(file.fd(), error);
    if (!error.empty()) {
        result.error = path + ": " + error;
        return result;
    }
    InputProbe classified = ofBytes(raw);
    return classified;
}

}  // namespace syncscope
