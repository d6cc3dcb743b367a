// KinetoImport's reports on bad input: the malformed event of a batch that did not parse, events
// with repeated keys, and records whose times cannot be rebased.
#include <simdjson.h>

#include <algorithm>

#include "core/interchange/kineto/kineto_import.h"
#include "core/model/checked_math.h"

namespace syncscope::kineto {

namespace dom = simdjson::dom;

void KinetoImport::warnDuplicateKey(const KinetoRecord& record, const BatchPlace& place,
                                    std::uint64_t offset) {
    if (duplicate_key_events_++ >= kDuplicateKeyWarnings)
        return;
    const std::string named = record.name.empty() ? "" : " (\"" + std::string(record.name) + "\")";
    result_.warnings.push_back(source_ + ": " + place.locate(offset) + ": event " +
                               std::to_string(event_count_) + named + ": duplicate key \"" +
                               record.duplicate_key + "\"; the last value is used");
}

std::string KinetoImport::spanError(const Trace& trace) {
    auto tooLong = [](TimeNs t) {
        return "the records span more than 2^62 - 1 ns (one is " + std::to_string(t) +
               " ns after the earliest)";
    };
    for (const auto& e : trace.events)
        if (!inTimeRange(e.end_ns) || !inTimeRange(e.start_ns))
            return tooLong(std::max(e.start_ns, e.end_ns));
    for (const auto& m : trace.memory)
        if (!inTimeRange(m.t_ns))
            return tooLong(m.t_ns);
    return {};
}

// The batch did not parse: parse its events one by one to say which one is malformed.
std::string KinetoImport::locateBadEvent(std::string_view json,
                                         const std::vector<std::uint64_t>& offsets,
                                         std::uint64_t first_event, dom::parser& parser,
                                         const BatchPlace* place) {
    auto located = [&](std::uint64_t offset, const std::string& what) {
        return place != nullptr ? source_ + ": " + place->locate(offset) + ": " + what
                                : fail(offset, what);
    };
    const std::uint64_t first = offsets.front();
    std::string one;
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        const std::size_t begin = static_cast<std::size_t>(offsets[i] - first) + 1;
        std::size_t end = i + 1 < offsets.size()
                              ? static_cast<std::size_t>(offsets[i + 1] - first) + 1
                              : json.size() - 1;
        while (end > begin &&
               (json[end - 1] == ' ' || json[end - 1] == '\n' || json[end - 1] == '\r' ||
                json[end - 1] == '\t' || json[end - 1] == ','))
            --end;
        one.assign(json.substr(begin, end - begin));
        one.append(simdjson::SIMDJSON_PADDING, '\0');
        dom::element element;
        if (auto code = parser.parse(one.data(), end - begin, false).get(element); code)
            return located(offsets[i], "event " + std::to_string(first_event + i) +
                                           ": not JSON: " + simdjson::error_message(code));
    }
    return located(first, "event " + std::to_string(first_event) + ": not JSON");
}

}  // namespace syncscope::kineto
