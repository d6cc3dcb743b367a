#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/model/huge_pages.h"

namespace syncscope {

// Orders `items` (distinct indices, e.g. flows) by (key(item), item): the order a stable sort by
// key of items in index order gives, but each key is read once, into a contiguous array that is
// sorted directly, instead of twice per comparison through the items (a cache miss each at
// millions of flows: issue 14, three such sorts were most of a 10 M-event model build). Items that
// already come in order, as a trace's flows mostly do, cost one linear check.
template <typename KeyOf>
void sortByKeyThenIndex(std::vector<std::uint32_t>& items, KeyOf keyOf) {
    using Key = std::decay_t<decltype(keyOf(std::uint32_t{}))>;
    static_assert(std::is_integral_v<Key>, "keys are integers");
    if (items.size() < 2)
        return;
    if constexpr (sizeof(Key) <= 4 && std::is_unsigned_v<Key>) {
        // Key and index fit one 64-bit word whose order is the pair's.
        std::vector<std::uint64_t> packed;
        HugePages::reserve(packed, items.size());
        packed.resize(items.size());
        for (std::size_t k = 0; k < items.size(); ++k)
            packed[k] = (static_cast<std::uint64_t>(keyOf(items[k])) << 32) | items[k];
        if (std::is_sorted(packed.begin(), packed.end()))
            return;
        std::sort(packed.begin(), packed.end());
        for (std::size_t k = 0; k < items.size(); ++k)
            items[k] = static_cast<std::uint32_t>(packed[k]);
    } else {
        std::vector<std::pair<Key, std::uint32_t>> pairs;
        HugePages::reserve(pairs, items.size());
        pairs.resize(items.size());
        for (std::size_t k = 0; k < items.size(); ++k)
            pairs[k] = {keyOf(items[k]), items[k]};
        if (std::is_sorted(pairs.begin(), pairs.end()))
            return;
        std::sort(pairs.begin(), pairs.end());
        for (std::size_t k = 0; k < items.size(); ++k)
            items[k] = pairs[k].second;
    }
}

}  // namespace syncscope
