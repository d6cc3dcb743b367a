#include "app/cli/expect_report.h"

#include "core/analysis/expectation_check.h"
#include "core/scenario/scenario_reader.h"

namespace syncscope::cli {

std::size_t reportExpectations(const Trace& trace, std::ostream& out) {
    if (trace.scenario_json.empty())
        return 0;  // an import: no lesson to check
    const ScenarioParseResult parsed = ScenarioReader::parse(trace.scenario_json);
    if (!parsed.ok()) {
        // The trace's own copy of its scenario does not read (an older or edited file): say so
        // rather than pass silently.
        out << "expect: the scenario stored in the trace cannot be read, so its claims were not "
               "checked:\n"
            << parsed.errorText() << '\n';
        return 1;
    }
    const std::vector<ExpectationResult> results = checkExpectations(*parsed.scenario, trace);
    std::size_t failed = 0;
    for (const ExpectationResult& r : results) {
        const std::size_t number = r.index + 1;
        if (r.holds) {
            out << "expect " << number << " holds: " << r.claim << " (" << r.measured << ")\n";
        } else {
            ++failed;
            out << "expect " << number << " FAILED: " << r.claim << "; but " << r.measured << ".\n";
            if (!r.text.empty())
                out << "  the lesson: " << r.text << '\n';
        }
    }
    if (!results.empty())
        out << "expect: " << results.size() << (results.size() == 1 ? " claim, " : " claims, ")
            << failed << " failed\n";
    return failed;
}

}  // namespace syncscope::cli
