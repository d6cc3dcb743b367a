#include "core/scenario/scenario_writer.h"

#include <limits>
#include <nlohmann/json.hpp>

#include "core/tracefile/atomic_file.h"

namespace syncscope {

namespace {

using Ordered = nlohmann::ordered_json;

std::string dumpValue(const Ordered& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// {"a": 1, "b": "x"} on one line, keys in insertion order.
std::string inlineObject(const Ordered& object) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : object.items()) {
        if (!first)
            out += ", ";
        first = false;
        out += dumpValue(Ordered(key));
        out += ": ";
        out += dumpValue(value);
    }
    return out + "}";
}

// Durations: µs in the file, integer ns in the model. A whole number of µs is written as an
// integer; otherwise ns / 1000 as the shortest double that reads back to the same ns.
Ordered microseconds(TimeNs ns) {
    if (ns % 1000 == 0)
        return Ordered(ns / 1000);
    return Ordered(static_cast<double>(ns) / 1000.0);
}

template <typename Spec>
std::string nameAt(const std::vector<Spec>& specs, std::uint32_t index) {
    if (index < specs.size())
        return specs[index].name;
    return "#" + std::to_string(index);  // not a valid name: reading it back reports the problem
}

class Writer {
public:
    explicit Writer(const Scenario& scenario) : s_(scenario) {}

    Ordered stepFields(const Step& step) const {
        Ordered o;
        o["op"] = std::string(toString(step.kind));
        auto stream = [&](const char* key = "stream") { o[key] = nameAt(s_.streams, step.stream); };
        auto event = [&] { o["event"] = nameAt(s_.events, step.event); };
        auto buffer = [&] { o["buffer"] = nameAt(s_.buffers, step.buffer); };
        switch (step.kind) {
            case StepKind::Kernel:
                stream();
                o["kind"] = std::string(toString(step.kernel));
                if (step.kernel == KernelKind::Memory)
                    o["bytes"] = step.bytes;
                else
                    o["duration_us"] = microseconds(step.duration_ns);
                if (step.grid != 1)
                    o["grid"] = step.grid;
                if (step.block != 32)
                    o["block"] = step.block;
                if (!step.uses.empty()) {
                    Ordered uses = Ordered::array();
                    for (auto b : step.uses)
                        uses.push_back(nameAt(s_.buffers, b));
                    o["uses"] = std::move(uses);
                }
                break;
            case StepKind::Memcpy:
                stream();
                o["direction"] = std::string(toString(step.direction));
                o["bytes"] = step.bytes;
                if (!step.pinned)
                    o["host"] = "pageable";
                if (!step.async)
                    o["async"] = false;
                break;
            case StepKind::Memset:
                stream();
                o["bytes"] = step.bytes;
                if (!step.async)
                    o["async"] = false;
                break;
            case StepKind::Malloc:
                buffer();
                o["bytes"] = step.bytes;
                break;
            case StepKind::Free:
                buffer();
                break;
            case StepKind::MallocAsync:
                buffer();
                o["bytes"] = step.bytes;
                stream();
                break;
            case StepKind::FreeAsync:
                buffer();
                stream();
                break;
            case StepKind::PoolTrim:
                o["bytes"] = step.bytes;
                break;
            case StepKind::EventRecord:
                event();
                stream();
                break;
            case StepKind::StreamWaitEvent:
                stream();
                event();
                break;
            case StepKind::WaitStream:
                stream();
                o["other"] = nameAt(s_.streams, step.other_stream);
                break;
            case StepKind::DeviceSync:
            case StepKind::CpuSync:
                break;
            case StepKind::StreamSync:
                stream();
                break;
            case StepKind::EventSync:
                event();
                break;
            case StepKind::EventQueryPoll:
                event();
                o["poll_interval_us"] = microseconds(step.poll_interval_ns);
                break;
            case StepKind::HostCallback:
                stream();
                o["duration_us"] = microseconds(step.duration_ns);
                break;
            case StepKind::HostWork:
                o["duration_us"] = microseconds(step.duration_ns);
                break;
            case StepKind::Repeat:
                o["count"] = step.count;
                if (step.batch_stride != 0)
                    o["batch_stride"] = step.batch_stride;
                break;
        }
        if (step.batch != kNone)
            o["batch"] = step.batch;
        if (!step.label.empty())
            o["label"] = step.label;
        if (step.mode != SyncMode::None)
            o["mode"] = std::string(syncModeInfo(step.mode).id);
        return o;
    }

    void steps(const std::vector<Step>& program, const std::string& indent,
               std::string& out) const {
        for (std::size_t i = 0; i < program.size(); ++i) {
            const Step& step = program[i];
            std::string line = inlineObject(stepFields(step));
            out += indent;
            if (step.kind == StepKind::Repeat) {
                line.pop_back();  // '}': the body follows as "steps"
                out += line + ", \"steps\": [\n";
                steps(step.body, indent + "  ", out);
                out += indent + "]}";
            } else {
                out += line;
            }
            out += i + 1 < program.size() ? ",\n" : "\n";
        }
    }

private:
    const Scenario& s_;
};

void field(std::string& out, const char* key, const Ordered& value) {
    out += "  " + dumpValue(Ordered(key)) + ": " + dumpValue(value) + ",\n";
}

template <typename List, typename Fn>
void list(std::string& out, const char* key, const List& items, Fn&& toObject) {
    out += "  " + dumpValue(Ordered(key)) + ": [\n";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += "    " + inlineObject(toObject(items[i])) + (i + 1 < items.size() ? ",\n" : "\n");
    out += "  ],\n";
}

}  // namespace

std::string ScenarioWriter::toJson(const Scenario& s) {
    std::string out = "{\n";
    field(out, "format", "syncscope-scenario");
    field(out, "version", Scenario::kFormatVersion);
    field(out, "title", s.title);
    if (!s.explanation.empty())
        field(out, "explanation", s.explanation);
    field(out, "device", s.device);
    field(out, "schedule", std::string(toString(s.schedule)));
    list(out, "streams", s.streams, [](const StreamSpec& spec) {
        Ordered o;
        o["name"] = spec.name;
        o["kind"] = std::string(toString(spec.kind));
        o["priority"] = spec.priority;
        return o;
    });
    if (!s.events.empty()) {
        list(out, "events", s.events, [](const EventSpec& spec) {
            Ordered o;
            o["name"] = spec.name;
            o["blocking_sync"] = spec.blocking_sync;
            o["disable_timing"] = spec.disable_timing;
            return o;
        });
    }
    if (!s.buffers.empty()) {
        list(out, "buffers", s.buffers, [](const BufferSpec& spec) {
            Ordered o;
            o["name"] = spec.name;
            return o;
        });
    }
    if (s.pool.release_threshold != 0) {
        Ordered pool;
        if (s.pool.release_threshold == std::numeric_limits<std::uint64_t>::max())
            pool["release_threshold"] = "max";
        else
            pool["release_threshold"] = s.pool.release_threshold;
        out += "  \"pool\": " + inlineObject(pool) + ",\n";
    }
    out += "  \"steps\": [\n";
    Writer(s).steps(s.program, "    ", out);
    out += "  ]\n}\n";
    return out;
}

bool ScenarioWriter::save(const Scenario& scenario, const std::string& path, std::string& error) {
    std::string text;
    try {
        text = toJson(scenario);
    } catch (const std::exception& e) {
        error = std::string("cannot write the scenario: ") + e.what();
        return false;
    }
    return AtomicFile::write(path, text, error);
}

}  // namespace syncscope
