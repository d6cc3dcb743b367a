#pragma once

#include <string_view>

#include "core/interchange/import_result.h"

namespace syncscope::test {

// Kineto / Chrome JSON text in memory through the streaming importer, without the lane pruning
// TraceImporter adds: what the importer itself makes of the text. Only tests need JSON already in
// memory, so this lives here and not in KinetoImporter.
ImportResult importKinetoJson(std::string_view json, std::string_view source_name,
                              const ImportOptions& options = {});

}  // namespace syncscope::test
