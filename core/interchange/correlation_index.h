#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/model/ids.h"

namespace syncscope {

// Event index by correlation id, for linking a GPU op to its launch and a wait to its call.
// Profilers number correlations densely from small integers, so ids below a bound proportional to
// the number of events live in a plain vector (one load per lookup instead of a hash probe); the
// rare id past it (a producer that numbers sparsely, hostile input) goes to a map, which keeps
// memory proportional to the events whatever the ids. The first event added for an id wins.
class CorrelationIndex {
public:
    // `events`: how many events will be added at most (sizes the dense part's bound).
    explicit CorrelationIndex(std::size_t events = 0);

    void add(std::uint32_t correlation, std::uint32_t event);
    // The event, or kNone.
    std::uint32_t find(std::uint32_t correlation) const {
        if (correlation < dense_.size())
            return dense_[correlation];
        if (sparse_.empty())
            return kNone;
        const auto it = sparse_.find(correlation);
        return it == sparse_.end() ? kNone : it->second;
    }
    // Every (correlation, event) pair, in no particular order.
    template <typename F>
    void forEach(F&& f) const {
        for (std::uint32_t c = 0; c < dense_.size(); ++c)
            if (dense_[c] != kNone)
                f(c, dense_[c]);
        for (const auto& [c, e] : sparse_)
            f(c, e);
    }

private:
    std::size_t dense_limit_;
    std::vector<std::uint32_t> dense_;
    std::unordered_map<std::uint32_t, std::uint32_t> sparse_;
};

}  // namespace syncscope
