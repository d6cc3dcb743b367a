#include "core/sim/sim_event_table.h"

namespace syncscope {

SimEventTable::SimEventTable(std::size_t scenario_events) : current_(scenario_events, kNone) {}

std::uint32_t SimEventTable::addHiddenEvent() {
    current_.push_back(kNone);
    return static_cast<std::uint32_t>(current_.size() - 1);
}

std::uint32_t SimEventTable::record(std::uint32_t event, std::uint32_t stream, std::uint32_t seq) {
    RecordSlot slot;
    slot.event = event;
    slot.stream = stream;
    slot.seq = seq;
    slots_.push_back(slot);
    current_[event] = static_cast<std::uint32_t>(slots_.size() - 1);
    return current_[event];
}

void SimEventTable::reached(std::uint32_t record, TimeNs when, std::uint32_t marker_event) {
    slots_[record].reached = when;
    slots_[record].marker = marker_event;
}

}  // namespace syncscope
