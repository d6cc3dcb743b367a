#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli_json.h"
#include "app/cli/commands.h"
#include "app/cli/expect_report.h"
#include "app/cli/input_files.h"
#include "core/analysis/expectation_check.h"
#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_tolerances.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

namespace {

const char* severityKey(Violation::Severity severity) {
    switch (severity) {
        case Violation::Severity::Error:
            return "violations";
        case Violation::Severity::Warning:
            return "warnings";
        case Violation::Severity::Observation:
            return "observations";
    }
    return "violations";
}

int printJson(const CheckOptions& options, const Trace& trace,
              const std::vector<Violation>& violations) {
    nlohmann::json out{{"events", trace.events.size()},
                       {"violations", nlohmann::json::array()},
                       {"warnings", nlohmann::json::array()},
                       {"observations", nlohmann::json::array()}};
    CliJson::setPath(out, "trace", options.trace);
    for (const Violation& v : violations)
        out[severityKey(v.severity)].push_back(
            {{"invariant", v.invariant}, {"message", v.message}, {"events", v.events}});
    // Where the file's tolerances were not used (a simulated trace is exact; a recording's are
    // capped), and what was used.
    const TraceTolerances bounded = TraceTolerances::of(trace);
    out["epsilon_ns"] = options.epsilon_ns.value_or(bounded.epsilon_ns);
    out["notes"] = bounded.notes;
    std::size_t failed = 0;
    nlohmann::json claims = nlohmann::json::array();
    if (trace.scenario != nullptr)
        for (const ExpectationResult& r : checkExpectations(*trace.scenario, trace)) {
            failed += r.holds ? 0 : 1;
            claims.push_back({{"index", r.index + 1},
                              {"claim", r.claim},
                              {"holds", r.holds},
                              {"measured", r.measured}});
        }
    out["claims"] = claims;
    out["counts"] = {{"violations", out["violations"].size()},
                     {"warnings", out["warnings"].size()},
                     {"observations", out["observations"].size()},
                     {"failed_claims", failed}};
    std::cout << CliJson::text(out) << '\n';
    return out["violations"].empty() && failed == 0 ? kExitOk : kExitNo;
}

}  // namespace

int checkCommand(const CheckOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    InvariantCheckerOptions checker_options;
    checker_options.epsilon_ns = options.epsilon_ns;
    checker_options.wake_bound_ns = options.wake_bound_ns;
    const std::vector<Violation> violations = InvariantChecker(checker_options).check(*trace);
    if (options.json)
        return printJson(options, *trace, violations);

    std::size_t counts[3] = {0, 0, 0};
    for (const auto& v : violations)
        ++counts[static_cast<int>(v.severity)];
    for (const std::string& note : TraceTolerances::of(*trace).notes)
        std::cout << "note: " << escapeForTerminal(note) << '\n';
    // Observations are listed after the rest, under their own heading: they are not failures.
    std::size_t listed = 0;
    bool more = false;
    auto list = [&](Violation::Severity severity) {
        for (const auto& v : violations) {
            if (v.severity != severity)
                continue;
            if (listed++ == options.max_listed) {
                more = true;
                return;
            }
            std::cout << v.invariant
                      << (severity == Violation::Severity::Warning ? " (warning)" : "") << ": "
                      << escapeForTerminal(v.message) << '\n';
        }
    };
    list(Violation::Severity::Error);
    list(Violation::Severity::Warning);
    if (counts[2] != 0 && !more) {
        std::cout << "observations (what a recording may show; not violations):\n";
        list(Violation::Severity::Observation);
    }
    if (more)
        std::cout << "... " << violations.size() - options.max_listed << " more\n";
    const std::size_t errors = counts[0], warnings = counts[1], observations = counts[2];
    std::cout << escapeForTerminal(options.trace) << ": " << trace->events.size() << " events, "
              << errors << (errors == 1 ? " violation" : " violations");
    if (warnings)
        std::cout << ", " << warnings << (warnings == 1 ? " warning" : " warnings");
    if (observations)
        std::cout << ", " << observations << (observations == 1 ? " observation" : " observations");
    std::cout << '\n';
    const std::size_t failed_claims = reportExpectations(*trace, std::cout);
    return errors == 0 && failed_claims == 0 ? kExitOk : kExitNo;
}

}  // namespace syncscope::cli
