#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/model/trace.h"
#include "core/tracefile/byte_source.h"
#include "core/tracefile/json_event_splitter.h"
#include "core/tracefile/trace_file_loader.h"

namespace syncscope {

// Reads a native trace file as it streams in, so that loading needs the trace plus a bounded
// window rather than the file's text and its whole DOM (several times the file): the small
// top-level values are kept as text, the four long arrays ("strings", "events", "flows",
// "memory") come in batches (JsonEventSplitter) whose rows go straight into the Trace, checked by
// the same TraceFileLoader as a whole-document read. It only accepts what that read accepts, in
// the order our writer writes it (each array after the values its rows are checked against).
// Anything else — a broken file, a duplicate or escaped key, another order — returns nothing, and
// TraceFile reads the file again the whole-document way for its exact error (or its trace).
class TraceFileStreamReader final : public JsonEventSplitter::Handler {
public:
    static std::optional<Trace> read(ByteSource& source);

    std::string onTopLevelValue(std::string_view key, std::string_view json,
                                std::uint64_t offset) override;
    std::string onEventBatch(std::string_view json,
                             const std::vector<std::uint64_t>& offsets) override;
    std::string onArrayStart(std::string_view key, std::uint64_t offset) override;

private:
    TraceFileStreamReader(Trace& trace, std::uint64_t size_hint)
        : t_(trace), loader_(trace), size_hint_(size_hint) {}
    bool seen(std::string_view key) const;
    // The top-level values kept so far, as one small document.
    bool skeleton(simdjson::dom::object& root);
    std::string prepare(const std::string& key);
    std::string closeArray();
    std::string finish();
    void reserveEvents(std::string_view json, const std::vector<std::uint64_t>& offsets);

    Trace& t_;
    TraceFileLoader loader_;
    simdjson::dom::parser batch_parser_, skeleton_parser_;
    std::vector<std::pair<std::string, std::string>> values_;
    std::vector<std::string> keys_;  // every top-level key, in order
    std::string skeleton_text_;
    std::string current_;  // the streamed array being read
    std::size_t row_ = 0;
    bool header_ = false, strings_done_ = false, events_done_ = false, reserved_ = false;
    std::uint64_t size_hint_ = 0;
};

}  // namespace syncscope
