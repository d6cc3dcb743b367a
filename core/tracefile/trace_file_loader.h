#pragma once

// The checks and conversions of a native trace file's content (docs/trace-file-format.md), every
// cell checked with an error that names its place ("events[12].lane: ..."). Internal to
// core/tracefile: callers use TraceFile::load / fromJson.
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/trace.h"
#include "core/tracefile/trace_file_format.h"

namespace syncscope {

struct Place {
    static constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);
    Place(const std::string& path) : group(path) {}  // NOLINT: implicit on purpose
    Place(const char* path) : group(path) {}         // NOLINT: implicit on purpose
    Place(std::string_view g, std::size_t i, std::string_view f) : group(g), index(i), field(f) {}
    std::string str() const {
        std::string s(group);
        if (index != kNoIndex)
            s += '[' + std::to_string(index) + ']';
        if (!field.empty()) {
            s += '.';
            s += field;
        }
        return s;
    }
    std::string_view group;
    std::size_t index = kNoIndex;
    std::string_view field;
};

inline std::string outOfTimeRange(TimeNs t) {
    return std::to_string(t) + " is outside the supported times, ±(2^62 - 1) ns";
}

class TraceFileLoader {
public:
    explicit TraceFileLoader(Trace& trace) : t_(trace) {}

    // The whole document at once (its DOM).
    bool run(simdjson::dom::element root);
    const std::string& error() const { return error_; }

    // The same checks piece by piece, for a document read in parts (TraceFileStreamReader):
    // `root` then holds the small top-level values, the four big arrays come row by row.
    bool meta(simdjson::dom::object root);          // format, version, title, source
    bool clockAndRank(simdjson::dom::object root);  // optional "clock" and "rank"
    bool scenario(simdjson::dom::object root);
    bool enums(simdjson::dom::object root);
    bool device(simdjson::dom::object root);
    bool lanes(simdjson::dom::object root);
    bool eventColumns(simdjson::dom::object root);
    bool flowColumns(simdjson::dom::object root);
    bool memoryColumns(simdjson::dom::object root);
    bool stringAt(simdjson::dom::element s, std::uint32_t i);
    bool stringsEnd(std::uint32_t count);
    // `awaited_limit`: the number of events when known, else 0 (awaitedInRange() checks later).
    bool eventRow(simdjson::dom::element row, std::size_t i, std::size_t awaited_limit);
    // eventRow's checks and conversion into `out` rather than appended, for rows read in batches
    // on several threads (TraceFileStreamReader); such rows' awaited go to noteAwaited().
    bool eventAt(simdjson::dom::element row, std::size_t i, std::size_t awaited_limit,
                 TraceEvent& out);
    void noteAwaited(std::uint32_t max_awaited) {
        any_awaited_ = true;
        max_awaited_ = std::max(max_awaited_, max_awaited);
    }
    bool awaitedInRange();
    bool flowRow(simdjson::dom::element row, std::size_t i);
    bool flowAt(simdjson::dom::element row, std::size_t i, Flow& out);
    // The file's enum tables (enums()), which the rows' kind, api and mode index.
    const std::vector<EventKind>& eventKinds() const { return event_kinds_; }
    const std::vector<ApiId>& apis() const { return apis_; }
    const std::vector<SyncMode>& modes() const { return modes_; }
    const std::vector<FlowKind>& flowKinds() const { return flow_kinds_; }
    bool memoryRow(simdjson::dom::element row, std::size_t i);

private:
    using array = simdjson::dom::array;
    using element = simdjson::dom::element;
    using object = simdjson::dom::object;

    bool fail(const Place& place, const std::string& message) {
        if (error_.empty()) {
            const std::string where = place.str();
            error_ = where.empty() ? message : where + ": " + message;
        }
        return false;
    }
    static std::string at(std::string_view group, std::size_t index, std::string_view field = {}) {
        std::string s(group);
        s += '[' + std::to_string(index) + ']';
        if (!field.empty()) {
            s += '.';
            s += field;
        }
        return s;
    }

    bool field(object o, std::string_view name, const std::string& path, element& out) {
        if (o.at_key(name).get(out) != simdjson::SUCCESS)
            return fail(path.empty() ? std::string(name) : path + "." + std::string(name),
                        "is required");
        return true;
    }
    bool getString(object o, std::string_view name, const std::string& path, std::string& out) {
        element e;
        if (!field(o, name, path, e))
            return false;
        std::string_view sv;
        if (e.get_string().get(sv) != simdjson::SUCCESS)
            return fail(path.empty() ? std::string(name) : path + "." + std::string(name),
                        "must be a string");
        out.assign(sv);
        return true;
    }
    bool getInt(element e, const Place& where, std::int64_t& out) {
        if (e.get_int64().get(out) == simdjson::SUCCESS)
            return true;
        return fail(where, e.is_number() ? "is out of range" : "must be an integer");
    }
    bool getInt(object o, std::string_view name, const std::string& path, std::int64_t& out) {
        element e;
        return field(o, name, path, e) && getInt(e, path + "." + std::string(name), out);
    }
    bool getUnsigned(element e, const Place& where, std::uint64_t& out) {
        if (e.get_uint64().get(out) == simdjson::SUCCESS)
            return true;
        return fail(where, e.is_number() ? "must be >= 0" : "must be an integer");
    }
    // A 32-bit index written as -1 for "none"; `limit` (when not 0) bounds it: "7 is out of range
    // (3 lanes)".
    bool getIndex(element e, const Place& where, std::uint32_t& out, std::uint64_t limit,
                  std::string_view what, bool none_ok) {
        std::int64_t v = 0;
        if (!getInt(e, where, v))
            return false;
        if (v == -1 && none_ok) {
            out = kNone;
            return true;
        }
        const std::uint64_t bound = limit ? limit : std::uint64_t{kNone};
        if (v < 0 || static_cast<std::uint64_t>(v) >= bound) {
            std::string message = std::to_string(v) + " is out of range";
            if (limit)
                message += " (" + std::to_string(limit) + " " + std::string(what) + ")";
            return fail(where, message);
        }
        out = static_cast<std::uint32_t>(v);
        return true;
    }
    template <std::size_t N>
    bool checkColumns(object root, std::string_view name,
                      const std::array<std::string_view, N>& expected) {
        element e;
        if (!field(root, name, "", e))
            return false;
        array columns;
        bool ok = e.get_array().get(columns) == simdjson::SUCCESS && columns.size() == N;
        std::size_t i = 0;
        for (element c : columns) {
            std::string_view sv;
            ok = ok && c.get_string().get(sv) == simdjson::SUCCESS && sv == expected[i++];
        }
        if (ok)
            return true;
        std::string list;
        trace_file_format::appendNames(list, expected);
        return fail(std::string(name), "must be " + list + " in a native trace file");
    }
    // The file's names for an enum, mapped onto this build's values (unknown names: `fallback`).
    template <typename Enum, typename NameOf>
    bool enumTable(object enums, std::string_view name, int count, NameOf nameOf, Enum fallback,
                   std::vector<Enum>& out) {
        element e;
        array names;
        if (!field(enums, name, "enums", e))
            return false;
        if (e.get_array().get(names) != simdjson::SUCCESS)
            return fail("enums." + std::string(name), "must be an array");
        for (element n : names) {
            std::string_view sv;
            if (n.get_string().get(sv) != simdjson::SUCCESS)
                return fail(at("enums." + std::string(name), out.size()), "must be a string");
            Enum value = fallback;
            for (int i = 0; i < count; ++i)
                if (nameOf(static_cast<Enum>(i)) == sv)
                    value = static_cast<Enum>(i);
            out.push_back(value);
        }
        return true;
    }
    template <typename Enum>
    bool enumByName(object o, std::string_view name, const std::string& path, int count,
                    Enum& out) {
        std::string text;
        if (!getString(o, name, path, text))
            return false;
        for (int i = 0; i < count; ++i) {
            if (toString(static_cast<Enum>(i)) == text) {
                out = static_cast<Enum>(i);
                return true;
            }
        }
        return fail(path + "." + std::string(name), "unknown value '" + text + "'");
    }
    template <typename Enum>
    bool mapped(element e, const Place& where, const std::vector<Enum>& table, Enum& out) {
        std::int64_t v = 0;
        if (!getInt(e, where, v))
            return false;
        if (v < 0 || static_cast<std::uint64_t>(v) >= table.size())
            return fail(where, std::to_string(v) + " is out of range (" +
                                   std::to_string(table.size()) + " names)");
        out = table[static_cast<std::size_t>(v)];
        return true;
    }
    bool rows(object root, std::string_view name, std::size_t width, array& out) {
        element e;
        if (!field(root, name, "", e))
            return false;
        if (e.get_array().get(out) != simdjson::SUCCESS)
            return fail(std::string(name), "must be an array");
        (void)width;
        return true;
    }
    template <std::size_t N>
    bool cells(element row, std::string_view group, std::size_t index,
               std::array<element, N>& out) {
        array a;
        if (row.get_array().get(a) != simdjson::SUCCESS || a.size() != N)
            return fail(at(group, index), "must be an array of " + std::to_string(N) + " numbers");
        std::size_t i = 0;
        for (element c : a)
            out[i++] = c;
        return true;
    }

    bool strings(object root);
    bool events(object root);
    bool flows(object root);
    bool memory(object root);

    // The embedded scenario is parsed here, once; a file whose scenario does not read is a broken
    // file (we wrote it), not a trace without a lesson.
    bool readScenario(const std::string& text);

    Trace& t_;
    std::string error_;
    std::vector<EventKind> event_kinds_;
    std::vector<ApiId> apis_;
    std::vector<SyncMode> modes_;
    std::vector<FlowKind> flow_kinds_;
    std::uint32_t max_awaited_ = 0;  // rows read without the event count: checked at the end
    bool any_awaited_ = false;
};

}  // namespace syncscope
