#pragma once

#include <string>

#include "core/model/trace.h"

namespace syncscope::test {

// How much of two traces must agree.
enum class TraceMatch {
    // Every field, the string table and the name ids too: a native file read back.
    Exact,
    // Every field, with names compared by text: an export read back by another reader, whose
    // string table may be ordered differently.
    SameText,
    // Lanes, events (names by text), flows and memory samples only, not the title, source or
    // device: the same run reached by two paths (a live view rebuilt from deltas, a document).
    Timeline,
};

// The one field-by-field comparison of two traces for the test suites. Empty when they agree,
// else the first difference, e.g. "events[12].end_ns: 5000 vs 5001".
std::string traceDifference(const Trace& a, const Trace& b, TraceMatch match = TraceMatch::Exact);

}  // namespace syncscope::test
