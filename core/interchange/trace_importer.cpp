#include "core/interchange/trace_importer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "core/interchange/import_failure.h"
#include "core/interchange/input_probe.h"
#include "core/interchange/kineto/kineto_importer.h"
#include "core/interchange/lane_pruner.h"
#include "core/interchange/nsys/nsys_importer.h"
#include "core/io/byte_source.h"
#include "core/io/gzip.h"
#include "core/io/gzip_byte_source.h"
#include "core/io/read_ahead_byte_source.h"

namespace syncscope {

namespace {

std::string unknownFormat(std::string_view source, bool empty) {
    if (empty)
        return std::string(source) + ": empty file";
    return std::string(source) +
           ": unknown format (expected Kineto/Chrome JSON, .json.gz or an Nsight Systems SQLite "
           "export)";
}

// JSON, plain or gzip, streamed from `raw`.
// `inflated_hint`: the gzip trailer's size (Gzip::inflatedSizeHint), for sizing the event list.
ImportResult importJsonStream(ByteSource& raw, bool gzip, std::string_view source,
                              const ImportOptions& options, std::uint64_t inflated_hint) {
    if (gzip) {
        GzipByteSource inflated(raw, options.max_inflated_bytes, inflated_hint);
        // Inflated on a thread of its own: the splitter's thread has its own work (issue 14).
        ReadAheadByteSource ahead(inflated);
        return KinetoImporter::importStream(ahead, source, options);
    }
    return KinetoImporter::importStream(raw, source, options);
}

}  // namespace

ImportResult TraceImporter::importFile(const std::string& path, const ImportOptions& options) {
    return importFile(path, InputProbe::probe(path), options);
}

ImportResult TraceImporter::importFile(const std::string& path, const InputProbe& probe,
                                       const ImportOptions& options) {
    try {
        return withoutEmptyLanes(importFileAsIs(path, probe, options));
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

ImportResult TraceImporter::importFileAsIs(const std::string& path, const InputProbe& probe,
                                           const ImportOptions& options) {
    using Format = InputProbe::Format;
    // Directories, pipes and devices were refused by the probe, before anything read from them.
    switch (probe.format) {
        case Format::Error:
            return importFailure(probe.error);
        case Format::Empty:
            return importFailure(unknownFormat(path, true));
        case Format::Unknown:
            return importFailure(unknownFormat(path, false));
        case Format::Sqlite:
            // SQLite reads the file itself.
            return NsysImporter::importFile(path, options);
        case Format::Native:
        case Format::Scenario:
        case Format::Json:
            break;
    }
    // JSON and gzip are streamed, never held whole in memory.
    FileByteSource file(path);
    if (!file.error().empty())
        return importFailure(path + ": " + file.error());
    return importJsonStream(file, probe.gzip, path, options,
                            probe.gzip ? Gzip::inflatedSizeHint(path) : 0);
}

ImportResult TraceImporter::importBytesAsIs(std::string_view bytes, std::string_view source_name,
                                            const ImportOptions& options) {
    using Format = InputProbe::Format;
    const InputProbe probe = InputProbe::ofBytes(bytes);
    if (probe.format == Format::Sqlite)
        return NsysImporter::importBytes(bytes, source_name, options);
    if (probe.format == Format::Empty || probe.format == Format::Unknown)
        return importFailure(unknownFormat(source_name, probe.format == Format::Empty));
    MemoryByteSource memory(bytes);
    return importJsonStream(memory, probe.gzip, source_name, options,
                            probe.gzip ? Gzip::inflatedSizeHint(bytes, bytes.size()) : 0);
}

ImportResult importTrace(const std::string& path, const ImportOptions& options) {
    return TraceImporter::importFile(path, options);
}

}  // namespace syncscope
