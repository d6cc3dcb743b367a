#pragma once

#include <string>
#include <string_view>

#include "core/interchange/import_result.h"
#include "core/io/byte_source.h"

namespace syncscope {

// PyTorch profiler / Kineto JSON (current schema with lowercase categories and deviceProperties;
// the old schema with Kernel/Runtime/Memcpy/Operator, computeProperties and "stream 7" tids), any
// Chrome Trace Event JSON, and our own Chrome export (which it reads back losslessly).
// Never throws; a malformed file gives ImportResult::error naming the byte, line and column.
class KinetoImporter {
public:
    // Streams from a source (memory, file, gzip stream...) in bounded memory: the document is
    // never held whole, only ~256 KiB batches of events. `source_name` names the input in errors
    // and in Trace::source.
    static ImportResult importStream(ByteSource& source, std::string_view source_name,
                                     const ImportOptions& options = {});
};

}  // namespace syncscope
