#include "app/cli/expect_report.h"

#include "core/analysis/expectation_check.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

std::size_t reportExpectations(const Trace& trace, std::ostream& out) {
    if (trace.scenario == nullptr)
        return 0;  // an import: no lesson to check
    const std::vector<ExpectationResult> results = checkExpectations(*trace.scenario, trace);
    std::size_t failed = 0;
    for (const ExpectationResult& r : results) {
        const std::size_t number = r.index + 1;
        // Claims, step ids and the lesson's words come from the file: printed escaped.
        if (r.holds) {
            out << "expect " << number << " holds: " << escapeForTerminal(r.claim) << " ("
                << escapeForTerminal(r.measured) << ")\n";
        } else {
            ++failed;
            out << "expect " << number << " FAILED: " << escapeForTerminal(r.claim) << "; but "
                << escapeForTerminal(r.measured) << ".\n";
            if (!r.text.empty())
                out << "  the lesson: " << escapeForTerminal(r.text.en) << '\n';
        }
    }
    if (!results.empty())
        out << "expect: " << results.size() << (results.size() == 1 ? " claim, " : " claims, ")
            << failed << " failed\n";
    return failed;
}

}  // namespace syncscope::cli
