#include "core/compare/comparison_table.h"

#include <cmath>
#include <cstdio>

#include "core/analysis/time_format.h"
#include "core/analysis/trace_stats.h"
#include "core/model/translatable.h"

namespace syncscope {

std::optional<double> ComparisonTable::Row::ratio() const {
    if (a <= 0)
        return std::nullopt;
    return static_cast<double>(b) / static_cast<double>(a);
}

const ComparisonTable::Row* ComparisonTable::row(const std::string& label) const {
    for (const auto& r : rows)
        if (r.label == label)
            return &r;
    return nullptr;
}

std::string traceDisplayName(const Trace& trace, Language language) {
    // Importers title a trace with the file it came from: its name is enough, the folders belong
    // to the machine it was read on.
    if (!trace.title.empty() && trace.title != trace.source)
        return traceTitle(trace, language);
    const std::string& path = trace.source.empty() ? trace.title : trace.source;
    if (path.empty())
        return "trace";
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

ComparisonTable buildComparisonTable(const Trace& a, const Trace& b, Language language) {
    const TraceStats sa = computeStats(a);
    const TraceStats sb = computeStats(b);
    ComparisonTable table;
    table.name_a = traceDisplayName(a, language);
    table.name_b = traceDisplayName(b, language);
    table.rows.push_back(
        {SYNCSCOPE_TR_NOOP("ComparisonTable", "makespan"), sa.makespan_ns, sb.makespan_ns});
    table.rows.push_back({SYNCSCOPE_TR_NOOP("ComparisonTable", "host blocked"), sa.host_blocked_ns,
                          sb.host_blocked_ns});
    // Spinning and yielding waits burn a core; blocking-sync sleeps, so its waits burn ~nothing.
    table.rows.push_back({SYNCSCOPE_TR_NOOP("ComparisonTable", "CPU burnt waiting"),
                          sa.host_cpu_burnt_ns, sb.host_cpu_burnt_ns, sa.waits_cpu_unknown > 0,
                          sb.waits_cpu_unknown > 0});
    table.rows.push_back({SYNCSCOPE_TR_NOOP("ComparisonTable", "GPU idle caused by syncs"),
                          sa.gpu_idle_from_syncs_ns, sb.gpu_idle_from_syncs_ns});
    return table;
}

std::string formatSignedDuration(TimeNs ns) {
    if (ns == 0)
        return "0 ns";
    // U+2212 minus: lines up with the plus sign in a table.
    return (ns > 0 ? "+" : "\u2212") + formatDuration(ns > 0 ? ns : saturatingSub(0, ns));
}

std::string formatRatio(std::optional<double> ratio) {
    if (!ratio || !std::isfinite(*ratio))
        return "\u2014";
    char buf[32];
    std::snprintf(buf, sizeof buf, "\u00d7%.2f", *ratio);
    return buf;
}

}  // namespace syncscope
