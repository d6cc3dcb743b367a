#pragma once

// The compact rows of a native trace file's "events" and "flows" as our writer writes them
// ("[12,340,2,3,...]", no spaces, plain integers), read without a DOM. It accepts only that form
// and only rows that pass every check TraceFileLoader makes (docs/trace-file-format.md); for
// anything else it says no and the caller reads the batch through the DOM and TraceFileLoader,
// which accepts other spellings of the same numbers and words the errors. So it never accepts a
// row the loader would refuse, nor reads one differently.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

class TraceFileFastRows {
public:
    // What event rows are checked against: the counts of lanes and strings and the file's enum
    // tables (TraceFileLoader's). Awaited events are bounded later (awaitedInRange()).
    struct EventChecks {
        std::uint64_t lanes = 0;
        std::uint64_t names = 0;
        const std::vector<EventKind>* kinds = nullptr;
        const std::vector<ApiId>* apis = nullptr;
        const std::vector<SyncMode>* modes = nullptr;
    };
    struct FlowChecks {
        std::uint64_t events = 0;
        const std::vector<FlowKind>* kinds = nullptr;
    };
    // The largest awaited index of the rows read, for TraceFileLoader::noteAwaited().
    struct Awaited {
        bool any = false;
        std::uint32_t max = 0;
    };

    // `text` is `rows` rows of an array without its brackets, "[...],[...]", whitespace allowed
    // around the commas, and with `trailing_comma` the comma after the last row (a piece of the
    // array cut before a row); readable padding follows it (simdjson's). The rows go to
    // out[0..rows). False, with `out` partly written, when a row is not in the compact form or
    // fails a check.
    static bool events(std::string_view text, std::size_t rows, bool trailing_comma,
                       const EventChecks& checks, TraceEvent* out, Awaited& awaited);
    static bool flows(std::string_view text, std::size_t rows, bool trailing_comma,
                      const FlowChecks& checks, Flow* out);
};

}  // namespace syncscope
