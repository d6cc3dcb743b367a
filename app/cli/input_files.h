#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope::cli {

// The folder of the running syncscope-cli (empty when /proc/self/exe cannot be read): where a
// package or an installed tree keeps what the CLI finds beside it.
std::filesystem::path executableDir();

// A scenario from a path or `builtin:NAME` (searched in $SYNCSCOPE_SCENARIOS_DIR, beside the
// executable in scenarios/, and in the source tree's resources/scenarios). On failure, `error`
// holds every problem, one per line, each naming the file.
std::optional<Scenario> loadScenario(const std::string& spec, std::string& resolved_path,
                                     std::string& error);

// A trace in any format we read (TraceOpener: native, PyTorch profiler JSON[.gz], Nsight Systems
// SQLite), decided from its first bytes.
std::optional<Trace> loadTrace(const std::string& path, std::string& error);

}  // namespace syncscope::cli
