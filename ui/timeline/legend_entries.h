#pragma once

#include <QColor>
#include <QString>
#include <cstdint>
#include <vector>

#include "core/model/trace.h"
#include "ui/timeline/theme.h"

namespace syncscope {

class TimelineModel;

// Every way the timeline draws something, as the legend names it: one per fill a bar can have,
// the event-record diamond, the GPU-idle band and the flow arrows.
enum class LegendStyle : std::uint8_t {
    ApiCall,
    HostWork,
    SpinningWait,
    SleepingWait,
    Kernel,
    Memcpy,
    Memset,
    StreamWait,
    HostCallback,
    MemoryOp,
    Annotation,
    Error,
    Generic,
    EventMarker,
    IdleGap,
    LaunchFlow,
    RecordFlow,
    AwaitedFlow,
    OtherFlow,
    QueueFullLaunch,  // a launch the full launch queue held: drawn in the wait colour
    CpuSync,          // torch.cpu.synchronize(): a rule across the lanes
    Wait,             // a host wait whose manner (spin or sleep) is not recorded (imports)
    MemorySeries,     // a line of the memory plot, in its colour
};
inline constexpr int kLegendStyleCount = 23;

struct LegendEntry {
    QString label;
    LegendStyle style = LegendStyle::Generic;
    QColor color;
};

// What is on screen: a time window, the rows shown and the view's modes.
struct LegendScope {
    double t0 = 0;  // ns, the visible range
    double t1 = 0;
    int first_row = 0;  // rows [first_row, last_row) are visible
    int last_row = 0;
    bool color_by_batch = false;
    bool flows = false;            // the flow layer draws the flows in view
    std::size_t max_flows = 2000;  // ... while there are at most this many (FlowLayer's rule)
    double min_idle_ns = 0;        // idle gaps shorter than this are not drawn
};

// The bar style of one event.
LegendStyle legendStyleOf(const TraceEvent& e);

// The legend of what the scope shows, in a fixed order (host, GPU, markers, idle, flows): only the
// styles that have something in the visible range and rows. The window's legend strip and the
// exported pictures both use this, so they cannot disagree.
std::vector<LegendEntry> legendEntries(const TimelineModel& model, const Theme& theme,
                                       const LegendScope& scope);

}  // namespace syncscope
