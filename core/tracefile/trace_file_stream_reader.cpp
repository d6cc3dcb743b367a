#include "core/tracefile/trace_file_stream_reader.h"

#include <algorithm>
#include <new>

#include "core/model/huge_pages.h"
#include "core/tracefile/trace_file_row_source.h"

namespace syncscope {

namespace {

// Returned by the handler to stop the splitter: the caller falls back to a whole-document read,
// which finds and words the real error, so this text is never shown.
const std::string kFallBack = "read the whole document instead";

constexpr std::array<std::string_view, 4> kStreamed{"strings", "events", "flows", "memory"};

// Events and flows are sized once from their first batch's bytes per row; the estimate counts
// the rows after them (flows and memory after the events) as theirs too, so it errs high, and pages
// never written cost no memory.
constexpr double kReserveMargin = 1.1;
constexpr std::size_t kMaxReserve = std::size_t{1} << 26;

}  // namespace

TraceFileStreamReader::TraceFileStreamReader(Trace& trace, std::uint64_t size_hint)
    : t_(trace),
      loader_(trace),
      size_hint_(size_hint),
      workers_([this](const TraceFileRowWorkers::Batch& batch) {
          return readRows(batch.flows, batch.json(), batch.trailing_comma, batch.first_row,
                          batch.rows, batch.out, worker_rows_);
      }) {
    own_rows_.checker = &loader_;
}

std::optional<Trace> TraceFileStreamReader::read(ByteSource& source) {
    Trace trace;
    TraceFileRowSource rows(source);
    TraceFileStreamReader reader(trace, source.sizeHint());
    reader.rows_ = &rows;
    JsonEventSplitter splitter(rows, reader,
                               std::vector<std::string>(kStreamed.begin(), kStreamed.end()));
    if (!splitter.run().empty() || !reader.finish().empty())
        return std::nullopt;
    return trace;
}

bool TraceFileStreamReader::seen(std::string_view key) const {
    return std::find(keys_.begin(), keys_.end(), key) != keys_.end();
}

bool TraceFileStreamReader::skeleton(simdjson::dom::object& root) {
    skeleton_text_ = "{";
    for (const auto& [key, json] : values_) {
        if (skeleton_text_.size() > 1)
            skeleton_text_ += ',';
        skeleton_text_ += '"';
        skeleton_text_ += key;
        skeleton_text_ += "\":";
        skeleton_text_ += json;
    }
    skeleton_text_ += '}';
    simdjson::dom::element doc;
    return skeleton_parser_.parse(skeleton_text_).get(doc) == simdjson::SUCCESS &&
           doc.get_object().get(root) == simdjson::SUCCESS;
}

std::string TraceFileStreamReader::onTopLevelValue(std::string_view key, std::string_view json,
                                                   std::uint64_t) {
    if (auto err = closeArray(); !err.empty())
        return err;
    // An escaped key could spell a name read elsewhere; a repeated one could be read in another
    // place than the whole-document reader reads it (the first).
    if (key.find('\\') != std::string_view::npos || seen(key))
        return kFallBack;
    keys_.emplace_back(key);
    values_.emplace_back(std::string(key), std::string(json));
    return {};
}

std::string TraceFileStreamReader::onArrayStart(std::string_view key, std::uint64_t offset) {
    if (auto err = closeArray(); !err.empty())
        return err;
    if (key.empty() || seen(key))
        return kFallBack;  // a bare array is no trace file
    keys_.emplace_back(key);
    current_ = key;
    row_ = 0;
    if (auto err = prepare(current_); !err.empty())
        return err;
    // Our writer's events and flows: their rows straight from the source, the splitter sees "[]".
    if ((key == "events" || key == "flows") && rows_ != nullptr && rows_->pausedAt(key, offset) &&
        !rows_->takeRows(
            [this](std::string_view rows, std::size_t count, bool last, std::uint64_t at) {
                return tableRows(rows, count, !last, at).empty();
            }))
        return kFallBack;
    return {};
}

// What the rows of `key` are checked against must have been read by now.
std::string TraceFileStreamReader::prepare(const std::string& key) {
    simdjson::dom::object root;
    if (!skeleton(root))
        return kFallBack;
    if (!header_) {
        if (!loader_.meta(root) || !loader_.clockAndRank(root) || !loader_.enums(root) ||
            !loader_.device(root))
            return kFallBack;
        header_ = true;
    }
    bool ok = true;
    if (key == "events") {
        ok = strings_done_ && loader_.lanes(root) && loader_.eventColumns(root);
        event_checks_ = {t_.lanes.size(), t_.strings.size(), &loader_.eventKinds(), &loader_.apis(),
                         &loader_.modes()};
        worker_checker_.emplace(loader_);
        worker_rows_.checker = &*worker_checker_;
    } else if (key == "flows") {
        ok = events_done_ && loader_.flowColumns(root);
        flow_checks_ = {t_.events.size(), &loader_.flowKinds()};
    } else if (key == "memory") {
        ok = loader_.memoryColumns(root);
    }
    return ok ? std::string() : kFallBack;
}

std::string TraceFileStreamReader::closeArray() {
    bool ok = true;
    if (current_ == "events" || current_ == "flows") {
        ok = workers_.wait();  // every row read, and the worker writes no more
        for (const RowReader* rows : {&own_rows_, &worker_rows_})
            if (rows->awaited.any)
                loader_.noteAwaited(rows->awaited.max);
    }
    if (current_ == "strings") {
        ok = loader_.stringsEnd(static_cast<std::uint32_t>(row_));
        strings_done_ = ok;
    } else if (current_ == "events") {
        ok = ok && loader_.awaitedInRange();
        events_done_ = ok;
    }
    current_.clear();
    return ok ? std::string() : kFallBack;
}

template <typename T>
void TraceFileStreamReader::reserveRows(std::vector<T>& rows, std::uint64_t offset,
                                        std::size_t bytes, std::size_t count) {
    const std::uint64_t covered = offset + bytes;
    double estimate = static_cast<double>(count);
    if (size_hint_ > covered && bytes > 0) {
        const double per_byte = static_cast<double>(count) / static_cast<double>(bytes);
        estimate += per_byte * static_cast<double>(size_hint_ - covered) * kReserveMargin;
    }
    try {
        // Huge pages: the rows are written once, front to back, and a fault per 4 KiB page would
        // cost more than reading them.
        HugePages::reserve(rows, static_cast<std::size_t>(std::min(estimate, double{kMaxReserve})));
    } catch (const std::bad_alloc&) {
        // Only a hint (an address-space limit may refuse it): makeRoom() grows the vector as rows
        // come.
    }
}

// `rows` holds `count` rows, without moving the ones before while the worker may write them.
template <typename T>
bool TraceFileStreamReader::makeRoom(std::vector<T>& rows, std::size_t count) {
    if (count > rows.capacity()) {
        if (!workers_.wait())
            return false;
        std::vector<T> bigger;
        HugePages::reserve(bigger, std::max(count, rows.capacity() + rows.capacity() / 2));
        bigger.assign(rows.begin(), rows.end());
        rows.swap(bigger);
    }
    rows.resize(count);
    return true;
}

// A batch of event or flow rows ("[...],[...]", see TraceFileFastRows), from the splitter or the
// row source: into its slice of the vector, read here or on the worker's thread.
std::string TraceFileStreamReader::tableRows(std::string_view rows, std::size_t count,
                                             bool trailing_comma, std::uint64_t offset) {
    const bool flows = current_ == "flows";
    if (row_ == 0) {
        if (flows)
            reserveRows(t_.flows, offset, rows.size(), count);
        else
            reserveRows(t_.events, offset, rows.size(), count);
    }
    if (!(flows ? makeRoom(t_.flows, row_ + count) : makeRoom(t_.events, row_ + count)))
        return kFallBack;
    void* out = flows ? static_cast<void*>(t_.flows.data() + row_)
                      : static_cast<void*>(t_.events.data() + row_);
    // A file of one batch starts no thread.
    TraceFileRowWorkers::Batch* batch = row_ > 0 ? workers_.acquire() : nullptr;
    if (batch != nullptr) {
        batch->fill(rows);
        batch->trailing_comma = trailing_comma;
        batch->first_row = row_;
        batch->rows = count;
        batch->flows = flows;
        batch->out = out;
        workers_.submit(batch);
    } else if (!readRows(flows, rows, trailing_comma, row_, count, out, own_rows_)) {
        return kFallBack;
    }
    row_ += count;
    return {};
}

bool TraceFileStreamReader::readRows(bool flows, std::string_view text, bool trailing_comma,
                                     std::size_t first, std::size_t count, void* out,
                                     RowReader& reader) {
    auto* events = static_cast<TraceEvent*>(out);
    auto* flow_rows = static_cast<Flow*>(out);
    if (flows ? TraceFileFastRows::flows(text, count, trailing_comma, flow_checks_, flow_rows)
              : TraceFileFastRows::events(text, count, trailing_comma, event_checks_, events,
                                          reader.awaited))
        return true;
    // Another spelling of the rows, or a row that fails a check: the DOM and the loader's checks
    // read the batch. Where they fail too, the whole-document reading words the error.
    if (trailing_comma) {
        const std::size_t comma = text.find_last_of(',');
        if (comma == std::string_view::npos)
            return false;
        text = text.substr(0, comma);
    }
    std::string& json = reader.scratch;
    json.assign(1, '[');
    json.append(text);
    json += ']';
    const std::size_t length = json.size();
    json.append(simdjson::SIMDJSON_PADDING, '\0');
    simdjson::dom::parser& parser = reader.parser;
    if (length > parser.capacity() &&
        parser.allocate(std::max<std::size_t>(length * 2, 1 << 16)) != simdjson::SUCCESS)
        return false;
    simdjson::dom::element doc;
    simdjson::dom::array rows;
    if (parser.parse(json.data(), length, false).get(doc) != simdjson::SUCCESS ||
        doc.get_array().get(rows) != simdjson::SUCCESS || rows.size() != count)
        return false;
    std::size_t k = 0;
    for (const simdjson::dom::element row : rows) {
        if (flows) {
            if (!reader.checker->flowAt(row, first + k, flow_rows[k]))
                return false;
        } else {
            TraceEvent& ev = events[k];
            if (!reader.checker->eventAt(row, first + k, 0, ev))
                return false;
            if (ev.awaited != kNone) {
                reader.awaited.any = true;
                reader.awaited.max = std::max(reader.awaited.max, ev.awaited);
            }
        }
        ++k;
    }
    return true;
}

std::string TraceFileStreamReader::onEventBatch(std::string_view json,
                                                const std::vector<std::uint64_t>& offsets) {
    if (current_ == "events" || current_ == "flows")
        return tableRows(json.substr(1, json.size() - 2), offsets.size(), false, offsets.front());
    if (json.size() > batch_parser_.capacity() &&
        batch_parser_.allocate(std::max<std::size_t>(json.size() * 2, 1 << 16)) !=
            simdjson::SUCCESS)
        return kFallBack;
    simdjson::dom::element doc;
    simdjson::dom::array rows;
    if (batch_parser_.parse(json.data(), json.size(), false).get(doc) != simdjson::SUCCESS ||
        doc.get_array().get(rows) != simdjson::SUCCESS)
        return kFallBack;
    bool ok = true;
    for (const simdjson::dom::element row : rows) {
        if (current_ == "strings")
            ok = loader_.stringAt(row, static_cast<std::uint32_t>(row_));
        else
            ok = loader_.memoryRow(row, row_);
        if (!ok)
            return kFallBack;
        ++row_;
    }
    return {};
}

std::string TraceFileStreamReader::finish() {
    if (auto err = closeArray(); !err.empty())
        return err;
    for (const auto key : kStreamed)
        if (!seen(key))
            return kFallBack;
    simdjson::dom::object root;
    if (!strings_done_ || !events_done_ || !skeleton(root) || !loader_.scenario(root))
        return kFallBack;
    return {};
}

}  // namespace syncscope
