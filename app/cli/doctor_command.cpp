// syncscope-cli doctor: the program's synchronization mistakes, ranked by what they cost
// (docs/doctor.md; --json keys in docs/cli-json.md).
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/idle_attribution.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "core/doctor/sync_doctor.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

namespace {

std::string percentOf(TimeNs part, TimeNs whole) {
    const double pct =
        whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
    return pct > 0 && pct < 1 ? std::string("<1%")
                              : std::to_string(static_cast<int>(pct + 0.5)) + "%";
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
        std::cout << nlohmann::json{{"trace", options.trace},
                                    {"gpu_span_ns", stats.gpu_span_ns},
                                    {"gpu_idle_ns", stats.gpu_idle_ns},
                                    {"host_blocked_ns", stats.host_blocked_ns},
                                    {"findings", list}}
                         .dump(2)
                  << '\n';
        return kExitOk;
    }

    if (findings.empty()) {
        std::cout << "No synchronization mistake found in " << escapeForTerminal(options.trace)
                  << " (GPU idle " << formatDuration(stats.gpu_idle_ns) << ", host blocked "
                  << formatDuration(stats.host_blocked_ns) << ").\n";
        return kExitOk;
    }
    int rank = 0;
    for (const Finding& f : findings) {
        std::cout << ++rank << ". " << f.title.english() << "  [" << f.id << "]\n"
                  << "   " << f.count << (f.count == 1 ? " time" : " times");
        if (f.gpu_idle_ns > 0)
            std::cout << "; GPU idle " << formatDuration(f.gpu_idle_ns) << " ("
                      << percentOf(f.gpu_idle_ns, stats.gpu_span_ns) << " of the GPU's time)";
        if (f.host_blocked_ns > 0)
            std::cout << "; host blocked " << formatDuration(f.host_blocked_ns);
        if (f.missed_gpu_ns > 0)
            std::cout << "; GPU work a timer after it misses: " << formatDuration(f.missed_gpu_ns);
        std::cout << '\n';
        std::cout << "   first at";
        for (const std::uint32_t e : f.occurrences)
            std::cout << ' ' << formatMicros(trace->events[e].start_ns);
        std::cout << '\n';
        if (!f.detail.empty())
            std::cout << "   " << f.detail.english() << '\n';
        std::cout << "   why: " << f.why.english() << '\n' << "   fix: " << f.fix.english() << '\n';
        if (!f.course_scenario.empty())
            std::cout << "   lesson: syncscope --scenario builtin:" << f.course_scenario << '\n';
    }
    return kExitOk;
}

}  // namespace syncscope::cli
