#pragma once

#include <string>

#include "core/interchange/import_result.h"
#include "core/interchange/input_probe.h"

namespace syncscope {

// The one way a trace file is opened (CLI check/stats/compare/export-*, the window, the headless
// export): InputProbe decides the format from the first bytes, then a native trace is loaded with
// TraceFile and anything else is streamed through TraceImporter. Only a native trace is ever
// read whole. Never throws: running out of memory or past a model limit is an error naming the
// file.
class TraceOpener {
public:
    static ImportResult open(const std::string& path, const ImportOptions& options = {});
    // When the caller has probed already (the window, to tell scenarios from traces): the file's
    // head is not read again.
    static ImportResult open(const std::string& path, const InputProbe& probe,
                             const ImportOptions& options = {});

private:
    static ImportResult openProbed(const std::string& path, const InputProbe& probe,
                                   const ImportOptions& options);
};

}  // namespace syncscope
