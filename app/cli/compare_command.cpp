#include <algorithm>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/time_format.h"
#include "core/compare/comparison_table.h"
#include "core/compare/trace_comparison.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

namespace {

std::string stepList(const std::vector<std::uint32_t>& steps) {
    std::string out;
    for (std::size_t i = 0; i < steps.size() && i < 10; ++i)
        out += (i ? ", " : "") + std::to_string(steps[i]);
    if (steps.size() > 10)
        out += ", …";
    return out;
}

}  // namespace

int compareCommand(const CompareOptions& options) {
    std::string error;
    std::optional<Trace> a = loadTrace(options.real, error);
    std::optional<Trace> b = a ? loadTrace(options.simulated, error) : std::nullopt;
    if (!a || !b) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    const TraceComparison c = compareTraces(*a, *b);
    std::cout << "kernels          " << c.kernels_a << " vs " << c.kernels_b << '\n'
              << "completion order " << (c.orderAgrees() ? "agrees" : "differs") << " ("
              << c.order_disagreements << " of " << c.order_checked
              << " neighbouring pairs differ)\n";
    for (const auto& note : c.order_notes)
        std::cout << "  " << escapeForTerminal(note) << '\n';
    std::cout << "host waits       " << (c.waitsAgree() ? "agree" : "differ") << '\n';
    if (!c.waits_only_in_a.empty())
        std::cout << "  only in the first run at steps " << stepList(c.waits_only_in_a) << '\n';
    if (!c.waits_only_in_b.empty())
        std::cout << "  only in the second run at steps " << stepList(c.waits_only_in_b) << '\n';
    // The compare view's table: what each run cost, and the second minus the first.
    const ComparisonTable table = buildComparisonTable(*a, *b);
    for (const auto& row : table.rows) {
        std::string label = row.label;
        label.resize(std::max<std::size_t>(label.size() + 1, 25), ' ');
        std::cout << label << formatDuration(row.a) << (row.a_partial ? " (at least)" : "")
                  << " vs " << formatDuration(row.b) << (row.b_partial ? " (at least)" : "")
                  << "  (" << formatSignedDuration(row.difference()) << ", "
                  << formatRatio(row.ratio()) << ")\n";
    }
    return c.orderAgrees() && c.waitsAgree() ? kExitOk : kExitNo;
}

}  // namespace syncscope::cli
