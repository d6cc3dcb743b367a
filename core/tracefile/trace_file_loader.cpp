#include "core/tracefile/trace_file_loader.h"

#include <algorithm>

#include "core/model/checked_math.h"
#include "core/scenario/scenario_reader.h"
#include "core/tracefile/trace_file.h"

namespace syncscope {

using namespace trace_file_format;
using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

bool TraceFileLoader::run(element root_element) {
    object root;
    if (root_element.get_object().get(root) != simdjson::SUCCESS)
        return fail("", "a trace file must be a JSON object");
    return meta(root) && clockAndRank(root) && scenario(root) && enums(root) && device(root) &&
           strings(root) && lanes(root) && eventColumns(root) && events(root) &&
           flowColumns(root) && flows(root) && memoryColumns(root) && memory(root);
}

bool TraceFileLoader::meta(object root) {
    std::string format;
    if (!getString(root, "format", "", format))
        return false;
    if (format != TraceFile::kFormat)
        return fail("format", "must be 'syncscope-trace', not '" + format + "'");
    std::int64_t version = 0;
    element e;
    if (!field(root, "version", "", e) || !getInt(e, "version", version))
        return false;
    if (version < TraceFile::kOldestVersion || version > TraceFile::kVersion)
        return fail("version", "unsupported version " + std::to_string(version) +
                                   " (this build reads versions 1 and 2; a newer syncscope wrote "
                                   "it, or it is damaged)");
    return getString(root, "title", "", t_.title) && getString(root, "source", "", t_.source);
}

// Both optional (written only when known), so files from before them load unchanged.
bool TraceFileLoader::clockAndRank(object root) {
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

bool TraceFileLoader::scenario(object root) {
    std::string scenario_text;
    return getString(root, "scenario_json", "", scenario_text) && readScenario(scenario_text);
}

bool TraceFileLoader::readScenario(const std::string& text) {
    if (text.empty())
        return true;  // an import saved natively: no scenario
    ScenarioParseResult parsed = ScenarioReader::parse(text);
    if (!parsed.ok())
        return fail("scenario_json", "the stored scenario is not valid: " + parsed.errorText());
    t_.scenario = std::make_shared<const Scenario>(std::move(*parsed.scenario));
    return true;
}

bool TraceFileLoader::enums(object root) {
    object enums;
    element e;
    if (!field(root, "enums", "", e))
        return false;
    if (e.get_object().get(enums) != simdjson::SUCCESS)
        return fail("enums", "must be an object");
    auto modeId = [](SyncMode m) { return syncModeInfo(m).id; };
    auto name = [](auto v) { return toString(v); };
    return enumTable(enums, "event_kind", kEventKindCount, name, EventKind::Generic,
                     event_kinds_) &&
           enumTable(enums, "api", kApiIdCount, name, ApiId::Other, apis_) &&
           enumTable(enums, "sync_mode", kSyncModeCount, modeId, SyncMode::None, modes_) &&
           enumTable(enums, "flow_kind", 4, name, FlowKind::Generic, flow_kinds_);
}

bool TraceFileLoader::eventColumns(object root) {
    return checkColumns(root, "event_columns", kEventColumns);
}

bool TraceFileLoader::flowColumns(object root) {
    return checkColumns(root, "flow_columns", kFlowColumns);
}

bool TraceFileLoader::memoryColumns(object root) {
    return checkColumns(root, "memory_columns", kMemoryColumns);
}

bool TraceFileLoader::device(object root) {
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

bool TraceFileLoader::strings(object root) {
    element e;
    array list;
    if (!field(root, "strings", "", e))
        return false;
    if (e.get_array().get(list) != simdjson::SUCCESS)
        return fail("strings", "must be an array");
    std::uint32_t i = 0;
    for (element s : list)
        if (!stringAt(s, i++))
            return false;
    return stringsEnd(i);
}

bool TraceFileLoader::stringAt(element s, std::uint32_t i) {
    std::string_view sv;
    if (s.get_string().get(sv) != simdjson::SUCCESS)
        return fail(at("strings", i), "must be a string");
    if (i == 0) {
        if (!sv.empty())
            return fail("strings[0]", "must be the empty string");
    } else if (const std::uint32_t id = t_.strings.intern(sv); id != i) {
        return fail(at("strings", i), "duplicate of strings[" + std::to_string(id) + "]");
    }
    return true;
}

bool TraceFileLoader::stringsEnd(std::uint32_t count) {
    if (count == 0)
        return fail("strings", "must start with the empty string");
    return true;
}

bool TraceFileLoader::lanes(object root) {
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
        // Version 2 (optional; a version 1 file has none of them).
        if (element device; o.at_key("device").get(device) == simdjson::SUCCESS &&
                            !getIndex(device, path + ".device", lane.device, 0, "", true))
            return false;
        if (element pid; o.at_key("process_id").get(pid) == simdjson::SUCCESS &&
                         !getIndex(pid, path + ".process_id", lane.process_id, 0, "", true))
            return false;
        if (element mark; o.at_key("bookkeeping").get(mark) == simdjson::SUCCESS &&
                          mark.get_bool().get(lane.bookkeeping) != simdjson::SUCCESS)
            return fail(path + ".bookkeeping", "must be true or false");
        t_.lanes.push_back(std::move(lane));
        ++i;
    }
    return true;
}

bool TraceFileLoader::events(object root) {
    array list;
    if (!rows(root, "events", kEventColumns.size(), list))
        return false;
    const std::size_t count = list.size();
    t_.events.reserve(count);
    std::size_t i = 0;
    for (element row : list)
        if (!eventRow(row, i++, count))
            return false;
    return true;
}

bool TraceFileLoader::eventRow(element row, std::size_t i, std::size_t awaited_limit) {
    TraceEvent ev;
    if (!eventAt(row, i, awaited_limit, ev))
        return false;
    if (ev.awaited != kNone)
        noteAwaited(ev.awaited);
    t_.events.push_back(ev);
    return true;
}

bool TraceFileLoader::eventAt(element row, std::size_t i, std::size_t awaited_limit,
                              TraceEvent& ev) {
    std::array<element, kEventColumns.size()> c;
    if (!cells(row, "events", i, c))
        return false;
    const std::size_t lanes = t_.lanes.size();
    const std::size_t names = t_.strings.size();
    ev = TraceEvent{};
    std::uint32_t lane = 0, target = kNone;
    std::int64_t flags = 0, cpu_ns = -1;
    std::uint64_t bytes = 0;
    auto where = [&](std::size_t column) { return Place("events", i, kEventColumns[column]); };
    // Fast path first; a failure re-runs the check with a message naming the place.
    if (!getInt(c[0], where(0), ev.start_ns) || !getInt(c[1], where(1), ev.end_ns) ||
        !getIndex(c[2], where(2), lane, lanes, "lanes", false) ||
        !mapped(c[3], where(3), event_kinds_, ev.kind) ||
        !getIndex(c[4], where(4), ev.name, names, "strings", false) ||
        !getIndex(c[5], where(5), ev.step, 0, "", true) ||
        !getIndex(c[6], where(6), ev.batch, 0, "", true) ||
        !getIndex(c[7], where(7), ev.correlation, 0, "", true) ||
        !getIndex(c[8], where(8), ev.awaited, awaited_limit, "events", true) ||
        !getIndex(c[9], where(9), ev.cuda_event, 0, "", true) ||
        !getIndex(c[10], where(10), target, lanes, "lanes", true) ||
        !mapped(c[11], where(11), apis_, ev.api) || !mapped(c[12], where(12), modes_, ev.mode) ||
        !getInt(c[13], where(13), flags) || !getUnsigned(c[14], where(14), bytes) ||
        !getInt(c[15], where(15), cpu_ns))
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
    // One field holds either (the writer puts 0 / -1 in the other column): the kind says which.
    if (ev.holdsCpuTime())
        ev.setCpuNs(cpu_ns);
    else
        ev.setBytes(bytes);
    return true;
}

bool TraceFileLoader::awaitedInRange() {
    if (!any_awaited_ || max_awaited_ < t_.events.size())
        return true;
    for (std::size_t i = 0; i < t_.events.size(); ++i)
        if (const auto a = t_.events[i].awaited; a != kNone && a >= t_.events.size())
            return fail(Place("events", i, "awaited"), std::to_string(a) + " is out of range (" +
                                                           std::to_string(t_.events.size()) +
                                                           " events)");
    return true;
}

bool TraceFileLoader::flows(object root) {
    array list;
    if (!rows(root, "flows", kFlowColumns.size(), list))
        return false;
    t_.flows.reserve(list.size());
    std::size_t i = 0;
    for (element row : list)
        if (!flowRow(row, i++))
            return false;
    return true;
}

bool TraceFileLoader::flowRow(element row, std::size_t i) {
    Flow flow;
    if (!flowAt(row, i, flow))
        return false;
    t_.flows.push_back(flow);
    return true;
}

bool TraceFileLoader::flowAt(element row, std::size_t i, Flow& flow) {
    std::array<element, kFlowColumns.size()> c;
    if (!cells(row, "flows", i, c))
        return false;
    const std::size_t events = t_.events.size();
    flow = Flow{};
    return getIndex(c[0], Place("flows", i, "from"), flow.from, events, "events", false) &&
           getIndex(c[1], Place("flows", i, "to"), flow.to, events, "events", false) &&
           mapped(c[2], Place("flows", i, "kind"), flow_kinds_, flow.kind);
}

bool TraceFileLoader::memory(object root) {
    array list;
    if (!rows(root, "memory", kMemoryColumns.size(), list))
        return false;
    t_.memory.reserve(list.size());
    std::size_t i = 0;
    for (element row : list)
        if (!memoryRow(row, i++))
            return false;
    return true;
}

bool TraceFileLoader::memoryRow(element row, std::size_t i) {
    std::array<element, kMemoryColumns.size()> c;
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
    return true;
}

}  // namespace syncscope
