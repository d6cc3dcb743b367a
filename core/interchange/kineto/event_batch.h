#pragma once

#include <simdjson.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace syncscope {

class JsonEventSplitter;

// Where a batch's events are in the document, for error messages: through the splitter while its
// window still holds the batch, or from the batch's own copy of the text once it does not.
struct BatchPlace {
    std::string_view json;  // "[e0,e1,...]": json[i] is document byte offsets->front() - 1 + i
    const std::vector<std::uint64_t>* offsets = nullptr;
    const JsonEventSplitter* splitter = nullptr;  // set: the window holds the batch
    std::uint64_t line = 1;                       // the line of offsets->front(),
    std::uint64_t line_start = 0;                 // and that line's first offset
    // "byte N (line L, column C)", as JsonEventSplitter::locate() says it.
    std::string locate(std::uint64_t offset) const;
};

// One batch of events handed from the thread that splits to the one that assembles: its own copy
// of the text (the splitter's window moves on), its DOM once parsed, and where it began.
struct EventBatch {
    std::string text;  // the batch's JSON, then simdjson's padding
    std::size_t size = 0;
    std::vector<std::uint64_t> offsets;
    std::uint64_t line = 1, line_start = 0;
    std::uint64_t first_event = 0;  // the number of the batch's first event in the document
    simdjson::dom::parser parser;
    simdjson::dom::array events;
    std::string error;  // the batch did not parse: what and where, already located
    // Which thread parses it is decided by who gets to it first (EventBatchQueue's users): the
    // splitting thread right after handing it over, or the assembling one if it is idle by then.
    enum ParseState : int { kUnparsed, kParsing, kParsed };
    std::atomic<int> parse_state{kUnparsed};
    // Takes the parse on: false when the other thread already has.
    bool claimParse() {
        int expected = kUnparsed;
        return parse_state.compare_exchange_strong(expected, kParsing, std::memory_order_acq_rel);
    }
    void parsed() {
        parse_state.store(kParsed, std::memory_order_release);
        parse_state.notify_all();
    }
    void waitParsed() {
        for (int s = parse_state.load(std::memory_order_acquire); s != kParsed;
             s = parse_state.load(std::memory_order_acquire))
            parse_state.wait(s, std::memory_order_acquire);
    }

    BatchPlace place() const {
        return {std::string_view(text.data(), size), &offsets, nullptr, line, line_start};
    }
};

}  // namespace syncscope
