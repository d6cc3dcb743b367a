#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "core/interchange/kineto_record.h"

namespace syncscope {

// The DOM parser turns a fractional "ts" or "dur" into a double and drops its text; a double
// cannot hold epoch microseconds to the nanosecond. This reads the two fields again from the
// event's own JSON text, as written, and converts them exactly (DecimalMicros). Only events whose
// times are fractional come here.
class RawTimeFields {
public:
    // `event_json` is one event object; `readable` bytes from its start may be read (at least
    // its size plus simdjson::SIMDJSON_PADDING). Sets record.ts_ns / dur_ns where
    // record.ts_from_text / dur_from_text ask for it. Returns "" or what was wrong.
    std::string read(std::string_view event_json, std::size_t readable, KinetoRecord& record);

private:
    simdjson::ondemand::parser parser_;
};

}  // namespace syncscope
