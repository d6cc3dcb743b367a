// libFuzzer target: native trace files (syncscope-trace JSON) through TraceFile::fromJson. A trace
// that reads is then summarised, checked and exported as the CLI would (stats, check,
// export-chrome): the reader's validation must leave nothing those steps trip over, and with
// UBSan a signed overflow on extreme times is a crash.
// Build and run: see docs/fuzzing.md.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_stats.h"
#include "core/interchange/chrome/chrome_trace_writer.h"
#include "core/tracefile/trace_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = syncscope::TraceFile::fromJson(text);
    if (!result.ok()) {
        // Failing is fine; failing silently is not.
        if (result.error.empty())
            __builtin_trap();
        return 0;
    }
    const syncscope::Trace& trace = *result.trace;
    const auto stats = syncscope::computeStats(trace);
    if (stats.makespan_ns < 0)
        __builtin_trap();
    syncscope::InvariantCheckerOptions options;
    options.max_per_invariant = 10;
    (void)syncscope::InvariantChecker(options).check(trace);
    // Only that writing does not crash matters: the text itself is thrown away.
    syncscope::ChromeTraceWriter::write(trace, [](std::string_view) {});
    return 0;
}
