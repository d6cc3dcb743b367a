#pragma once

#include <QString>
#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// A row on screen: one lane, or every shown lane of a collapsed group drawn on top of each other
// (the group's summary, as a collapsed process track in Perfetto).
struct LaneRow {
    std::vector<std::uint16_t> lanes;
    int group = -1;
    bool collapsed = false;
    // One lane whose nested calls are folded onto one level (a Python stack five frames deep
    // takes one row instead of five), as a collapsed track in Perfetto.
    bool flat = false;
};

// Lanes that belong together and collapse into one row: a host thread with its waits and
// annotation sub-lanes, the streams and copy engines of one GPU, the remaining lanes; in a
// timeline of several ranks, every lane of one rank ("rank 3").
struct LaneGroup {
    QString name;
    std::vector<std::uint16_t> lanes;  // in natural order
};

// What the user made of the lanes of one trace: their order, which are hidden, which groups are
// collapsed and how tall a lane is. Plain state with no window, so every rule here is testable;
// TimelineView turns rows() into the model's rows and the pixel height into a scroll range.
class LaneLayout {
public:
    static constexpr int kDefaultHeightPx = 22;
    static constexpr int kMinHeightPx = 14;
    static constexpr int kMaxHeightPx = 160;

    // Starts over for `trace`: `naturalOrder` (TimelineModel's), bookkeeping lanes hidden, nothing
    // collapsed. The height is kept: it is the user's taste, not the trace's.
    void reset(const Trace& trace, const std::vector<std::uint16_t>& naturalOrder);
    // For a trace that grew from the one laid out (a live run): keeps the user's choices and places
    // the new lanes. Returns false (and resets) when `trace` is not a continuation.
    bool adopt(const Trace& trace, const std::vector<std::uint16_t>& naturalOrder);

    // Lanes an importer keeps for the recorder's own records (Kineto's "Traces/…" and "Spans/…"
    // processes, events with neither pid nor tid under "/"): nothing a user reads, hidden at first.
    static bool isBookkeeping(const Lane& lane);

    std::vector<LaneRow> rows() const;
    // The row label: the lane's name, a sub-lane hung under its thread, or a collapsed group with
    // its lane count.
    QString rowLabel(const Trace& trace, const LaneRow& row) const;
    int laneCount() const { return static_cast<int>(group_of_.size()); }

    void setHidden(std::uint16_t lane, bool hidden);
    bool isHidden(std::uint16_t lane) const;
    int hiddenCount() const;
    void showAllLanes();

    const std::vector<LaneGroup>& groups() const { return groups_; }
    int groupOf(std::uint16_t lane) const;
    // Only groups of two or more lanes collapse: a single lane is its own summary.
    bool canCollapse(int group) const;
    void setCollapsed(int group, bool collapsed);
    bool isCollapsed(int group) const;
    void expandAll();

    // Moves row `row` of rows() one row up (delta -1) or down (+1); false at the ends.
    bool moveRow(int row, int delta);
    // Moves row `row` above every other (pins what the user reads first at the top).
    bool moveRowToTop(int row);
    // The GPU lanes above the host's, in their order: for an imported program whose host
    // threads carry deep stacks, so the GPU is seen without scrolling.
    void putGpuLanesFirst(const Trace& trace);

    // A lane's nested calls folded onto one row, or back by depth.
    void setFlat(std::uint16_t lane, bool flat);
    bool isFlat(std::uint16_t lane) const;
    const std::vector<std::uint16_t>& order() const { return order_; }

    int heightPx() const { return height_px_; }
    void setHeightPx(int px);
    // One step taller / shorter (about 25 %); false when already at the limit.
    bool taller();
    bool shorter();

private:
    void buildGroups(const Trace& trace);

    std::vector<std::uint16_t> order_;
    std::vector<bool> hidden_;
    std::vector<int> group_of_;
    std::vector<LaneGroup> groups_;
    std::vector<bool> collapsed_;  // by group
    std::vector<bool> flat_;       // by lane
    std::vector<std::uint16_t> natural_;
    std::vector<std::string> names_;  // lane names laid out, to tell a grown trace from a new one
    int height_px_ = kDefaultHeightPx;
};

}  // namespace syncscope
