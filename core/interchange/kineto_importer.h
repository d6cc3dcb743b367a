#pragma once

#include <string>
#include <string_view>

#include "core/interchange/import_result.h"

namespace syncscope {

// PyTorch profiler / Kineto JSON (current schema with lowercase categories and deviceProperties;
// the old schema with Kernel/Runtime/Memcpy/Operator, computeProperties and "stream 7" tids), any
// Chrome Trace Event JSON, and our own Chrome export (which it reads back losslessly).
// Never throws; a malformed file gives ImportResult::error naming the byte, line and column.
class KinetoImporter {
public:
    // Copies `json` once into a padded buffer. `source_name` names the input in errors and in
    // Trace::source.
    static ImportResult importJson(std::string_view json, std::string_view source_name,
                                   const ImportOptions& options = {});
    // Parses `buffer` in place (no copy); its capacity may grow by a few bytes of parser padding.
    static ImportResult importBuffer(std::string& buffer, std::string_view source_name,
                                     const ImportOptions& options = {});
};

}  // namespace syncscope
