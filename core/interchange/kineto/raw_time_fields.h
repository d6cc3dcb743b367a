#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "core/interchange/kineto/kineto_record.h"

namespace syncscope {

// The DOM parser turns a fractional "ts" or "dur" into a double and drops its text; a double
// cannot hold epoch microseconds to the nanosecond. This reads the two fields again from the
// event's own JSON text, as written, and converts them exactly (DecimalMicros). Only events whose
// times are fractional come here, which in a trace of epoch times is every event: a small scanner
// finds the fields, stopping before "args", rather than a second full parse (simdjson on-demand
// here runs its portable, non-SIMD kernel); simdjson reads the rare event the scanner cannot.
class RawTimeFields {
public:
    // `event_json` is one event object; `readable` bytes from its start may be read (at least
    // its size plus simdjson::SIMDJSON_PADDING). Sets record.ts_ns / dur_ns where
    // record.ts_from_text / dur_from_text ask for it. Returns "" or what was wrong.
    std::string read(std::string_view event_json, std::size_t readable, KinetoRecord& record);

    // The text of the last top-level "ts" and "dur" of `event_json` (empty where absent). With
    // `keys_unique` (the DOM pass saw no repeated key) it stops once the wanted ones are found.
    // False when the event needs a real parser (an escaped key): then read() asks simdjson.
    static bool scan(std::string_view event_json, std::string_view& ts, std::string_view& dur,
                     bool want_ts, bool want_dur, bool keys_unique);

private:
    std::string readWithSimdjson(std::string_view event_json, std::size_t readable,
                                 std::string_view& ts, std::string_view& dur);

    simdjson::ondemand::parser parser_;
};

}  // namespace syncscope
