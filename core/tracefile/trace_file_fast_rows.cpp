#include "core/tracefile/trace_file_fast_rows.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/model/checked_math.h"

namespace syncscope {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// One integer as the writer writes it: an optional '-', then "0" or 1 to 18 digits without a
// leading zero, so that it fits in int64 whatever its digits. Other spellings ("-0", "007", 19
// digits, a fraction or an exponent, which leave p on '.' or 'e') are the DOM's to judge.
[[gnu::always_inline]] inline bool readInteger(const char*& p, std::int64_t& out) {
    const bool negative = *p == '-';
    p += negative ? 1 : 0;
    const char* first = p;
    std::uint64_t value = static_cast<unsigned char>(*p) - unsigned{'0'};
    if (value > 9)
        return false;
    ++p;
    if (value == 0) {
        if (negative || static_cast<unsigned char>(*p) - unsigned{'0'} <= 9)
            return false;
    } else {
        for (unsigned d; (d = static_cast<unsigned char>(*p) - unsigned{'0'}) <= 9; ++p)
            value = value * 10 + d;  // wraps past 20 digits: refused below
        if (p - first > 18)
            return false;
    }
    out = negative ? -static_cast<std::int64_t>(value) : static_cast<std::int64_t>(value);
    return true;
}

// The N integers of a row and the separators after each, p just past the row's '['. Unrolled, so
// that each column has its own branches: a column's numbers are of about one length, which the
// branch predictor then learns.
template <std::size_t N, std::size_t... I>
inline bool readCells(const char*& p, std::array<std::int64_t, N>& cells,
                      std::index_sequence<I...>) {
    return ((readInteger(p, cells[I]) && *p++ == (I + 1 < N ? ',' : ']')) && ...);
}

// "[a,b,...]" of exactly N integers, p at its '['; p ends just past its ']'.
template <std::size_t N>
inline bool readRow(const char*& p, std::array<std::int64_t, N>& cells) {
    if (*p != '[')
        return false;
    ++p;
    return readCells<N>(p, cells, std::make_index_sequence<N>{});
}

// Walks the rows of `text` (see the header), handing each row's cells to `take(k, cells)`; false
// when they are not exactly `rows` compact rows or `take` refuses one.
template <std::size_t N, typename Take>
bool readRows(std::string_view text, std::size_t rows, bool trailing_comma, Take take) {
    const char* p = text.data();
    const char* const end = p + text.size();
    auto skipSpace = [&] {
        while (p < end && isSpace(*p))
            ++p;
    };
    std::array<std::int64_t, N> cells{};
    for (std::size_t k = 0; k < rows; ++k) {
        skipSpace();
        if (k > 0) {
            if (p >= end || *p != ',')
                return false;
            ++p;
            skipSpace();
        }
        // A row stops at its ']' or the first byte out of place, both within the padding.
        if (p >= end || !readRow<N>(p, cells) || p > end || !take(k, cells))
            return false;
    }
    skipSpace();
    if (trailing_comma) {
        if (p >= end || *p != ',')
            return false;
        ++p;
        skipSpace();
    }
    return p == end;
}

// v indexes a table of `size` entries (v >= 0 and v < size).
inline bool below(std::int64_t v, std::uint64_t size) {
    return static_cast<std::uint64_t>(v) < size;
}

// -1 ("none") or a 32-bit index other than kNone, as TraceFileLoader::getIndex takes an unbounded
// index.
inline bool indexOrNone(std::int64_t v) {
    return v == -1 || below(v, kNone);
}

inline std::uint32_t toIndex(std::int64_t v) {
    return v == -1 ? kNone : static_cast<std::uint32_t>(v);
}

}  // namespace

bool TraceFileFastRows::events(std::string_view text, std::size_t rows, bool trailing_comma,
                               const EventChecks& checks, TraceEvent* out, Awaited& awaited) {
    // The loader's bounds read 0 as "unbounded"; such files are rare enough to leave to it.
    if (checks.lanes == 0 || checks.names == 0)
        return false;
    const std::vector<EventKind>& kinds = *checks.kinds;
    const std::vector<ApiId>& apis = *checks.apis;
    const std::vector<SyncMode>& modes = *checks.modes;
    std::uint32_t max_awaited = awaited.max;
    bool any_awaited = awaited.any;
    const bool ok = readRows<16>(text, rows, trailing_comma, [&](std::size_t k, const auto& c) {
        // The columns of trace_file_format::kEventColumns; one test for all of them, as a row
        // that fails any goes to the loader anyway.
        const bool valid = inTimeRange(c[0]) & inTimeRange(c[1]) & below(c[2], checks.lanes) &
                           below(c[3], kinds.size()) & below(c[4], checks.names) &
                           indexOrNone(c[5]) & indexOrNone(c[6]) & indexOrNone(c[7]) &
                           indexOrNone(c[8]) & indexOrNone(c[9]) &
                           (c[10] == -1 || below(c[10], checks.lanes)) & below(c[11], apis.size()) &
                           below(c[12], modes.size()) & below(c[13], 256) & (c[14] >= 0);
        if (!valid)
            return false;
        // Field by field into the row's place (value-initialised by the caller): a copy of an
        // event built on the stack would stall on reading back what was just stored.
        TraceEvent& ev = out[k];
        ev.start_ns = c[0];
        ev.end_ns = c[1];
        ev.lane = static_cast<std::uint16_t>(c[2]);
        ev.kind = kinds[static_cast<std::size_t>(c[3])];
        ev.name = static_cast<std::uint32_t>(c[4]);
        ev.step = toIndex(c[5]);
        ev.batch = toIndex(c[6]);
        ev.correlation = toIndex(c[7]);
        ev.awaited = toIndex(c[8]);
        ev.cuda_event = toIndex(c[9]);
        ev.target_lane = c[10] == -1 ? kNoLane : static_cast<std::uint16_t>(c[10]);
        ev.api = apis[static_cast<std::size_t>(c[11])];
        ev.mode = modes[static_cast<std::size_t>(c[12])];
        ev.flags = static_cast<std::uint8_t>(c[13]);
        // One field holds either (the writer puts 0 / -1 in the other column): the kind says which.
        if (ev.holdsCpuTime())
            ev.setCpuNs(c[15]);
        else
            ev.setBytes(static_cast<std::uint64_t>(c[14]));
        if (ev.awaited != kNone) {
            any_awaited = true;
            max_awaited = std::max(max_awaited, ev.awaited);
        }
        return true;
    });
    if (ok) {
        awaited.any = any_awaited;
        awaited.max = max_awaited;
    }
    return ok;
}

bool TraceFileFastRows::flows(std::string_view text, std::size_t rows, bool trailing_comma,
                              const FlowChecks& checks, Flow* out) {
    if (checks.events == 0)
        return false;
    const std::vector<FlowKind>& kinds = *checks.kinds;
    return readRows<3>(text, rows, trailing_comma, [&](std::size_t k, const auto& c) {
        if (!(below(c[0], checks.events) & below(c[1], checks.events) & below(c[2], kinds.size())))
            return false;
        out[k].from = static_cast<std::uint32_t>(c[0]);
        out[k].to = static_cast<std::uint32_t>(c[1]);
        out[k].kind = kinds[static_cast<std::size_t>(c[2])];
        return true;
    });
}

}  // namespace syncscope
