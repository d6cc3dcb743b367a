#include "tests/support/scenario_difference.h"

#include <sstream>

namespace syncscope::test {

namespace {

template <typename T>
std::string show(const T& value) {
    if constexpr (std::is_enum_v<T>) {
        return std::to_string(static_cast<long long>(value));
    } else if constexpr (std::is_same_v<T, std::string>) {
        return "'" + value + "'";
    } else if constexpr (std::is_same_v<T, LessonText>) {
        return "'" + value.en + "'" + (value.ja.empty() ? "" : " / '" + value.ja + "'");
    } else {
        std::ostringstream s;
        s << value;
        return s.str();
    }
}

class Differ {
public:
    template <typename T>
    bool field(const std::string& path, const T& a, const T& b) {
        if (a == b)
            return true;
        if (diff_.empty())
            diff_ = path + ": " + show(a) + " vs " + show(b);
        return false;
    }

    bool steps(const std::string& path, const std::vector<Step>& a, const std::vector<Step>& b) {
        if (!field(path + ".size()", a.size(), b.size()))
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!step(path + "[" + std::to_string(i) + "]", a[i], b[i]))
                return false;
        return true;
    }

    bool step(const std::string& p, const Step& a, const Step& b) {
        return field(p + ".kind", a.kind, b.kind) && field(p + ".stream", a.stream, b.stream) &&
               field(p + ".other_stream", a.other_stream, b.other_stream) &&
               field(p + ".event", a.event, b.event) && field(p + ".buffer", a.buffer, b.buffer) &&
               field(p + ".batch", a.batch, b.batch) && field(p + ".kernel", a.kernel, b.kernel) &&
               field(p + ".direction", a.direction, b.direction) &&
               field(p + ".pinned", a.pinned, b.pinned) && field(p + ".async", a.async, b.async) &&
               field(p + ".grid", a.grid, b.grid) && field(p + ".block", a.block, b.block) &&
               field(p + ".duration_ns", a.duration_ns, b.duration_ns) &&
               field(p + ".poll_interval_ns", a.poll_interval_ns, b.poll_interval_ns) &&
               field(p + ".bytes", a.bytes, b.bytes) && uses(p + ".uses", a.uses, b.uses) &&
               field(p + ".mode", a.mode, b.mode) && field(p + ".count", a.count, b.count) &&
               field(p + ".batch_stride", a.batch_stride, b.batch_stride) &&
               field(p + ".label", a.label, b.label) && field(p + ".id", a.id, b.id) &&
               steps(p + ".body", a.body, b.body);
    }

    bool uses(const std::string& path, const std::vector<std::uint32_t>& a,
              const std::vector<std::uint32_t>& b) {
        if (!field(path + ".size()", a.size(), b.size()))
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!field(path + "[" + std::to_string(i) + "]", a[i], b[i]))
                return false;
        return true;
    }

    bool expectation(const std::string& p, const Expectation& a, const Expectation& b) {
        // Optional numbers compare as -1 when absent: every real value is >= 0.
        auto opt = [](const auto& v) { return v ? static_cast<std::int64_t>(*v) : -1; };
        return field(p + ".kind", a.kind, b.kind) &&
               field(p + ".a", toString(a.a), toString(b.a)) &&
               field(p + ".b", toString(a.b), toString(b.b)) &&
               field(p + ".instances", a.instances, b.instances) &&
               field(p + ".lane", a.lane, b.lane) && field(p + ".flag", a.flag, b.flag) &&
               field(p + ".series", a.series, b.series) &&
               field(p + ".min_ns", opt(a.min_ns), opt(b.min_ns)) &&
               field(p + ".max_ns", opt(a.max_ns), opt(b.max_ns)) &&
               field(p + ".equals", opt(a.equals), opt(b.equals)) &&
               field(p + ".at_least", opt(a.at_least), opt(b.at_least)) &&
               field(p + ".at_most", opt(a.at_most), opt(b.at_most)) &&
               text(p + ".text", a.text, b.text);
    }

    bool text(const std::string& path, const LessonText& a, const LessonText& b) {
        return field(path + ".en", a.en, b.en) && field(path + ".ja", a.ja, b.ja);
    }

    std::string result() const { return diff_; }

private:
    std::string diff_;
};

}  // namespace

std::string scenarioDifference(const Scenario& a, const Scenario& b) {
    Differ d;
    const bool header =
        d.text("title", a.title, b.title) && d.text("explanation", a.explanation, b.explanation) &&
        d.field("device", a.device, b.device) && d.field("schedule", a.schedule, b.schedule) &&
        d.field("pool.release_threshold", a.pool.release_threshold, b.pool.release_threshold) &&
        d.field("pool.reuse_follow_event_dependencies", a.pool.reuse_follow_event_dependencies,
                b.pool.reuse_follow_event_dependencies) &&
        d.field("pool.reuse_allow_opportunistic", a.pool.reuse_allow_opportunistic,
                b.pool.reuse_allow_opportunistic) &&
        d.field("pool.reuse_allow_internal_dependencies", a.pool.reuse_allow_internal_dependencies,
                b.pool.reuse_allow_internal_dependencies) &&
        d.field("streams.size()", a.streams.size(), b.streams.size()) &&
        d.field("events.size()", a.events.size(), b.events.size()) &&
        d.field("buffers.size()", a.buffers.size(), b.buffers.size());
    if (!header)
        return d.result();
    for (std::size_t i = 0; i < a.streams.size(); ++i) {
        const std::string p = "streams[" + std::to_string(i) + "]";
        if (!(d.field(p + ".name", a.streams[i].name, b.streams[i].name) &&
              d.field(p + ".kind", a.streams[i].kind, b.streams[i].kind) &&
              d.field(p + ".priority", a.streams[i].priority, b.streams[i].priority)))
            return d.result();
    }
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const std::string p = "events[" + std::to_string(i) + "]";
        if (!(d.field(p + ".name", a.events[i].name, b.events[i].name) &&
              d.field(p + ".blocking_sync", a.events[i].blocking_sync, b.events[i].blocking_sync) &&
              d.field(p + ".disable_timing", a.events[i].disable_timing,
                      b.events[i].disable_timing)))
            return d.result();
    }
    for (std::size_t i = 0; i < a.buffers.size(); ++i)
        if (!d.field("buffers[" + std::to_string(i) + "].name", a.buffers[i].name,
                     b.buffers[i].name))
            return d.result();
    if (!d.steps("program", a.program, b.program))
        return d.result();
    if (!d.field("expect.size()", a.expect.size(), b.expect.size()))
        return d.result();
    for (std::size_t i = 0; i < a.expect.size(); ++i)
        if (!d.expectation("expect[" + std::to_string(i) + "]", a.expect[i], b.expect[i]))
            return d.result();
    if (!d.field("callouts.size()", a.callouts.size(), b.callouts.size()))
        return d.result();
    for (std::size_t i = 0; i < a.callouts.size(); ++i) {
        const std::string p = "callouts[" + std::to_string(i) + "]";
        const Callout& x = a.callouts[i];
        const Callout& y = b.callouts[i];
        if (!(d.field(p + ".at", toString(x.at), toString(y.at)) &&
              d.field(p + ".on", x.on, y.on) && d.text(p + ".text", x.text, y.text)))
            return d.result();
    }
    if (!d.field("focus.has_value()", a.focus.has_value(), b.focus.has_value()) || !a.focus)
        return d.result();
    if (d.field("focus.from", toString(a.focus->from), toString(b.focus->from)) &&
        d.field("focus.to", toString(a.focus->to), toString(b.focus->to)))
        d.field("focus.on", a.focus->on, b.focus->on);
    return d.result();
}

}  // namespace syncscope::test
