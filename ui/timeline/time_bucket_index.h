#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// A coarse summary of a non-decreasing sequence of times (a track's starts or running max end):
// for each power-of-two time bucket, the first position whose value reaches the bucket's start.
// A search for time t then reads the one bucket holding t and searches only the values in it
// (about 64 on average), instead of a binary search over the whole track that misses the cache on
// each of its last steps: a zoomed-out frame, which searches once per few pixels and lane, costs
// the pixels, not the events. Results are exactly those of std::lower_bound over all the values.
// Memory: 4 bytes per bucket, at most 64 + n / 64 buckets (about 0.06 byte per value); the bucket
// width doubles as the values' span grows. Values can be appended (live runs) in O(1) amortized,
// and a tail dropped for a local re-sort (truncate). A burst of many values in one bucket makes
// the search in it logarithmic in the burst, never worse than the plain binary search.
class TimeBucketIndex {
public:
    // Forgets every value from position `n` on (so they can be re-indexed after a re-sort).
    void truncate(std::size_t n);
    // Indexes values[size() ..]; `values` must be non-decreasing.
    void extend(const std::vector<TimeNs>& values) {
        extend(values.size(), [&values](std::size_t i) { return values[i]; });
    }
    // The same for values kept nowhere as a sequence, read as valueAt(i) for i in [size(), count):
    // a subset's starts read through its events saves 8 bytes per value (issue 14).
    template <typename ValueAt>
    void extend(std::size_t count, ValueAt valueAt) {
        for (std::size_t i = covered_; i < count; ++i)
            add(i, valueAt(i));
    }
    // Number of values indexed.
    std::size_t size() const { return covered_; }
    // First position among the indexed values whose value is >= t (values.size() when none).
    std::size_t lowerBound(const std::vector<TimeNs>& values, TimeNs t) const;
    // First position whose value is > t.
    std::size_t upperBound(const std::vector<TimeNs>& values, TimeNs t) const;
    // lowerBound over values read as valueAt(i): the same answer, read inside one bucket only.
    template <typename ValueAt>
    std::size_t lowerBound(TimeNs t, ValueAt valueAt) const {
        auto [lo, hi] = candidates(t);
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (valueAt(mid) < t)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    // The positions [first, second) that lowerBound(values, t) searches, without reading the
    // values: what a sweep prefetches before it searches. The answer is one of them, or second
    // when none reaches t (first == second when it is known).
    std::pair<std::size_t, std::size_t> candidates(TimeNs t) const;
    std::size_t bucketCount() const { return pos_.size(); }

private:
    void coarsen();
    // Indexes value `v` at position i == size().
    void add(std::size_t i, TimeNs v);

    TimeNs origin_ = 0;  // values[0]: bucket j starts at origin_ + (j << shift_)
    int shift_ = 0;
    std::vector<std::uint32_t> pos_;  // pos_[j]: first position whose value >= bucket j's start
    std::size_t covered_ = 0;
};

}  // namespace syncscope
