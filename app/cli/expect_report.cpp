#include "app/cli/expect_report.h"

#include "core/analysis/expectation_check.h"

namespace syncscope::cli {

std::size_t reportExpectations(const Trace& trace, std::ostream& out) {
    if (trace.scenario == nullptr)
        return 0;  // an import: no lesson to check
    const std::vector<ExpectationResult> results = checkExpectations(*trace.scenario, trace);
    std::size_t failed = 0;
    for (const ExpectationResult& r : results) {
        const std::size_t number = r.index + 1;
        if (r.holds) {
            out << "expect " << number << " holds: " << r.claim << " (" << r.measured << ")\n";
        } else {
            ++failed;
            out << "expect " << number << " FAILED: " << r.claim << "; but " << r.measured << ".\n";
            if (!r.text.empty())
                out << "  the lesson: " << r.text.en << '\n';
        }
    }
    if (!results.empty())
        out << "expect: " << results.size() << (results.size() == 1 ? " claim, " : " claims, ")
            << failed << " failed\n";
    return failed;
}

}  // namespace syncscope::cli
