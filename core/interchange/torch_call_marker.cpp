#include "core/interchange/torch_call_marker.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/model/torch_call.h"

namespace syncscope {

namespace {

// What a candidate may turn out to be.
enum class Candidate : std::uint8_t {
    None,
    Named,      // its name says which call
    CopyToHost  // aten::to and friends: a Tensor.cpu() if it copied to the host and synced
};

bool isHostSide(const Trace& trace, const TraceEvent& e) {
    if (e.kind != EventKind::Generic && e.kind != EventKind::Annotation)
        return false;
    const LaneKind kind = trace.lanes[e.lane].kind;
    if (kind == LaneKind::HostThread || kind == LaneKind::Other)
        return true;
    if (kind != LaneKind::Annotation)
        return false;
    const std::uint16_t parent = trace.lanes[e.lane].parent;
    return parent == kNoLane || trace.lanes[parent].kind != LaneKind::Stream;
}

// The host thread an event belongs to: an annotation or waits lane stands for its thread's lane.
std::uint16_t threadOf(const Trace& trace, const TraceEvent& e) {
    const Lane& lane = trace.lanes[e.lane];
    const bool sub = lane.kind == LaneKind::Annotation || lane.kind == LaneKind::HostWaits;
    return sub && lane.parent != kNoLane ? lane.parent : e.lane;
}

// A Python frame of the profiler itself (torch.profiler.profile's __enter__, __exit__, step):
// the syncs it makes to start and stop are the recorder's, not the program's.
bool isProfilerFrame(std::string_view name) {
    const auto at = name.find("torch/profiler/");
    return at != std::string_view::npos && (at == 0 || name[at - 1] == '/') &&
           name.find(".py(", at) != std::string_view::npos;
}

bool isCopyToHostOp(std::string_view name) {
    return name == "aten::to" || name == "aten::_to_copy" || name == "aten::copy_";
}

bool isDeviceToHost(std::string_view name) {
    return name.find("DtoH") != std::string_view::npos ||
           name.find("Device -> Pageable") != std::string_view::npos ||
           name.find("Device -> Pinned") != std::string_view::npos ||
           name.find("d2h") != std::string_view::npos;
}

struct Item {
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint32_t event = kNone;
};

class Marker {
public:
    explicit Marker(Trace& trace) : trace_(trace), names_(trace.strings.size(), kUnknown) {}

    std::size_t run() {
        std::map<std::uint16_t, std::vector<Item>> candidates, calls, waits, profiler;
        for (std::uint32_t i = 0; i < trace_.events.size(); ++i) {
            const TraceEvent& e = trace_.events[i];
            if (e.kind == EventKind::ApiCall) {
                calls[e.lane].push_back({e.start_ns, e.end_ns, i});
                continue;
            }
            if (e.kind == EventKind::HostWait) {
                waits[threadOf(trace_, e)].push_back({e.start_ns, e.end_ns, i});
                continue;
            }
            if (!isHostSide(trace_, e))
                continue;
            if (candidateOf(e) != Candidate::None)
                candidates[threadOf(trace_, e)].push_back({e.start_ns, e.end_ns, i});
            else if (e.kind == EventKind::Generic && isProfilerFrame(trace_.nameOf(e)))
                profiler[threadOf(trace_, e)].push_back({e.start_ns, e.end_ns, i});
        }
        if (candidates.empty())
            return 0;
        indexCopies();
        std::size_t marked = 0;
        for (auto& [thread, items] : candidates) {
            // Outer first: by start, then the longer one.
            std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
                return a.start != b.start ? a.start < b.start : a.end > b.end;
            });
            auto& nested = calls[thread];
            auto& thread_waits = waits[thread];
            const auto& own = profiler[thread];
            for (auto* list : {&nested, &thread_waits})
                std::sort(list->begin(), list->end(),
                          [](const Item& a, const Item& b) { return a.start < b.start; });
            TimeNs covered_until = 0;
            bool any = false;
            for (const Item& item : items) {
                if (any && item.end <= covered_until)
                    continue;  // inside a call already marked: the same call, seen again
                if (!markOne(item, nested, thread_waits))
                    continue;
                covered_until = any ? std::max(covered_until, item.end) : item.end;
                any = true;
                ++marked;
                const bool profilers_own = std::any_of(own.begin(), own.end(), [&](const Item& f) {
                    return f.start <= item.start && item.end <= f.end;
                });
                if (profilers_own) {
                    // The call, its CUDA calls and their waits: the recorder's own work.
                    trace_.events[item.event].flags |= event_flags::kInstrumentation;
                    for (const auto* list : {&nested, &thread_waits})
                        forNested(item, *list, [&](std::uint32_t c) {
                            trace_.events[c].flags |= event_flags::kInstrumentation;
                            return true;
                        });
                }
            }
        }
        return marked;
    }

private:
    static constexpr std::uint8_t kUnknown = 0xFF;

    TorchCall recognized(const TraceEvent& e) {
        if (e.name >= names_.size())
            return TorchCall::None;
        std::uint8_t& slot = names_[e.name];
        if (slot == kUnknown)
            slot = static_cast<std::uint8_t>(recognizeTorchCall(trace_.nameOf(e)));
        return static_cast<TorchCall>(slot);
    }

    Candidate candidateOf(const TraceEvent& e) {
        if (recognized(e) != TorchCall::None)
            return Candidate::Named;
        if (e.kind == EventKind::Generic && isCopyToHostOp(trace_.nameOf(e)))
            return Candidate::CopyToHost;
        return Candidate::None;
    }

    // Copies by the correlation id of the call that enqueued them: whether each went to the host.
    void indexCopies() {
        for (const TraceEvent& e : trace_.events)
            if (e.kind == EventKind::Memcpy && e.correlation != kNone)
                copies_.emplace(e.correlation, isDeviceToHost(trace_.nameOf(e)));
    }

    // The events of `list` (one thread's, by start) inside [item.start, item.end], in time
    // order, until fn returns false.
    template <typename Fn>
    void forNested(const Item& item, const std::vector<Item>& list, Fn fn) const {
        auto it = std::lower_bound(list.begin(), list.end(), item.start,
                                   [](const Item& c, TimeNs t) { return c.start < t; });
        for (; it != list.end() && it->start <= item.end; ++it)
            if (it->end <= item.end && !fn(it->event))
                return;
    }

    // What the CUDA calls and waits inside a call on its thread show it did.
    struct Inside {
        bool copied_to_host = false;  // a device-to-host copy
        bool copied = false;          // any other copy
        bool synced = false;          // a sync call or a synchronous copy
        bool waited = false;          // a host wait (also a copy that held the host)
    };
    Inside inside(const Item& item, const std::vector<Item>& calls,
                  const std::vector<Item>& waits) const {
        Inside in;
        forNested(item, calls, [&](std::uint32_t index) {
            const TraceEvent& c = trace_.events[index];
            if ((c.api == ApiId::MemcpyAsync || c.api == ApiId::Memcpy) && c.correlation != kNone) {
                const auto copy = copies_.find(c.correlation);
                if (copy != copies_.end()) {
                    (copy->second ? in.copied_to_host : in.copied) = true;
                    in.synced = in.synced || c.api == ApiId::Memcpy;
                }
            }
            if (c.api == ApiId::StreamSynchronize || c.api == ApiId::DeviceSynchronize ||
                c.api == ApiId::EventSynchronize)
                in.synced = true;
            return true;
        });
        forNested(item, waits, [&](std::uint32_t) {
            in.waited = true;
            return false;
        });
        return in;
    }

    bool markOne(const Item& item, const std::vector<Item>& calls, const std::vector<Item>& waits) {
        TraceEvent& e = trace_.events[item.event];
        TorchCall call = recognized(e);
        const bool reading = call == TorchCall::TensorItem || call == TorchCall::TensorCpu ||
                             call == TorchCall::TensorToList;
        if (call == TorchCall::None || reading) {
            const Inside in = inside(item, calls, waits);
            if (reading) {
                // .item() on a CPU tensor makes no CUDA call: it is no sync, whatever its name
                // says (docs/semantics.md "Torch-level calls").
                if (!in.copied_to_host && !in.synced && !in.waited)
                    return false;
            } else if (in.copied_to_host && in.synced) {
                call = TorchCall::TensorCpu;  // aten::to("cpu"): a copy to the host, then a sync
            } else if (in.copied && in.synced) {
                // .to("cuda") / copy_ without non_blocking: a copy, then a sync of the stream. A
                // copy that only held the host (pageable, non_blocking=True) synced nothing.
                call =
                    trace_.nameOf(e) == "aten::copy_" ? TorchCall::TensorCopy : TorchCall::TensorTo;
            } else {
                return false;
            }
        }
        SyncMode mode = torchCallMode(call);
        if (call == TorchCall::StreamOrEventSynchronize || call == TorchCall::StreamOrEventQuery) {
            // The CUDA call inside tells; none at all means an event never recorded, whose
            // synchronize and query make no CUDA call (a stream's always do).
            const bool sync = call == TorchCall::StreamOrEventSynchronize;
            ApiId inner = ApiId::None;
            forNested(item, calls, [&](std::uint32_t index) {
                const TraceEvent& c = trace_.events[index];
                if (c.api == ApiId::StreamSynchronize || c.api == ApiId::EventSynchronize ||
                    c.api == ApiId::StreamQuery || c.api == ApiId::EventQuery) {
                    inner = c.api;
                    return false;
                }
                return true;
            });
            const bool stream = inner == ApiId::StreamSynchronize || inner == ApiId::StreamQuery;
            if (sync)
                mode = stream ? SyncMode::Stream : SyncMode::Event;
            else
                mode = stream ? SyncMode::None : SyncMode::EventQueryPoll;
        }
        e.api = torchCallApi(call);
        e.mode = mode;
        return true;
    }

    Trace& trace_;
    std::vector<std::uint8_t> names_;  // TorchCall by string id, kUnknown until asked
    std::unordered_map<std::uint32_t, bool> copies_;  // correlation -> to the host
};

}  // namespace

std::size_t TorchCallMarker::mark(Trace& trace) {
    return Marker(trace).run();
}

}  // namespace syncscope
