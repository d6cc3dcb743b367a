#pragma once

#include <string>
#include <string_view>

#include "core/interchange/import_result.h"

namespace syncscope {

// Nsight Systems SQLite export (`nsys export --type sqlite`), opened read-only: kernels, copies,
// memsets, runtime calls (launch flows by correlationId), synchronization records (classified by
// the runtime call they belong to, since the syncType numbers disagree with their labels), device
// memory usage and NVTX ranges. Optional tables may be missing. Never throws.
class NsysImporter {
public:
    static ImportResult importFile(const std::string& path, const ImportOptions& options = {});
    // A database image held in memory (tests, fuzzing). `source_name` names it in errors.
    static ImportResult importBytes(std::string_view bytes, std::string_view source_name,
                                    const ImportOptions& options = {});
};

}  // namespace syncscope
