// KinetoImport's event batches: read on the splitter's thread, or, for a large input, handed over
// to a second thread that assembles the trace, each parsed by whichever thread is free, so that
// the two halves of the work overlap (docs/interchange.md). Both ways read the same records in the
// same order and report errors in the same words and at the same place.
#include <simdjson.h>

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>

#include "core/interchange/kineto/event_batch_queue.h"
#include "core/interchange/kineto/kineto_import.h"
#include "core/model/huge_pages.h"

namespace syncscope::kineto {

namespace dom = simdjson::dom;

namespace {

// Grows a parser geometrically: batch sizes creep upwards, and reallocating its buffers for each
// slightly larger batch costs more than parsing (fresh pages must be zeroed). A batch past a few
// MiB (one huge event) gets just its size: the buffers are many times the text.
bool makeRoom(dom::parser& parser, std::size_t size) {
    if (size <= parser.capacity())
        return true;
    const std::size_t wanted = size < (std::size_t{4} << 20) ? size * 2 : size;
    return parser.allocate(std::max<std::size_t>(wanted, 1 << 16)) == simdjson::SUCCESS;
}

}  // namespace

std::string KinetoImport::onEventBatch(std::string_view json,
                                       const std::vector<std::uint64_t>& offsets) {
    std::string error = queue_ != nullptr ? queueBatch(json, offsets) : readHere(json, offsets);
    if (!error.empty())
        return error;
    if (options_.cancel != nullptr && options_.cancel->load())
        return source_ + ": cancelled";
    if (options_.progress)
        options_.progress(source_progress_());
    return {};
}

std::string KinetoImport::readHere(std::string_view json,
                                   const std::vector<std::uint64_t>& offsets) {
    if (!makeRoom(parser_, json.size()))
        return fail(offsets.front(),
                    "out of memory for a batch of " + std::to_string(json.size()) + " bytes");
    dom::element doc;
    dom::array events;
    if (parser_.parse(json.data(), json.size(), false).get(doc) || doc.get_array().get(events))
        return locateBadEvent(json, offsets, event_count_, parser_);
    return readBatch(BatchPlace{json, &offsets, splitter_}, events);
}

// The splitter's thread: a copy of the batch for the assembling thread, then parsed here unless
// that thread, idle, takes the parse on. Whichever thread has time parses, so that the
// two stay busy whichever half of the work is the larger on this input and machine.
std::string KinetoImport::queueBatch(std::string_view json,
                                     const std::vector<std::uint64_t>& offsets) {
    EventBatch* batch = queue_->acquire();
    if (batch == nullptr)
        return kAssemblyStopped;
    batch->text.assign(json);
    batch->text.append(simdjson::SIMDJSON_PADDING, '\0');
    batch->size = json.size();
    batch->offsets = offsets;
    const auto position = splitter_->linePosition(offsets.front());
    batch->line = position.line;
    batch->line_start = position.line_start;
    batch->first_event = events_split_;
    events_split_ += offsets.size();
    batch->error.clear();
    batch->parse_state.store(EventBatch::kUnparsed, std::memory_order_relaxed);
    // Every other batch is left to the assembling thread to parse, as is one it waits for, while
    // this thread splits the next: else this thread parsed nearly every batch (splitting, copying
    // and parsing) while the other, reading the records, idled half the time (issue 14: import
    // speed). The third batch of the queue lets this thread split on meanwhile.
    const bool leave = (batches_queued_++ % 2) == 1;
    if (queue_->push(batch) || leave || !batch->claimParse())
        return {};
    bool stop = false;
    try {
        parseQueued(*batch);
        // Past a batch that did not parse the splitter stops, as it does on one thread; the
        // assembling thread reports the error once it has read the batches before.
        stop = !batch->error.empty();
    } catch (...) {
        batch->error = kAssemblyStopped;  // the exception is rethrown on the importing thread
        batch->parsed();
        throw;
    }
    batch->parsed();  // the batch may be read, and released, from here on: not touched again
    return stop ? kAssemblyStopped : std::string();
}

// Either thread: sets the batch's events, or its error located from its own text.
void KinetoImport::parseQueued(EventBatch& batch) {
    const BatchPlace place = batch.place();
    dom::element doc;
    if (!makeRoom(batch.parser, batch.size))
        batch.error = source_ + ": " + place.locate(batch.offsets.front()) +
                      ": out of memory for a batch of " + std::to_string(batch.size) + " bytes";
    else if (batch.parser.parse(batch.text.data(), batch.size, false).get(doc) ||
             doc.get_array().get(batch.events))
        batch.error =
            locateBadEvent(place.json, batch.offsets, batch.first_event, batch.parser, &place);
}

std::string KinetoImport::readBatch(const BatchPlace& place, dom::array events) {
    const std::vector<std::uint64_t>& offsets = *place.offsets;
    const std::string_view json = place.json;
    KinetoRecord record;
    std::size_t i = 0;
    for (const dom::element element : events) {
        const std::size_t index = i++;
        const std::uint64_t offset = offsets[std::min(index, offsets.size() - 1)];
        // Built only for an error: this loop runs once per event.
        auto failHere = [&](const std::string& what) {
            return source_ + ": " + place.locate(offset) + ": event " +
                   std::to_string(event_count_) + ": " + what;
        };
        dom::object object;
        if (element.get_object().get(object))
            return failHere("not an object");
        if (auto err = KinetoRecordReader::read(object, record); !err.empty())
            return failHere(err);
        if (record.ts_from_text || record.dur_from_text)
            if (auto err = readTimesFromText(json, offsets, index, record); !err.empty())
                return failHere(err);
        if (!record.duplicate_key.empty())
            warnDuplicateKey(record, place, offset);
        if (auto err = onRecord(record); !err.empty())
            return failHere(err);
        ++event_count_;
    }
    if (!reserved_) {
        // After the first batch, size the event list for the whole input from its share of the
        // bytes: growing by doubling copies the events and touches fresh pages each time.
        reserved_ = true;
        const std::uint64_t covered = offsets.front() + json.size();
        if (size_hint_ > covered && event_count_ > 0) {
            const double estimate = static_cast<double>(event_count_) *
                                    static_cast<double>(size_hint_) / static_cast<double>(covered) *
                                    1.1;
            auto& list = assembler_.trace().events;
            const auto wanted =
                static_cast<std::size_t>(std::min(estimate, static_cast<double>(kMaxReserve)));
            // Filling them page by page would otherwise cost one page fault per 4 KiB.
            if (wanted > list.capacity())
                HugePages::reserve(list, wanted);
        }
    }
    return {};
}

// Fractional times are read again from the event's text: the DOM kept only a double.
std::string KinetoImport::readTimesFromText(std::string_view json,
                                            const std::vector<std::uint64_t>& offsets,
                                            std::size_t index, KinetoRecord& record) {
    if (index >= offsets.size())
        return "no event text for its fractional \"ts\"/\"dur\"";
    const std::uint64_t first = offsets.front();
    const auto begin = static_cast<std::size_t>(offsets[index] - first) + 1;
    std::size_t end = index + 1 < offsets.size()
                          ? static_cast<std::size_t>(offsets[index + 1] - first) + 1
                          : json.size() - 1;
    // The text runs up to the next event: drop the separator (the root object must end at "}").
    while (end > begin && (json[end - 1] == ' ' || json[end - 1] == '\n' || json[end - 1] == '\r' ||
                           json[end - 1] == '\t' || json[end - 1] == ','))
        --end;
    // The batch is padded after its end (JsonEventSplitter), so is every event in it.
    const std::size_t readable = json.size() - begin + simdjson::SIMDJSON_PADDING;
    return raw_times_.read(json.substr(begin, end - begin), readable, record);
}

// The assembling thread: the batches in order, until the first error.
std::string KinetoImport::assembleQueued(EventBatchQueue& queue, std::exception_ptr& thrown) {
    try {
        while (EventBatch* batch = queue.pop()) {
            if (batch->claimParse()) {
                parseQueued(*batch);
                batch->parse_state.store(EventBatch::kParsed, std::memory_order_relaxed);
            } else {
                batch->waitParsed();
            }
            std::string error =
                batch->error.empty() ? readBatch(batch->place(), batch->events) : batch->error;
            queue.release(batch);
            if (!error.empty()) {
                queue.stop();
                return error;
            }
        }
    } catch (...) {
        // Out of memory and the like: rethrown on the importing thread, as without the pipeline.
        thrown = std::current_exception();
        queue.stop();
    }
    return {};
}

std::string KinetoImport::splitOnTwoThreads(JsonEventSplitter& splitter) {
    // Three batches: one being split while the others are parsed and assembled.
    EventBatchQueue queue(3);
    std::string assembly_error;
    std::exception_ptr thrown;
    std::thread assembler;
    try {
        assembler = std::thread([&] { assembly_error = assembleQueued(queue, thrown); });
    } catch (const std::system_error&) {
        return splitter.run();  // no thread to be had: one thread does it all
    }
    queue_ = &queue;
    std::string error;
    try {
        error = splitter.run();
    } catch (...) {
        queue.close();
        assembler.join();
        queue_ = nullptr;
        throw;
    }
    queue.close();
    assembler.join();
    queue_ = nullptr;
    if (thrown)
        std::rethrow_exception(thrown);
    // Every batch handed over lies before where the splitter stopped: its error comes first.
    return assembly_error.empty() ? error : assembly_error;
}

}  // namespace syncscope::kineto
