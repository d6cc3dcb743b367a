#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include "core/model/huge_pages.h"

namespace syncscope {

// An order of flow indices (by source, by target or by time) that is often the identity: a
// recorder writes flows in the order of their sources and times. While it is, only its length is
// kept, 4 bytes per flow less (issue 14: at most 100 B per event in the window; a run has about
// one flow per two events). The first merge that breaks the order writes it out.
class FlowOrder {
public:
    std::size_t size() const { return identity_ ? count_ : order_.size(); }
    bool empty() const { return size() == 0; }
    std::uint32_t operator[](std::size_t k) const {
        return identity_ ? static_cast<std::uint32_t>(k) : order_[k];
    }
    bool isIdentity() const { return identity_; }
    // The first position whose flow fails `before` (which must hold for a prefix of the order).
    template <typename Before>
    std::size_t partitionPoint(Before before) const {
        std::size_t lo = 0, hi = size();
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (before((*this)[mid]))
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    // Merges `added` (sorted by `less`, a strict order on flow indices) into the order; returns
    // the position the first of them took. What lies before that position stays.
    template <typename Less>
    std::size_t merge(const std::vector<std::uint32_t>& added, Less less) {
        if (added.empty())
            return size();
        const std::size_t n = size();
        if (identity_) {
            bool follows = n == 0 || less(static_cast<std::uint32_t>(n - 1), added.front());
            for (std::size_t i = 0; follows && i < added.size(); ++i)
                follows = added[i] == n + i;
            if (follows) {
                count_ += added.size();
                return n;
            }
            HugePages::reserve(order_, n + added.size());
            order_.resize(n);
            std::iota(order_.begin(), order_.end(), std::uint32_t{0});
            identity_ = false;
        }
        const auto at = static_cast<std::size_t>(
            std::upper_bound(order_.begin(), order_.end(), added.front(), less) - order_.begin());
        const auto middle = order_.size();
        order_.insert(order_.end(), added.begin(), added.end());
        std::inplace_merge(order_.begin() + static_cast<std::ptrdiff_t>(at),
                           order_.begin() + static_cast<std::ptrdiff_t>(middle), order_.end(),
                           less);
        return at;
    }
    std::size_t memoryFootprint() const { return order_.capacity() * sizeof(std::uint32_t); }

private:
    bool identity_ = true;
    std::size_t count_ = 0;  // the identity's length
    std::vector<std::uint32_t> order_;
};

}  // namespace syncscope
