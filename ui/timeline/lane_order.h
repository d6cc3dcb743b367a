#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// A lane's order: by start, then end, then index (events are pushed in index order and sorted
// stably), a strict order in which every subsequence of the lane (levels, instants) is sorted too.
struct LaneOrder {
    const std::vector<TraceEvent>* events;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
        const auto& ea = (*events)[a];
        const auto& eb = (*events)[b];
        return ea.start_ns != eb.start_ns ? ea.start_ns < eb.start_ns : ea.end_ns < eb.end_ns;
    }
    bool strict(std::uint32_t a, std::uint32_t b) const {
        return (*this)(a, b) || (!(*this)(b, a) && a < b);
    }
    // How many entries of `sub` (a subsequence of a lane, in lane order) lie at or before `last`.
    static std::size_t countUpTo(const std::vector<std::uint32_t>& sub, std::uint32_t last,
                                 const LaneOrder& order) {
        return static_cast<std::size_t>(
            std::upper_bound(sub.begin(), sub.end(), last,
                             [&](std::uint32_t a, std::uint32_t b) { return order.strict(a, b); }) -
            sub.begin());
    }
};

}  // namespace syncscope
