#include "core/tracefile/trace_file_stream_reader.h"

#include <algorithm>
#include <new>

namespace syncscope {

namespace {

// Returned by the handler to stop the splitter: the caller falls back to a whole-document read,
// which finds and words the real error, so this text is never shown.
const std::string kFallBack = "read the whole document instead";

constexpr std::array<std::string_view, 4> kStreamed{"strings", "events", "flows", "memory"};

// Events are sized once from the first batch's bytes per row; the estimate counts the flows and
// memory rows after the events as events too, so it errs high, and pages never written cost no
// memory.
constexpr double kReserveMargin = 1.1;
constexpr std::size_t kMaxReserve = std::size_t{1} << 26;

}  // namespace

std::optional<Trace> TraceFileStreamReader::read(ByteSource& source) {
    Trace trace;
    TraceFileStreamReader reader(trace, source.sizeHint());
    JsonEventSplitter splitter(source, reader,
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

std::string TraceFileStreamReader::onArrayStart(std::string_view key, std::uint64_t) {
    if (auto err = closeArray(); !err.empty())
        return err;
    if (key.empty() || seen(key))
        return kFallBack;  // a bare array is no trace file
    keys_.emplace_back(key);
    current_ = key;
    row_ = 0;
    return prepare(current_);
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
    if (key == "events")
        ok = strings_done_ && loader_.lanes(root) && loader_.eventColumns(root);
    else if (key == "flows")
        ok = events_done_ && loader_.flowColumns(root);
    else if (key == "memory")
        ok = loader_.memoryColumns(root);
    return ok ? std::string() : kFallBack;
}

std::string TraceFileStreamReader::closeArray() {
    bool ok = true;
    if (current_ == "strings") {
        ok = loader_.stringsEnd(static_cast<std::uint32_t>(row_));
        strings_done_ = ok;
    } else if (current_ == "events") {
        ok = loader_.awaitedInRange();
        events_done_ = ok;
    }
    current_.clear();
    return ok ? std::string() : kFallBack;
}

void TraceFileStreamReader::reserveEvents(std::string_view json,
                                          const std::vector<std::uint64_t>& offsets) {
    reserved_ = true;
    const std::uint64_t covered = offsets.front() + json.size();
    if (size_hint_ <= covered)
        return;
    const double per_byte = static_cast<double>(offsets.size()) / static_cast<double>(json.size());
    const double estimate = static_cast<double>(offsets.size()) +
                            per_byte * static_cast<double>(size_hint_ - covered) * kReserveMargin;
    try {
        t_.events.reserve(static_cast<std::size_t>(std::min(estimate, double{kMaxReserve})));
    } catch (const std::bad_alloc&) {
        // Only a hint (an address-space limit may refuse it): the rows still fit one by one.
    }
}

std::string TraceFileStreamReader::onEventBatch(std::string_view json,
                                                const std::vector<std::uint64_t>& offsets) {
    if (json.size() > batch_parser_.capacity() &&
        batch_parser_.allocate(std::max<std::size_t>(json.size() * 2, 1 << 16)) !=
            simdjson::SUCCESS)
        return kFallBack;
    simdjson::dom::element doc;
    simdjson::dom::array rows;
    if (batch_parser_.parse(json.data(), json.size(), false).get(doc) != simdjson::SUCCESS ||
        doc.get_array().get(rows) != simdjson::SUCCESS)
        return kFallBack;
    if (current_ == "events" && !reserved_)
        reserveEvents(json, offsets);
    bool ok = true;
    for (const simdjson::dom::element row : rows) {
        if (current_ == "strings")
            ok = loader_.stringAt(row, static_cast<std::uint32_t>(row_));
        else if (current_ == "events")
            ok = loader_.eventRow(row, row_, 0);
        else if (current_ == "flows")
            ok = loader_.flowRow(row, row_);
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
