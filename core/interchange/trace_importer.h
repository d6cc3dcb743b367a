#pragma once

#include <string>
#include <string_view>

#include "core/interchange/import_result.h"
#include "core/interchange/input_probe.h"

namespace syncscope {

// Imports any foreign trace we can read, as InputProbe classified it from its first bytes (not its
// name): JSON, plain or gzip ('{' or '[': Kineto / Chrome / our export), streamed; SQLite (Nsight
// Systems).
class TraceImporter {
public:
    // Probes the file (one read of its head), then imports it.
    static ImportResult importFile(const std::string& path, const ImportOptions& options = {});
    // For a file probed already: its head is not read again.
    static ImportResult importFile(const std::string& path, const InputProbe& probe,
                                   const ImportOptions& options = {});
    // The same for bytes already in memory (tests, fuzzing, drag and drop).
    static ImportResult importBytes(std::string_view bytes, std::string_view source_name,
                                    const ImportOptions& options = {});

private:
    static ImportResult importFileAsIs(const std::string& path, const InputProbe& probe,
                                       const ImportOptions& options);
    static ImportResult importBytesAsIs(std::string_view bytes, std::string_view source_name,
                                        const ImportOptions& options);
    static ImportResult withoutEmptyLanes(ImportResult result);
};

// Convenience for callers that only have a path: TraceImporter::importFile.
ImportResult importTrace(const std::string& path, const ImportOptions& options = {});

}  // namespace syncscope
