#include "ui/timeline/legend_entries.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "core/model/torch_call.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {

constexpr std::uint32_t bit(LegendStyle s) {
    return 1u << static_cast<unsigned>(s);
}

// Styles the visible part of one lane shows. Stops as soon as it has every style the whole lane
// has, so a pan over a million events costs a handful of them in the common case.
std::uint32_t stylesInView(const TimelineModel& model, std::uint16_t lane, TimeNs t0, TimeNs t1) {
    const std::uint32_t all = model.laneStyles(lane);
    const auto& idx = model.laneEvents(lane);
    const auto& events = model.trace()->events;
    std::uint32_t found = 0;
    const std::size_t last = model.firstStartingAfter(lane, t1);
    for (std::size_t k = model.firstEndingAtOrAfter(lane, t0); k < last && found != all; ++k) {
        const auto& e = events[idx[k]];
        if (std::max(e.end_ns, e.start_ns) >= t0)
            found |= bit(legendStyleOf(e));
    }
    return found;
}

}  // namespace

LegendStyle legendStyleOf(const TraceEvent& e) {
    if (isCpuSynchronizeCall(e))
        return LegendStyle::CpuSync;  // also an import's Python frame or annotation
    switch (e.kind) {
        case EventKind::ApiCall:
            if (e.api == ApiId::CpuSynchronize)
                return LegendStyle::CpuSync;
            if (e.flags & event_flags::kQueueFull)
                return LegendStyle::QueueFullLaunch;
            return LegendStyle::ApiCall;
        case EventKind::HostWait:
            // A recording says how the thread waited only when the schedule policy is known; an
            // imported wait is just a wait.
            if (e.flags & event_flags::kSleeping)
                return LegendStyle::SleepingWait;
            return (e.flags & event_flags::kSpinning) ? LegendStyle::SpinningWait
                                                      : LegendStyle::Wait;
        case EventKind::HostWork:
            return LegendStyle::HostWork;
        case EventKind::Kernel:
            return LegendStyle::Kernel;
        case EventKind::Memcpy:
            return LegendStyle::Memcpy;
        case EventKind::Memset:
            return LegendStyle::Memset;
        case EventKind::EventMarker:
            return LegendStyle::EventMarker;
        case EventKind::StreamWait:
            return LegendStyle::StreamWait;
        case EventKind::HostCallback:
            return LegendStyle::HostCallback;
        case EventKind::MemoryOp:
            return LegendStyle::MemoryOp;
        case EventKind::Annotation:
            return LegendStyle::Annotation;
        case EventKind::Error:
            return LegendStyle::Error;
        case EventKind::Generic:
            return LegendStyle::Generic;
    }
    return LegendStyle::Generic;
}

std::vector<LegendEntry> legendEntries(const TimelineModel& model, const Theme& t,
                                       const LegendScope& scope) {
    std::vector<LegendEntry> out;
    if (!model.trace())
        return out;
    const auto t0 = static_cast<TimeNs>(std::floor(scope.t0));
    const auto t1 = static_cast<TimeNs>(std::ceil(scope.t1));
    std::uint32_t shown = 0;
    const int first = std::max(0, scope.first_row);
    const int last = std::min(model.rowCount(), scope.last_row);
    bool gpuRowShown = false;
    for (int row = first; row < last; ++row) {
        for (const auto lane : model.lanesOfRow(row)) {
            shown |= stylesInView(model, lane, t0, t1);
            gpuRowShown = gpuRowShown || isGpuLane(model.trace()->lanes[lane].kind);
        }
    }
    if (gpuRowShown) {
        std::vector<IdleSpan> gaps;
        model.idleGapsInView(t0, t1, static_cast<TimeNs>(std::ceil(scope.min_idle_ns)), gaps);
        if (!gaps.empty())
            shown |= bit(LegendStyle::IdleGap);
    }
    if (scope.flows) {
        std::vector<std::uint32_t> flows;
        if (model.flowsInView(t0, t1, scope.max_flows, flows)) {
            const auto& events = model.trace()->events;
            for (auto f : flows) {
                const auto& flow = model.trace()->flows[f];
                // The layer draws a flow only when both of its ends are on shown rows.
                if (flow.from >= events.size() || flow.to >= events.size())
                    continue;
                const int ra = model.rowOfLane(events[flow.from].lane);
                const int rb = model.rowOfLane(events[flow.to].lane);
                if (ra < first || ra >= last || rb < first || rb >= last)
                    continue;
                switch (flow.kind) {
                    case FlowKind::Launch:
                        shown |= bit(LegendStyle::LaunchFlow);
                        break;
                    case FlowKind::Record:
                        shown |= bit(LegendStyle::RecordFlow);
                        break;
                    case FlowKind::Awaited:
                        shown |= bit(LegendStyle::AwaitedFlow);
                        break;
                    case FlowKind::Generic:
                        shown |= bit(LegendStyle::OtherFlow);
                        break;
                }
            }
        }
    }

    auto add = [&](LegendStyle s, const QString& label, const QColor& color) {
        if (shown & bit(s))
            out.push_back({label, s, color});
    };
    auto kind = [&](EventKind k) { return t.kindColor(k); };
    add(LegendStyle::ApiCall, QCoreApplication::translate("Legend", "API call"),
        kind(EventKind::ApiCall));
    add(LegendStyle::QueueFullLaunch,
        QCoreApplication::translate("Legend", "launch held: queue full"), t.spinningWait);
    add(LegendStyle::CpuSync,
        QCoreApplication::translate("Legend", "torch.cpu.synchronize(): waits for nothing"),
        t.cpuSync);
    add(LegendStyle::HostWork, QCoreApplication::translate("Legend", "host work"),
        kind(EventKind::HostWork));
    add(LegendStyle::SpinningWait, QCoreApplication::translate("Legend", "host wait, spinning"),
        t.spinningWait);
    add(LegendStyle::SleepingWait, QCoreApplication::translate("Legend", "host wait, sleeping"),
        t.sleepingWait);
    add(LegendStyle::Wait, QCoreApplication::translate("Legend", "host wait"), t.spinningWait);
    if (scope.color_by_batch)
        add(LegendStyle::Kernel, QCoreApplication::translate("Legend", "kernel (colour = batch)"),
            t.batchColor(0));
    else
        add(LegendStyle::Kernel, QCoreApplication::translate("Legend", "kernel"),
            kind(EventKind::Kernel));
    add(LegendStyle::Memcpy, QCoreApplication::translate("Legend", "copy"),
        kind(EventKind::Memcpy));
    add(LegendStyle::Memset, QCoreApplication::translate("Legend", "memset"),
        kind(EventKind::Memset));
    add(LegendStyle::StreamWait, QCoreApplication::translate("Legend", "stream wait"),
        kind(EventKind::StreamWait));
    add(LegendStyle::HostCallback, QCoreApplication::translate("Legend", "host callback"),
        kind(EventKind::HostCallback));
    add(LegendStyle::MemoryOp, QCoreApplication::translate("Legend", "memory op"),
        kind(EventKind::MemoryOp));
    add(LegendStyle::Annotation, QCoreApplication::translate("Legend", "annotation"),
        kind(EventKind::Annotation));
    add(LegendStyle::Error, QCoreApplication::translate("Legend", "error"), kind(EventKind::Error));
    add(LegendStyle::Generic, QCoreApplication::translate("Legend", "other"),
        kind(EventKind::Generic));
    add(LegendStyle::EventMarker, QCoreApplication::translate("Legend", "event record"),
        kind(EventKind::EventMarker));
    add(LegendStyle::IdleGap, QCoreApplication::translate("Legend", "GPU idle"), t.idleGap);
    auto flow = [&](FlowKind k) { return t.flow[static_cast<std::size_t>(k)]; };
    add(LegendStyle::LaunchFlow, QCoreApplication::translate("Legend", "launch"),
        flow(FlowKind::Launch));
    add(LegendStyle::RecordFlow, QCoreApplication::translate("Legend", "record → wait"),
        flow(FlowKind::Record));
    add(LegendStyle::AwaitedFlow, QCoreApplication::translate("Legend", "waited for"),
        flow(FlowKind::Awaited));
    add(LegendStyle::OtherFlow, QCoreApplication::translate("Legend", "flow"),
        flow(FlowKind::Generic));
    return out;
}

}  // namespace syncscope
