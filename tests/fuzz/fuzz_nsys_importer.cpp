// libFuzzer target: Nsight Systems SQLite database images through NsysImporter::importBytes.
// Build and run: see docs/fuzzing.md.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/interchange/nsys/nsys_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    syncscope::ImportOptions options;
    options.max_inflated_bytes = 64 << 20;  // a gzip bomb is an error, not an out-of-memory
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto result = syncscope::NsysImporter::importBytes(bytes, "fuzz-input", options);
    // Failing is fine; failing silently is not.
    if (!result.ok() && result.error.empty())
        __builtin_trap();
    return 0;
}
