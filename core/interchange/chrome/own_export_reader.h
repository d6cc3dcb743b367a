#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/interchange/kineto/kineto_record.h"
#include "core/model/trace.h"

namespace syncscope {

// The parts of our own Chrome export that make it re-importable without loss: the "syncscope"
// object (title, source, scenario, device, lanes) and events/flows whose args carry every field.
class OwnExportReader {
public:
    static std::string readMeta(simdjson::dom::object meta, Trace& trace);
    // An "X"/"i" record with args.kind: appended to `trace` as it was written.
    static std::string readEvent(const KinetoRecord& r, Trace& trace);
    // An "s" flow record with args.from / args.to: appended to trace.flows.
    static std::string readFlow(const KinetoRecord& r, Trace& trace);
    // An id that must fit the model's 32-bit indices (kNone stays reserved).
    static std::string toU32(const KinetoInt& value, std::string_view field, std::uint32_t& out);
};

}  // namespace syncscope
