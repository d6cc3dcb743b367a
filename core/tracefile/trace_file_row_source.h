#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/io/byte_source.h"

namespace syncscope {

// The bytes of a native trace file for JsonEventSplitter, less the rows of "events" and "flows",
// which TraceFileStreamReader takes here itself: splitting ten million rows one by one costs more
// than reading them, and these rows need no splitting, only cutting into pieces between two rows.
//
// The source stops serving right after the first `\n"events":[` (and then `\n"flows":[`, as our
// writer writes them). When the splitter then reports that very '[' as the start of the top-level
// array (TraceFileStreamReader::onArrayStart), takeRows() hands the rows over in pieces and the
// splitter goes on at the array's ']', seeing an empty array. The reader accepts a piece only as
// rows in the compact form, so the file it reads is the file the splitter saw with an empty array
// filled by valid rows: the same JSON, read the same. Anything else — the key elsewhere, escaped,
// or the splitter reading on without taking the rows — and the rows are served as they are.
class TraceFileRowSource final : public ByteSource {
public:
    // Pieces are cut at the first row boundary after this many bytes.
    static constexpr std::size_t kPieceBytes = std::size_t{1} << 18;

    explicit TraceFileRowSource(ByteSource& inner) : inner_(inner) {}

    std::size_t read(char* dst, std::size_t n) override;
    const std::string& error() const override { return inner_.error(); }
    double progress() const override { return inner_.progress(); }
    std::uint64_t sizeHint() const override { return inner_.sizeHint(); }

    // Whether the bytes served so far end with `"key":[`, that '[' at `offset` of what was served.
    bool pausedAt(std::string_view key, std::uint64_t offset) const;

    // A piece of the rows: `rows` is "[...],[...]," (whitespace as in the file), `count` rows, the
    // comma after the last one unless `last`; `offset` is where it starts in the file. Readable
    // padding follows it. Returns false to stop.
    using Piece = std::function<bool(std::string_view rows, std::size_t count, bool last,
                                     std::uint64_t offset)>;
    // The rows of the array the source paused in, piece by piece; then it serves the array's ']'
    // and the rest. False when they are not rows as our writer writes them (a row longer than a
    // piece, no ']' after the last) or `piece` said stop: the caller then gives up the stream.
    bool takeRows(const Piece& piece);

private:
    // At least `bytes` bytes from begin_ in the buffer, unless the input ends first; false on a
    // read error.
    bool fill(std::size_t bytes);
    // The rows from begin_: the length of the next piece and its rows, or false.
    bool cut(std::size_t& length, std::size_t& count, bool& last);

    ByteSource& inner_;
    std::string buf_;           // bytes [base_, base_ + end_) of the file, then zeros (padding)
    std::size_t begin_ = 0;     // the next byte to serve
    std::size_t end_ = 0;       // the end of the bytes read
    std::uint64_t base_ = 0;    // file offset of buf_[0]
    std::uint64_t served_ = 0;  // bytes served
    bool eof_ = false;
    int next_key_ = 0;     // 0: "events" next, 1: "flows", 2: no more
    bool paused_ = false;  // the bytes served end with the next key's "[": rows follow
};

}  // namespace syncscope
