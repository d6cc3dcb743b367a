#include "core/interchange/trace_opener.h"

#include <new>
#include <stdexcept>

#include "core/interchange/import_failure.h"
#include "core/interchange/trace_importer.h"
#include "core/tracefile/trace_file.h"

namespace syncscope {

ImportResult TraceOpener::open(const std::string& path, const ImportOptions& options) {
    return open(path, InputProbe::probe(path), options);
}

ImportResult TraceOpener::open(const std::string& path, const InputProbe& probe,
                               const ImportOptions& options) {
    // The importers catch their own; this also covers the native loader and the model's limits.
    try {
        return openProbed(path, probe, options);
    } catch (const std::bad_alloc&) {
        return importFailure(path + ": out of memory while reading the trace");
    } catch (const std::length_error& e) {
        return importFailure(path + ": too large: " + e.what());
    }
}

ImportResult TraceOpener::openProbed(const std::string& path, const InputProbe& probe,
                                     const ImportOptions& options) {
    using Format = InputProbe::Format;
    switch (probe.format) {
        case Format::Error:
            return importFailure(probe.error);
        case Format::Scenario:
            return importFailure(path +
                                 ": is a scenario, not a trace (run it first: syncscope-cli run)");
        case Format::Native: {
            TraceLoadResult loaded = TraceFile::load(path, probe.gzip);
            if (!loaded.ok())
                return importFailure(loaded.error);
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
    return TraceImporter::importFile(path, probe, options);
}

}  // namespace syncscope
