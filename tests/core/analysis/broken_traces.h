#pragma once

// Hand-made traces that each break one invariant of docs/semantics.md section 7 (data rows of
// tst_invariant_checker), and the use-after-free layout some tests share.
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/invariant_checker.h"
#include "tests/core/analysis/trace_builder.h"

namespace syncscope::test {

// A broken trace, the invariant(s) it must trip and the events the first violation must name.
struct Case {
    const char* name;
    std::set<std::string> ids;  // every reported violation must have one of these ids
    std::string id;             // ... and one with this id must list exactly `events`
    std::function<std::vector<std::uint32_t>(TraceBuilder&, InvariantCheckerOptions&)> build;
};

// malloc_async a; kernel uses a; free_async a (all on stream 1); then a kernel using a, on
// stream 1 or stream 2, starting at `use_start` (stream 1 reaches the free at 15 µs).
struct UseAfterFree {
    std::uint32_t free_call;
    TraceBuilder::Op use;
};

UseAfterFree buildUseAfterFree(TraceBuilder& b, InvariantCheckerOptions& o, bool other_stream,
                               TimeNs use_start);

const std::vector<Case>& brokenCases();

}  // namespace syncscope::test
