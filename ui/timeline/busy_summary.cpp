#include "ui/timeline/busy_summary.h"

#include <cmath>
#include <limits>

#include "core/model/checked_math.h"

namespace syncscope {

void BusySummary::clear() {
    prefix_.clear();
    prefix_.shrink_to_fit();
    shift_ = 0;
    origin_ = 0;
}

int BusySummary::shiftFor(std::size_t events, TimeNs first, TimeNs last) {
    // The narrowest power of two that keeps the edges at about one per kEventsPerBucket events.
    const auto span = static_cast<std::uint64_t>(saturatingSub(last, first));
    const std::uint64_t buckets = std::max<std::uint64_t>(1, events / kEventsPerBucket);
    int shift = 0;
    while (shift < 62 && (span >> shift) >= buckets)
        ++shift;
    return shift;
}

TimeNs BusySummary::edge(std::size_t j) const {
    const auto offset = static_cast<std::uint64_t>(j) << shift_;
    if (offset > static_cast<std::uint64_t>(std::numeric_limits<TimeNs>::max()))
        return std::numeric_limits<TimeNs>::max();
    return saturatingAdd(origin_, static_cast<TimeNs>(offset));
}

std::size_t BusySummary::edgeAfter(TimeNs t) const {
    if (t <= origin_)
        return 0;
    return static_cast<std::size_t>(static_cast<std::uint64_t>(t - origin_) >> shift_) + 1;
}

double BusySummary::busyBefore(TimeNs t) const {
    if (prefix_.empty() || t <= origin_)
        return prefix_.empty() ? 0.0 : static_cast<double>(prefix_.front());
    const auto offset = static_cast<std::uint64_t>(t - origin_);
    const auto j = static_cast<std::size_t>(offset >> shift_);
    if (j + 1 >= prefix_.size())
        return static_cast<double>(prefix_.back());
    const double within = static_cast<double>(offset - (static_cast<std::uint64_t>(j) << shift_)) /
                          static_cast<double>(TimeNs{1} << shift_);
    const auto a = static_cast<double>(prefix_[j]);
    const auto b = static_cast<double>(prefix_[j + 1]);
    return a + within * (b - a);
}

}  // namespace syncscope
