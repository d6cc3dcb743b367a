#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/io/byte_source.h"
#include "core/io/json_event_splitter.h"
#include "core/model/trace.h"
#include "core/tracefile/trace_file_fast_rows.h"
#include "core/tracefile/trace_file_loader.h"
#include "core/tracefile/trace_file_row_source.h"
#include "core/tracefile/trace_file_row_workers.h"

namespace syncscope {

// Reads a native trace file as it streams in, so that loading needs the trace plus a bounded
// window rather than the file's text and its whole DOM (several times the file): the small
// top-level values are kept as text, the four long arrays ("strings", "events", "flows",
// "memory") come in batches (JsonEventSplitter) whose rows go straight into the Trace, checked by
// the same TraceFileLoader as a whole-document read. It only accepts what that read accepts, in
// the order our writer writes it (each array after the values its rows are checked against).
// Anything else — a broken file, a duplicate or escaped key, another order — returns nothing, and
// TraceFile reads the file again the whole-document way for its exact error (or its trace).
// The rows of "events" and "flows", nearly all of a large file, are read without a DOM where they
// are in our writer's compact form (TraceFileFastRows), into vectors sized once, with huge pages,
// and half of their batches on a second thread (TraceFileRowWorkers).
class TraceFileStreamReader final : public JsonEventSplitter::Handler {
public:
    static std::optional<Trace> read(ByteSource& source);

    std::string onTopLevelValue(std::string_view key, std::string_view json,
                                std::uint64_t offset) override;
    std::string onEventBatch(std::string_view json,
                             const std::vector<std::uint64_t>& offsets) override;
    std::string onArrayStart(std::string_view key, std::uint64_t offset) override;

private:
    TraceFileStreamReader(Trace& trace, std::uint64_t size_hint);
    bool seen(std::string_view key) const;
    // The top-level values kept so far, as one small document.
    bool skeleton(simdjson::dom::object& root);
    std::string prepare(const std::string& key);
    std::string closeArray();
    std::string finish();
    template <typename T>
    void reserveRows(std::vector<T>& rows, std::uint64_t offset, std::size_t bytes,
                     std::size_t count);
    template <typename T>
    bool makeRoom(std::vector<T>& rows, std::size_t count);
    std::string tableRows(std::string_view rows, std::size_t count, bool trailing_comma,
                          std::uint64_t offset);

    // What one thread needs to read a batch of event or flow rows: the DOM and the loader's checks
    // for rows the fast reading does not take, and the awaited events it saw.
    struct RowReader {
        simdjson::dom::parser parser;
        std::string scratch;  // a batch as one JSON array, for the DOM
        TraceFileLoader* checker = nullptr;
        TraceFileFastRows::Awaited awaited;
    };
    bool readRows(bool flows, std::string_view text, bool trailing_comma, std::size_t first,
                  std::size_t count, void* out, RowReader& reader);

    Trace& t_;
    TraceFileLoader loader_;
    simdjson::dom::parser batch_parser_, skeleton_parser_;
    TraceFileFastRows::EventChecks event_checks_;
    TraceFileFastRows::FlowChecks flow_checks_;
    // The loader's checks again for the worker's thread (its own copy: checks record errors).
    std::optional<TraceFileLoader> worker_checker_;
    RowReader own_rows_, worker_rows_;
    std::vector<std::pair<std::string, std::string>> values_;
    std::vector<std::string> keys_;  // every top-level key, in order
    std::string skeleton_text_;
    std::string current_;  // the streamed array being read
    std::size_t row_ = 0;
    bool header_ = false, strings_done_ = false, events_done_ = false;
    std::uint64_t size_hint_ = 0;
    TraceFileRowSource* rows_ = nullptr;  // where the rows of our writer's files come from
    // Last: it ends its thread, which writes into t_ and reads the members above, first.
    TraceFileRowWorkers workers_;
};

}  // namespace syncscope
