#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/expect_report.h"
#include "app/cli/input_files.h"
#include "core/analysis/invariant_checker.h"
#include "core/analysis/terminal_text.h"

namespace syncscope::cli {

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

    std::size_t errors = 0;
    for (const auto& v : violations)
        errors += v.severity == Violation::Severity::Error ? 1 : 0;
    const std::size_t warnings = violations.size() - errors;
    std::size_t listed = 0;
    for (const auto& v : violations) {
        if (listed++ == options.max_listed) {
            std::cout << "... " << violations.size() - options.max_listed << " more\n";
            break;
        }
        std::cout << v.invariant << (v.severity == Violation::Severity::Warning ? " (warning)" : "")
                  << ": " << escapeForTerminal(v.message) << '\n';
    }
    std::cout << escapeForTerminal(options.trace) << ": " << trace->events.size() << " events, "
              << errors << (errors == 1 ? " violation" : " violations");
    if (warnings)
        std::cout << ", " << warnings << (warnings == 1 ? " warning" : " warnings");
    std::cout << '\n';
    const std::size_t failed_claims = reportExpectations(*trace, std::cout);
    return errors == 0 && failed_claims == 0 ? kExitOk : kExitNo;
}

}  // namespace syncscope::cli
