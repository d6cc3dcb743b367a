#include "core/interchange/correlation_index.h"

#include <algorithm>

namespace syncscope {

namespace {
// Below this every id is dense, whatever the event count: 256 KiB of index at most.
constexpr std::size_t kMinDenseLimit = std::size_t{1} << 16;
}  // namespace

CorrelationIndex::CorrelationIndex(std::size_t events)
    : dense_limit_(std::max(kMinDenseLimit, events * 4)) {}

void CorrelationIndex::add(std::uint32_t correlation, std::uint32_t event) {
    if (correlation == kNone)
        return;
    if (correlation < dense_limit_) {
        if (correlation >= dense_.size()) {
            // Grow geometrically, as ids mostly rise: each resize fills only the new tail.
            const std::size_t wanted = std::min<std::size_t>(
                dense_limit_, std::max<std::size_t>(correlation + 1, dense_.size() * 3 / 2));
            dense_.resize(wanted, kNone);
        }
        if (dense_[correlation] == kNone)
            dense_[correlation] = event;
        return;
    }
    sparse_.emplace(correlation, event);
}

}  // namespace syncscope
