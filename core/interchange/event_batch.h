#pragma once

#include <simdjson.h>

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

// One batch of events handed from the thread that splits and parses to the one that assembles:
// its own copy of the text (the splitter's window moves on), its parsed DOM, and where it began.
struct EventBatch {
    std::string text;  // the batch's JSON, then simdjson's padding
    std::size_t size = 0;
    std::vector<std::uint64_t> offsets;
    std::uint64_t line = 1, line_start = 0;
    std::uint64_t first_event = 0;  // the number of the batch's first event in the document
    simdjson::dom::parser parser;
    simdjson::dom::array events;
    std::string error;  // the batch did not parse: what and where, already located

    BatchPlace place() const {
        return {std::string_view(text.data(), size), &offsets, nullptr, line, line_start};
    }
};

}  // namespace syncscope
