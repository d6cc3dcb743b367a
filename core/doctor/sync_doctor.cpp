#include "core/doctor/sync_doctor.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "core/analysis/collective_matcher.h"
#include "core/analysis/gpu_activity.h"
#include "core/analysis/host_wait_reason.h"
#include "core/analysis/idle_attribution.h"
#include "core/analysis/rank_summary.h"
#include "core/analysis/time_format.h"
#include "core/analysis/wait_attribution.h"
#include "core/doctor/finding_catalogue.h"
#include "core/doctor/queued_work.h"
#include "core/doctor/step_index.h"
#include "core/model/torch_call.h"

namespace syncscope {

namespace {

constexpr const char* kContext = "SyncDoctor";

// The calls (or waits) one finding is about, before they are counted.
struct Group {
    std::vector<std::uint32_t> calls;
    std::set<std::uint32_t> waits;
    std::map<std::uint32_t, std::vector<std::uint32_t>> waits_of;  // by call
    TimeNs missed_ns = 0;
    TrText detail;
};

bool instrumentation(const TraceEvent& e) {
    return (e.flags & event_flags::kInstrumentation) != 0;
}

bool isEnqueue(ApiId api) {
    return api == ApiId::LaunchKernel || api == ApiId::MemcpyAsync || api == ApiId::MemsetAsync;
}

class Diagnosis {
public:
    Diagnosis(const Trace& trace, const WaitAttribution& waits, const IdleAttribution& idle)
        : trace_(trace), index_(waits.index()), waits_(waits), idle_(idle), steps_(trace) {}

    std::vector<Finding> run() {
        torchCalls();
        rawCalls();
        blockedCalls();
        eventSyncs();
        std::vector<Finding> out;
        for (auto& [id, group] : groups_)
            if (auto finding = judge(id, group))
                out.push_back(std::move(*finding));
        if (auto f = launchBound())
            out.push_back(std::move(*f));
        if (auto f = lateRank())
            out.push_back(std::move(*f));
        charge(out);
        std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
            if (a.impactNs() != b.impactNs())
                return a.impactNs() > b.impactNs();
            if (a.host_blocked_ns != b.host_blocked_ns)
                return a.host_blocked_ns > b.host_blocked_ns;
            return a.count > b.count;
        });
        return out;
    }

private:
    // The host waits on an event's thread inside its interval (a torch-level call's CUDA syncs).
    std::vector<std::uint32_t> waitsInside(std::uint32_t event) const {
        std::vector<std::uint32_t> out;
        const TraceEvent& e = trace_.events[event];
        if (e.kind == EventKind::ApiCall && !isTorchCallEvent(e)) {
            if (const std::uint32_t w = index_.waitOfCall(event); w != kNone)
                out.push_back(w);
            return out;
        }
        const auto& waits = index_.hostWaits();
        const std::uint16_t thread = index_.hostThreadOf(e.lane);
        auto it = std::lower_bound(
            waits.begin(), waits.end(), e.start_ns,
            [&](std::uint32_t w, TimeNs t) { return trace_.events[w].start_ns < t; });
        for (; it != waits.end() && trace_.events[*it].start_ns <= e.end_ns; ++it)
            if (index_.hostThreadOf(trace_.events[*it].lane) == thread &&
                trace_.events[*it].end_ns <= e.end_ns)
                out.push_back(*it);
        return out;
    }

    // Whether a torch-level call made a copy from or to pageable memory on its thread.
    bool copiesPageable(std::uint32_t event) const {
        const TraceEvent& e = trace_.events[event];
        const auto& calls = index_.apiCalls();
        const std::uint16_t thread = index_.hostThreadOf(e.lane);
        auto it = std::lower_bound(
            calls.begin(), calls.end(), e.start_ns,
            [&](std::uint32_t c, TimeNs t) { return trace_.events[c].start_ns < t; });
        for (; it != calls.end() && trace_.events[*it].start_ns <= e.end_ns; ++it) {
            const TraceEvent& c = trace_.events[*it];
            if ((c.api != ApiId::MemcpyAsync && c.api != ApiId::Memcpy) ||
                index_.hostThreadOf(c.lane) != thread)
                continue;
            const std::uint32_t op = index_.opOf(*it);
            if ((c.flags & event_flags::kPageable) != 0 ||
                (op != kNone && (trace_.events[op].flags & event_flags::kPageable) != 0))
                return true;
        }
        return false;
    }

    void add(const char* id, std::uint32_t call, const std::vector<std::uint32_t>& waits) {
        Group& g = groups_[id];
        g.calls.push_back(call);
        g.waits.insert(waits.begin(), waits.end());
        auto& of = g.waits_of[call];
        of.insert(of.end(), waits.begin(), waits.end());
    }

    // torch.cpu.synchronize() waits for nothing: a timer read after it misses all the GPU work
    // launched before it and not finished yet, not only the op running at that instant.
    void cpuSynchronize(const std::vector<std::uint32_t>& calls) {
        if (calls.empty())
            return;
        const std::vector<QueuedAt> queued = QueuedWork(index_).at(calls);
        Group& g = groups_["cpu-synchronize"];
        const QueuedAt* worst = nullptr;
        for (std::size_t k = 0; k < calls.size(); ++k) {
            g.calls.push_back(calls[k]);
            g.missed_ns = saturatingAdd(g.missed_ns, queued[k].missed_ns);
            if (worst == nullptr || queued[k].missed_ns > worst->missed_ns)
                worst = &queued[k];
        }
        if (worst == nullptr || worst->missed_ns == 0)
            return;
        const std::string worst_ns = formatDuration(worst->missed_ns);
        const std::string all_ns = formatDuration(g.missed_ns);
        const std::string ops = std::to_string(worst->ops);
        const std::string count = std::to_string(calls.size());
        // Two sources for the op's number rather than %n: the CLI has no plural rules.
        if (calls.size() == 1 && worst->ops == 1)
            g.detail = TrText(kContext,
                              SYNCSCOPE_TR_NOOP("SyncDoctor",
                                                "A timer read after it stops %1 before the GPU "
                                                "finishes the op still queued."),
                              {worst_ns});
        else if (calls.size() == 1)
            g.detail = TrText(kContext,
                              SYNCSCOPE_TR_NOOP("SyncDoctor",
                                                "A timer read after it stops %1 before the GPU "
                                                "finishes the %2 ops still queued."),
                              {worst_ns, ops});
        else if (worst->ops == 1)
            g.detail = TrText(kContext,
                              SYNCSCOPE_TR_NOOP("SyncDoctor",
                                                "A timer read after it stops up to %1 before the "
                                                "GPU finishes the op still queued; %2 in all over "
                                                "%3 calls."),
                              {worst_ns, all_ns, count});
        else
            g.detail = TrText(kContext,
                              SYNCSCOPE_TR_NOOP("SyncDoctor",
                                                "A timer read after it stops up to %1 before the "
                                                "GPU finishes the %2 ops still queued; %3 in all "
                                                "over %4 calls."),
                              {worst_ns, ops, all_ns, count});
    }

    void torchCalls() {
        std::vector<std::uint32_t> cpu_synchronize;
        for (const std::uint32_t call : index_.torchCalls()) {
            const TraceEvent& e = trace_.events[call];
            if (instrumentation(e))
                continue;
            switch (torchCallOf(trace_, e)) {
                case TorchCall::CpuSynchronize:
                    cpu_synchronize.push_back(call);
                    break;
                case TorchCall::TensorItem:
                case TorchCall::TensorCpu:
                case TorchCall::TensorToList:
                    add("item-in-loop", call, waitsInside(call));
                    break;
                case TorchCall::TensorTo:
                case TorchCall::TensorCopy:
                    // .to("cuda") from pageable memory waited for its copy: a sync the program
                    // did not need had the tensor been pinned.
                    if (copiesPageable(call))
                        add("pageable-copy", call, waitsInside(call));
                    break;
                case TorchCall::CudaSynchronize:
                case TorchCall::AcceleratorSynchronize:
                    add("cuda-synchronize-in-loop", call, waitsInside(call));
                    break;
                case TorchCall::EmptyCache:
                    add("malloc-free-in-loop", call, waitsInside(call));
                    break;
                default:
                    break;
            }
        }
        cpuSynchronize(cpu_synchronize);
    }

    // CUDA calls a program made itself, not inside a torch-level call.
    void rawCalls() {
        for (const std::uint32_t call : index_.apiCalls()) {
            const TraceEvent& c = trace_.events[call];
            if (instrumentation(c) || isTorchCallEvent(c) || index_.torchCallAround(call) != kNone)
                continue;
            if (c.api == ApiId::DeviceSynchronize)
                add("cuda-synchronize-in-loop", call, waitsInside(call));
            else if (c.api == ApiId::Malloc || c.api == ApiId::Free)
                add("malloc-free-in-loop", call, waitsInside(call));
        }
    }

    // The next CUDA call on a call's thread, or kNone.
    std::uint32_t nextCallOnThread(std::uint32_t call) const {
        const auto& calls = index_.apiCalls();
        const TraceEvent& c = trace_.events[call];
        auto it = std::upper_bound(
            calls.begin(), calls.end(), c.start_ns,
            [&](TimeNs t, std::uint32_t k) { return t < trace_.events[k].start_ns; });
        for (; it != calls.end(); ++it)
            if (*it != call && trace_.events[*it].lane == c.lane &&
                trace_.events[*it].start_ns >= c.end_ns)
                return *it;
        return kNone;
    }

    // Calls that held the host by their nature: copies and memsets.
    void blockedCalls() {
        for (const std::uint32_t wait : index_.hostWaits()) {
            const TraceEvent& w = trace_.events[wait];
            if (instrumentation(w))
                continue;
            const HostWaitReason reason = hostWaitReason(index_, wait);
            const std::uint32_t call = index_.callOfWait(wait);
            const std::uint32_t torch = index_.torchCallAround(call != kNone ? call : wait);
            const TorchCall around =
                torch != kNone ? torchCallOf(trace_, trace_.events[torch]) : TorchCall::None;
            // Tensor.item() and friends are item-in-loop's, a synced Tensor.to() is pageable-copy's
            // as a whole: their copy is not counted twice.
            const bool reading = around == TorchCall::TensorItem ||
                                 around == TorchCall::TensorCpu ||
                                 around == TorchCall::TensorToList ||
                                 around == TorchCall::TensorTo || around == TorchCall::TensorCopy;
            const std::uint32_t at = call != kNone ? call : wait;
            switch (reason) {
                case HostWaitReason::PageableCopy: {
                    if (reading)
                        break;
                    // .to(non_blocking=False) syncs the stream right after its async copy; without
                    // that sync the program asked for an asynchronous copy and got a blocking one.
                    const std::uint32_t next = call != kNone ? nextCallOnThread(call) : kNone;
                    const bool synced =
                        next != kNone && trace_.events[next].api == ApiId::StreamSynchronize &&
                        trace_.events[next].start_ns - trace_.events[call].end_ns < 50'000;
                    const bool async =
                        call != kNone && trace_.events[call].api == ApiId::MemcpyAsync;
                    add(async && !synced ? "non-blocking-pageable" : "pageable-copy", at, {wait});
                    break;
                }
                case HostWaitReason::SyncCopy:
                    if (!reading)
                        add("sync-memcpy", at, {wait});
                    break;
                case HostWaitReason::SyncMemset:
                    add("sync-memset", at, {wait});
                    break;
                default:
                    break;
            }
        }
    }

    // A host wait on an event after which the host launches on another stream: the stream could
    // have waited on the GPU instead (Stream.wait_event).
    void eventSyncs() {
        for (const std::uint32_t wait : index_.hostWaits()) {
            const TraceEvent& w = trace_.events[wait];
            if (instrumentation(w) || w.api != ApiId::EventSynchronize ||
                hostWaitReason(index_, wait) != HostWaitReason::Sync)
                continue;
            const auto info = waits_.attribute(wait);
            if (!info || info->awaited_op == kNone || info->call == kNone)
                continue;
            const std::uint16_t waited_on = trace_.events[info->awaited_op].lane;
            // The next launch on the thread, before any other sync.
            for (std::uint32_t next = nextCallOnThread(info->call); next != kNone;
                 next = nextCallOnThread(next)) {
                const TraceEvent& n = trace_.events[next];
                if (n.api == ApiId::DeviceSynchronize || n.api == ApiId::StreamSynchronize ||
                    n.api == ApiId::EventSynchronize)
                    break;
                if (!isEnqueue(n.api))
                    continue;
                const std::uint32_t op = index_.opOf(next);
                const std::uint16_t lane = op != kNone ? trace_.events[op].lane : n.target_lane;
                if (lane != kNoLane && lane != waited_on && index_.isStreamLane(lane)) {
                    const std::uint32_t torch = index_.torchCallAround(info->call);
                    add("event-sync-instead-of-wait", torch != kNone ? torch : info->call, {wait});
                }
                break;
            }
        }
    }

    bool inLoop(const std::vector<std::uint32_t>& calls) const {
        if (steps_.stepCount() >= 2) {
            std::set<int> steps;
            for (const std::uint32_t c : calls)
                if (const int s = steps_.stepAt(trace_.events[c].start_ns); s >= 0)
                    steps.insert(s);
            return steps.size() >= 2;
        }
        return calls.size() >= 3;  // no step marks: a call repeated three times is a loop's
    }

    // The first CUDA call of a thread, made before any GPU work, creates the context: an
    // allocation there is startup, never churn.
    bool createsContext(std::uint32_t call) const {
        const TraceEvent& c = trace_.events[call];
        const auto& ops = index_.allOps();
        if (!ops.ops.empty() && trace_.events[ops.ops.front()].start_ns < c.start_ns)
            return false;
        for (const std::uint32_t other : index_.apiCalls()) {
            const TraceEvent& o = trace_.events[other];
            if (o.start_ns >= c.start_ns)
                return true;
            if (index_.hostThreadOf(o.lane) == index_.hostThreadOf(c.lane))
                return false;
        }
        return true;
    }

    // Allocator churn is a loop that frees and allocates again in steady state: allocations and
    // frees in two steps or more (by the trace's step marks), or without marks two rounds of
    // allocating then freeing. The caching allocator filling up (allocations, no frees) and one
    // empty_cache() after the loop are no churn. Keeps only the calls of the churn.
    bool keepSteadyChurn(Group& g) const {
        std::vector<std::uint32_t> calls;
        for (const std::uint32_t c : g.calls)
            if (!createsContext(c))
                calls.push_back(c);
        auto frees = [&](std::uint32_t c) {
            const TraceEvent& e = trace_.events[c];
            return e.api == ApiId::Free || e.api == ApiId::EmptyCache;
        };
        std::vector<std::uint32_t> kept;
        if (steps_.stepCount() >= 2) {
            std::map<int, std::pair<bool, bool>> by_step;  // step -> allocates, frees
            for (const std::uint32_t c : calls)
                if (const int step = steps_.stepAt(trace_.events[c].start_ns); step >= 0)
                    (frees(c) ? by_step[step].second : by_step[step].first) = true;
            // The first step that touches the allocator is its warm-up.
            std::set<int> churn;
            for (const auto& [step, both] : by_step)
                if (both.first && both.second && step != by_step.begin()->first)
                    churn.insert(step);
            if (churn.size() < 2)
                return false;
            for (const std::uint32_t c : calls)
                if (churn.count(steps_.stepAt(trace_.events[c].start_ns)) != 0)
                    kept.push_back(c);
        } else {
            // Rounds of allocating then freeing; the first round is the warm-up.
            int rounds = 0;
            bool allocated = false;
            std::size_t after_warm_up = calls.size();
            for (std::size_t k = 0; k < calls.size(); ++k) {
                if (!frees(calls[k])) {
                    if (rounds == 1 && !allocated)
                        after_warm_up = k;
                    allocated = true;
                } else if (allocated) {
                    ++rounds;
                    allocated = false;
                }
            }
            if (rounds < 3)
                return false;
            kept.assign(calls.begin() + static_cast<std::ptrdiff_t>(after_warm_up), calls.end());
        }
        g.calls = kept;
        g.waits.clear();
        for (const std::uint32_t c : kept)
            if (const auto it = g.waits_of.find(c); it != g.waits_of.end())
                g.waits.insert(it->second.begin(), it->second.end());
        return true;
    }

    std::optional<Finding> judge(const std::string& id, Group& group) const {
        const bool looped = id == "item-in-loop" || id == "cuda-synchronize-in-loop";
        if (group.calls.empty() || (looped && !inLoop(group.calls)))
            return std::nullopt;
        std::sort(group.calls.begin(), group.calls.end(), [&](std::uint32_t a, std::uint32_t b) {
            return trace_.events[a].start_ns < trace_.events[b].start_ns;
        });
        if (id == "malloc-free-in-loop" && !keepSteadyChurn(group))
            return std::nullopt;
        // torch.cpu.synchronize() with no GPU work running did no harm.
        if (id == "cpu-synchronize" && group.missed_ns == 0)
            return std::nullopt;
        Finding f = base(id);
        std::sort(group.calls.begin(), group.calls.end(), [&](std::uint32_t a, std::uint32_t b) {
            return trace_.events[a].start_ns < trace_.events[b].start_ns;
        });
        f.count = group.calls.size();
        f.missed_gpu_ns = group.missed_ns;
        f.detail = group.detail;
        for (const std::uint32_t w : group.waits)
            f.host_blocked_ns = saturatingAdd(f.host_blocked_ns, trace_.events[w].duration());
        f.occurrences.assign(
            group.calls.begin(),
            group.calls.begin() + static_cast<std::ptrdiff_t>(
                                      std::min(group.calls.size(), SyncDoctor::kOccurrences)));
        for (const std::uint32_t w : group.waits)
            finding_of_wait_[w] = id;
        return f;
    }

    static Finding base(std::string_view id) {
        Finding f;
        f.id = std::string(id);
        f.title = FindingCatalogue::title(id);
        f.why = FindingCatalogue::why(id);
        f.fix = FindingCatalogue::fix(id);
        f.course_scenario = std::string(FindingCatalogue::of(id).course_scenario);
        return f;
    }

    // The GPU idle a finding caused: every gap that began while the host was blocked in one of
    // its waits (the host has to wake and launch again before the GPU can go on).
    void charge(std::vector<Finding>& findings) const {
        const auto& pieces = idle_.pieces();
        for (const ExplainedGap& gap : idle_.gaps()) {
            if (gap.piece_count == 0 || pieces[gap.first_piece].cause != IdleCause::HostSync)
                continue;
            const auto it = finding_of_wait_.find(pieces[gap.first_piece].event);
            if (it == finding_of_wait_.end())
                continue;
            for (Finding& f : findings)
                if (f.id == it->second)
                    f.gpu_idle_ns = saturatingAdd(f.gpu_idle_ns, gap.duration());
        }
    }

    // Many small kernels, each done before the host launched the next: a tenth of the GPU's span
    // or more lost to launching.
    std::optional<Finding> launchBound() const {
        const IdleBreakdown b = idle_.breakdown();
        const TimeNs lost = b.of(IdleCause::LaunchBound);
        const GpuActivity activity(trace_);
        if (lost <= 0 || lost * 10 < activity.spanNs())
            return std::nullopt;
        std::vector<TimeNs> kernels;
        for (const TraceEvent& e : trace_.events)
            if (e.kind == EventKind::Kernel)
                kernels.push_back(e.duration());
        if (kernels.size() < 20)
            return std::nullopt;  // a handful of kernels is no loop of small launches
        std::nth_element(kernels.begin(), kernels.begin() + kernels.size() / 2, kernels.end());
        if (kernels[kernels.size() / 2] > 50'000)
            return std::nullopt;  // big kernels: the gaps are not launch overhead between them
        Finding f = base("launch-bound");
        f.gpu_idle_ns = lost;
        const auto& pieces = idle_.pieces();
        for (const ExplainedGap& gap : idle_.gaps()) {
            bool counted = false;
            for (std::uint32_t k = gap.first_piece; k < gap.first_piece + gap.piece_count; ++k) {
                if (pieces[k].cause != IdleCause::LaunchBound || counted)
                    continue;
                counted = true;
                ++f.count;
                // The op the host was in; one op (a module's forward) can hold many launches.
                if (f.occurrences.size() < SyncDoctor::kOccurrences && pieces[k].event != kNone &&
                    std::find(f.occurrences.begin(), f.occurrences.end(), pieces[k].event) ==
                        f.occurrences.end())
                    f.occurrences.push_back(pieces[k].event);
            }
        }
        return f;
    }

    // In a timeline of several ranks: collectives whose ranks waited a millisecond or more for
    // the last one.
    std::optional<Finding> lateRank() const {
        if (ranksOf(trace_).empty())
            return std::nullopt;
        Finding f = base("late-rank");
        for (const Collective& c : CollectiveMatcher::match(trace_)) {
            if (c.max_wait_ns < 1'000'000)
                continue;
            ++f.count;
            for (const CollectiveArrival& a : c.arrivals)
                f.gpu_idle_ns = saturatingAdd(f.gpu_idle_ns, a.wait_ns);
            if (f.occurrences.size() < SyncDoctor::kOccurrences)
                f.occurrences.push_back(c.lastArrival().event);
        }
        if (f.count == 0)
            return std::nullopt;
        return f;
    }

    const Trace& trace_;
    const TraceIndex& index_;
    const WaitAttribution& waits_;
    const IdleAttribution& idle_;
    const StepIndex steps_;
    std::map<std::string, Group> groups_;
    mutable std::unordered_map<std::uint32_t, std::string> finding_of_wait_;
};

}  // namespace

std::vector<Finding> SyncDoctor::diagnose(const Trace& trace, const WaitAttribution& waits,
                                          const IdleAttribution& idle) {
    return Diagnosis(trace, waits, idle).run();
}

std::vector<Finding> SyncDoctor::diagnose(const Trace& trace) {
    const WaitAttribution waits(trace);
    const IdleAttribution idle(waits);
    return diagnose(trace, waits, idle);
}

}  // namespace syncscope
