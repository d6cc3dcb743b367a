#pragma once

#include <cstddef>
#include <vector>

#include "core/model/huge_pages.h"
#include "core/model/trace.h"

namespace syncscope {

// A track's busy time at the edges of power-of-two time buckets: prefix[j] is the length of the
// union of the track's events before origin + j * width. A zoomed-out frame asks for the busy time
// of every pixel column of a fold; when a bucket is a small part of a column, reading it here (and
// between two edges, in proportion) costs the pixels, while the exact sweep over the events misses
// the cache more the more events there are (issue 14: a 10M frame within 1.2x of a 1M frame).
// Exact at bucket edges; in between off by less than one bucket's width, and the error of two
// neighbouring columns cancels, as both read the same edge. Memory: one 8-byte edge per
// kEventsPerBucket events (0.5 byte per event); tracks of fewer than kMinEvents events have none
// (their exact sweep is cheap).
class BusySummary {
public:
    static constexpr std::size_t kEventsPerBucket = 16;
    static constexpr std::size_t kMinEvents = 4096;

    // Re-reads the edges from time `changedFrom` on (what lies before keeps its busy time) for a
    // track of `events` events whose starts and running ends lie in [first, last]. busyBeforeEach
    // (times, out) must give the exact busy time before each of the sorted `times`. A new origin
    // or a span too wide for the buckets rebuilds all of them.
    template <typename BusyBeforeEach>
    void update(std::size_t events, TimeNs first, TimeNs last, TimeNs changedFrom,
                BusyBeforeEach busyBeforeEach) {
        if (events < kMinEvents || last <= first) {
            clear();
            return;
        }
        const int shift = shiftFor(events, first, last);
        std::size_t from = 0;
        if (!prefix_.empty() && first == origin_ && shift == shift_ && changedFrom > origin_)
            from = std::min(prefix_.size(), edgeAfter(changedFrom));
        origin_ = first;
        shift_ = shift;
        const std::size_t count = static_cast<std::size_t>((last - first) >> shift) + 2;
        std::vector<TimeNs> times;
        times.reserve(count - std::min(from, count));
        for (std::size_t j = from; j < count; ++j)
            times.push_back(edge(j));
        std::vector<TimeNs> busy;
        busyBeforeEach(times, busy);
        prefix_.resize(from);
        if (from == 0)  // a build: once, on huge pages (frames read it from a cold cache)
            HugePages::reserve(prefix_, busy.size());
        prefix_.insert(prefix_.end(), busy.begin(), busy.end());
    }
    void clear();

    bool empty() const { return prefix_.empty(); }
    // The width of a bucket in ns (0 without buckets).
    TimeNs width() const { return prefix_.empty() ? 0 : TimeNs{1} << shift_; }
    // Whether reading `columnNs`-wide columns here is within 1/8 of a column of the exact sweep.
    bool resolves(double columnNs) const {
        return !prefix_.empty() && static_cast<double>(width()) * 8.0 <= columnNs;
    }
    // The busy time before t: exact at an edge, in proportion within a bucket.
    double busyBefore(TimeNs t) const;
    std::size_t memoryFootprint() const { return prefix_.capacity() * sizeof(TimeNs); }

private:
    static int shiftFor(std::size_t events, TimeNs first, TimeNs last);
    TimeNs edge(std::size_t j) const;
    // The first edge after t (edges up to t keep their busy time when events change at t).
    std::size_t edgeAfter(TimeNs t) const;

    TimeNs origin_ = 0;
    int shift_ = 0;
    std::vector<TimeNs> prefix_;
};

}  // namespace syncscope
