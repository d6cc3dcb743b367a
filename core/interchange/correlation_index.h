#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/model/ids.h"

namespace syncscope {

// Event index by correlation id, for linking a GPU op to its launch and a wait to its call.
// Profilers number correlations densely, from a small integer or from where a long-running
// profiler had got to, so ids from the first one up to a bound proportional to the number of
// events live in a plain vector (one load per lookup instead of a hash probe); the rare id outside
// (a producer that numbers sparsely, hostile input) goes to a map, which keeps memory proportional
// to the events whatever the ids. The first event added for an id wins.
class CorrelationIndex {
public:
    // `events`: how many events will be added at most (sizes the dense part's bound); `first`: the
    // smallest id expected (where the dense part starts); `last`, when known, the largest: the
    // dense part is then sized once, instead of growing (each growth copies it into fresh pages).
    explicit CorrelationIndex(std::size_t events = 0, std::uint32_t first = 0,
                              std::uint32_t last = kNone);

    void add(std::uint32_t correlation, std::uint32_t event);
    // The event, or kNone.
    std::uint32_t find(std::uint32_t correlation) const {
        if (correlation - first_ < dense_.size() && correlation >= first_)
            return dense_[correlation - first_];
        if (sparse_.empty())
            return kNone;
        const auto it = sparse_.find(correlation);
        return it == sparse_.end() ? kNone : it->second;
    }
    // Every (correlation, event) pair, in no particular order.
    template <typename F>
    void forEach(F&& f) const {
        for (std::size_t c = 0; c < dense_.size(); ++c)
            if (dense_[c] != kNone)
                f(static_cast<std::uint32_t>(first_ + c), dense_[c]);
        for (const auto& [c, e] : sparse_)
            f(c, e);
    }

private:
    std::uint32_t first_;
    std::size_t dense_limit_;
    std::vector<std::uint32_t> dense_;
    std::unordered_map<std::uint32_t, std::uint32_t> sparse_;
};

}  // namespace syncscope
