#include "core/interchange/json_event_splitter.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace syncscope {

namespace {

// Reads start small (small inputs stay cheap) and grow to 1 MiB.
constexpr std::size_t kMinReadChunk = 1 << 16;
constexpr std::size_t kMaxReadChunk = 1 << 20;
constexpr std::size_t kBatchBytes = 1 << 20;

constexpr std::array<bool, 256> makeTable(std::string_view chars) {
    std::array<bool, 256> table{};
    for (const char c : chars)
        table[static_cast<unsigned char>(c)] = true;
    return table;
}
constexpr auto kStructural = makeTable("\"{}[]");
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

}  // namespace

int JsonEventSplitter::refillAndGet(std::size_t p) {
    while (p >= buf_.size()) {
        if (eof_)
            return -1;
        const std::size_t old = buf_.size();
        const auto chunk = static_cast<std::size_t>(std::clamp<std::uint64_t>(base_ + old, kMinReadChunk, kMaxReadChunk));
        buf_.resize(old + chunk);
        const std::size_t got = source_.read(buf_.data() + old, chunk);
        buf_.resize(old + got);
        if (got == 0)
            eof_ = true;
    }
    return static_cast<unsigned char>(buf_[p]);
}

void JsonEventSplitter::skipWhitespace() {
    while (isSpace(at(pos_)))
        ++pos_;
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

// p at the first byte of a value; on success p is just past it.
bool JsonEventSplitter::scanValue(std::size_t& p) {
    int c = at(p);
    if (c == '"')
        return scanString(p);
    if (c == '{' || c == '[') {
        std::size_t depth = 0;
        while (true) {
            c = at(p);
            if (c < 0)
                return false;
            if (!kStructural[static_cast<unsigned char>(c)]) {
                const char* data = buf_.data();
                const std::size_t size = buf_.size();
                while (p < size && !kStructural[static_cast<unsigned char>(data[p])])
                    ++p;
                continue;
            }
            if (c == '"') {
                // Short strings (keys, names) inline; scanString handles the window's end.
                const char* data = buf_.data();
                const std::size_t size = buf_.size();
                std::size_t q = p + 1;
                while (q < size && data[q] != '"' && data[q] != '\\')
                    ++q;
                if (q < size && data[q] == '"') {
                    p = q + 1;
                    continue;
                }
                if (!scanString(p))
                    return false;
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if (--depth == 0) {
                ++p;
                return true;
            }
            ++p;
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
        if (buf_[i] == '\n') {
            ++line;
            line_start = base_ + i + 1;
        }
    }
    return where + " (line " + std::to_string(line) + ", column " +
           std::to_string(offset - line_start + 1) + ")";
}

std::string JsonEventSplitter::endError(std::size_t p, const std::string& what) const {
    if (!source_.error().empty())
        return source_.error();
    return errorAt(p, what);
}

std::string JsonEventSplitter::flush() {
    if (!offsets_.empty()) {
        // "[" + the elements with their separators + "]", padded for simdjson.
        const std::size_t len = batch_end_ - batch_begin_;
        scratch_.resize(len + 2 + simdjson::SIMDJSON_PADDING);
        scratch_[0] = '[';
        std::memcpy(scratch_.data() + 1, buf_.data() + batch_begin_, len);
        scratch_[len + 1] = ']';
        std::memset(scratch_.data() + len + 2, 0, simdjson::SIMDJSON_PADDING);
        if (auto err = handler_.onEventBatch(std::string_view(scratch_.data(), len + 2), offsets_);
            !err.empty())
            return err;
        offsets_.clear();
    }
    // Drop what has been handled from the window, keeping line numbers right.
    for (const char* p = buf_.data();
         (p = static_cast<const char*>(
              std::memchr(p, '\n', pos_ - static_cast<std::size_t>(p - buf_.data())))) != nullptr;
         ++p) {
        ++lines_before_;
        last_newline_ = base_ + static_cast<std::uint64_t>(p - buf_.data()) + 1;
    }
    buf_.erase(0, pos_);
    base_ += pos_;
    pos_ = 0;
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
            return endError(pos_, "the file ends inside \"traceEvents\"");
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
                if (!scanString(end))
                    return endError(pos_, "the file ends inside a key");
                const std::string key = buf_.substr(pos_ + 1, end - pos_ - 2);
                pos_ = end;
                skipWhitespace();
                if (at(pos_) != ':')
                    return endError(
                        pos_, "expected ':' after \"" + key + "\", found " + describe(at(pos_)));
                ++pos_;
                skipWhitespace();
                if (key == "traceEvents") {
                    if (at(pos_) != '[')
                        return endError(pos_, "\"traceEvents\" is not an array");
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
    if (at(pos_) >= 0)
        return errorAt(pos_, "unexpected content after the JSON value");
    if (!source_.error().empty())
        return source_.error();
    return {};
}

}  // namespace syncscope
