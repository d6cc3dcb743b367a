#pragma once

#include <string>
#include <string_view>

#include "core/interchange/import_result.h"

namespace syncscope {

enum class TraceFormat { Unknown, Gzip, Json, Sqlite };

// Opens any trace file we can read, deciding by its first bytes (not its name): gzip (inflated,
// then sniffed again), JSON ('{' or '[': Kineto / Chrome / our export), SQLite (Nsight Systems).
class TraceImporter {
public:
    static TraceFormat sniff(std::string_view head);
    static ImportResult importFile(const std::string& path, const ImportOptions& options = {});
    // The same for bytes already in memory (tests, fuzzing, drag and drop).
    static ImportResult importBytes(std::string_view bytes, std::string_view source_name,
                                    const ImportOptions& options = {});

private:
    static ImportResult importFileAsIs(const std::string& path, const ImportOptions& options);
    static ImportResult importBytesAsIs(std::string_view bytes, std::string_view source_name,
                                        const ImportOptions& options);
    static ImportResult withoutEmptyLanes(ImportResult result);
};

// Convenience for callers that only have a path: TraceImporter::importFile.
ImportResult importTrace(const std::string& path, const ImportOptions& options = {});

}  // namespace syncscope
