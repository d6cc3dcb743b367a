#include "core/interchange/held_call_waits.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace syncscope {

namespace {

enum class Hold : std::uint8_t { None, Copy, Memset, Alloc, Long };

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// Host allocations synchronize too; they have no ApiId of their own.
bool isAllocation(const Trace& trace, const TraceEvent& c) {
    if (c.api == ApiId::Malloc || c.api == ApiId::Free)
        return true;
    const std::string_view name = trace.nameOf(c);
    for (const std::string_view prefix :
         {"cudaHostAlloc", "cudaMallocHost", "cudaFreeHost", "cudaHostRegister",
          "cudaHostUnregister", "cuMemHostAlloc", "cuMemAllocHost", "cuMemFreeHost",
          "cudaMallocManaged", "cudaMallocPitch", "cudaMalloc3D", "cudaFreeArray"})
        if (startsWith(name, prefix))
            return true;
    return false;
}

bool isHostToHost(const Trace& trace, const TraceEvent& op) {
    const std::string_view name = trace.nameOf(op);
    return name.find("HtoH") != std::string_view::npos ||
           name.find("h2h") != std::string_view::npos;
}

bool waitsElsewhere(ApiId api) {
    // Syncs have their waits from the sync records; queries poll; torch-level calls contain the
    // CUDA calls that held them.
    switch (api) {
        case ApiId::DeviceSynchronize:
        case ApiId::StreamSynchronize:
        case ApiId::EventSynchronize:
        case ApiId::EventQuery:
        case ApiId::StreamQuery:
        case ApiId::CpuSynchronize:
        case ApiId::EmptyCache:
        case ApiId::TensorAlloc:
        case ApiId::TensorFree:
        case ApiId::RecordStream:
        case ApiId::TorchCall:
            return true;
        default:
            return false;
    }
}

// GPU ops sorted by end, for "the op that ended last in (after, until]".
class EndIndex {
public:
    void add(TimeNs end, std::uint32_t op) { ops_.emplace_back(end, op); }
    void sort() { std::sort(ops_.begin(), ops_.end()); }
    std::uint32_t lastEndingIn(TimeNs after, TimeNs until) const {
        auto it =
            std::upper_bound(ops_.begin(), ops_.end(), std::make_pair(until, std::uint32_t{kNone}));
        if (it == ops_.begin())
            return kNone;
        --it;
        return it->first > after ? it->second : kNone;
    }

private:
    std::vector<std::pair<TimeNs, std::uint32_t>> ops_;
};

bool isGpuWork(EventKind kind) {
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

}  // namespace

std::size_t HeldCallWaits::add(Trace& trace, const std::vector<bool>& has_wait,
                               const std::function<std::uint16_t(std::uint16_t)>& waits_lane) {
    // Calls long enough to have held their thread, by lane and start.
    std::vector<std::uint32_t> calls;
    std::unordered_map<std::uint32_t, std::uint32_t> op_of_correlation;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& c = trace.events[i];
        if (c.kind != EventKind::ApiCall || (i < has_wait.size() && has_wait[i]) ||
            (c.flags & event_flags::kFailed) != 0 || waitsElsewhere(c.api))
            continue;
        calls.push_back(i);
        if (c.correlation != kNone)
            op_of_correlation.emplace(c.correlation, kNone);
    }
    if (calls.empty())
        return 0;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& e = trace.events[i];
        if (!isGpuWork(e.kind) || e.correlation == kNone)
            continue;
        const auto it = op_of_correlation.find(e.correlation);
        if (it != op_of_correlation.end() && it->second == kNone)
            it->second = i;
    }
    auto opOf = [&](const TraceEvent& c) {
        const auto it = c.correlation == kNone ? op_of_correlation.end()
                                               : op_of_correlation.find(c.correlation);
        return it == op_of_correlation.end() ? kNone : it->second;
    };
    auto holdOf = [&](const TraceEvent& c, std::uint32_t op) {
        const bool copy = c.api == ApiId::Memcpy || c.api == ApiId::MemcpyAsync;
        if (copy && (c.api == ApiId::Memcpy ||
                     (op != kNone && ((trace.events[op].flags & event_flags::kPageable) != 0 ||
                                      isHostToHost(trace, trace.events[op])))))
            return Hold::Copy;
        if (c.api == ApiId::Memset)
            return Hold::Memset;
        if (isAllocation(trace, c))
            return Hold::Alloc;
        return c.duration() >= kHeldMinNs ? Hold::Long : Hold::None;
    };

    // The GPU ops by end, per lane and over the device, built only when asked for.
    bool indexed = false;
    std::map<std::uint16_t, EndIndex> by_lane;
    EndIndex device;
    auto index = [&] {
        if (indexed)
            return;
        indexed = true;
        for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
            const TraceEvent& e = trace.events[i];
            if (!isGpuWork(e.kind))
                continue;
            by_lane[e.lane].add(e.end_ns, i);
            device.add(e.end_ns, i);
        }
        for (auto& [lane, ends] : by_lane)
            ends.sort();
        device.sort();
    };

    std::sort(calls.begin(), calls.end(), [&](std::uint32_t a, std::uint32_t b) {
        const TraceEvent& x = trace.events[a];
        const TraceEvent& y = trace.events[b];
        return x.lane != y.lane ? x.lane < y.lane : x.start_ns < y.start_ns;
    });
    std::map<std::uint16_t, TimeNs> held_until;  // per thread: a call nested in a held one is not
                                                 // held twice (a driver call inside a runtime one)
    std::size_t added = 0;
    for (const std::uint32_t i : calls) {
        const TraceEvent c = trace.events[i];  // a copy: adding events may move the vector
        const std::uint32_t op = opOf(c);
        const Hold hold = holdOf(c, op);
        if (hold == Hold::None)
            continue;
        if (c.duration() < kCopyMinNs) {
            // Too short to have held the thread, but a synchronous copy, memset or allocation
            // is a sync call whatever it lasted: the stats count it as one.
            if (hold == Hold::Memset || hold == Hold::Alloc ||
                (hold == Hold::Copy && c.api == ApiId::Memcpy))
                trace.events[i].flags |= event_flags::kImplicitSync;
            continue;
        }
        if (const auto it = held_until.find(c.lane);
            it != held_until.end() && c.start_ns < it->second)
            continue;
        held_until[c.lane] = c.end_ns;

        std::uint32_t awaited = kNone;
        if (hold == Hold::Copy || hold == Hold::Memset) {
            const TraceEvent* o = op != kNone ? &trace.events[op] : nullptr;
            if (o != nullptr && o->end_ns > c.start_ns && o->end_ns <= c.end_ns) {
                awaited = op;  // it returned once its own copy was done
            } else if (o != nullptr) {
                index();  // the stream's earlier work, which the copy had to wait for
                awaited =
                    by_lane[o->lane].lastEndingIn(c.start_ns, std::min(o->start_ns, c.end_ns));
            }
        } else if (hold == Hold::Alloc) {
            index();
            awaited = device.lastEndingIn(c.start_ns, c.end_ns);
        }

        TraceEvent wait;
        wait.kind = EventKind::HostWait;
        wait.lane = waits_lane(c.lane);
        wait.start_ns = c.start_ns;
        wait.end_ns = c.end_ns;
        wait.name = c.name;
        wait.api = c.api;
        wait.correlation = c.correlation;
        wait.target_lane = op != kNone ? trace.events[op].lane : c.target_lane;
        wait.mode = hold == Hold::Copy    ? SyncMode::BlockingCopy
                    : hold == Hold::Alloc ? SyncMode::ImplicitAlloc
                                          : SyncMode::None;
        wait.flags = event_flags::kImplicitSync;
        if (op != kNone && (trace.events[op].flags & event_flags::kPageable) != 0)
            wait.flags |= event_flags::kPageable;
        wait.setCpuNs(-1);  // how the thread spent it is not recorded
        wait.awaited = awaited;
        // A documented implicit sync is one on the call too, as the engines flag theirs (the stats
        // count it as a sync call); a long call is only a wait.
        if (hold != Hold::Long)
            trace.events[i].flags |= wait.flags;
        const std::uint32_t index_of_wait = trace.addEvent(wait);
        if (awaited != kNone)
            trace.flows.push_back({index_of_wait, awaited, FlowKind::Awaited});
        ++added;
    }
    return added;
}

}  // namespace syncscope
