#include "core/interchange/chrome/chrome_trace_writer.h"

#include <charconv>
#include <set>
#include <vector>

#include "core/io/atomic_file_writer.h"
#include "core/io/json_text.h"
#include "core/model/checked_math.h"
#include "core/scenario/scenario_writer.h"

namespace syncscope {

namespace {

constexpr int kHostPid = 1;
constexpr int kDevicePid = 2;
// Rank R's process is kRankPidBase + R: clear of the host and device pids, and sorted in rank
// order after them.
constexpr std::int64_t kRankPidBase = 100;
constexpr std::size_t kChunk = 64 * 1024;

bool onDevice(const Lane& lane) {
    return isGpuLane(lane.kind);
}

// Each rank is its own process, as it was when recorded: Perfetto groups a rank's host threads
// and streams under "rank R" as the window does. A lane of no rank is in the host or the device
// process.
std::int64_t pidOf(const Lane& lane) {
    if (lane.rank != kNone)
        return kRankPidBase + std::int64_t{lane.rank};
    return onDevice(lane) ? kDevicePid : kHostPid;
}

std::string_view categoryOf(const TraceEvent& e, const Lane& lane) {
    switch (e.kind) {
        case EventKind::ApiCall:
            return "cuda_runtime";
        case EventKind::HostWait:
            return "cuda_sync";
        case EventKind::HostWork:
            return "cpu_op";
        case EventKind::Kernel:
            return "kernel";
        case EventKind::Memcpy:
            return "gpu_memcpy";
        case EventKind::Memset:
            return "gpu_memset";
        case EventKind::EventMarker:
            return "cuda_event";
        case EventKind::StreamWait:
            return "cuda_sync";
        case EventKind::HostCallback:
            return "host_callback";
        case EventKind::MemoryOp:
            return "gpu_memory";
        case EventKind::Annotation:
            return onDevice(lane) ? "gpu_user_annotation" : "user_annotation";
        case EventKind::Error:
            return "error";
        case EventKind::Generic:
            return "generic";
    }
    return "generic";
}

class JsonOut {
public:
    explicit JsonOut(const ChromeTraceWriter::Sink& sink) : sink_(sink) {
        buf_.reserve(kChunk + 4096);
    }
    ~JsonOut() { flush(); }
    JsonOut(const JsonOut&) = delete;
    JsonOut& operator=(const JsonOut&) = delete;

    JsonOut& raw(std::string_view s) {
        buf_.append(s);
        if (buf_.size() >= kChunk)
            flush();
        return *this;
    }
    JsonOut& integer(std::int64_t v) {
        char tmp[24];
        const auto res = std::to_chars(tmp, tmp + sizeof(tmp), v);
        return raw(std::string_view(tmp, static_cast<std::size_t>(res.ptr - tmp)));
    }
    JsonOut& unsignedInteger(std::uint64_t v) {
        char tmp[24];
        const auto res = std::to_chars(tmp, tmp + sizeof(tmp), v);
        return raw(std::string_view(tmp, static_cast<std::size_t>(res.ptr - tmp)));
    }
    // ns as µs with three decimals: exact, whatever the magnitude (INT64_MIN included).
    JsonOut& micros(TimeNs ns) { return micros(ns < 0, distance(ns, 0)); }
    // end - start, exact even where it does not fit in int64 (a corrupt trace).
    JsonOut& microsBetween(TimeNs start, TimeNs end) {
        return micros(end < start, distance(end, start));
    }
    JsonOut& micros(bool negative, std::uint64_t ns) {
        if (negative)
            raw("-");
        unsignedInteger(ns / 1000);
        char frac[5] = {'.', '0', '0', '0', 0};
        const auto r = ns % 1000;
        frac[1] = static_cast<char>('0' + r / 100);
        frac[2] = static_cast<char>('0' + (r / 10) % 10);
        frac[3] = static_cast<char>('0' + r % 10);
        return raw(std::string_view(frac, 4));
    }
    JsonOut& string(std::string_view s) { return raw(escape(s)); }
    void flush() {
        if (!buf_.empty())
            sink_(buf_);
        buf_.clear();
    }

    static std::string escape(std::string_view text) {
        std::string out;
        out.reserve(text.size() + 2);
        JsonText::appendString(out, text);
        return out;
    }

private:
    const ChromeTraceWriter::Sink& sink_;
    std::string buf_;
};

void writeMeta(JsonOut& out, const Trace& trace) {
    const auto& d = trace.device;
    out.raw("\"syncscope\":{\"formatVersion\":").integer(Trace::kFormatVersion);
    out.raw(",\"title\":").string(trace.title).raw(",\"source\":").string(trace.source);
    if (trace.scenario != nullptr)
        out.raw(",\"scenario\":").string(ScenarioWriter::toJson(*trace.scenario));
    out.raw(",\"device\":{\"name\":").string(d.name).raw(",\"engine\":").string(d.engine);
    out.raw(",\"sm_count\":")
        .integer(d.sm_count)
        .raw(",\"memory_bytes\":")
        .unsignedInteger(d.memory_bytes);
    out.raw(",\"copy_engines\":")
        .integer(d.copy_engines)
        .raw(",\"schedule\":")
        .string(toString(d.schedule));
    out.raw(",\"wake_latency_ns\":[");
    for (int i = 0; i < 4; ++i)
        out.raw(i ? "," : "").integer(d.wake_latency_ns[i]);
    out.raw("],\"timer_granularity_ns\":").integer(d.timer_granularity_ns);
    out.raw(",\"launch_cost_ns\":").integer(d.launch_cost_ns);
    out.raw(",\"clock_tolerance_ns\":").integer(d.clock_tolerance_ns);
    // UINT64_MAX ("never trims") does not survive JSON readers that use doubles: write -1.
    out.raw(",\"pool_release_threshold\":");
    if (d.pool_release_threshold == UINT64_MAX)
        out.raw("-1");
    else
        out.unsignedInteger(d.pool_release_threshold);
    out.raw("},\"lanes\":[");
    for (std::size_t i = 0; i < trace.lanes.size(); ++i) {
        const auto& l = trace.lanes[i];
        out.raw(i ? ",{" : "{")
            .raw("\"kind\":")
            .string(toString(l.kind))
            .raw(",\"name\":")
            .string(l.name);
        if (l.stream_id != kNone)
            out.raw(",\"stream_id\":").unsignedInteger(l.stream_id);
        out.raw(",\"stream_kind\":")
            .string(toString(l.stream_kind))
            .raw(",\"priority\":")
            .integer(l.priority);
        if (l.parent != kNoLane)
            out.raw(",\"parent\":").integer(l.parent);
        if (l.thread_id != kNone)
            out.raw(",\"thread_id\":").unsignedInteger(l.thread_id);
        if (l.rank != kNone)
            out.raw(",\"rank\":").unsignedInteger(l.rank);
        if (l.device != kNone)
            out.raw(",\"device\":").unsignedInteger(l.device);
        if (l.process_id != kNone)
            out.raw(",\"process_id\":").unsignedInteger(l.process_id);
        if (l.bookkeeping)
            out.raw(",\"bookkeeping\":1");
        out.raw("}");
    }
    out.raw("]},");
}

void writeProcess(JsonOut& out, std::int64_t pid, std::string_view name, bool first) {
    out.raw(first ? "\n" : ",\n");
    out.raw("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":").integer(pid);
    out.raw(",\"tid\":0,\"args\":{\"name\":").string(name).raw("}}");
    out.raw(",\n{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":").integer(pid);
    out.raw(",\"tid\":0,\"args\":{\"sort_index\":").integer(pid).raw("}}");
}

void writeLaneMetadata(JsonOut& out, const Trace& trace) {
    std::string device_name = "GPU 0";
    if (!trace.device.name.empty())
        device_name += ": " + trace.device.name;
    std::set<std::uint32_t> ranks;
    bool unranked = trace.lanes.empty();
    for (const Lane& lane : trace.lanes) {
        if (lane.rank != kNone)
            ranks.insert(lane.rank);
        else
            unranked = true;
    }
    // The host and device processes hold the lanes of no rank (and the memory counters): a trace
    // of ranks only has none of them.
    bool first = true;
    if (unranked || !trace.memory.empty()) {
        writeProcess(out, kHostPid, "host", first);
        writeProcess(out, kDevicePid, device_name, false);
        first = false;
    }
    for (const std::uint32_t rank : ranks) {
        writeProcess(out, kRankPidBase + rank, "rank " + std::to_string(rank), first);
        first = false;
    }
    for (std::size_t i = 0; i < trace.lanes.size(); ++i) {
        const std::int64_t pid = pidOf(trace.lanes[i]);
        const auto tid = static_cast<std::int64_t>(i) + 1;
        out.raw(",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":")
            .integer(pid)
            .raw(",\"tid\":")
            .integer(tid);
        out.raw(",\"args\":{\"name\":").string(trace.lanes[i].name).raw("}}");
        out.raw(",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":")
            .integer(pid)
            .raw(",\"tid\":")
            .integer(tid);
        out.raw(",\"args\":{\"sort_index\":").integer(static_cast<std::int64_t>(i)).raw("}}");
    }
}

}  // namespace

void ChromeTraceWriter::write(const Trace& trace, const Sink& sink) {
    JsonOut out(sink);
    out.raw("{");
    writeMeta(out, trace);
    out.raw("\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    writeLaneMetadata(out, trace);

    // Names repeat a lot: escape each string once.
    std::vector<std::string> names(trace.strings.size());
    auto nameOf = [&](std::uint32_t id) -> const std::string& {
        if (id >= names.size())
            id = 0;
        if (names[id].empty())
            names[id] = JsonOut::escape(trace.strings.at(id));
        return names[id];
    };
    auto pidTid = [&](std::uint16_t lane) {
        out.raw(",\"pid\":")
            .integer(lane < trace.lanes.size() ? pidOf(trace.lanes[lane]) : kHostPid);
        out.raw(",\"tid\":").integer(static_cast<std::int64_t>(lane) + 1);
    };
    static const Lane kNoSuchLane{};
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const auto& e = trace.events[i];
        const Lane& lane = e.lane < trace.lanes.size() ? trace.lanes[e.lane] : kNoSuchLane;
        out.raw(",\n{\"ph\":\"X\",\"cat\":\"")
            .raw(categoryOf(e, lane))
            .raw("\",\"name\":")
            .raw(nameOf(e.name));
        pidTid(e.lane);
        out.raw(",\"ts\":").micros(e.start_ns).raw(",\"dur\":").microsBetween(e.start_ns, e.end_ns);
        out.raw(",\"args\":{\"kind\":\"")
            .raw(syncscope::toString(e.kind))
            .raw("\",\"lane\":")
            .integer(e.lane);
        if (e.api != ApiId::None)
            out.raw(",\"api\":\"").raw(syncscope::toString(e.api)).raw("\"");
        if (e.mode != SyncMode::None)
            out.raw(",\"mode\":\"").raw(syncModeInfo(e.mode).id).raw("\"");
        if (e.step != kNone)
            out.raw(",\"step\":").unsignedInteger(e.step);
        if (e.batch != kNone)
            out.raw(",\"batch\":").unsignedInteger(e.batch);
        if (e.correlation != kNone)
            out.raw(",\"correlation\":").unsignedInteger(e.correlation);
        if (e.bytes() != 0)
            out.raw(",\"bytes\":").unsignedInteger(e.bytes());
        if (e.awaited != kNone) {
            out.raw(",\"awaited\":").unsignedInteger(e.awaited);
            if (e.awaited < trace.events.size())
                out.raw(",\"awaited_name\":").raw(nameOf(trace.events[e.awaited].name));
        }
        if (e.cuda_event != kNone)
            out.raw(",\"cuda_event\":").unsignedInteger(e.cuda_event);
        if (e.cpuNs() != -1)
            out.raw(",\"cpu_ns\":").integer(e.cpuNs());
        if (e.flags != 0)
            out.raw(",\"flags\":").integer(e.flags);
        if (e.target_lane != kNoLane)
            out.raw(",\"target_lane\":").integer(e.target_lane);
        if (lane.kind == LaneKind::Stream && lane.stream_id != kNone)
            out.raw(",\"stream\":").unsignedInteger(lane.stream_id);
        out.raw("}}");
    }
    for (std::size_t i = 0; i < trace.flows.size(); ++i) {
        const auto& f = trace.flows[i];
        if (f.from >= trace.events.size() || f.to >= trace.events.size())
            continue;
        const auto& from = trace.events[f.from];
        const auto& to = trace.events[f.to];
        const auto kind = syncscope::toString(f.kind);
        out.raw(",\n{\"ph\":\"s\",\"id\":").unsignedInteger(i + 1).raw(",\"cat\":\"").raw(kind);
        out.raw("\",\"name\":\"").raw(kind).raw("\"");
        pidTid(from.lane);
        out.raw(",\"ts\":").micros(from.start_ns);
        out.raw(",\"args\":{\"from\":")
            .unsignedInteger(f.from)
            .raw(",\"to\":")
            .unsignedInteger(f.to)
            .raw("}}");
        out.raw(",\n{\"ph\":\"f\",\"bp\":\"e\",\"id\":")
            .unsignedInteger(i + 1)
            .raw(",\"cat\":\"")
            .raw(kind);
        out.raw("\",\"name\":\"").raw(kind).raw("\"");
        pidTid(to.lane);
        out.raw(",\"ts\":").micros(to.start_ns).raw("}");
    }
    for (const auto& m : trace.memory) {
        out.raw(",\n{\"ph\":\"C\",\"name\":\"memory\",\"pid\":")
            .integer(kDevicePid)
            .raw(",\"tid\":0,\"ts\":")
            .micros(m.t_ns);
        out.raw(",\"args\":{");
        const char* sep = "";
        const std::pair<const char*, std::int64_t> fields[] = {{"device_used", m.device_used},
                                                               {"pool_reserved", m.pool_reserved},
                                                               {"pool_used", m.pool_used},
                                                               {"allocated", m.allocated},
                                                               {"reserved", m.reserved}};
        for (const auto& [key, value] : fields) {
            if (value < 0)
                continue;
            out.raw(sep).raw("\"").raw(key).raw("\":").integer(value);
            sep = ",";
        }
        out.raw("}}");
    }
    out.raw("\n]}\n");
}

std::string ChromeTraceWriter::writeFile(const Trace& trace, const std::string& path) {
    return AtomicFileWriter::writeStreamed(path, [&](const Sink& sink) { write(trace, sink); });
}

}  // namespace syncscope
