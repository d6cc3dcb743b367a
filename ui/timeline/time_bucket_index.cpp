#include "ui/timeline/time_bucket_index.h"

#include <algorithm>
#include <limits>

#include "core/model/checked_math.h"

namespace syncscope {

namespace {

// Few buckets for few values (a bucket is 4 bytes, a value 8): about 64 values per bucket.
std::uint64_t bucketLimit(std::size_t values) {
    return 64 + values / 64;
}

}  // namespace

void TimeBucketIndex::truncate(std::size_t n) {
    if (n >= covered_)
        return;
    covered_ = n;
    if (n == 0) {
        pos_.clear();
        shift_ = 0;
        return;
    }
    // A bucket whose first position lies before n still starts where it did: its value and the
    // one before it are kept. The others are found again as the tail is re-indexed.
    const auto keep = std::lower_bound(pos_.begin(), pos_.end(), static_cast<std::uint32_t>(n));
    pos_.erase(keep, pos_.end());
}

void TimeBucketIndex::coarsen() {
    // Bucket j of twice the width starts where bucket 2j did.
    std::size_t out = 0;
    for (std::size_t j = 0; j < pos_.size(); j += 2)
        pos_[out++] = pos_[j];
    pos_.resize(out);
    ++shift_;
}

void TimeBucketIndex::add(std::size_t i, TimeNs v) {
    if (i == 0) {
        origin_ = v;
        shift_ = 0;
        pos_.assign(1, 0);
        covered_ = 1;
        return;
    }
    const auto offset = static_cast<std::uint64_t>(std::max<TimeNs>(0, saturatingSub(v, origin_)));
    // Buckets are those starting at or before the last value: v needs (offset >> shift) + 1.
    while (shift_ < 63 && (offset >> shift_) + 1 > bucketLimit(i + 1))
        coarsen();
    const std::uint64_t needed = (offset >> shift_) + 1;
    while (pos_.size() < needed)
        pos_.push_back(static_cast<std::uint32_t>(i));
    covered_ = i + 1;
}

std::pair<std::size_t, std::size_t> TimeBucketIndex::candidates(TimeNs t) const {
    if (covered_ == 0 || t <= origin_)
        return {0, 0};  // values[0] is the origin, the smallest
    const auto offset = static_cast<std::uint64_t>(saturatingSub(t, origin_));
    const std::uint64_t j = offset >> shift_;
    if (j >= pos_.size())
        return {covered_,
                covered_};  // past the start of the last bucket, which holds the last value
    // Everything before pos_[j] is below bucket j's start <= t; pos_[j + 1] reaches the next
    // bucket's start > t.
    return {pos_[j], j + 1 < pos_.size() ? pos_[j + 1] : covered_};
}

std::size_t TimeBucketIndex::lowerBound(const std::vector<TimeNs>& values, TimeNs t) const {
    const auto [lo, hi] = candidates(t);
    const auto first = values.begin();
    return static_cast<std::size_t>(std::lower_bound(first + static_cast<std::ptrdiff_t>(lo),
                                                     first + static_cast<std::ptrdiff_t>(hi), t) -
                                    first);
}

std::size_t TimeBucketIndex::upperBound(const std::vector<TimeNs>& values, TimeNs t) const {
    if (t == std::numeric_limits<TimeNs>::max())
        return covered_;
    return lowerBound(values, t + 1);
}

}  // namespace syncscope
