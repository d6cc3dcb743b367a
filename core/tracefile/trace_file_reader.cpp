// TraceFile's reading half, gzip detected by its magic bytes. A file is first read as a stream
// (TraceFileStreamReader: the trace plus a bounded window in memory); one that stream does not
// take, broken ones included, is read again as a whole document (simdjson DOM over the whole
// text), which names what is wrong and where ("events[12].lane: ...").
#include <simdjson.h>

#include <cstdio>
#include <new>

#include "core/io/atomic_file.h"
#include "core/io/byte_source.h"
#include "core/io/gzip.h"
#include "core/io/gzip_byte_source.h"
#include "core/tracefile/trace_file.h"
#include "core/tracefile/trace_file_loader.h"
#include "core/tracefile/trace_file_stream_reader.h"

namespace syncscope {

namespace {

using simdjson::dom::element;

// The whole document at once: the one reading that words every error exactly, and what any file
// the streamed reading does not take goes through.
TraceLoadResult parseJson(std::string_view text) {
    TraceLoadResult result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.error = "the file is empty";
        return result;
    }
    simdjson::dom::parser parser;
    simdjson::padded_string padded(text);
    element root;
    if (const auto code = parser.parse(padded).get(root); code != simdjson::SUCCESS) {
        result.error = std::string("not a valid JSON file: ") + simdjson::error_message(code);
        return result;
    }
    Trace trace;
    TraceFileLoader loader(trace);
    if (!loader.run(root)) {
        result.error = loader.error();
        return result;
    }
    result.trace = std::move(trace);
    return result;
}

// Whether the file starts with gzip's magic bytes; nothing when it cannot be read or is empty.
std::optional<bool> startsWithGzip(const std::string& path) {
    char magic[2] = {0, 0};
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr)
        return std::nullopt;
    const std::size_t got = std::fread(magic, 1, sizeof magic, f);
    std::fclose(f);
    if (got == 0)
        return std::nullopt;
    return Gzip::looksCompressed(std::string_view(magic, got));
}

// The streamed reading of a file, plain or gzip; nothing when it does not take the file.
std::optional<Trace> streamFile(const std::string& path, bool gzip) {
    FileByteSource file(path);
    if (!file.error().empty())
        return std::nullopt;
    if (gzip) {
        GzipByteSource inflated(file, GzipByteSource::kMaxInflatedBytes,
                                Gzip::inflatedSizeHint(path));
        return TraceFileStreamReader::read(inflated);
    }
    return TraceFileStreamReader::read(file);
}

TraceLoadResult loadWhole(const std::string& path) {
    TraceLoadResult result;
    std::string data;
    if (!AtomicFile::read(path, data, result.error))
        return result;
    if (Gzip::looksCompressed(data)) {
        std::string plain;
        if (!Gzip::decompress(data, plain, result.error)) {
            result.error = "'" + path + "': " + result.error;
            return result;
        }
        data = std::move(plain);
    }
    result = TraceFile::fromJson(data);
    if (!result.ok())
        result.error = "'" + path + "': " + result.error;
    return result;
}

}  // namespace

TraceLoadResult TraceFile::fromJson(std::string_view text) {
    try {
        MemoryByteSource source(text);
        if (auto trace = TraceFileStreamReader::read(source))
            return {std::move(trace), {}};
        return parseJson(text);
    } catch (const std::bad_alloc&) {
        return {std::nullopt, "out of memory while reading the trace"};
    } catch (const std::exception& e) {
        return {std::nullopt, std::string("cannot read the trace: ") + e.what()};
    }
}

TraceLoadResult TraceFile::load(const std::string& path) {
    // A file that cannot be read is not streamed: the whole read says why (missing, empty...).
    return load(path, startsWithGzip(path).value_or(false));
}

TraceLoadResult TraceFile::load(const std::string& path, bool gzip) {
    TraceLoadResult result;
    try {
        if (auto trace = streamFile(path, gzip)) {
            result.trace = std::move(trace);
            return result;
        }
        result = loadWhole(path);
    } catch (const std::bad_alloc&) {
        result.trace.reset();
        result.error = "out of memory while reading '" + path + "'";
    }
    return result;
}

}  // namespace syncscope
