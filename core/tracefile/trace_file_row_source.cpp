#include "core/tracefile/trace_file_row_source.h"

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace syncscope {

namespace {

// The keys whose rows are taken, in the order the writer writes them, as it writes them.
constexpr std::array<std::string_view, 2> kKeys{"\n\"events\":[", "\n\"flows\":["};
constexpr std::array<std::string_view, 2> kNames{"events", "flows"};
constexpr std::size_t kReadBytes = std::size_t{4} << 20;
constexpr std::size_t kPadding = 64;  // at least simdjson's, for the row parsers
// Whitespace the cut looks past after a row, at most (the writer puts one newline there).
constexpr std::size_t kMaxSpace = 4096;

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

}  // namespace

bool TraceFileRowSource::fill(std::size_t bytes) {
    if (end_ - begin_ < bytes && !eof_) {
        // What was handed out goes; what is left is short (less than `bytes`), cheap to move.
        if (begin_ > 0) {
            std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
            base_ += begin_;
            end_ -= begin_;
            begin_ = 0;
        }
        while (end_ < bytes && !eof_) {
            const std::size_t chunk = std::max(kReadBytes, bytes - end_);
            if (buf_.size() < end_ + chunk + kPadding)
                buf_.resize(end_ + chunk + kPadding);
            const std::size_t got = inner_.read(buf_.data() + end_, chunk);
            end_ += got;
            eof_ = got == 0;
        }
        std::memset(buf_.data() + end_, 0, kPadding);
    }
    return inner_.error().empty();
}

std::size_t TraceFileRowSource::read(char* dst, std::size_t n) {
    if (paused_) {
        // The splitter reads on before the rows were taken: it gets them as they are.
        paused_ = false;
        ++next_key_;
    }
    const std::string_view key = next_key_ < static_cast<int>(kKeys.size())
                                     ? kKeys[static_cast<std::size_t>(next_key_)]
                                     : "";
    if (!fill(n + key.size()))
        return 0;
    std::size_t take = std::min(n, end_ - begin_);
    if (!key.empty() && take > 0) {
        // Up to the byte before the first key that could end beyond `take`.
        const std::string_view ahead(buf_.data() + begin_,
                                     std::min(end_ - begin_, take + key.size() - 1));
        if (const std::size_t at = ahead.find(key); at != std::string_view::npos) {
            if (at + key.size() <= n) {
                take = at + key.size();
                paused_ = true;
            } else {
                take = at;  // the key starts the next read
            }
        }
    }
    std::memcpy(dst, buf_.data() + begin_, take);
    begin_ += take;
    served_ += take;
    return take;
}

bool TraceFileRowSource::pausedAt(std::string_view key, std::uint64_t offset) const {
    return paused_ && next_key_ < static_cast<int>(kNames.size()) &&
           kNames[static_cast<std::size_t>(next_key_)] == key && offset + 1 == served_;
}

bool TraceFileRowSource::takeRows(const Piece& piece) {
    paused_ = false;
    ++next_key_;
    // An empty array: its ']' is the splitter's.
    if (!fill(kMaxSpace + kPadding))
        return false;
    std::size_t space = 0;
    while (begin_ + space < end_ && space < kMaxSpace && isSpace(buf_[begin_ + space]))
        ++space;
    if (begin_ + space < end_ && buf_[begin_ + space] == ']') {
        begin_ += space;
        return true;
    }
    while (true) {
        std::size_t length = 0, count = 0;
        bool last = false;
        // A piece has a row: one longer than a piece is no row of ours.
        if (!cut(length, count, last) || count == 0 ||
            !piece(std::string_view(buf_.data() + begin_, length), count, last, base_ + begin_))
            return false;
        begin_ += length;
        if (last)
            return true;  // begin_ at the array's ']', the splitter's next byte
    }
}

// Finds the end of the next piece: before the last row that starts within kPieceBytes, or at the
// array's ']' (a row's ']' followed by whitespace and ']' rather than ','). Counts the rows by
// their '[' (a row has one; the parsers check the rest). Only '[' and ']' matter, so 16 bytes are
// looked at in a few instructions.
bool TraceFileRowSource::cut(std::size_t& length, std::size_t& count, bool& last) {
    if (!fill(kPieceBytes + kMaxSpace + kPadding))
        return false;
    const char* const p = buf_.data() + begin_;
    const std::size_t avail = end_ - begin_;
    const std::size_t limit = std::min(avail, kPieceBytes);
    std::size_t opens = 0, last_open = 0, opens_before_last = 0;
    // A row's ']' at i not followed by ',': the array's end, a row with space before its comma, or
    // not rows at all.
    auto closing = [&](std::size_t i, bool& end) {
        std::size_t q = i + 1;
        while (q < avail && q - i <= kMaxSpace && isSpace(p[q]))
            ++q;
        if (q >= avail || q - i > kMaxSpace)
            return false;
        if (p[q] == ',')
            return true;
        if (p[q] != ']')
            return false;
        end = true;
        length = q;
        count = opens;
        last = true;
        return true;
    };
    std::size_t i = 0;
#if defined(__SSE2__)
    for (; i + 16 <= limit; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + 1));
        const auto open =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('['))));
        const auto close =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(']'))));
        const auto comma_next =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(next, _mm_set1_epi8(','))));
        if (unsigned odd = close & ~comma_next; odd != 0) {
            // Rare (the array's end, or a flows row before a newline): byte by byte from here.
            const int bit = __builtin_ctz(odd);
            const unsigned below = (1u << bit) - 1;
            opens += static_cast<std::size_t>(__builtin_popcount(open & below));
            if ((open & below) != 0) {
                last_open = i + static_cast<std::size_t>(31 - __builtin_clz(open & below));
                opens_before_last = opens - 1;
            }
            bool end = false;
            if (!closing(i + static_cast<std::size_t>(bit), end))
                return false;
            if (end)
                return true;
            // Past that ']' the rest of the block is read byte by byte below, once.
            i += static_cast<std::size_t>(bit) + 1;
            for (; i < limit && (i & 15) != 0; ++i) {
                if (p[i] == '[') {
                    last_open = i;
                    opens_before_last = opens++;
                } else if (p[i] == ']' && p[i + 1] != ',') {
                    if (!closing(i, end))
                        return false;
                    if (end)
                        return true;
                }
            }
            i -= 16;  // the loop's step lands on the next block
            continue;
        }
        if (open != 0) {
            opens += static_cast<std::size_t>(__builtin_popcount(open));
            last_open = i + static_cast<std::size_t>(31 - __builtin_clz(open));
            opens_before_last = opens - 1;
        }
    }
#endif
    for (; i < limit; ++i) {
        if (p[i] == '[') {
            last_open = i;
            opens_before_last = opens++;
        } else if (p[i] == ']' && p[i + 1] != ',') {
            bool end = false;
            if (!closing(i, end))
                return false;
            if (end)
                return true;
        }
    }
    if (last_open == 0)
        return false;  // a row longer than a piece, or the input ends inside the rows
    length = last_open;
    count = opens_before_last;
    last = false;
    return true;
}

}  // namespace syncscope
