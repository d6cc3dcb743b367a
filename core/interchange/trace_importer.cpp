#include "core/interchange/trace_importer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "core/interchange/import_failure.h"
#include "core/interchange/input_probe.h"
#include "core/interchange/kineto_importer.h"
#include "core/interchange/lane_pruner.h"
#include "core/interchange/nsys_importer.h"
#include "core/tracefile/byte_source.h"
#include "core/tracefile/gzip.h"
#include "core/tracefile/gzip_byte_source.h"
#include "core/tracefile/read_ahead_byte_source.h"

namespace syncscope {

namespace {

constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};

std::string unknownFormat(std::string_view source, bool empty) {
    if (empty)
        return std::string(source) + ": empty file";
    return std::string(source) +
           ": unknown format (expected Kineto/Chrome JSON, .json.gz or an Nsight Systems SQLite "
           "export)";
}

// JSON, plain or gzip, streamed from `raw`.
// `inflated_hint`: the gzip trailer's size (Gzip::inflatedSizeHint), for sizing the event list.
ImportResult importJsonStream(ByteSource& raw, TraceFormat format, std::string_view source,
                              const ImportOptions& options, std::uint64_t inflated_hint) {
    if (format == TraceFormat::Gzip) {
        GzipByteSource inflated(raw, options.max_inflated_bytes, inflated_hint);
        // Inflated on a thread of its own: the splitter's thread has its own work (issue 14).
        ReadAheadByteSource ahead(inflated);
        return KinetoImporter::importStream(ahead, source, options);
    }
    return KinetoImporter::importStream(raw, source, options);
}

}  // namespace

TraceFormat TraceImporter::sniff(std::string_view head) {
    if (Gzip::looksCompressed(head))
        return TraceFormat::Gzip;
    if (head.substr(0, kSqliteMagic.size()) == kSqliteMagic)
        return TraceFormat::Sqlite;
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        head.remove_prefix(3);
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (head[first] == '{' || head[first] == '['))
        return TraceFormat::Json;
    return TraceFormat::Unknown;
}

ImportResult TraceImporter::importFile(const std::string& path, const ImportOptions& options) {
    try {
        return withoutEmptyLanes(importFileAsIs(path, options));
    } catch (const std::bad_alloc&) {
        return importFailure(path + ": out of memory while importing");
    } catch (const std::length_error& e) {
        // Trace::addLane's bound, or a container asked to grow past what it can hold.
        return importFailure(path + ": too large: " + e.what());
    }
}

ImportResult TraceImporter::importBytes(std::string_view bytes, std::string_view source_name,
                                        const ImportOptions& options) {
    try {
        return withoutEmptyLanes(importBytesAsIs(bytes, source_name, options));
    } catch (const std::bad_alloc&) {
        return importFailure(std::string(source_name) + ": out of memory while importing");
    } catch (const std::length_error& e) {
        return importFailure(std::string(source_name) + ": too large: " + e.what());
    }
}

ImportResult TraceImporter::withoutEmptyLanes(ImportResult result) {
    // Our own exports come back exactly as written; only foreign traces lose unused lanes.
    if (result.trace && result.trace->device.engine.starts_with("import:"))
        LanePruner::pruneEmptyLanes(*result.trace);
    return result;
}

ImportResult TraceImporter::importFileAsIs(const std::string& path, const ImportOptions& options) {
    // Directories, pipes and devices are refused before anything reads from them.
    if (const InputProbe probe = InputProbe::probe(path); probe.format == InputProbe::Format::Error)
        return importFailure(probe.error);
    char head[64] = {};
    std::size_t got = 0;
    {
        std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             &std::fclose);
        if (!file)
            return importFailure(path + ": cannot open: " + std::strerror(errno));
        got = std::fread(head, 1, sizeof(head), file.get());
    }
    const auto format = sniff(std::string_view(head, got));
    // SQLite reads the file itself; JSON and gzip are streamed, never held whole in memory.
    if (format == TraceFormat::Sqlite)
        return NsysImporter::importFile(path, options);
    if (format == TraceFormat::Unknown)
        return importFailure(unknownFormat(path, got == 0));
    FileByteSource file(path);
    if (!file.error().empty())
        return importFailure(path + ": " + file.error());
    return importJsonStream(file, format, path, options,
                            format == TraceFormat::Gzip ? Gzip::inflatedSizeHint(path) : 0);
}

ImportResult TraceImporter::importBytesAsIs(std::string_view bytes, std::string_view source_name,
                                            const ImportOptions& options) {
    const auto format = sniff(bytes.substr(0, 64));
    if (format == TraceFormat::Sqlite)
        return NsysImporter::importBytes(bytes, source_name, options);
    if (format == TraceFormat::Unknown)
        return importFailure(unknownFormat(source_name, bytes.empty()));
    MemoryByteSource memory(bytes);
    return importJsonStream(
        memory, format, source_name, options,
        format == TraceFormat::Gzip ? Gzip::inflatedSizeHint(bytes, bytes.size()) : 0);
}

ImportResult importTrace(const std::string& path, const ImportOptions& options) {
    return TraceImporter::importFile(path, options);
}

}  // namespace syncscope
