#include "core/io/json_event_splitter.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace syncscope {

namespace {

// Reads start small (small inputs stay cheap) and grow to 1 MiB.
constexpr std::size_t kMinReadChunk = 1 << 16;
constexpr std::size_t kMaxReadChunk = 1 << 20;
// Small enough that a batch's DOM (several times its text) stays in the core's cache while the
// handler walks it, and the parser's buffers stay small; large enough that the per-batch costs
// (a parse call, a handler call) vanish.
constexpr std::size_t kBatchBytes = 1 << 18;
// Handled bytes leave the window once there are this many: dropping them moves the rest of the
// window (up to a read chunk), which after every small batch would cost more than the parse.
constexpr std::size_t kDropBytes = std::size_t{2} << 20;
// The window's usual most: handled bytes, one read, a batch and its padding. Reserved once, so that
// it does not grow by doubling past that (a longer value still gets its room).
constexpr std::size_t kWindowBytes = kDropBytes + kMaxReadChunk + kBatchBytes + (1 << 16);

constexpr std::array<bool, 256> makeTable(std::string_view chars) {
    std::array<bool, 256> table{};
    for (const char c : chars)
        table[static_cast<unsigned char>(c)] = true;
    return table;
}
constexpr auto kScalarEnd = makeTable(",}] \t\r\n");

bool isSpace(int c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string describe(int c) {
    if (c < 0)
        return "the end of the file";
    if (c >= 0x20 && c < 0x7f)
        return std::string("'") + static_cast<char>(c) + "'";
    return "byte " + std::to_string(c);
}

// One 64-byte block as bit masks (bit i: byte i).
struct BlockMasks {
    std::uint64_t quote = 0, backslash = 0, open = 0, close = 0;
};

BlockMasks blockMasks(const char* data) {
    BlockMasks m;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i lower = _mm_set1_epi8(0x20);
    // '[' | 0x20 == '{' and ']' | 0x20 == '}': one compare each finds both kinds.
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    for (int i = 0; i < 4; ++i) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * i));
        const __m128i folded = _mm_or_si128(v, lower);
        const int shift = 16 * i;
        auto bits = [](__m128i x) {
            return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(x)));
        };
        m.quote |= bits(_mm_cmpeq_epi8(v, quote)) << shift;
        m.backslash |= bits(_mm_cmpeq_epi8(v, backslash)) << shift;
        m.open |= bits(_mm_cmpeq_epi8(folded, open)) << shift;
        m.close |= bits(_mm_cmpeq_epi8(folded, close)) << shift;
    }
#else
    for (int i = 0; i < 64; ++i) {
        const char c = data[i];
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (c == '"')
            m.quote |= bit;
        else if (c == '\\')
            m.backslash |= bit;
        else if (c == '{' || c == '[')
            m.open |= bit;
        else if (c == '}' || c == ']')
            m.close |= bit;
    }
#endif
    return m;
}

// Bit i of the result: the XOR of bits 0..i (set from an opening quote up to its closing one).
std::uint64_t prefixXor(std::uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

// The newlines in [data, data + n): how many, and the index just past the last one (0 if none).
// 16 bytes at a time into byte-wide counters, summed every 255 blocks: a trace pretty-printed with
// one key per line has a newline every few dozen bytes, where a memchr() call per line costs more
// than the split itself. (No popcount per block: the baseline x86-64 has no instruction for it, so
// each would be a library call.) The last newline is then found from the end.
std::size_t countNewlines(const char* data, std::size_t n, std::size_t& after_last) {
    std::size_t count = 0, i = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    while (i + 16 <= n) {
        const std::size_t blocks = std::min<std::size_t>((n - i) / 16, 255);
        __m128i counters = _mm_setzero_si128();
        for (std::size_t b = 0; b < blocks; ++b, i += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
            counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(v, newline));  // a match is -1
        }
        const __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
        count += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
                 static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
    }
#endif
    for (; i < n; ++i)
        count += data[i] == '\n' ? 1 : 0;
    after_last = 0;
    if (count != 0)
        after_last = std::string_view(data, n).rfind('\n') + 1;
    return count;
}

}  // namespace

void JsonEventSplitter::stopAt(std::size_t p, const std::string& what) {
    if (limit_error_.empty())
        limit_error_ = errorAt(p, what);
    eof_ = true;
}

void JsonEventSplitter::tooLong(std::size_t start) {
    stopAt(start, "this value is longer than " + std::to_string(kMaxValueBytes >> 20) +
                      " MiB, the limit for one event or top-level value");
}

int JsonEventSplitter::refillAndGet(std::size_t p) {
    while (p >= buf_.size()) {
        if (eof_)
            return -1;
        const std::size_t old = buf_.size();
        if (scan_start_ != kNotScanning && old - scan_start_ > kMaxValueBytes) {
            tooLong(scan_start_);
            return -1;
        }
        const auto chunk = static_cast<std::size_t>(
            std::clamp<std::uint64_t>(base_ + old, kMinReadChunk, kMaxReadChunk));
        if (base_ + old >= kMaxReadChunk && buf_.capacity() < kWindowBytes)
            buf_.reserve(kWindowBytes);  // a large input: its window's size from the start
        const std::size_t got = source_.read(buf_.grow(chunk), chunk);
        buf_.truncate(old + got);
        if (got == 0)
            eof_ = true;
    }
    return static_cast<unsigned char>(buf_[p]);
}

void JsonEventSplitter::skipWhitespace() {
    const std::size_t start = pos_;
    while (isSpace(at(pos_))) {
        if (++pos_ - start > kMaxWhitespaceRun) {
            // Whitespace is kept in the window until the next value; past the limit, stop.
            stopAt(start, "more than " + std::to_string(kMaxWhitespaceRun >> 20) +
                              " MiB of whitespace in a row");
            pos_ = buf_.size();
            return;
        }
    }
}

// p at the opening quote; on success p is just past the closing quote.
bool JsonEventSplitter::scanString(std::size_t& p) {
    std::size_t q = p + 1;
    while (true) {
        if (at(q) < 0)
            return false;
        const void* hit = std::memchr(buf_.data() + q, '"', buf_.size() - q);
        if (hit == nullptr) {
            q = buf_.size();
            continue;
        }
        const auto k = static_cast<std::size_t>(static_cast<const char*>(hit) - buf_.data());
        std::size_t backslashes = 0;
        while (k - backslashes > p + 1 && buf_[k - backslashes - 1] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0) {
            p = k + 1;
            return true;
        }
        q = k + 1;
    }
}

// One byte of an object or array at p (p < buf_.size()); true when it closed the outermost one,
// with p just past it.
bool JsonEventSplitter::stepByte(std::size_t& p, std::size_t& depth, bool& in_string) {
    const char c = buf_[p++];
    if (in_string) {
        if (c == '\\')
            ++p;  // the escaped byte, read or not yet
        else if (c == '"')
            in_string = false;
        return false;
    }
    if (c == '"')
        in_string = true;
    else if (c == '{' || c == '[')
        ++depth;
    else if ((c == '}' || c == ']') && --depth == 0)
        return true;
    return false;
}

// p at the first byte of a value; on success p is just past it.
bool JsonEventSplitter::scanValue(std::size_t& p) {
    const std::size_t start = p;
    scan_start_ = p;
    bool ok = scanValueUnbounded(p);
    scan_start_ = kNotScanning;
    // refillAndGet stops reading within a chunk past the limit; this makes the limit exact.
    if (ok && p - start > kMaxValueBytes) {
        tooLong(start);
        ok = false;
    }
    return ok;
}

bool JsonEventSplitter::scanValueUnbounded(std::size_t& p) {
    int c = at(p);
    if (c == '"')
        return scanString(p);
    if (c == '{' || c == '[') {
        // Objects and arrays: 64 bytes at a time while the window holds them, byte by byte at its
        // end or in a block with a backslash (an escape may cross the block's end).
        std::size_t depth = 0;
        bool in_string = false;
        while (true) {
            if (p + 64 <= buf_.size()) {
                const BlockMasks m = blockMasks(buf_.data() + p);
                if (m.backslash == 0) {
                    const std::uint64_t inside =
                        prefixXor(m.quote) ^ (in_string ? ~std::uint64_t{0} : 0);
                    std::uint64_t brackets = (m.open | m.close) & ~inside;
                    while (brackets != 0) {
                        const int bit = __builtin_ctzll(brackets);
                        brackets &= brackets - 1;
                        if ((m.open >> bit) & 1)
                            ++depth;
                        else if (--depth == 0) {
                            p += static_cast<std::size_t>(bit) + 1;
                            return true;
                        }
                    }
                    // The prefix XOR's top bit is the quotes' parity (no popcount: see
                    // countNewlines).
                    in_string ^= (prefixXor(m.quote) >> 63) != 0;
                    p += 64;
                    continue;
                }
                const std::size_t block_end = p + 64;
                while (p < block_end) {
                    if (stepByte(p, depth, in_string))
                        return true;
                }
                continue;
            }
            if (at(p) < 0)
                return false;
            if (stepByte(p, depth, in_string))
                return true;
        }
    }
    if (c < 0)
        return false;
    while ((c = at(p)) >= 0 && !kScalarEnd[static_cast<unsigned char>(c)])
        ++p;
    return true;
}

std::string JsonEventSplitter::locate(std::uint64_t offset) const {
    std::string where = "byte " + std::to_string(offset);
    if (offset < base_ || offset > base_ + buf_.size())
        return where;
    std::uint64_t line = lines_before_ + 1;
    std::uint64_t line_start = last_newline_;
    for (std::size_t i = 0; i < offset - base_; ++i) {
        const char c = !patched_           ? buf_[i]
                       : i == patch_open_  ? saved_open_
                       : i == patch_close_ ? saved_close_
                                           : buf_[i];
        if (c == '\n') {
            ++line;
            line_start = base_ + i + 1;
        }
    }
    return where + " (line " + std::to_string(line) + ", column " +
           std::to_string(offset - line_start + 1) + ")";
}

JsonEventSplitter::LinePosition JsonEventSplitter::linePosition(std::uint64_t offset) {
    if (line_offset_ < base_ || line_offset_ > offset) {
        line_offset_ = base_;
        line_ = {lines_before_ + 1, last_newline_};
    }
    const auto from = static_cast<std::size_t>(line_offset_ - base_);
    const auto to = static_cast<std::size_t>(
        offset < line_offset_ ? from : std::min<std::uint64_t>(offset - base_, buf_.size()));
    std::size_t after_last = 0;
    if (const std::size_t lines = countNewlines(buf_.data() + from, to - from, after_last);
        lines != 0) {
        line_.line += lines;
        line_.line_start = base_ + from + after_last;
    }
    // The bytes standing in for a batch's brackets are never newlines; the originals may be.
    if (patched_)
        for (const auto& [at, saved] :
             {std::pair{patch_open_, saved_open_}, std::pair{patch_close_, saved_close_}})
            if (saved == '\n' && at >= from && at < to) {
                ++line_.line;
                line_.line_start = std::max(line_.line_start, base_ + at + 1);
            }
    line_offset_ = base_ + to;
    return line_;
}

std::string JsonEventSplitter::endError(std::size_t p, const std::string& what) const {
    if (!limit_error_.empty())
        return limit_error_;
    if (!source_.error().empty())
        return source_.error();
    return errorAt(p, what);
}

std::string JsonEventSplitter::flush() {
    if (!offsets_.empty()) {
        // simdjson gets "[" + the elements with their separators + "]", padded. In the window
        // itself where it can: the separator bytes on either side become the brackets for the
        // parse (locate() still sees the originals), and the padding is the window's next bytes.
        const std::size_t len = batch_end_ - batch_begin_;
        std::string err;
        at(batch_end_ + 1 + simdjson::SIMDJSON_PADDING);  // read ahead for the padding
        if (batch_begin_ >= 1 && buf_.size() >= batch_end_ + 1 + simdjson::SIMDJSON_PADDING) {
            patch_open_ = batch_begin_ - 1;
            patch_close_ = batch_end_;
            saved_open_ = buf_[patch_open_];
            saved_close_ = buf_[patch_close_];
            patched_ = true;
            buf_[patch_open_] = '[';
            buf_[patch_close_] = ']';
            err = handler_.onEventBatch(std::string_view(buf_.data() + patch_open_, len + 2),
                                        offsets_);
            buf_[patch_open_] = saved_open_;
            buf_[patch_close_] = saved_close_;
            patched_ = false;
        } else {
            scratch_.resize(len + 2 + simdjson::SIMDJSON_PADDING);
            scratch_[0] = '[';
            std::memcpy(scratch_.data() + 1, buf_.data() + batch_begin_, len);
            scratch_[len + 1] = ']';
            std::memset(scratch_.data() + len + 2, 0, simdjson::SIMDJSON_PADDING);
            err = handler_.onEventBatch(std::string_view(scratch_.data(), len + 2), offsets_);
        }
        if (!err.empty())
            return err;
        offsets_.clear();
    }
    // Drop what has been handled from the window, keeping line numbers right. The last byte stays:
    // it will be the next batch's "[".
    const std::size_t drop = pos_ > 0 ? pos_ - 1 : 0;
    if (drop < kDropBytes)
        return {};
    // Where linePosition() has already counted part of the dropped bytes (the two-thread import
    // asks for every batch), only the rest is counted: the window's bytes are scanned once.
    std::size_t from = 0;
    if (line_offset_ >= base_ && line_offset_ - base_ <= drop) {
        from = static_cast<std::size_t>(line_offset_ - base_);
        lines_before_ = line_.line - 1;
        last_newline_ = line_.line_start;
    }
    std::size_t after_last = 0;
    if (const std::size_t lines = countNewlines(buf_.data() + from, drop - from, after_last);
        lines != 0) {
        lines_before_ += lines;
        last_newline_ = base_ + from + after_last;
    }
    buf_.dropFront(drop);
    base_ += drop;
    pos_ -= drop;
    return {};
}

std::string JsonEventSplitter::events() {
    saw_events_ = true;
    skipWhitespace();
    if (at(pos_) == ']') {
        ++pos_;
        return {};
    }
    while (true) {
        const std::size_t start = pos_;
        if (at(pos_) < 0)
            return endError(pos_, "the file ends inside \"" + array_name_ + "\"");
        if (!scanValue(pos_))
            return endError(start, "the file ends inside this event");
        if (offsets_.empty())
            batch_begin_ = start;
        offsets_.push_back(base_ + start);
        batch_end_ = pos_;
        skipWhitespace();
        const int c = at(pos_);
        if (c == ',') {
            ++pos_;
            skipWhitespace();
            if (batch_end_ - batch_begin_ >= kBatchBytes)
                if (auto err = flush(); !err.empty())
                    return err;
            continue;
        }
        if (c == ']') {
            ++pos_;
            return flush();
        }
        return endError(pos_, "expected ',' or ']' after an event, found " + describe(c));
    }
}

std::string JsonEventSplitter::run() {
    if (at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF)
        pos_ = 3;  // UTF-8 byte order mark
    skipWhitespace();
    int c = at(pos_);
    if (c == '[') {
        if (auto err = handler_.onArrayStart({}, base_ + pos_); !err.empty())
            return err;
        ++pos_;
        if (auto err = events(); !err.empty())
            return err;
    } else if (c == '{') {
        ++pos_;
        skipWhitespace();
        if (at(pos_) == '}')
            ++pos_;
        else {
            while (true) {
                if (at(pos_) != '"')
                    return endError(pos_, "expected a key, found " + describe(at(pos_)));
                std::size_t end = pos_;
                scan_start_ = pos_;
                bool key_ok = scanString(end);
                scan_start_ = kNotScanning;
                if (key_ok && end - pos_ > kMaxValueBytes) {
                    tooLong(pos_);
                    key_ok = false;
                }
                if (!key_ok)
                    return endError(pos_, "the file ends inside a key");
                const std::string key = buf_.substr(pos_ + 1, end - pos_ - 2);
                pos_ = end;
                skipWhitespace();
                if (at(pos_) != ':')
                    return endError(
                        pos_, "expected ':' after \"" + key + "\", found " + describe(at(pos_)));
                ++pos_;
                skipWhitespace();
                if (std::find(streamed_keys_.begin(), streamed_keys_.end(), key) !=
                    streamed_keys_.end()) {
                    if (at(pos_) != '[')
                        return endError(pos_, "\"" + key + "\" is not an array");
                    if (auto err = handler_.onArrayStart(key, base_ + pos_); !err.empty())
                        return err;
                    array_name_ = key;
                    ++pos_;
                    if (auto err = events(); !err.empty())
                        return err;
                } else {
                    const std::size_t start = pos_;
                    if (at(start) < 0 || !scanValue(pos_))
                        return endError(start, "the file ends inside \"" + key + "\"");
                    std::string value = buf_.substr(start, pos_ - start);
                    value.append(simdjson::SIMDJSON_PADDING, '\0');
                    const std::string_view json(value.data(), pos_ - start);
                    if (auto err = handler_.onTopLevelValue(key, json, base_ + start); !err.empty())
                        return err;
                    value.clear();
                    // Nothing before pos_ is needed any more: the window stays one value long.
                    if (auto err = flush(); !err.empty())
                        return err;
                }
                skipWhitespace();
                c = at(pos_);
                if (c == ',') {
                    ++pos_;
                    skipWhitespace();
                    continue;
                }
                if (c == '}') {
                    ++pos_;
                    break;
                }
                return endError(pos_, "expected ',' or '}', found " + describe(c));
            }
        }
    } else {
        return endError(pos_, "expected '{' or '[', found " + describe(c));
    }
    skipWhitespace();
    if (!limit_error_.empty())
        return limit_error_;
    if (at(pos_) >= 0)
        return errorAt(pos_, "unexpected content after the JSON value");
    if (!source_.error().empty())
        return source_.error();
    return {};
}

}  // namespace syncscope
