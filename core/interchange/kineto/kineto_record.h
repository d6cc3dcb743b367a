#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/model/ids.h"

namespace syncscope {

// pid/tid of a Chrome trace event: a number, or a string ("stream 7", "Traces", "24572").
struct KinetoId {
    enum class Type : std::uint8_t { Absent, Number, Text } type = Type::Absent;
    std::int64_t number = 0;
    std::string_view text;
};

// An optional integer argument.
struct KinetoInt {
    bool present = false;
    std::int64_t value = 0;
    std::int64_t valueOr(std::int64_t fallback) const { return present ? value : fallback; }
};

// The fields only a few events carry (metadata, syncs, memory samples, our own export's): kept
// apart so that the reader resets them only after an event that set one, not for every event.
struct KinetoRareFields {
    KinetoInt wait_on_stream, wait_on_record_corr, wait_on_event_id;
    KinetoInt total_allocated, total_reserved, device_type, device_id;
    KinetoInt sort_index;
    std::string_view sync_kind, arg_name;
    // Written by our own Chrome export so a re-import is lossless.
    std::string_view kind, api, mode;
    KinetoInt lane, target_lane, step, batch, awaited, cuda_event, flags, cpu_ns, from, to;
    KinetoInt device_used, pool_reserved, pool_used, allocated, reserved;
};

// The fields of one trace event we use, read in one pass over the object. Views point into the
// simdjson parser's string buffer and stay valid until it parses another document.
struct KinetoRecord : KinetoRareFields {
    std::string_view ph, cat, name, bp, scope;
    KinetoId pid, tid, id;
    bool has_ts = false, has_dur = false;
    TimeNs ts_ns = 0, dur_ns = 0;
    // "ts"/"dur" was a fractional JSON number (1234.567, 1.2e3): a double cannot hold every such
    // value to the nanosecond, so RawTimeFields sets ts_ns/dur_ns from the number's text.
    bool ts_from_text = false, dur_from_text = false;
    // A field of KinetoRareFields was set: the next read resets them.
    bool rare_set = false;
    // The first key that appeared twice in the event (or in its "args", as "args.key"); the last
    // value is used, as by most JSON readers. Empty when there was none.
    std::string duplicate_key;
    // args
    KinetoInt correlation, stream, device, bytes, external_id;
};

class KinetoRecordReader {
public:
    // Fills `record` from one event object. Returns an empty string or what was wrong
    // ("\"ts\" is not a number").
    static std::string read(simdjson::dom::object object, KinetoRecord& record);
    // Whole microseconds to nanoseconds. A fractional number only sets `from_text`: its exact
    // value comes from its text (RawTimeFields).
    static std::string microsToNs(simdjson::dom::element value, std::string_view field, TimeNs& out,
                                  bool& from_text);
    static std::string readInt(simdjson::dom::element value, std::string_view field,
                               KinetoInt& out);
    static std::string readString(simdjson::dom::element value, std::string_view field,
                                  std::string_view& out);
};

}  // namespace syncscope
