#include "core/interchange/correlation_index.h"

#include <algorithm>

namespace syncscope {

namespace {
// Below this every id is dense, whatever the event count: 256 KiB of index at most.
constexpr std::size_t kMinDenseLimit = std::size_t{1} << 16;
}  // namespace

CorrelationIndex::CorrelationIndex(std::size_t events, std::uint32_t first, std::uint32_t last)
    : first_(first),
      dense_limit_(std::min<std::size_t>(std::max(kMinDenseLimit, events * 4), kNone - first)) {
    if (last != kNone && last >= first)
        dense_.assign(std::min<std::size_t>(dense_limit_, std::size_t{last} - first + 1), kNone);
}

void CorrelationIndex::add(std::uint32_t correlation, std::uint32_t event) {
    if (correlation == kNone)
        return;
    if (correlation >= first_ && correlation - first_ < dense_limit_) {
        const std::size_t slot = correlation - first_;
        if (slot >= dense_.size()) {
            // Grow geometrically, as ids mostly rise: each resize fills only the new tail.
            const std::size_t wanted = std::min<std::size_t>(
                dense_limit_, std::max<std::size_t>(slot + 1, dense_.size() * 3 / 2));
            dense_.resize(wanted, kNone);
        }
        if (dense_[slot] == kNone)
            dense_[slot] = event;
        return;
    }
    sparse_.emplace(correlation, event);
}

}  // namespace syncscope
