#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/model/trace.h"
#include "ui/i18n/step_label_text.h"
#include "ui/timeline/busy_summary.h"
#include "ui/timeline/flow_order.h"
#include "ui/timeline/time_bucket_index.h"
#include "ui/timeline/time_mapping.h"

namespace syncscope {

// One thing to draw in a lane: a single event (count == 1) or a run of events too narrow to tell
// apart at this zoom, folded into one item (count > 1). Start/end in ns.
struct DrawItem {
    TimeNs start = 0;
    TimeNs end = 0;
    std::uint32_t event = kNone;  // the single event, or the first of the fold
    std::uint32_t count = 1;
    bool folded() const { return count > 1; }
};

// A GPU-idle interval: no stream (or copy engine) lane has work.
struct IdleSpan {
    TimeNs start = 0;
    TimeNs end = 0;
};

// The read side of a Trace for drawing: per lane, event indices sorted by start with a running
// maximum of end (binary search by time, STYLE #7), the order of rows on screen, GPU idle gaps and
// level-of-detail folding whose cost follows pixels, not events (STYLE #9).
class TimelineModel {
public:
    TimelineModel() = default;
    explicit TimelineModel(std::shared_ptr<const Trace> trace);

    // A live run's trace grows (RunController appends each delta to it): index the events, lanes,
    // flows and memory samples added since the last build or append, in O(new) amortized. Events
    // mostly arrive in time order per lane; one that starts before a lane's last event re-sorts
    // that lane's tail from its place, so the worst case (an event older than the whole lane) costs
    // the lane. On a nesting lane, depths are recomputed from the last point where no slice is
    // open, which on a lane of one long slice around everything is the whole lane. The rows go
    // back to the natural order when lanes were added; the view re-applies its layout.
    // Afterwards the model equals one built at once over the grown trace.
    void append();
    // From how many events a build (not an append) indexes its lanes and flows on two threads:
    // below, starting the second thread costs more than it saves.
    static constexpr std::size_t kParallelBuildFrom = std::size_t{1} << 18;

    // Events indexed so far (the trace may hold more until append()).
    std::size_t eventCount() const { return indexed_events_; }

    const Trace* trace() const { return trace_.get(); }
    // Event names as the interface shows them (a step label in Japanese, where it has one).
    const StepLabelText& labels() const { return labels_; }
    std::shared_ptr<const Trace> sharedTrace() const { return trace_; }

    // The natural order of lanes: a host lane followed by its waits sub-lane; then streams, copy
    // engines, then annotation/other lanes. Rows start out in this order, one lane each.
    const std::vector<std::uint16_t>& naturalOrder() const { return natural_; }
    // Rows on screen as a LaneLayout arranges them, top to bottom: each row draws one lane, or
    // several (a collapsed group); lanes in no row are hidden.
    // `flat`: per row, a single lane drawn on one level whatever its depth (empty: none).
    void arrangeRows(const std::vector<std::vector<std::uint16_t>>& rows,
                     const std::vector<bool>& flat = {});

    // Rows on screen, top to bottom: the first lane of each.
    const std::vector<std::uint16_t>& rows() const { return rows_; }
    // Every lane drawn in `row` (empty when out of range).
    const std::vector<std::uint16_t>& lanesOfRow(int row) const;
    // -1 for a hidden lane.
    int rowOfLane(std::uint16_t lane) const;
    std::optional<std::uint16_t> laneOfRow(int row) const;
    int rowCount() const { return static_cast<int>(rows_.size()); }

    // Rows are stacked in slots, one per depth of nested slices (see sliceDepths): a lane of host
    // calls nested five deep spans five slots; a collapsed row (several lanes) spans one, drawn
    // flat. The plot's value axis counts slots.
    int rowTop(int row) const;  // slotCount() for row == rowCount()
    int rowSpan(int row) const;
    int slotCount() const { return row_top_.empty() ? 0 : row_top_.back(); }
    // The row holding slot position `slot` (a value-axis coordinate), -1 outside the rows.
    int rowAtSlot(double slot) const;
    // Whether `row` draws its lanes by depth (one lane) or flat (a collapsed group).
    bool rowByDepth(int row) const {
        return lanesOfRow(row).size() == 1 &&
               !(row >= 0 && std::size_t(row) < row_flat_.size() && row_flat_[std::size_t(row)]);
    }
    // The slot an event is drawn in (its row's top plus its depth there), -1 when hidden.
    int slotOf(std::uint32_t event) const;

    // Depth of an event among the nested slices of its lane (0 on lanes that do not nest).
    std::uint16_t depthOf(std::uint32_t event) const;
    // How many depth levels `lane` has (at least 1).
    int depthCount(std::uint16_t lane) const;
    // Index of the first row after the host rows on top (usually the first stream);
    // rowCount() when none.
    int firstGpuRow() const { return first_gpu_row_; }

    // Whole trace extent (0..1 when empty).
    TimeNs beginNs() const { return begin_; }
    TimeNs endNs() const { return end_; }
    // The span of the events alone, without memory samples (which can trail the last op by
    // milliseconds): what Zoom to Fit shows. Empty (first > second) without events.
    std::pair<TimeNs, TimeNs> eventSpan() const {
        return any_event_ ? std::make_pair(event_lo_, event_hi_)
                          : std::make_pair(TimeNs{1}, TimeNs{0});
    }

    // Event indices of one lane, sorted by (start, end).
    const std::vector<std::uint32_t>& laneEvents(std::uint16_t lane) const;
    // Bit set of the legend styles (1 << LegendStyle) of all the lane's events.
    std::uint32_t laneStyles(std::uint16_t lane) const;
    // First position in laneEvents(lane) whose event may still be running at t (running max end).
    std::size_t firstEndingAtOrAfter(std::uint16_t lane, TimeNs t) const;
    // First position whose event starts after t.
    std::size_t firstStartingAfter(std::uint16_t lane, TimeNs t) const;

    // The event of `lane` under time t, with `slopNs` of tolerance either side; the shortest
    // event containing t wins (nested calls), else the nearest within the slop.
    std::optional<std::uint32_t> eventAt(std::uint16_t lane, TimeNs t, TimeNs slopNs) const;
    // The same on one depth level of the lane only.
    std::optional<std::uint32_t> eventAt(std::uint16_t lane, int depth, TimeNs t,
                                         TimeNs slopNs) const;

    // Level of detail: the drawable items of `lane` in the mapping's visible range. Runs of
    // events narrower than `minPx` pixels are folded (Tracy's PreprocessZoneLevel).
    void itemsInView(std::uint16_t lane, const TimeMapping& map, double minPx,
                     std::vector<DrawItem>& out) const;
    // The same for one depth level of the lane: folds never mix levels.
    void itemsInView(std::uint16_t lane, int depth, const TimeMapping& map, double minPx,
                     std::vector<DrawItem>& out) const;

    // Time in [t0, t1] during which at least one event of `lane` runs (the union of its events),
    // in O(log n): what a folded run's pixels must cover so folding never hides idle time.
    TimeNs busyNs(std::uint16_t lane, TimeNs t0, TimeNs t1) const;
    // The same for one depth level: what a fold on that level covers.
    TimeNs busyNs(std::uint16_t lane, int depth, TimeNs t0, TimeNs t1) const;
    // The busy time of the level before each of `times` (non-decreasing) into `out`, so that
    // busyNs(lane, depth, a, b) == out[b's place] - out[a's place] for a < b, exactly. One sweep
    // (timeline_model_busy.cpp): a folded run's pixel columns ask for their edges together, and
    // the sweep fetches the event data of the next columns while it reads this one's, so a
    // zoomed-out frame waits for memory once per few columns, not several times per column.
    void busyBeforeEach(std::uint16_t lane, int depth, const std::vector<TimeNs>& times,
                        std::vector<TimeNs>& out) const;
    // The level's busy time at power-of-two bucket edges, for columns much wider than a bucket
    // (see BusySummary); null for a level that does not exist.
    const BusySummary* busySummary(std::uint16_t lane, int depth) const;
    // The same for the whole lane (every level), what busyNs(lane, t0, t1) sums; null for a lane
    // that does not exist.
    const BusySummary* busySummary(std::uint16_t lane) const;

    // Events of `lane` that must stay visible however short they are (records, API calls, waits,
    // memory ops, errors): those in view narrower than `minPx`, plus every record, at most one
    // per `minPx` of width, so the cost follows pixels however many calls there are.
    void instantsInView(std::uint16_t lane, const TimeMapping& map, double minPx,
                        std::vector<std::uint32_t>& out) const;
    // torch.cpu.synchronize() calls, sorted by time: each gets a rule across the lanes.
    const std::vector<std::uint32_t>& cpuSyncs() const { return cpu_syncs_; }
    // GPU ops (kernels, copies, memsets, host functions) running at t on GPU lanes.
    std::vector<std::uint32_t> gpuOpsRunningAt(TimeNs t) const;
    // The GPU work a call did not wait for: the ops launched before it began and not finished
    // when it returned, and how long after its return the last of them ends (docs/doctor.md
    // "cpu-synchronize"). Launched before: a correlation id no later than the thread's last CUDA
    // call before it (ids are issued in call order); for ops without one, started before it.
    // Bounded per lane, so a pathological import cannot stall a frame.
    struct QueuedWork {
        int ops = 0;
        TimeNs left_ns = 0;
    };
    QueuedWork gpuWorkQueuedAt(std::uint32_t call) const;

    // GPU idle gaps overlapping [t0, t1] that are at least `minNs` long.
    void idleGapsInView(TimeNs t0, TimeNs t1, TimeNs minNs, std::vector<IdleSpan>& out) const;
    const std::vector<IdleSpan>& idleGaps() const { return gaps_; }

    // Flows touching an event (indices into Trace::flows).
    std::vector<std::uint32_t> flowsOf(std::uint32_t event) const;
    // Flows whose both ends lie in [t0, t1], in order of their earlier end; at most `limit`
    // (returns false when there were more).
    bool flowsInView(TimeNs t0, TimeNs t1, std::size_t limit,
                     std::vector<std::uint32_t>& out) const;

    // Bytes the indexes hold (capacity, not the trace): what opening a trace costs on top of it.
    std::size_t memoryFootprint() const;

private:
    // Events sorted by start with what the searches need: the whole lane, or one depth level.
    // The union's length is kept once per block of kBlock events and recomputed inside a block
    // from the starts and running ends, which the searches have just read (issue 14: at most
    // 100 B per event in the window; 8 B per event less than a length per event).
    static constexpr std::size_t kBlock = 16;
    struct Track {
        std::vector<std::uint32_t> events;  // sorted by start
        std::vector<TimeNs> starts;     // starts[i] = start of events[i] (cache-friendly search)
        std::vector<TimeNs> maxEnd;     // running max of end over events[0..i]
        std::vector<TimeNs> blockBusy;  // length of the union of events[0 .. (b + 1) * kBlock - 1]
        TimeBucketIndex byStart;        // searches of starts, in O(1) + a search in one bucket
        TimeBucketIndex byMaxEnd;       // the same for maxEnd
        BusySummary busy;               // the union's length at bucket edges, for wide columns
    };
    // Length of the union of track.events[0..k] (timeline_model_depths.cpp).
    static TimeNs busyUpTo(const Track& track, std::size_t k);
    // busyBeforeEach on one track (timeline_model_busy.cpp).
    static void busyBeforeEach(const Track& track, const std::vector<TimeNs>& times,
                               std::vector<TimeNs>& out);
    struct LaneIndex : Track {
        std::vector<Track> levels;  // by depth; empty when the lane does not nest (all is level 0)
        std::vector<std::uint32_t> instants;  // marker candidates (isInstantKind), by start
        // Searches of the candidates' starts, read through the events (8 B per candidate less
        // than a copy of the starts; a frame searches once per marker drawn, not per candidate).
        TimeBucketIndex byInstantStart;
        std::uint32_t styles = 0;  // legend styles present (so the legend can stop early)
    };
    // (Re)indexes track.events from position `from` on; what lies before is kept.
    void indexTrack(Track& track, std::size_t from = 0) const;
    // indexTrack's part after the starts and running ends from `from` on are in place.
    static void indexTimes(Track& track, std::size_t from);
    // append()'s parts (timeline_model_append.cpp).
    // The lane gained events at positions `before` on.
    void appendToLane(std::uint16_t lane, std::size_t before);
    // A lane's first build when its events came in lane order; false (nothing indexed) if not.
    bool indexLaneInOrder(LaneIndex& lane) const;
    void redoDepths(LaneIndex& lane, std::size_t from);
    // Gives every event a depth entry (0) the first time a lane nests.
    void ensureDepths();
    void addBusy(TimeNs start, TimeNs end, std::size_t& firstChanged);
    void rebuildGaps(std::size_t fromBusy);
    void addFlows(std::size_t fromFlow);
    void indexFlowsByTime(std::size_t from);
    bool flowIsIndexable(std::uint32_t flow) const;
    const Track* track(std::uint16_t lane, int depth) const;
    void foldItems(const Track& track, const TimeMapping& map, double minPx,
                   std::vector<DrawItem>& out) const;
    std::optional<std::uint32_t> nearestEvent(const Track& track, TimeNs t, TimeNs slopNs) const;
    TimeNs busyBefore(const Track& lane, TimeNs t) const;
    void buildRows();

    std::shared_ptr<const Trace> trace_;
    StepLabelText labels_;
    std::vector<LaneIndex> lanes_;
    std::vector<std::uint16_t> natural_;
    std::vector<std::uint16_t> rows_;
    std::vector<std::vector<std::uint16_t>> row_lanes_;
    std::vector<bool> row_flat_;  // by row: a single lane folded onto one level
    std::vector<int> row_of_lane_;
    std::vector<int> row_top_;  // slot of each row's top, plus the total at the end
    // By event; empty while no lane nests (every depth is 0 then), so flat traces pay nothing.
    std::vector<std::uint16_t> depth_;
    // Held while a build's lanes index on two threads, so that the first lane to nest allocates
    // depth_ once; null otherwise (a pointer keeps the model movable).
    std::mutex* depths_lock_ = nullptr;
    int first_gpu_row_ = 0;
    TimeNs begin_ = 0;
    TimeNs end_ = 1;
    std::vector<IdleSpan> gaps_;
    std::vector<IdleSpan> busy_;  // GpuActivity's merged busy intervals, whose holes are gaps_
    std::vector<std::uint32_t> cpu_syncs_;
    // What the model has indexed of its (possibly growing) trace, and the extent seen so far.
    std::size_t indexed_events_ = 0;
    std::size_t seen_flows_ = 0;
    std::size_t seen_memory_ = 0;
    std::vector<std::uint32_t> pending_flows_;  // flows whose ends have not been indexed yet
    bool any_time_ = false;
    TimeNs lo_ = 0, hi_ = 0;
    bool any_event_ = false;
    TimeNs event_lo_ = 0, event_hi_ = 0;
    // Max gap length per block of kGapBlock gaps: skipping sub-pixel gaps costs blocks, not gaps.
    static constexpr std::size_t kGapBlock = 256;
    std::vector<TimeNs> gap_block_max_;
    FlowOrder flows_by_from_, flows_by_to_;       // flow indices sorted by from / to
    FlowOrder flows_by_time_;                     // sorted by earlier endpoint start
    TimeNs flowTimeLo(std::uint32_t flow) const;  // the earlier endpoint's start
    TimeNs flowTimeHi(std::uint32_t flow) const;  // the later endpoint's end
    // The running max of flowTimeHi over flows_by_time_, kept at the end of each block of
    // kFlowBlock flows and recomputed inside the block (8 B per flow less than a running max each).
    static constexpr std::size_t kFlowBlock = 16;
    std::vector<TimeNs> flow_block_hi_max_;
};

}  // namespace syncscope
