#include "tests/support/kineto_json.h"

#include "core/interchange/kineto/kineto_importer.h"
#include "core/io/byte_source.h"

namespace syncscope::test {

ImportResult importKinetoJson(std::string_view json, std::string_view source_name,
                              const ImportOptions& options) {
    MemoryByteSource source(json);
    return KinetoImporter::importStream(source, source_name, options);
}

}  // namespace syncscope::test
