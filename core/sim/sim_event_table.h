#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/model/ids.h"

namespace syncscope {

// CUDA event objects and their records. Each cudaEventRecord gets a slot that keeps what a later
// wait or sync needs: which stream op the record is, and once the stream reaches it, when and the
// EventMarker's trace index. A wait keeps the slot of the record current at the time of the wait,
// so re-recording the event later does not change what an earlier wait waits for (docs/semantics.md
// section 11).
struct RecordSlot {
    std::uint32_t event = kNone;
    std::uint32_t stream = kNone;
    std::uint32_t seq = 0;         // the marker op's seq
    std::uint32_t marker = kNone;  // EventMarker trace index, once reached
    TimeNs reached = -1;           // done(e) in the simulator: when the stream reached the record
};

class SimEventTable {
public:
    explicit SimEventTable(std::size_t scenario_events);

    // A fresh event for Stream.wait_stream's hidden record; its index follows the scenario's
    // events.
    std::uint32_t addHiddenEvent();
    std::uint32_t record(std::uint32_t event, std::uint32_t stream, std::uint32_t seq);
    // kNone when the event was never recorded.
    std::uint32_t currentRecord(std::uint32_t event) const { return current_[event]; }
    const RecordSlot& slot(std::uint32_t record) const { return slots_[record]; }
    void reached(std::uint32_t record, TimeNs when, std::uint32_t marker_event);
    std::size_t eventCount() const { return current_.size(); }

private:
    std::vector<std::uint32_t> current_;
    std::vector<RecordSlot> slots_;
};

}  // namespace syncscope
