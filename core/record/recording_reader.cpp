#include "core/record/recording_reader.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <type_traits>

#include "core/io/regular_file.h"
#include "core/record/recording_fields.h"
#include "core/record/recording_format.h"

namespace syncscope {

namespace {

namespace fmt = recording_format;

// Reads what Encoder (recording_writer.cpp) wrote; the first problem stops it and is kept.
class Decoder {
public:
    explicit Decoder(std::string_view data) : data_(data) {}

    template <class... T>
    void operator()(T&... values) {
        (get(values), ...);
    }
    template <class K>
    void kind(K& k) {
        std::uint8_t v = 0;
        get(v);
        if (v > 2)
            fail("record kind " + std::to_string(v) + " is unknown");
        k = static_cast<K>(v);
    }
    template <class V, class F>
    void list(V& items, F&& each) {
        std::uint32_t count = 0;
        get(count);
        // Every record takes at least one byte: a count past what is left is a lie.
        if (count > data_.size() - pos_) {
            fail("a list of " + std::to_string(count) + " records in " +
                 std::to_string(data_.size() - pos_) + " bytes");
            return;
        }
        // Grown as records decode, not sized by the count: a record is many times larger in
        // memory than its one-byte minimum, and a hostile count must not buy that memory.
        for (std::uint32_t i = 0; i < count && ok(); ++i) {
            items.emplace_back();
            each(*this, items.back());
        }
    }

    bool ok() const { return error_.empty(); }
    bool atEnd() const { return pos_ == data_.size(); }
    const std::string& error() const { return error_; }
    std::size_t position() const { return pos_; }
    void fail(std::string why) {
        if (error_.empty())
            error_ = std::move(why);
    }

private:
    void get(std::string& s) {
        std::uint32_t n = 0;
        get(n);
        if (!ok())
            return;
        if (n > fmt::kMaxString || n > data_.size() - pos_) {
            fail("a string of " + std::to_string(n) + " bytes");
            return;
        }
        s.assign(data_.substr(pos_, n));
        pos_ += n;
    }
    void get(bool& b) {
        std::uint8_t v = 0;
        get(v);
        b = v != 0;
    }
    template <class T>
    requires std::is_integral_v<T>
    void get(T& value) {
        if (!ok())
            return;
        if (data_.size() - pos_ < sizeof(T)) {
            fail("the chunk ends inside a value");
            return;
        }
        std::make_unsigned_t<T> u = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i)
            u |= static_cast<std::make_unsigned_t<T>>(
                static_cast<std::make_unsigned_t<T>>(static_cast<unsigned char>(data_[pos_ + i]))
                << (8 * i));
        pos_ += sizeof(T);
        value = static_cast<T>(u);
    }

    std::string_view data_;
    std::size_t pos_ = 0;
    std::string error_;
};

// Decodes one chunk's payload into `out`; "" or why not.
std::string decodeChunk(std::uint32_t tag, std::string_view payload, ProcessRecording& out) {
    Decoder d(payload);
    switch (tag) {
        case fmt::Process:
            recording_fields::process(d, out.process);
            break;
        case fmt::Device: {
            RecordedDevice device;
            recording_fields::device(d, device);
            out.devices.push_back(std::move(device));
            break;
        }
        case fmt::Names: {
            std::uint8_t domain = 0;
            std::uint32_t count = 0;
            d(domain, count);
            if (d.ok() && domain > 1)
                d.fail("names of API domain " + std::to_string(domain));
            auto& names = domain == 0 ? out.runtime_names : out.driver_names;
            for (std::uint32_t i = 0; i < count && d.ok(); ++i) {
                std::uint32_t cbid = 0;
                std::string name;
                d(cbid, name);
                names[cbid] = std::move(name);
            }
            break;
        }
        case fmt::Records: {
            CuptiRecordBatch batch;
            recording_fields::batch(d, batch);
            if (d.ok())
                out.records.append(std::move(batch));
            break;
        }
        case fmt::End:
            recording_fields::end(d, out.end);
            out.ended = d.ok();
            break;
        default:
            return "unknown chunk " + std::to_string(tag);
    }
    if (d.ok() && !d.atEnd())
        d.fail(std::to_string(payload.size() - d.position()) + " bytes after the chunk's data");
    return d.error();
}

// Where the bytes come from: a file read chunk by chunk, or memory.
class Source {
public:
    explicit Source(std::string_view data) : data_(data), size_(data.size()) {}
    explicit Source(const RegularFile& file) : fd_(file.fd()), size_(file.size()) {}

    std::uint64_t size() const { return size_; }
    // Reads `n` bytes at `offset` into `out`; false with `error` set on a read error.
    bool read(std::uint64_t offset, std::size_t n, std::string& out, std::string& error) {
        if (fd_ < 0) {
            out.assign(data_.substr(offset, n));
            return true;
        }
        out.resize(n);
        std::size_t done = 0;
        while (done < n) {
            const ssize_t got =
                ::pread(fd_, out.data() + done, n - done, static_cast<off_t>(offset + done));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                error = got < 0 ? std::strerror(errno) : "the file shrank while it was read";
                return false;
            }
            done += static_cast<std::size_t>(got);
        }
        return true;
    }

private:
    std::string_view data_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

std::string readFrom(Source& source, const std::string& name, ProcessRecording& out) {
    out = ProcessRecording{};
    const std::size_t header_size = fmt::kMagic.size() + 4;
    std::string bytes, error;
    if (source.size() < header_size || !source.read(0, header_size, bytes, error) ||
        std::string_view(bytes).substr(0, fmt::kMagic.size()) != fmt::kMagic)
        return name + ": " + (error.empty() ? "not a syncscope recording" : error);
    std::uint32_t version = 0;
    Decoder{std::string_view(bytes).substr(fmt::kMagic.size())}(version);
    if (version != fmt::kVersion)
        return name + ": a recording of version " + std::to_string(version) +
               "; this build reads " + std::to_string(fmt::kVersion);
    std::uint64_t offset = header_size;
    bool seen_process = false;
    while (offset < source.size()) {
        const std::uint64_t left = source.size() - offset;
        std::uint32_t tag = 0;
        std::uint64_t length = 0;
        if (left >= 12) {
            if (!source.read(offset, 12, bytes, error))
                return name + ": " + error;
            Decoder{bytes}(tag, length);
        }
        if (left < 12 || length > left - 12) {
            out.warnings.push_back(name + ": the last " + std::to_string(left) +
                                   " bytes are an unfinished chunk (the process ended while it "
                                   "was written); read up to byte " +
                                   std::to_string(offset));
            break;
        }
        if (length > fmt::kMaxChunk)
            return name + ": byte " + std::to_string(offset) + ": a chunk of " +
                   std::to_string(length) + " bytes";
        if (out.ended)
            return name + ": byte " + std::to_string(offset) + ": a chunk after the end chunk";
        if (!source.read(offset + 12, static_cast<std::size_t>(length), bytes, error))
            return name + ": " + error;
        if (std::string why = decodeChunk(tag, bytes, out); !why.empty())
            return name + ": byte " + std::to_string(offset) + ": " + why;
        seen_process = seen_process || tag == fmt::Process;
        offset += 12 + length;
    }
    if (!seen_process)
        return name + ": the recording names no process (it ended before its first chunk)";
    return {};
}

}  // namespace

std::string RecordingReader::read(const std::string& path, ProcessRecording& out) {
    RegularFile file = RegularFile::open(path);
    if (!file.ok())
        return file.error();
    Source source(file);
    return readFrom(source, path, out);
}

std::string RecordingReader::parse(std::string_view data, const std::string& name,
                                   ProcessRecording& out) {
    Source source(data);
    return readFrom(source, name, out);
}

}  // namespace syncscope
