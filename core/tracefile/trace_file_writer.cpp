// TraceFile's writing half: the trace as one JSON text (docs/trace-file-format.md), streamed in
// bounded chunks through the atomic writer, gzip-compressed on the way for names ending in .gz. The
// text is never held whole: a save needs the trace plus about one chunk.
#include <array>
#include <charconv>
#include <new>

#include "core/io/atomic_file_writer.h"
#include "core/io/gzip_writer.h"
#include "core/io/json_text.h"
#include "core/model/checked_math.h"
#include "core/scenario/scenario_writer.h"
#include "core/tracefile/trace_file.h"
#include "core/tracefile/trace_file_format.h"

namespace syncscope {

using namespace trace_file_format;

namespace {

// ---------------------------------------------------------------------------------------------
// Writing

void appendEscaped(std::string& out, std::string_view s) {
    JsonText::appendString(out, s);
}

template <typename Int>
void appendNumber(std::string& out, Int value) {
    JsonText::appendInteger(out, value);
}

void appendIndex(std::string& out, std::uint32_t value) {
    if (value == kNone)
        out += "-1";
    else
        appendNumber(out, value);
}

void appendLaneIndex(std::string& out, std::uint16_t value) {
    if (value == kNoLane)
        out += "-1";
    else
        appendNumber(out, value);
}

template <typename Enum>
void appendEnumTable(std::string& out, int count) {
    out += '[';
    for (int i = 0; i < count; ++i) {
        if (i)
            out += ',';
        appendEscaped(out, toString(static_cast<Enum>(i)));
    }
    out += ']';
}

void appendModeTable(std::string& out) {
    out += '[';
    bool first = true;
    for (const auto& info : syncModeCatalogue()) {
        if (!first)
            out += ',';
        first = false;
        appendEscaped(out, info.id);
    }
    out += ']';
}

// The text so far, handed to the sink whenever a row or two took it past the chunk size.
class ChunkedText {
public:
    explicit ChunkedText(const TraceFile::Sink& sink) : sink_(sink) {
        text.reserve(TraceFile::kWriteChunkBytes + 4096);
    }
    void spill() {
        if (text.size() >= TraceFile::kWriteChunkBytes) {
            sink_(text);
            text.clear();
        }
    }
    void finish() {
        if (!text.empty())
            sink_(text);
        text.clear();
    }
    std::string text;

private:
    const TraceFile::Sink& sink_;
};

void key(std::string& out, std::string_view name) {
    out += "\n\"";
    out += name;
    out += "\":";
}

}  // namespace

void TraceFile::writeJson(const Trace& t, const Sink& sink) {
    // The file keeps the scenario as its scenario-file text, so a reader can hand it to anything
    // that reads scenarios (and a person can copy it out).
    const std::string scenario_text = t.scenario ? ScenarioWriter::toJson(*t.scenario) : "";
    ChunkedText chunked(sink);
    std::string& out = chunked.text;
    out += "{\"format\":";
    appendEscaped(out, kFormat);
    out += ",\"version\":";
    appendNumber(out, kVersion);
    out += ',';
    key(out, "title");
    appendEscaped(out, t.title);
    out += ',';
    key(out, "source");
    appendEscaped(out, t.source);
    out += ',';
    // Only traces that know their clock or rank say so: older files, and every simulated run,
    // stay byte for byte what they were.
    if (t.clock.domain != ClockDomain::Unknown) {
        key(out, "clock");
        out += "{\"domain\":";
        appendEscaped(out, toString(t.clock.domain));
        out += ",\"origin_ns\":";
        appendNumber(out, t.clock.origin_ns);
        out += "},";
    }
    if (t.rank != kNone) {
        key(out, "rank");
        appendIndex(out, t.rank);
        out += ',';
    }

    const DeviceDescription& d = t.device;
    key(out, "device");
    out += "{\"name\":";
    appendEscaped(out, d.name);
    out += ",\"engine\":";
    appendEscaped(out, d.engine);
    out += ",\"sm_count\":";
    appendNumber(out, d.sm_count);
    out += ",\"memory_bytes\":";
    appendNumber(out, d.memory_bytes);
    out += ",\"copy_engines\":";
    appendNumber(out, d.copy_engines);
    out += ",\"schedule\":";
    appendEscaped(out, toString(d.schedule));
    out += ",\"wake_latency_ns\":[";
    for (int i = 0; i < 4; ++i) {
        if (i)
            out += ',';
        appendNumber(out, d.wake_latency_ns[i]);
    }
    out += "],\"timer_granularity_ns\":";
    appendNumber(out, d.timer_granularity_ns);
    out += ",\"launch_cost_ns\":";
    appendNumber(out, d.launch_cost_ns);
    out += ",\"clock_tolerance_ns\":";
    appendNumber(out, d.clock_tolerance_ns);
    out += ",\"pool_release_threshold\":";
    appendNumber(out, d.pool_release_threshold);
    out += "},";

    key(out, "enums");
    out += "{\"event_kind\":";
    appendEnumTable<EventKind>(out, kEventKindCount);
    out += ",\"api\":";
    appendEnumTable<ApiId>(out, kApiIdCount);
    out += ",\"sync_mode\":";
    appendModeTable(out);
    out += ",\"flow_kind\":";
    appendEnumTable<FlowKind>(out, 4);
    out += "},";

    key(out, "strings");
    out += '[';
    for (std::uint32_t i = 0; i < t.strings.size(); ++i) {
        if (i)
            out += ",\n";
        appendEscaped(out, t.strings.at(i));
        chunked.spill();
    }
    out += "],";

    key(out, "lanes");
    out += '[';
    for (std::size_t i = 0; i < t.lanes.size(); ++i) {
        const Lane& lane = t.lanes[i];
        out += i ? ",\n{\"kind\":" : "\n{\"kind\":";
        appendEscaped(out, toString(lane.kind));
        out += ",\"name\":";
        appendEscaped(out, lane.name);
        out += ",\"stream_id\":";
        appendIndex(out, lane.stream_id);
        out += ",\"stream_kind\":";
        appendEscaped(out, toString(lane.stream_kind));
        out += ",\"priority\":";
        appendNumber(out, lane.priority);
        out += ",\"parent\":";
        appendLaneIndex(out, lane.parent);
        out += ",\"thread_id\":";
        appendIndex(out, lane.thread_id);
        // Written only when known (version 2), so a one-device run reads as before.
        if (lane.rank != kNone) {
            out += ",\"rank\":";
            appendIndex(out, lane.rank);
        }
        if (lane.device != kNone) {
            out += ",\"device\":";
            appendIndex(out, lane.device);
        }
        if (lane.process_id != kNone) {
            out += ",\"process_id\":";
            appendIndex(out, lane.process_id);
        }
        if (lane.bookkeeping)
            out += ",\"bookkeeping\":true";
        out += '}';
        chunked.spill();
    }
    out += "],";

    key(out, "event_columns");
    appendNames(out, kEventColumns);
    out += ',';
    key(out, "events");
    out += '[';
    for (std::size_t i = 0; i < t.events.size(); ++i) {
        const TraceEvent& e = t.events[i];
        out += i ? ",\n[" : "\n[";
        appendNumber(out, e.start_ns);
        out += ',';
        appendNumber(out, e.end_ns);
        out += ',';
        appendNumber(out, e.lane);
        out += ',';
        appendNumber(out, static_cast<int>(e.kind));
        out += ',';
        appendNumber(out, e.name);
        out += ',';
        appendIndex(out, e.step);
        out += ',';
        appendIndex(out, e.batch);
        out += ',';
        appendIndex(out, e.correlation);
        out += ',';
        appendIndex(out, e.awaited);
        out += ',';
        appendIndex(out, e.cuda_event);
        out += ',';
        appendLaneIndex(out, e.target_lane);
        out += ',';
        appendNumber(out, static_cast<int>(e.api));
        out += ',';
        appendNumber(out, static_cast<int>(e.mode));
        out += ',';
        appendNumber(out, static_cast<int>(e.flags));
        out += ',';
        appendNumber(out, e.bytes());
        out += ',';
        appendNumber(out, e.cpuNs());
        out += ']';
        chunked.spill();
    }
    out += "],";

    key(out, "flow_columns");
    appendNames(out, kFlowColumns);
    out += ',';
    key(out, "flows");
    out += '[';
    for (std::size_t i = 0; i < t.flows.size(); ++i) {
        const Flow& f = t.flows[i];
        out += i ? ",[" : "\n[";
        appendIndex(out, f.from);
        out += ',';
        appendIndex(out, f.to);
        out += ',';
        appendNumber(out, static_cast<int>(f.kind));
        out += ']';
        if (i % 16 == 15)
            out += '\n';
        chunked.spill();
    }
    out += "],";

    key(out, "memory_columns");
    appendNames(out, kMemoryColumns);
    out += ',';
    key(out, "memory");
    out += '[';
    for (std::size_t i = 0; i < t.memory.size(); ++i) {
        const MemorySample& m = t.memory[i];
        out += i ? ",\n[" : "\n[";
        const std::int64_t fields[] = {m.t_ns,      m.device_used, m.pool_reserved,
                                       m.pool_used, m.allocated,   m.reserved};
        for (std::size_t k = 0; k < 6; ++k) {
            if (k)
                out += ',';
            appendNumber(out, fields[k]);
        }
        out += ']';
        chunked.spill();
    }
    out += "],";

    key(out, "scenario_json");
    appendEscaped(out, scenario_text);
    out += "\n}\n";
    chunked.finish();
}

std::string TraceFile::toJson(const Trace& trace) {
    std::string out;
    writeJson(trace, [&out](std::string_view chunk) { out.append(chunk); });
    return out;
}

bool TraceFile::save(const Trace& trace, const std::string& path, std::string& error) {
    try {
        AtomicFileWriter file(path);
        if (!file.isOpen()) {
            error = file.error();
            return false;
        }
        const auto toFile = [&file](std::string_view chunk) { file.write(chunk); };
        if (path.size() >= 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
            GzipWriter gzip(toFile);
            writeJson(trace, [&gzip](std::string_view chunk) { gzip.write(chunk); });
            if (!gzip.finish()) {
                error = gzip.error();
                return false;  // the temporary file goes, the target stays as it was
            }
        } else {
            writeJson(trace, toFile);
        }
        if (!file.commit()) {
            error = file.error();
            return false;
        }
        return true;
    } catch (const std::bad_alloc&) {
        error = "out of memory while writing '" + path + "'";
        return false;
    }
}

}  // namespace syncscope
