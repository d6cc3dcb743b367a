#include "core/interchange/trace_opener.h"

#include <new>
#include <stdexcept>

#include "core/interchange/trace_importer.h"
#include "core/tracefile/trace_file.h"

namespace syncscope {

namespace {

ImportResult failure(std::string message) {
    ImportResult result;
    result.error = std::move(message);
    return result;
}

}  // namespace

ImportResult TraceOpener::open(const std::string& path, const ImportOptions& options) {
    return open(path, InputProbe::probe(path), options);
}

ImportResult TraceOpener::open(const std::string& path, const InputProbe& probe,
                               const ImportOptions& options) {
    // The importers catch their own; this also covers the native loader and the model's limits.
    try {
        return openProbed(path, probe, options);
    } catch (const std::bad_alloc&) {
        return failure(path + ": out of memory while reading the trace");
    } catch (const std::length_error& e) {
        return failure(path + ": too large: " + e.what());
    }
}

ImportResult TraceOpener::openProbed(const std::string& path, const InputProbe& probe,
                                     const ImportOptions& options) {
    using Format = InputProbe::Format;
    switch (probe.format) {
        case Format::Error:
            return failure(probe.error);
        case Format::Scenario:
            return failure(path + ": is a scenario, not a trace (run it first: syncscope-cli run)");
        case Format::Native: {
            TraceLoadResult loaded = TraceFile::load(path);
            if (!loaded.ok())
                return failure(loaded.error);
            ImportResult result;
            result.trace = std::move(loaded.trace);
            return result;
        }
        case Format::Empty:
        case Format::Json:
        case Format::Sqlite:
        case Format::Unknown:
            break;
    }
    // Foreign formats are streamed; the importer words the empty and unknown cases itself.
    return TraceImporter::importFile(path, options);
}

}  // namespace syncscope
