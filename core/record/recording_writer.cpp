#include "core/record/recording_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <type_traits>
#include <utility>

#include "core/record/recording_fields.h"
#include "core/record/recording_format.h"

namespace syncscope {

namespace {

// Little-endian, whatever the host: the file may be read on another machine.
class Encoder {
public:
    explicit Encoder(std::string& out) : out_(out) {}

    template <class... T>
    void operator()(const T&... values) {
        (put(values), ...);
    }
    template <class K>
    void kind(const K& k) {
        put(static_cast<std::uint8_t>(k));
    }
    template <class V, class F>
    void list(const V& items, F&& each) {
        put(static_cast<std::uint32_t>(items.size()));
        for (const auto& item : items)
            each(*this, item);
    }

private:
    void put(const std::string& s) {
        // No longer than the reader takes (a 1.2 MB command line was written whole, and the
        // recording refused on reading): cut at a character's start, marked by "…".
        if (s.size() > recording_format::kMaxString) {
            std::size_t cut = recording_format::kMaxString - 3;
            while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0u) == 0x80u)
                --cut;
            put(static_cast<std::uint32_t>(cut + 3));
            out_.append(s, 0, cut);
            out_ += "\u2026";
            return;
        }
        put(static_cast<std::uint32_t>(s.size()));
        out_ += s;
    }
    void put(bool b) { put(static_cast<std::uint8_t>(b ? 1 : 0)); }
    template <class T>
    requires std::is_integral_v<T>
    void put(T value) {
        using U = std::make_unsigned_t<T>;
        auto u = static_cast<U>(value);
        for (std::size_t i = 0; i < sizeof(T); ++i) {
            out_ += static_cast<char>(u & 0xffu);
            if constexpr (sizeof(T) > 1)
                u = static_cast<U>(u >> 8);
        }
    }

    std::string& out_;
};

}  // namespace

RecordingWriter::~RecordingWriter() {
    close();
}

std::string RecordingWriter::open(const std::string& path) {
    close();
    error_.clear();
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_APPEND, 0644);
    if (fd_ < 0)
        return path + ": " + std::strerror(errno);
    path_ = path;
    bytes_ = 0;
    std::string header(recording_format::kMagic);
    Encoder{header}(recording_format::kVersion);
    std::size_t done = 0;
    while (done < header.size()) {
        const ssize_t n = ::write(fd_, header.data() + done, header.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const std::string why = path + ": " + std::strerror(errno);
            close();
            return why;
        }
        done += static_cast<std::size_t>(n);
    }
    bytes_ = header.size();
    return {};
}

void RecordingWriter::writeChunk(std::uint32_t tag, const std::string& payload) {
    if (fd_ < 0 || !error_.empty())
        return;
    std::string chunk;
    chunk.reserve(payload.size() + 12);
    Encoder{chunk}(tag, static_cast<std::uint64_t>(payload.size()));
    chunk += payload;
    // One write for the whole chunk where the kernel allows; a short write is continued, and a
    // crash in between leaves an incomplete last chunk that the reader skips.
    std::size_t done = 0;
    while (done < chunk.size()) {
        const ssize_t n = ::write(fd_, chunk.data() + done, chunk.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error_ = path_ + ": " + (n < 0 ? std::strerror(errno) : "nothing written");
            return;
        }
        done += static_cast<std::size_t>(n);
    }
    bytes_ += chunk.size();
}

void RecordingWriter::writeProcess(const ProcessInfo& info) {
    std::string payload;
    Encoder e(payload);
    recording_fields::process(e, info);
    writeChunk(recording_format::Process, payload);
}

void RecordingWriter::writeDevice(const RecordedDevice& device) {
    std::string payload;
    Encoder e(payload);
    recording_fields::device(e, device);
    writeChunk(recording_format::Device, payload);
}

void RecordingWriter::writeNames(std::uint8_t domain,
                                 const std::map<std::uint32_t, std::string>& names) {
    std::string payload;
    Encoder e(payload);
    e(domain, static_cast<std::uint32_t>(names.size()));
    for (const auto& [cbid, name] : names)
        e(cbid, name);
    writeChunk(recording_format::Names, payload);
}

namespace {

// The first and the second half of every list of `batch` (its counts go with the first).
std::pair<CuptiRecordBatch, CuptiRecordBatch> halves(const CuptiRecordBatch& batch) {
    std::pair<CuptiRecordBatch, CuptiRecordBatch> out;
    auto split = [](const auto& from, auto& first, auto& second) {
        const auto middle = from.begin() + static_cast<std::ptrdiff_t>(from.size() / 2);
        first.assign(from.begin(), middle);
        second.assign(middle, from.end());
    };
    auto& [a, b] = out;
    split(batch.api, a.api, b.api);
    split(batch.driver, a.driver, b.driver);
    split(batch.gpu, a.gpu, b.gpu);
    split(batch.sync, a.sync, b.sync);
    split(batch.cuda_events, a.cuda_events, b.cuda_events);
    split(batch.memory, a.memory, b.memory);
    split(batch.pools, a.pools, b.pools);
    split(batch.external, a.external, b.external);
    split(batch.host, a.host, b.host);
    split(batch.samples, a.samples, b.samples);
    split(batch.markers, a.markers, b.markers);
    a.dropped = batch.dropped;
    a.unknown = batch.unknown;
    return out;
}

std::size_t listedCount(const CuptiRecordBatch& b) {
    return recording_fields::recordCount(b) + b.external.size() + b.host.size() + b.samples.size();
}

}  // namespace

void RecordingWriter::writeRecords(const CuptiRecordBatch& batch) {
    std::string payload;
    Encoder e(payload);
    recording_fields::batch(e, batch);
    // No chunk larger than the reader takes: a large batch goes in several.
    if (payload.size() > recording_format::kMaxChunk && listedCount(batch) > 1) {
        const auto [first, second] = halves(batch);
        writeRecords(first);
        writeRecords(second);
        return;
    }
    // Once a chunk no longer fits, nothing later is kept either: --max-size stops the recording
    // there, it does not leave holes by keeping later, smaller batches.
    if (full_ || (max_bytes_ > 0 && bytes_ + payload.size() + 12 > max_bytes_)) {
        full_ = true;
        not_kept_ += recording_fields::recordCount(batch);
        return;
    }
    writeChunk(recording_format::Records, payload);
}

void RecordingWriter::writeEnd(RecordingEnd end) {
    end.not_kept += not_kept_;
    std::string payload;
    Encoder e(payload);
    recording_fields::end(e, end);
    writeChunk(recording_format::End, payload);
    close();
}

void RecordingWriter::close() {
    if (fd_ >= 0)
        ::close(fd_);
    fd_ = -1;
}

}  // namespace syncscope
