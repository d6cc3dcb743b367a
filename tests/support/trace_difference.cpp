#include "tests/support/trace_difference.h"

#include <sstream>
#include <type_traits>

#include "tests/support/scenario_difference.h"

namespace syncscope::test {

namespace {

class Differ {
public:
    template <typename T>
    bool field(const char* group, std::size_t index, const char* name, const T& a, const T& b) {
        if (a == b)
            return true;
        std::ostringstream s;
        s << group;
        if (index != npos)
            s << '[' << index << ']';
        if (*name)
            s << '.' << name;
        s << ": " << show(a) << " vs " << show(b);
        diff_ = s.str();
        return false;
    }
    std::string result() const { return diff_; }
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

private:
    template <typename T>
    static std::string show(const T& v) {
        if constexpr (std::is_enum_v<T>) {
            return std::to_string(static_cast<long long>(v));
        } else if constexpr (std::is_same_v<T, std::string> ||
                             std::is_same_v<T, std::string_view>) {
            return "'" + std::string(v) + "'";
        } else {
            std::ostringstream s;
            s << +v;
            return s.str();
        }
    }
    std::string diff_;
};

constexpr std::size_t kNo = Differ::npos;

}  // namespace

std::string traceDifference(const Trace& a, const Trace& b, TraceMatch match) {
    if (match != TraceMatch::Timeline) {
        if ((a.scenario == nullptr) != (b.scenario == nullptr))
            return std::string("scenario: ") + (a.scenario ? "present" : "none") + " vs " +
                   (b.scenario ? "present" : "none");
        if (a.scenario != nullptr) {
            if (std::string diff = scenarioDifference(*a.scenario, *b.scenario); !diff.empty())
                return "scenario." + diff;
        }
    }
    Differ d;
    const auto& da = a.device;
    const auto& db = b.device;
    // Timeline matches skip the metadata (title, source, scenario, device).
    bool ok = match == TraceMatch::Timeline ||
              (d.field("title", kNo, "", a.title, b.title) &&
               d.field("source", kNo, "", a.source, b.source) &&
               d.field("device", kNo, "name", da.name, db.name) &&
               d.field("device", kNo, "engine", da.engine, db.engine) &&
               d.field("device", kNo, "sm_count", da.sm_count, db.sm_count) &&
               d.field("device", kNo, "memory_bytes", da.memory_bytes, db.memory_bytes) &&
               d.field("device", kNo, "copy_engines", da.copy_engines, db.copy_engines) &&
               d.field("device", kNo, "schedule", da.schedule, db.schedule) &&
               d.field("device", kNo, "timer_granularity_ns", da.timer_granularity_ns,
                       db.timer_granularity_ns) &&
               d.field("device", kNo, "launch_cost_ns", da.launch_cost_ns, db.launch_cost_ns) &&
               d.field("device", kNo, "clock_tolerance_ns", da.clock_tolerance_ns,
                       db.clock_tolerance_ns) &&
               d.field("device", kNo, "pool_release_threshold", da.pool_release_threshold,
                       db.pool_release_threshold));
    for (std::size_t i = 0; ok && match != TraceMatch::Timeline && i < 4; ++i)
        ok = d.field("device.wake_latency_ns", i, "", da.wake_latency_ns[i], db.wake_latency_ns[i]);
    if (match == TraceMatch::Exact) {
        // Where the trace sits on its source's clock, and its rank: kept by the native file (the
        // Chrome export does not carry them).
        ok = ok && d.field("rank", kNo, "", a.rank, b.rank) &&
             d.field("clock", kNo, "domain", a.clock.domain, b.clock.domain) &&
             d.field("clock", kNo, "origin_ns", a.clock.origin_ns, b.clock.origin_ns);
        ok = ok && d.field("strings.size()", kNo, "", a.strings.size(), b.strings.size());
        for (std::uint32_t i = 0; ok && i < a.strings.size(); ++i)
            ok = d.field("strings", i, "", a.strings.at(i), b.strings.at(i));
    }
    ok = ok && d.field("lanes.size()", kNo, "", a.lanes.size(), b.lanes.size());
    for (std::size_t i = 0; ok && i < a.lanes.size(); ++i) {
        const Lane& x = a.lanes[i];
        const Lane& y = b.lanes[i];
        ok = d.field("lanes", i, "kind", x.kind, y.kind) &&
             d.field("lanes", i, "name", x.name, y.name) &&
             d.field("lanes", i, "stream_id", x.stream_id, y.stream_id) &&
             d.field("lanes", i, "stream_kind", x.stream_kind, y.stream_kind) &&
             d.field("lanes", i, "priority", x.priority, y.priority) &&
             d.field("lanes", i, "parent", x.parent, y.parent) &&
             d.field("lanes", i, "thread_id", x.thread_id, y.thread_id) &&
             d.field("lanes", i, "rank", x.rank, y.rank) &&
             d.field("lanes", i, "device", x.device, y.device) &&
             d.field("lanes", i, "process_id", x.process_id, y.process_id) &&
             d.field("lanes", i, "bookkeeping", x.bookkeeping, y.bookkeeping);
    }
    ok = ok && d.field("events.size()", kNo, "", a.events.size(), b.events.size());
    for (std::size_t i = 0; ok && i < a.events.size(); ++i) {
        const TraceEvent& x = a.events[i];
        const TraceEvent& y = b.events[i];
        ok =
            d.field("events", i, "start_ns", x.start_ns, y.start_ns) &&
            d.field("events", i, "end_ns", x.end_ns, y.end_ns) &&
            d.field("events", i, "bytes", x.bytes(), y.bytes()) &&
            d.field("events", i, "cpu_ns", x.cpuNs(), y.cpuNs()) &&
            (match == TraceMatch::Exact ? d.field("events", i, "name", x.name, y.name)
                                        : d.field("events", i, "name", a.nameOf(x), b.nameOf(y))) &&
            d.field("events", i, "step", x.step, y.step) &&
            d.field("events", i, "batch", x.batch, y.batch) &&
            d.field("events", i, "correlation", x.correlation, y.correlation) &&
            d.field("events", i, "awaited", x.awaited, y.awaited) &&
            d.field("events", i, "cuda_event", x.cuda_event, y.cuda_event) &&
            d.field("events", i, "lane", x.lane, y.lane) &&
            d.field("events", i, "target_lane", x.target_lane, y.target_lane) &&
            d.field("events", i, "kind", x.kind, y.kind) &&
            d.field("events", i, "api", x.api, y.api) &&
            d.field("events", i, "mode", x.mode, y.mode) &&
            d.field("events", i, "flags", x.flags, y.flags);
    }
    ok = ok && d.field("flows.size()", kNo, "", a.flows.size(), b.flows.size());
    for (std::size_t i = 0; ok && i < a.flows.size(); ++i) {
        ok = d.field("flows", i, "from", a.flows[i].from, b.flows[i].from) &&
             d.field("flows", i, "to", a.flows[i].to, b.flows[i].to) &&
             d.field("flows", i, "kind", a.flows[i].kind, b.flows[i].kind);
    }
    ok = ok && d.field("memory.size()", kNo, "", a.memory.size(), b.memory.size());
    for (std::size_t i = 0; ok && i < a.memory.size(); ++i) {
        const MemorySample& x = a.memory[i];
        const MemorySample& y = b.memory[i];
        ok = d.field("memory", i, "t_ns", x.t_ns, y.t_ns) &&
             d.field("memory", i, "device_used", x.device_used, y.device_used) &&
             d.field("memory", i, "pool_reserved", x.pool_reserved, y.pool_reserved) &&
             d.field("memory", i, "pool_used", x.pool_used, y.pool_used) &&
             d.field("memory", i, "allocated", x.allocated, y.allocated) &&
             d.field("memory", i, "reserved", x.reserved, y.reserved);
    }
    return d.result();
}

}  // namespace syncscope::test
