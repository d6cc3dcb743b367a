#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/byte_source.h"
#include "core/io/read_window.h"

namespace syncscope {

// Streams a JSON document whose bulk is in long top-level arrays ({"traceEvents":[...], other
// keys...} or a bare array, for Chrome traces; "strings", "events", "flows" and "memory" in a
// native trace file) from a ByteSource in bounded memory. It only finds where values end (it tracks
// strings and nesting, nothing else); simdjson parses and validates every piece it hands out:
//  - each top-level value other than the streamed arrays, as its own JSON text;
//  - the elements of each streamed array (a bare top-level array is one, under the key ""), in
//    batches of about 256 KiB, as the text of a JSON array. Keys are not unescaped: a streamed key
//    is matched as written.
// Offsets are byte offsets in the (inflated) document.
// Memory stays bounded on hostile input: one value (an event, or a top-level value) may not exceed
// kMaxValueBytes and a run of whitespace between values may not exceed kMaxWhitespaceRun
// (docs/interchange.md); past either the import stops with an error at the value's offset.
class JsonEventSplitter {
public:
    static constexpr std::size_t kMaxValueBytes = std::size_t{16} << 20;
    static constexpr std::size_t kMaxWhitespaceRun = std::size_t{1} << 20;

    class Handler {
    public:
        virtual ~Handler() = default;
        // `json` has simdjson padding after its end. Return "" or an error.
        virtual std::string onTopLevelValue(std::string_view key, std::string_view json,
                                            std::uint64_t offset) = 0;
        // `json` is "[e0,e1,...]" (padded); `offsets` has the document offset of each element.
        // The batches of one streamed array come after its onArrayStart and before anything else.
        virtual std::string onEventBatch(std::string_view json,
                                         const std::vector<std::uint64_t>& offsets) = 0;
        // A streamed array begins at `offset` ("" for a bare top-level array).
        virtual std::string onArrayStart(std::string_view key, std::uint64_t offset) {
            (void)key;
            (void)offset;
            return {};
        }
    };

    JsonEventSplitter(ByteSource& source, Handler& handler,
                      std::vector<std::string> streamed_keys = {"traceEvents"})
        : source_(source), handler_(handler), streamed_keys_(std::move(streamed_keys)) {}

    // "" on success; otherwise the error, already prefixed with its location
    // ("byte 120 (line 3, column 7): ...") where it has one.
    std::string run();
    // "byte N (line L, column C)" for an offset still in the window (the current batch), else "byte
    // N".
    std::string locate(std::uint64_t offset) const;
    // A streamed array (or a bare top-level array) was seen.
    bool sawEvents() const { return saw_events_; }

    // The line (from 1) of an offset in the window, and the offset that line starts at: what
    // locate() would say, for a handler that reports on a batch after the window has moved on.
    // Offsets asked for should not decrease, so that each byte is counted once.
    struct LinePosition {
        std::uint64_t line = 1;
        std::uint64_t line_start = 0;
    };
    LinePosition linePosition(std::uint64_t offset);

private:
    int at(std::size_t p) {
        return p < buf_.size() ? static_cast<unsigned char>(buf_[p]) : refillAndGet(p);
    }
    int refillAndGet(std::size_t p);
    void skipWhitespace();
    bool scanString(std::size_t& p);
    bool scanValue(std::size_t& p);
    bool scanValueUnbounded(std::size_t& p);
    bool stepByte(std::size_t& p, std::size_t& depth, bool& in_string);
    std::string events();
    // Sets limit_error_ and stops reading (the scan then sees the end of the input).
    void stopAt(std::size_t p, const std::string& what);
    void tooLong(std::size_t start);
    std::string flush();
    std::string errorAt(std::size_t p, const std::string& what) const {
        return locate(base_ + p) + ": " + what;
    }
    std::string endError(std::size_t p, const std::string& what) const;

    ByteSource& source_;
    Handler& handler_;
    std::vector<std::string> streamed_keys_;
    std::string array_name_ = "traceEvents";  // the streamed array being read, for errors
    ReadWindow buf_;  // the window: bytes [base_, base_ + buf_.size()) of the document
    std::size_t pos_ = 0;
    std::uint64_t base_ = 0;
    std::uint64_t lines_before_ = 0;  // newlines in the bytes dropped from the window
    std::uint64_t last_newline_ = 0;  // offset just after the last dropped newline
    bool eof_ = false;
    // The window index where the value being scanned starts (kNotScanning when none), so that
    // reading past kMaxValueBytes of it is refused.
    static constexpr std::size_t kNotScanning = static_cast<std::size_t>(-1);
    std::size_t scan_start_ = kNotScanning;
    std::string limit_error_;
    bool saw_events_ = false;
    std::size_t batch_begin_ = 0, batch_end_ = 0;
    std::vector<std::uint64_t> offsets_;
    std::string scratch_;
    // While a batch is parsed in place: the two window bytes that stand in for its brackets.
    bool patched_ = false;
    std::size_t patch_open_ = 0, patch_close_ = 0;
    char saved_open_ = 0, saved_close_ = 0;
    // linePosition()'s last answer, where the next one starts counting.
    std::uint64_t line_offset_ = 0;
    LinePosition line_{};
};

}  // namespace syncscope
