#include "core/compare/event_matcher.h"

#include <algorithm>
#include <vector>

namespace syncscope {

namespace {

// Indices of the events like `key`, in time order (start, then index, so ties are stable).
template <typename Same>
std::vector<std::uint32_t> occurrences(const Trace& trace, Same same) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (same(trace.events[i]))
            out.push_back(i);
    std::stable_sort(out.begin(), out.end(), [&](std::uint32_t x, std::uint32_t y) {
        return trace.events[x].start_ns < trace.events[y].start_ns;
    });
    return out;
}

}  // namespace

bool EventMatcher::same(const TraceEvent& a, const Trace& ta, const TraceEvent& b,
                        const Trace& tb) const {
    if (a.kind != b.kind || a.api != b.api || a.step != b.step)
        return false;
    // Without a step the name is all that tells two kernels apart.
    return a.step != kNone || ta.nameOf(a) == tb.nameOf(b);
}

std::optional<std::uint32_t> EventMatcher::match(std::uint32_t from_index) const {
    if (from_index >= from_.events.size())
        return std::nullopt;
    const TraceEvent& key = from_.events[from_index];
    const auto mine =
        occurrences(from_, [&](const TraceEvent& e) { return same(key, from_, e, from_); });
    const auto theirs =
        occurrences(to_, [&](const TraceEvent& e) { return same(key, from_, e, to_); });
    const auto at = std::find(mine.begin(), mine.end(), from_index);
    const auto k = static_cast<std::size_t>(at - mine.begin());
    if (k >= theirs.size())
        return std::nullopt;
    return theirs[k];
}

}  // namespace syncscope
