#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The compare view's difference table: what two runs (or a run and a recording) cost, side by
// side. Figures come from computeStats, so the table, the run summary and `syncscope-cli stats`
// never disagree about what "host blocked" means.
struct ComparisonTable {
    struct Row {
        std::string label;  // "makespan", "host blocked", …
        TimeNs a = 0;
        TimeNs b = 0;
        // A lower bound: some of the run's waits did not measure their CPU time (imports).
        bool a_partial = false;
        bool b_partial = false;

        TimeNs difference() const { return b - a; }
        // b / a; nullopt when a is zero (no ratio to speak of).
        std::optional<double> ratio() const;
    };

    std::string name_a;
    std::string name_b;
    std::vector<Row> rows;  // makespan, host blocked, CPU burnt waiting, GPU idle caused by syncs

    const Row* row(const std::string& label) const;
};

// The name a run goes by in the table and the view's titles: its title (in `language`, see
// traceTitle), else its source.
std::string traceDisplayName(const Trace& trace, Language language = Language::En);

ComparisonTable buildComparisonTable(const Trace& a, const Trace& b,
                                     Language language = Language::En);

// "+1.20 ms", "−350 ns", "0 ns": the B−A column.
std::string formatSignedDuration(TimeNs ns);
// "×2.50", "×0.10", "—" (no ratio).
std::string formatRatio(std::optional<double> ratio);

}  // namespace syncscope
