// TraceFile's reading half: simdjson DOM over the whole text, every cell checked with an error
// that names its place ("events[12].lane: ..."), gzip detected by its magic bytes.
#include <simdjson.h>

#include <array>
#include <charconv>
#include <new>

#include "core/model/checked_math.h"
#include "core/scenario/scenario_reader.h"
#include "core/tracefile/atomic_file.h"
#include "core/tracefile/gzip.h"
#include "core/tracefile/trace_file.h"
#include "core/tracefile/trace_file_format.h"

namespace syncscope {

using namespace trace_file_format;

namespace {

// ---------------------------------------------------------------------------------------------
// Reading

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

// Where a value sits, formatted only when there is an error ("events[12].lane"): building the
// text eagerly for every cell would dominate the load time of large traces.
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

std::string outOfTimeRange(TimeNs t) {
    return std::to_string(t) + " is outside the supported times, ±(2^62 - 1) ns";
}

class Loader {
public:
    explicit Loader(Trace& trace) : t_(trace) {}

    bool run(element root);
    const std::string& error() const { return error_; }

private:
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
        appendNames(list, expected);
        return fail(std::string(name), "must be " + list + " in a version 1 file");
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

    bool device(object root);
    bool strings(object root);
    bool lanes(object root);
    bool clockAndRank(object root);
    bool events(object root);
    bool flows(object root);
    bool memory(object root);

    // The embedded scenario is parsed here, once; a file whose scenario does not read is a broken
    // file (we wrote it), not a trace without a lesson.
    bool readScenario(const std::string& text) {
        if (text.empty())
            return true;  // an import saved natively: no scenario
        ScenarioParseResult parsed = ScenarioReader::parse(text);
        if (!parsed.ok())
            return fail("scenario_json", "the stored scenario is not valid: " + parsed.errorText());
        t_.scenario = std::make_shared<const Scenario>(std::move(*parsed.scenario));
        return true;
    }

    Trace& t_;
    std::string error_;
    std::vector<EventKind> event_kinds_;
    std::vector<ApiId> apis_;
    std::vector<SyncMode> modes_;
    std::vector<FlowKind> flow_kinds_;
};

bool Loader::run(element root_element) {
    object root;
    if (root_element.get_object().get(root) != simdjson::SUCCESS)
        return fail("", "a trace file must be a JSON object");
    std::string format;
    if (!getString(root, "format", "", format))
        return false;
    if (format != TraceFile::kFormat)
        return fail("format", "must be 'syncscope-trace', not '" + format + "'");
    std::int64_t version = 0;
    element e;
    if (!field(root, "version", "", e) || !getInt(e, "version", version))
        return false;
    if (version != TraceFile::kVersion)
        return fail("version", "unsupported version " + std::to_string(version) +
                                   " (this build reads version 1)");
    std::string scenario_text;
    if (!getString(root, "title", "", t_.title) || !getString(root, "source", "", t_.source) ||
        !getString(root, "scenario_json", "", scenario_text) || !readScenario(scenario_text))
        return false;

    object enums;
    if (!field(root, "enums", "", e))
        return false;
    if (e.get_object().get(enums) != simdjson::SUCCESS)
        return fail("enums", "must be an object");
    auto modeId = [](SyncMode m) { return syncModeInfo(m).id; };
    auto name = [](auto v) { return toString(v); };
    if (!enumTable(enums, "event_kind", kEventKindCount, name, EventKind::Generic, event_kinds_) ||
        !enumTable(enums, "api", kApiIdCount, name, ApiId::Other, apis_) ||
        !enumTable(enums, "sync_mode", kSyncModeCount, modeId, SyncMode::None, modes_) ||
        !enumTable(enums, "flow_kind", 4, name, FlowKind::Generic, flow_kinds_))
        return false;
    return clockAndRank(root) && device(root) && strings(root) && lanes(root) &&
           checkColumns(root, "event_columns", kEventColumns) && events(root) &&
           checkColumns(root, "flow_columns", kFlowColumns) && flows(root) &&
           checkColumns(root, "memory_columns", kMemoryColumns) && memory(root);
}

// Both optional (written only when known), so files from before them load unchanged.
bool Loader::clockAndRank(object root) {
    element e;
    if (root.at_key("rank").get(e) == simdjson::SUCCESS &&
        !getIndex(e, "rank", t_.rank, 0, "", true))
        return false;
    if (root.at_key("clock").get(e) != simdjson::SUCCESS)
        return true;
    object clock;
    if (e.get_object().get(clock) != simdjson::SUCCESS)
        return fail("clock", "must be an object");
    std::string domain;
    if (!getString(clock, "domain", "clock", domain) ||
        !getInt(clock, "origin_ns", "clock", t_.clock.origin_ns))
        return false;
    for (const ClockDomain d : {ClockDomain::HostClock, ClockDomain::KinetoBase})
        if (domain == toString(d))
            t_.clock.domain = d;
    if (t_.clock.domain == ClockDomain::Unknown)
        return fail("clock.domain", "must be \"host\" or \"kineto-base\" (got \"" + domain + "\")");
    return true;
}

bool Loader::device(object root) {
    element e;
    object o;
    if (!field(root, "device", "", e))
        return false;
    if (e.get_object().get(o) != simdjson::SUCCESS)
        return fail("device", "must be an object");
    DeviceDescription& d = t_.device;
    std::int64_t sm = 0, copies = 0;
    element mem, threshold, wake;
    if (!getString(o, "name", "device", d.name) || !getString(o, "engine", "device", d.engine) ||
        !getInt(o, "sm_count", "device", sm) || !field(o, "memory_bytes", "device", mem) ||
        !getUnsigned(mem, "device.memory_bytes", d.memory_bytes) ||
        !getInt(o, "copy_engines", "device", copies) ||
        !enumByName(o, "schedule", "device", 4, d.schedule) ||
        !getInt(o, "timer_granularity_ns", "device", d.timer_granularity_ns) ||
        !getInt(o, "launch_cost_ns", "device", d.launch_cost_ns) ||
        !getInt(o, "clock_tolerance_ns", "device", d.clock_tolerance_ns) ||
        !field(o, "pool_release_threshold", "device", threshold) ||
        !getUnsigned(threshold, "device.pool_release_threshold", d.pool_release_threshold) ||
        !field(o, "wake_latency_ns", "device", wake))
        return false;
    if (sm < INT32_MIN || sm > INT32_MAX)
        return fail("device.sm_count", "is out of range");
    if (copies < INT32_MIN || copies > INT32_MAX)
        return fail("device.copy_engines", "is out of range");
    d.sm_count = static_cast<int>(sm);
    d.copy_engines = static_cast<int>(copies);
    array latencies;
    if (wake.get_array().get(latencies) != simdjson::SUCCESS || latencies.size() != 4)
        return fail("device.wake_latency_ns", "must be an array of 4 integers");
    std::size_t i = 0;
    for (element l : latencies) {
        if (!getInt(l, at("device.wake_latency_ns", i), d.wake_latency_ns[i]))
            return false;
        ++i;
    }
    return true;
}

bool Loader::strings(object root) {
    element e;
    array list;
    if (!field(root, "strings", "", e))
        return false;
    if (e.get_array().get(list) != simdjson::SUCCESS)
        return fail("strings", "must be an array");
    std::uint32_t i = 0;
    for (element s : list) {
        std::string_view sv;
        if (s.get_string().get(sv) != simdjson::SUCCESS)
            return fail(at("strings", i), "must be a string");
        if (i == 0) {
            if (!sv.empty())
                return fail("strings[0]", "must be the empty string");
        } else if (const std::uint32_t id = t_.strings.intern(sv); id != i) {
            return fail(at("strings", i), "duplicate of strings[" + std::to_string(id) + "]");
        }
        ++i;
    }
    if (i == 0)
        return fail("strings", "must start with the empty string");
    return true;
}

bool Loader::lanes(object root) {
    element e;
    array list;
    if (!field(root, "lanes", "", e))
        return false;
    if (e.get_array().get(list) != simdjson::SUCCESS)
        return fail("lanes", "must be an array");
    const std::size_t count = list.size();
    if (count > kMaxLanes)
        return fail("lanes", "has " + std::to_string(count) + " lanes; at most 65534");
    t_.lanes.reserve(count);
    std::size_t i = 0;
    for (element item : list) {
        const std::string path = at("lanes", i);
        object o;
        if (item.get_object().get(o) != simdjson::SUCCESS)
            return fail(path, "must be an object");
        Lane lane;
        std::int64_t priority = 0;
        element stream_id, parent, thread_id;
        std::uint32_t parent_index = kNone;
        if (!enumByName(o, "kind", path, 6, lane.kind) || !getString(o, "name", path, lane.name) ||
            !field(o, "stream_id", path, stream_id) ||
            !getIndex(stream_id, path + ".stream_id", lane.stream_id, 0, "", true) ||
            !enumByName(o, "stream_kind", path, 4, lane.stream_kind) ||
            !getInt(o, "priority", path, priority) || !field(o, "parent", path, parent) ||
            !getIndex(parent, path + ".parent", parent_index, count, "lanes", true) ||
            !field(o, "thread_id", path, thread_id) ||
            !getIndex(thread_id, path + ".thread_id", lane.thread_id, 0, "", true))
            return false;
        if (priority < INT32_MIN || priority > INT32_MAX)
            return fail(path + ".priority", "is out of range");
        lane.priority = static_cast<int>(priority);
        lane.parent = parent_index == kNone ? kNoLane : static_cast<std::uint16_t>(parent_index);
        // Optional: only lanes of a timeline of several ranks carry one.
        if (element rank; o.at_key("rank").get(rank) == simdjson::SUCCESS &&
                          !getIndex(rank, path + ".rank", lane.rank, 0, "", true))
            return false;
        t_.lanes.push_back(std::move(lane));
        ++i;
    }
    return true;
}

bool Loader::events(object root) {
    array list;
    if (!rows(root, "events", kEventColumns.size(), list))
        return false;
    const std::size_t count = list.size();
    const std::size_t lanes = t_.lanes.size();
    const std::size_t names = t_.strings.size();
    t_.events.reserve(count);
    std::array<element, kEventColumns.size()> c;
    std::size_t i = 0;
    for (element row : list) {
        if (!cells(row, "events", i, c))
            return false;
        TraceEvent ev;
        std::uint32_t lane = 0, target = kNone;
        std::int64_t flags = 0;
        auto where = [&](std::size_t column) { return Place("events", i, kEventColumns[column]); };
        // Fast path first; a failure re-runs the check with a message naming the place.
        if (!getInt(c[0], where(0), ev.start_ns) || !getInt(c[1], where(1), ev.end_ns) ||
            !getIndex(c[2], where(2), lane, lanes, "lanes", false) ||
            !mapped(c[3], where(3), event_kinds_, ev.kind) ||
            !getIndex(c[4], where(4), ev.name, names, "strings", false) ||
            !getIndex(c[5], where(5), ev.step, 0, "", true) ||
            !getIndex(c[6], where(6), ev.batch, 0, "", true) ||
            !getIndex(c[7], where(7), ev.correlation, 0, "", true) ||
            !getIndex(c[8], where(8), ev.awaited, count, "events", true) ||
            !getIndex(c[9], where(9), ev.cuda_event, 0, "", true) ||
            !getIndex(c[10], where(10), target, lanes, "lanes", true) ||
            !mapped(c[11], where(11), apis_, ev.api) ||
            !mapped(c[12], where(12), modes_, ev.mode) || !getInt(c[13], where(13), flags) ||
            !getUnsigned(c[14], where(14), ev.bytes) || !getInt(c[15], where(15), ev.cpu_ns))
            return false;
        if (flags < 0 || flags > 255)
            return fail(where(13), std::to_string(flags) + " is out of range (0..255)");
        // Within the documented range every difference of two times fits in int64, so stats,
        // the checker and the exports need no overflow checks of their own.
        if (!inTimeRange(ev.start_ns))
            return fail(where(0), outOfTimeRange(ev.start_ns));
        if (!inTimeRange(ev.end_ns))
            return fail(where(1), outOfTimeRange(ev.end_ns));
        ev.lane = static_cast<std::uint16_t>(lane);
        ev.target_lane = target == kNone ? kNoLane : static_cast<std::uint16_t>(target);
        ev.flags = static_cast<std::uint8_t>(flags);
        t_.events.push_back(ev);
        ++i;
    }
    return true;
}

bool Loader::flows(object root) {
    array list;
    if (!rows(root, "flows", kFlowColumns.size(), list))
        return false;
    const std::size_t events = t_.events.size();
    t_.flows.reserve(list.size());
    std::array<element, kFlowColumns.size()> c;
    std::size_t i = 0;
    for (element row : list) {
        if (!cells(row, "flows", i, c))
            return false;
        Flow flow;
        if (!getIndex(c[0], Place("flows", i, "from"), flow.from, events, "events", false) ||
            !getIndex(c[1], Place("flows", i, "to"), flow.to, events, "events", false) ||
            !mapped(c[2], Place("flows", i, "kind"), flow_kinds_, flow.kind))
            return false;
        t_.flows.push_back(flow);
        ++i;
    }
    return true;
}

bool Loader::memory(object root) {
    array list;
    if (!rows(root, "memory", kMemoryColumns.size(), list))
        return false;
    t_.memory.reserve(list.size());
    std::array<element, kMemoryColumns.size()> c;
    std::size_t i = 0;
    for (element row : list) {
        if (!cells(row, "memory", i, c))
            return false;
        MemorySample m;
        std::int64_t* fields[] = {&m.t_ns,      &m.device_used, &m.pool_reserved,
                                  &m.pool_used, &m.allocated,   &m.reserved};
        for (std::size_t k = 0; k < c.size(); ++k)
            if (!getInt(c[k], Place("memory", i, kMemoryColumns[k]), *fields[k]))
                return false;
        if (!inTimeRange(m.t_ns))
            return fail(Place("memory", i, kMemoryColumns[0]), outOfTimeRange(m.t_ns));
        t_.memory.push_back(m);
        ++i;
    }
    return true;
}

TraceLoadResult parseJson(std::string_view text) {
    TraceLoadResult result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.error = "the file is empty";
        return result;
    }
    simdjson::dom::parser parser;
    simdjson::padded_string padded(text);
    element root;
    if (const auto code = parser.parse(padded).get(root); code != simdjson::SUCCESS) {
        result.error = std::string("not a valid JSON file: ") + simdjson::error_message(code);
        return result;
    }
    Trace trace;
    Loader loader(trace);
    if (!loader.run(root)) {
        result.error = loader.error();
        return result;
    }
    result.trace = std::move(trace);
    return result;
}

}  // namespace

TraceLoadResult TraceFile::fromJson(std::string_view text) {
    try {
        return parseJson(text);
    } catch (const std::bad_alloc&) {
        return {std::nullopt, "out of memory while reading the trace"};
    } catch (const std::exception& e) {
        return {std::nullopt, std::string("cannot read the trace: ") + e.what()};
    }
}

TraceLoadResult TraceFile::load(const std::string& path) {
    TraceLoadResult result;
    try {
        std::string data;
        if (!AtomicFile::read(path, data, result.error))
            return result;
        if (Gzip::looksCompressed(data)) {
            std::string plain;
            if (!Gzip::decompress(data, plain, result.error)) {
                result.error = "'" + path + "': " + result.error;
                return result;
            }
            data = std::move(plain);
        }
        result = fromJson(data);
        if (!result.ok())
            result.error = "'" + path + "': " + result.error;
    } catch (const std::bad_alloc&) {
        result.trace.reset();
        result.error = "out of memory while reading '" + path + "'";
    }
    return result;
}

}  // namespace syncscope
