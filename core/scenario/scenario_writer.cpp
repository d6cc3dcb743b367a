#include "core/scenario/scenario_writer.h"

#include <limits>

#include "core/io/atomic_file.h"
#include "core/io/json_text.h"

namespace syncscope {

namespace {

// One JSON object on one line: {"a": 1, "b": "x"}, keys in the order they are added. Keys are
// fixed identifiers of the format and need no escaping. Written directly (no JSON document) so a
// million-step scenario saves quickly.
class ObjectLine {
public:
    explicit ObjectLine(std::string& out) : out_(out) { out_ += '{'; }

    void string(std::string_view key, std::string_view value) {
        name(key);
        JsonText::appendString(out_, value);
    }
    template <typename Int>
    void integer(std::string_view key, Int value) {
        name(key);
        JsonText::appendInteger(out_, value);
    }
    // A lesson text: a plain string when it is English only (as people write it by hand), else
    // {"en": ..., "ja": ...}; `object` writes the object form always (callouts take only that).
    void text(std::string_view key, const LessonText& value, bool object = false) {
        if (value.ja.empty() && !object) {
            string(key, value.en);
            return;
        }
        name(key);
        languages(out_, value);
    }
    // {"en": ..., "ja": ...}, the Japanese only where there is one.
    static void languages(std::string& out, const LessonText& value) {
        ObjectLine line(out);
        line.string("en", value.en);
        if (!value.ja.empty())
            line.string("ja", value.ja);
        line.close();
    }
    void boolean(std::string_view key, bool value) {
        name(key);
        out_ += value ? "true" : "false";
    }
    // Durations: µs in the file, integer ns in the model. A whole number of µs is written as an
    // integer; otherwise ns / 1000 as the shortest double that reads back to the same ns.
    void microseconds(std::string_view key, TimeNs ns) {
        name(key);
        if (ns % 1000 == 0)
            JsonText::appendInteger(out_, ns / 1000);
        else
            JsonText::appendDouble(out_, static_cast<double>(ns) / 1000.0);
    }
    // Opens `"key": [` for the caller to fill.
    void openArray(std::string_view key) {
        name(key);
        out_ += '[';
    }
    void close() { out_ += '}'; }
    // Writes `"key": ` for a nested object the caller writes with its own ObjectLine.
    void openObject(std::string_view key) { name(key); }

private:
    void name(std::string_view key) {
        if (!first_)
            out_ += ", ";
        first_ = false;
        out_ += '"';
        out_ += key;
        out_ += "\": ";
    }

    std::string& out_;
    bool first_ = true;
};

template <typename Spec>
std::string nameAt(const std::vector<Spec>& specs, std::uint32_t index) {
    if (index < specs.size())
        return specs[index].name;
    return "#" + std::to_string(index);  // not a valid name: reading it back reports the problem
}

class Writer {
public:
    Writer(const Scenario& scenario, std::string& out) : s_(scenario), out_(out) {}

    void steps(const std::vector<Step>& program, const std::string& indent) {
        for (std::size_t i = 0; i < program.size(); ++i) {
            const Step& step = program[i];
            out_ += indent;
            ObjectLine o(out_);
            fields(step, o);
            if (step.kind == StepKind::Repeat) {
                o.openArray("steps");
                out_ += '\n';
                steps(step.body, indent + "  ");
                out_ += indent;
                out_ += ']';
            }
            o.close();
            out_ += i + 1 < program.size() ? ",\n" : "\n";
        }
    }

private:
    void fields(const Step& step, ObjectLine& o) const {
        o.string("op", toString(step.kind));
        auto stream = [&] { o.string("stream", nameAt(s_.streams, step.stream)); };
        auto event = [&] { o.string("event", nameAt(s_.events, step.event)); };
        auto buffer = [&] { o.string("buffer", nameAt(s_.buffers, step.buffer)); };
        switch (step.kind) {
            case StepKind::Kernel:
                stream();
                o.string("kind", toString(step.kernel));
                if (step.kernel == KernelKind::Memory)
                    o.integer("bytes", step.bytes);
                else
                    o.microseconds("duration_us", step.duration_ns);
                if (step.grid != 1)
                    o.integer("grid", step.grid);
                if (step.block != 32)
                    o.integer("block", step.block);
                if (!step.uses.empty()) {
                    o.openArray("uses");
                    for (std::size_t i = 0; i < step.uses.size(); ++i) {
                        if (i)
                            out_ += ", ";
                        JsonText::appendString(out_, nameAt(s_.buffers, step.uses[i]));
                    }
                    out_ += ']';
                }
                break;
            case StepKind::Memcpy:
                if (step.async)  // the synchronous form takes no stream (the default stream)
                    stream();
                o.string("direction", toString(step.direction));
                o.integer("bytes", step.bytes);
                if (!step.pinned)
                    o.string("host", "pageable");
                if (!step.async)
                    o.boolean("async", false);
                break;
            case StepKind::Memset:
                if (step.async)
                    stream();
                o.integer("bytes", step.bytes);
                if (!step.async)
                    o.boolean("async", false);
                break;
            case StepKind::Malloc:
                buffer();
                o.integer("bytes", step.bytes);
                break;
            case StepKind::Free:
                buffer();
                break;
            case StepKind::MallocAsync:
            case StepKind::TensorAlloc:
                buffer();
                o.integer("bytes", step.bytes);
                stream();
                break;
            case StepKind::FreeAsync:
            case StepKind::RecordStream:
                buffer();
                stream();
                break;
            case StepKind::TensorFree:
                buffer();
                break;
            case StepKind::EmptyCache:
                break;
            case StepKind::PoolTrim:
                o.integer("bytes", step.bytes);
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
                o.string("other", nameAt(s_.streams, step.other_stream));
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
                o.microseconds("poll_interval_us", step.poll_interval_ns);
                break;
            case StepKind::HostCallback:
                stream();
                o.microseconds("duration_us", step.duration_ns);
                break;
            case StepKind::HostWork:
                o.microseconds("duration_us", step.duration_ns);
                break;
            case StepKind::Repeat:
                o.integer("count", step.count);
                if (step.batch_stride != 0)
                    o.integer("batch_stride", step.batch_stride);
                break;
        }
        if (step.batch != kNone)
            o.integer("batch", step.batch);
        if (!step.label.empty())
            o.text("label", step.label);
        if (!step.id.empty())
            o.string("id", step.id);
        if (step.mode != SyncMode::None)
            o.string("mode", syncModeInfo(step.mode).id);
    }

    const Scenario& s_;
    std::string& out_;
};

void field(std::string& out, std::string_view key, std::string_view text) {
    out += "  \"";
    out += key;
    out += "\": ";
    JsonText::appendString(out, text);
    out += ",\n";
}

// "key": "English", or "key": {"en": ..., "ja": ...} on one line.
void textField(std::string& out, std::string_view key, const LessonText& text) {
    if (text.ja.empty()) {
        field(out, key, text.en);
        return;
    }
    out += "  \"";
    out += key;
    out += "\": ";
    ObjectLine::languages(out, text);
    out += ",\n";
}

// "key": [ one object per line ],
template <typename List, typename Fn>
void list(std::string& out, std::string_view key, const List& items, Fn&& writeOne) {
    out += "  \"";
    out += key;
    out += "\": [\n";
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += "    ";
        ObjectLine o(out);
        writeOne(items[i], o);
        o.close();
        out += i + 1 < items.size() ? ",\n" : "\n";
    }
    out += "  ],\n";
}

void writeExpectation(const Expectation& e, ObjectLine& o) {
    o.string("claim", toString(e.kind));
    switch (e.kind) {
        case ClaimKind::ReturnsBeforeEnd:
        case ClaimKind::ReturnsAfterEnd:
            o.string("call", toString(e.a));
            o.string("gpu", toString(e.b));
            break;
        case ClaimKind::HostWait:
        case ClaimKind::Flag:
            o.string("step", toString(e.a));
            break;
        case ClaimKind::Memory:
            o.string("after", toString(e.a));
            o.string("series", e.series);
            break;
        case ClaimKind::Idle:
            o.string("lane", e.lane);
            break;
        case ClaimKind::StartsAfterEnd:
            o.string("gpu", toString(e.a));
            o.string("after", toString(e.b));
            break;
        case ClaimKind::Overlap:
            o.string("gpu", toString(e.a));
            o.string("with", toString(e.b));
            break;
    }
    if (!e.flag.empty())
        o.string("flag", e.flag);
    if (e.min_ns)
        o.microseconds("min_us", *e.min_ns);
    if (e.max_ns)
        o.microseconds("max_us", *e.max_ns);
    if (e.equals)
        o.integer("equals", *e.equals);
    if (e.at_least)
        o.integer("at_least", *e.at_least);
    if (e.at_most)
        o.integer("at_most", *e.at_most);
    if (e.instances != (e.kind == ClaimKind::Flag ? Instances::Any : Instances::All))
        o.string("instances", toString(e.instances));
    if (!e.text.empty())
        o.text("text", e.text);
}

void writeCallout(const Callout& c, ObjectLine& o) {
    o.string("at", toString(c.at));
    if (c.on != CalloutTarget::Auto)
        o.string("on", toString(c.on));
    o.text("text", c.text, true);
}

}  // namespace

std::string ScenarioWriter::toJson(const Scenario& s) {
    std::string out;
    out.reserve(1024 + expandedStepCount(s.program) * 8);
    out += "{\n";
    field(out, "format", "syncscope-scenario");
    out += "  \"version\": ";
    JsonText::appendInteger(out, Scenario::kFormatVersion);
    out += ",\n";
    textField(out, "title", s.title);
    if (!s.explanation.empty())
        textField(out, "explanation", s.explanation);
    field(out, "device", s.device);
    field(out, "schedule", toString(s.schedule));
    if (s.default_stream != DefaultStream::Legacy)
        field(out, "default_stream", toString(s.default_stream));
    list(out, "streams", s.streams, [](const StreamSpec& spec, ObjectLine& o) {
        o.string("name", spec.name);
        o.string("kind", toString(spec.kind));
        o.integer("priority", spec.priority);
    });
    if (!s.events.empty()) {
        list(out, "events", s.events, [](const EventSpec& spec, ObjectLine& o) {
            o.string("name", spec.name);
            o.boolean("blocking_sync", spec.blocking_sync);
            o.boolean("disable_timing", spec.disable_timing);
        });
    }
    if (!s.buffers.empty())
        list(out, "buffers", s.buffers,
             [](const BufferSpec& spec, ObjectLine& o) { o.string("name", spec.name); });
    const PoolSpec defaults;
    const PoolSpec& p = s.pool;
    const bool default_reuse =
        p.reuse_follow_event_dependencies == defaults.reuse_follow_event_dependencies &&
        p.reuse_allow_opportunistic == defaults.reuse_allow_opportunistic &&
        p.reuse_allow_internal_dependencies == defaults.reuse_allow_internal_dependencies;
    if (p.release_threshold != defaults.release_threshold || !default_reuse) {
        out += "  \"pool\": ";
        ObjectLine pool(out);
        if (p.release_threshold == std::numeric_limits<std::uint64_t>::max())
            pool.string("release_threshold", "max");
        else
            pool.integer("release_threshold", p.release_threshold);
        // Only the policies that differ from CUDA's defaults, so ordinary files stay short.
        if (!default_reuse) {
            pool.boolean("reuse_follow_event_dependencies", p.reuse_follow_event_dependencies);
            pool.boolean("reuse_allow_opportunistic", p.reuse_allow_opportunistic);
            pool.boolean("reuse_allow_internal_dependencies", p.reuse_allow_internal_dependencies);
        }
        pool.close();
        out += ",\n";
    }
    out += "  \"steps\": [\n";
    Writer(s, out).steps(s.program, "    ");
    out += "  ]";
    if (!s.expect.empty()) {
        out += ",\n";
        list(out, "expect", s.expect, writeExpectation);
        out.resize(out.size() - 2);  // list() ends with ",\n": the last member takes no comma
    }
    if (!s.callouts.empty()) {
        out += ",\n";
        list(out, "callouts", s.callouts, writeCallout);
        out.resize(out.size() - 2);
    }
    if (s.focus) {
        out += ",\n  \"focus\": ";
        ObjectLine focus(out);
        focus.string("from", toString(s.focus->from));
        focus.string("to", toString(s.focus->to));
        if (s.focus->on != CalloutTarget::Auto)
            focus.string("on", toString(s.focus->on));
        focus.close();
    }
    out += "\n}\n";
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
