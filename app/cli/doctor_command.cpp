// syncscope-cli doctor: the program's synchronization mistakes, ranked by what they cost
// (docs/doctor.md; --json keys in docs/cli-json.md).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli_json.h"
#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/idle_attribution.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "core/doctor/sync_doctor.h"
#include "core/model/terminal_text.h"
#include "core/model/text_wrap.h"

namespace syncscope::cli {

namespace {

// The window's precision: one decimal ("27.3% of the GPU's time").
std::string percentOf(TimeNs part, TimeNs whole) {
    const double pct =
        whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", pct);
    return buffer;
}

// A terminal of 80 columns; labels hang their text under themselves.
constexpr std::size_t kColumns = 80;

void printWrapped(std::string_view label, std::string_view text) {
    std::cout << wrapText(label, text, kColumns, std::string(label.size(), ' ')) << '\n';
}

}  // namespace

int doctorCommand(const DoctorOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    const WaitAttribution waits(*trace);
    const IdleAttribution idle(waits);
    const std::vector<Finding> findings = SyncDoctor::diagnose(*trace, waits, idle);
    const TraceStats stats = computeStats(*trace);

    if (options.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const Finding& f : findings) {
            nlohmann::json first = nlohmann::json::array();
            for (const std::uint32_t e : f.occurrences)
                first.push_back({{"event", e},
                                 {"name", std::string(trace->nameOf(trace->events[e]))},
                                 {"start_ns", trace->events[e].start_ns}});
            list.push_back({{"id", f.id},
                            {"title", f.title.english()},
                            {"count", f.count},
                            {"gpu_idle_ns", f.gpu_idle_ns},
                            {"host_blocked_ns", f.host_blocked_ns},
                            {"missed_gpu_ns", f.missed_gpu_ns},
                            {"gpu_span_share", stats.gpu_span_ns > 0
                                                   ? static_cast<double>(f.impactNs()) /
                                                         static_cast<double>(stats.gpu_span_ns)
                                                   : 0.0},
                            {"occurrences", first},
                            {"detail", f.detail.english()},
                            {"why", f.why.english()},
                            {"fix", f.fix.english()},
                            {"lesson", f.course_scenario.empty()
                                           ? nlohmann::json(nullptr)
                                           : nlohmann::json("builtin:" + f.course_scenario)}});
        }
        nlohmann::json out{{"gpu_span_ns", stats.gpu_span_ns},
                           {"gpu_idle_ns", stats.gpu_idle_ns},
                           {"host_blocked_ns", stats.host_blocked_ns},
                           {"findings", list}};
        CliJson::setPath(out, "trace", options.trace);
        std::cout << CliJson::text(out) << '\n';
        return kExitOk;
    }

    // Times where the timeline's axis has them, in its unit.
    const TimeNs span = stats.makespan_ns;
    if (findings.empty()) {
        printWrapped("", "No synchronization mistake found in " + escapeForTerminal(options.trace) +
                             " (GPU idle " + formatDuration(stats.gpu_idle_ns) + ", host blocked " +
                             formatDuration(stats.host_blocked_ns) + ").");
        return kExitOk;
    }
    int rank = 0;
    for (const Finding& f : findings) {
        const std::string number = std::to_string(++rank) + ". ";
        printWrapped(number, f.title.english() + "  [" + f.id + "]");
        const std::string indent(number.size() < 3 ? 3 : number.size(), ' ');
        std::string cost = std::to_string(f.count) + (f.count == 1 ? " time" : " times");
        if (f.gpu_idle_ns > 0)
            cost += "; GPU idle " + formatDuration(f.gpu_idle_ns) + " (" +
                    percentOf(f.gpu_idle_ns, stats.gpu_span_ns) + " of the GPU's time)";
        if (f.host_blocked_ns > 0)
            cost += "; host blocked " + formatDuration(f.host_blocked_ns);
        if (f.missed_gpu_ns > 0)
            cost += "; GPU work a timer after it misses: " + formatDuration(f.missed_gpu_ns);
        printWrapped(indent, cost);
        if (!f.detail.empty())
            printWrapped(indent, f.detail.english());
        std::string at;
        for (const std::uint32_t e : f.occurrences)
            at += (at.empty() ? "" : ", ") + formatOnAxis(trace->events[e].start_ns, span);
        printWrapped(indent + "first at ", at);
        printWrapped(indent + "why: ", f.why.english());
        printWrapped(indent + "fix: ", f.fix.english());
        if (!f.course_scenario.empty())
            printWrapped(indent + "lesson: ", "syncscope --scenario builtin:" + f.course_scenario);
    }
    return kExitOk;
}

}  // namespace syncscope::cli
