#include "core/analysis/trace_stats.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "core/analysis/gpu_activity.h"
#include "core/analysis/trace_index.h"
#include "core/analysis/wait_attribution.h"
#include "core/model/api_names.h"

namespace syncscope {

bool isSyncCall(const TraceEvent& event) {
    if (event.kind != EventKind::ApiCall)
        return false;
    if ((event.flags & event_flags::kImplicitSync) != 0)
        return true;
    switch (event.api) {
        case ApiId::DeviceSynchronize:
        case ApiId::StreamSynchronize:
        case ApiId::EventSynchronize:
        case ApiId::StreamWaitEvent:
        case ApiId::EventQuery:
        case ApiId::StreamQuery:
        case ApiId::CpuSynchronize:
            return true;
        default:
            return false;
    }
}

// Times come from files: every sum and difference below saturates (core/model/checked_math.h), so
// an event at INT64_MAX gives the largest makespan, never a negative one.

namespace {

void peak(std::int64_t& best, std::int64_t value) {
    if (value >= 0)
        best = std::max(best, value);
}

// Busy, idle and overlap of GPU work: the one definition in GpuActivity, so the summary's "GPU
// idle" is exactly the sum of the gaps the timeline draws and explains.
void summarizeGpu(const Trace& trace, TraceStats& stats) {
    const GpuActivity activity(trace);
    stats.gpu_span_ns = activity.spanNs();
    stats.gpu_busy_ns = activity.busyNs();
    stats.gpu_idle_ns = activity.idleNs();
    stats.stream_overlap_ns = activity.overlapNs();
    if (stats.gpu_busy_ns > 0)
        stats.stream_overlap_ratio =
            static_cast<double>(stats.stream_overlap_ns) / static_cast<double>(stats.gpu_busy_ns);
}

// Host-side events named as a read of a tensor (Tensor.item, aten::item...) that the marker left
// unmarked because nothing inside them synchronized; one per call (the outermost of nested ones).
void countReadsWithoutSync(const Trace& trace, TraceStats& stats) {
    std::vector<std::uint8_t> by_name(trace.strings.size(), 0xFF);
    struct Read {
        std::uint16_t lane;
        TimeNs start;
        TimeNs end;
        TorchCall call;
    };
    std::vector<Read> reads;
    for (const TraceEvent& e : trace.events) {
        if ((e.kind != EventKind::Generic && e.kind != EventKind::Annotation) ||
            isTorchCallEvent(e) || e.name >= by_name.size())
            continue;
        std::uint8_t& slot = by_name[e.name];
        if (slot == 0xFF)
            slot = static_cast<std::uint8_t>(recognizeTorchCall(trace.nameOf(e)));
        const auto call = static_cast<TorchCall>(slot);
        if (call == TorchCall::TensorItem || call == TorchCall::TensorCpu ||
            call == TorchCall::TensorToList)
            reads.push_back({e.lane, e.start_ns, e.end_ns, call});
    }
    std::sort(reads.begin(), reads.end(), [](const Read& a, const Read& b) {
        if (a.lane != b.lane)
            return a.lane < b.lane;
        return a.start != b.start ? a.start < b.start : a.end > b.end;
    });
    // A Python frame, an ATen op and its inner op are one call: nested reads on a thread (an
    // annotation lane's reads are its own row) count once.
    for (std::size_t k = 0, outer = 0; k < reads.size(); ++k) {
        if (k > 0 && reads[k].lane == reads[outer].lane && reads[k].end <= reads[outer].end)
            continue;
        outer = k;
        ++stats.torch_calls_without_sync[static_cast<std::size_t>(reads[k].call)];
    }
}

}  // namespace

std::vector<std::pair<std::string, std::uint64_t>> syncCallsByName(const TraceStats& stats) {
    std::vector<std::pair<std::string, std::uint64_t>> names;
    for (int i = 1; i < kTorchCallCount; ++i)
        if (stats.torch_calls[static_cast<std::size_t>(i)] != 0)
            names.emplace_back(std::string(torchCallName(static_cast<TorchCall>(i))),
                               stats.torch_calls[static_cast<std::size_t>(i)]);
    for (int i = 0; i < kApiIdCount; ++i) {
        const auto api = static_cast<ApiId>(i);
        // A run's torch.cpu.synchronize() is an API call too: named once, above.
        if (stats.sync_calls_by_api[static_cast<std::size_t>(i)] == 0 || isTorchCallApi(api))
            continue;
        names.emplace_back(std::string(apiName(api)),
                           stats.sync_calls_by_api[static_cast<std::size_t>(i)]);
    }
    for (const auto& [name, count] : stats.sync_calls_by_other_name)
        names.emplace_back(name.empty() ? std::string("an unnamed call") : name, count);
    return names;
}

TraceStats computeStats(const Trace& trace) {
    TraceStats stats;
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const auto& e : trace.events) {
        // The program's span: a recorder's own rows (the profiler's "Record Window End") are not
        // the program's, as Fit leaves them out of view (docs/trace-file-format.md, lanes).
        if (e.lane >= trace.lanes.size() || !trace.lanes[e.lane].bookkeeping) {
            first = std::min(first, e.start_ns);
            last = std::max(last, e.end_ns);
        }
        ++stats.events_by_kind[static_cast<std::size_t>(e.kind)];
        if ((e.flags & event_flags::kInstrumentation) != 0)
            continue;
        if (isTorchCallEvent(e) && e.kind != EventKind::HostWait)
            ++stats.torch_calls[static_cast<std::size_t>(torchCallOf(trace, e))];
        if (e.kind == EventKind::HostWait) {
            ++stats.host_waits;
            stats.host_blocked_ns = saturatingAdd(stats.host_blocked_ns, e.duration());
            if (e.cpuNs() >= 0)
                stats.host_cpu_burnt_ns = saturatingAdd(stats.host_cpu_burnt_ns, e.cpuNs());
            else
                ++stats.waits_cpu_unknown;
        } else if (isSyncCall(e)) {
            if (apiName(e.api).empty())
                ++stats.sync_calls_by_other_name[std::string(
                    stripApiVersionSuffix(trace.nameOf(e)))];
            else
                ++stats.sync_calls_by_api[static_cast<std::size_t>(e.api)];
            ++stats.sync_calls;
        }
    }
    if (first <= last) {
        stats.first_ns = first;
        stats.makespan_ns = saturatingSub(last, first);
    }
    for (const auto& s : trace.memory) {
        peak(stats.peak_device_used, s.device_used);
        peak(stats.peak_pool_reserved, s.pool_reserved);
        peak(stats.peak_pool_used, s.pool_used);
        peak(stats.peak_allocated, s.allocated);
        peak(stats.peak_reserved, s.reserved);
    }
    countReadsWithoutSync(trace, stats);
    summarizeGpu(trace, stats);
    if (stats.gpu_busy_ns > 0) {
        const WaitAttribution attribution(trace);
        const IdleAttribution idle(attribution);
        stats.idle = idle.breakdown();
        const auto& pieces = idle.pieces();
        for (const ExplainedGap& gap : idle.gaps())
            if (gap.piece_count > 0 && pieces[gap.first_piece].cause == IdleCause::HostSync)
                stats.gpu_idle_from_syncs_ns =
                    saturatingAdd(stats.gpu_idle_from_syncs_ns, gap.duration());
    }
    return stats;
}

}  // namespace syncscope
