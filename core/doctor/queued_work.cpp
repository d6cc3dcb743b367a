#include "core/doctor/queued_work.h"

#include <algorithm>
#include <numeric>

#include "core/analysis/gpu_activity.h"

namespace syncscope {

namespace {

// Counts of op ends at or before a time, for the ops inserted so far (a Fenwick tree over the
// sorted ends).
class EndCounter {
public:
    explicit EndCounter(const std::vector<TimeNs>& ends) : ends_(ends), tree_(ends.size() + 1, 0) {}

    void insert(TimeNs end) {
        const auto i = static_cast<std::size_t>(std::lower_bound(ends_.begin(), ends_.end(), end) -
                                                ends_.begin());
        for (std::size_t k = i + 1; k < tree_.size(); k += k & (~k + 1))
            ++tree_[k];
    }
    std::uint64_t atOrBefore(TimeNs t) const {
        const auto i = static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), t) -
                                                ends_.begin());
        std::uint64_t n = 0;
        for (std::size_t k = i; k > 0; k -= k & (~k + 1))
            n += tree_[k];
        return n;
    }

private:
    const std::vector<TimeNs>& ends_;
    std::vector<std::uint64_t> tree_;
};

}  // namespace

QueuedWork::QueuedWork(const TraceIndex& index) : index_(index) {
    const Trace& trace = index.trace();
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& e = trace.events[i];
        if (!GpuActivity::keepsGpuBusy(trace, e))
            continue;
        const TimeNs launched =
            index.hasEnqueue(i) ? std::min(index.enq(i), e.start_ns) : e.start_ns;
        ops_.push_back({launched, e.end_ns, i});
        ends_.push_back(e.end_ns);
    }
    std::sort(ops_.begin(), ops_.end(), [](const Op& a, const Op& b) {
        return a.launched != b.launched ? a.launched < b.launched : a.event < b.event;
    });
    std::sort(ends_.begin(), ends_.end());
}

std::vector<QueuedAt> QueuedWork::at(const std::vector<std::uint32_t>& calls) const {
    const Trace& trace = index_.trace();
    std::vector<std::size_t> order(calls.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return trace.events[calls[a]].start_ns < trace.events[calls[b]].start_ns;
    });
    std::vector<QueuedAt> out(calls.size());
    EndCounter counter(ends_);
    std::size_t inserted = 0;
    const Op* latest = nullptr;  // the op ending last among those inserted
    for (const std::size_t q : order) {
        const TraceEvent& call = trace.events[calls[q]];
        for (; inserted < ops_.size() && ops_[inserted].launched < call.start_ns; ++inserted) {
            counter.insert(ops_[inserted].end);
            if (latest == nullptr || ops_[inserted].end > latest->end)
                latest = &ops_[inserted];
        }
        if (latest == nullptr || latest->end <= call.end_ns)
            continue;
        out[q].missed_ns = latest->end - call.end_ns;
        out[q].ops = inserted - counter.atOrBefore(call.end_ns);
        out[q].last = latest->event;
    }
    return out;
}

}  // namespace syncscope
