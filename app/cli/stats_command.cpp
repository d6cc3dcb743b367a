#include <array>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli_json.h"
#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/invariant_checker.h"
#include "core/analysis/rank_summary.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_stats.h"
#include "core/model/byte_format.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

namespace {

// Binary units, labelled (docs/architecture.md section 11); the trace says -1 for a series it did
// not measure.
std::string formatBytes(std::int64_t bytes) {
    return bytes < 0 ? "not measured"
                     : syncscope::formatBytes(static_cast<std::uint64_t>(bytes), 2);
}

// A merged trace (import A B C --out): one row per rank.
void printRanks(const Trace& trace) {
    const auto ranks = summarizeRanks(trace);
    if (ranks.empty())
        return;
    std::cout << "ranks            " << ranks.size() << '\n';
    // Padded by characters, not bytes: "µs" is three bytes in UTF-8.
    const auto cell = [](TimeNs ns) {
        const std::string text = formatDuration(ns);
        std::size_t width = 0;
        for (const char c : text)
            width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        return std::string(width < 13 ? 13 - width : 1, ' ') + text;
    };
    std::cout << "  rank     events     makespan     GPU busy host blocked         NCCL  waited "
                 "(collectives)\n";
    for (const RankSummary& r : ranks)
        std::cout << "  " << std::left << std::setw(5) << r.rank << std::right << std::setw(10)
                  << r.events << cell(r.makespan_ns) << cell(r.gpu_busy_ns)
                  << cell(r.host_blocked_ns) << cell(r.nccl_ns) << cell(r.collective_wait_ns)
                  << '\n';
}

}  // namespace

int statsCommand(const StatsOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    const TraceStats s = computeStats(*trace);
    if (options.json) {
        nlohmann::json j;
        j["events"] = trace->events.size();
        // Kernels, copies, calls… by kind: what a recording and a profiler trace of one program
        // must agree on (scripts/gpu-check --record compares them).
        nlohmann::json by_kind = nlohmann::json::object();
        for (int k = 0; k < kEventKindCount; ++k)
            if (s.events_by_kind[static_cast<std::size_t>(k)] != 0)
                by_kind[std::string(toString(static_cast<EventKind>(k)))] =
                    s.events_by_kind[static_cast<std::size_t>(k)];
        j["events_by_kind"] = by_kind;
        j["makespan_ns"] = s.makespan_ns;
        j["host_blocked_ns"] = s.host_blocked_ns;
        // Null where no wait's CPU time was measured (an import's waits carry none): not zero.
        j["host_cpu_burnt_ns"] = s.waits_cpu_unknown > 0 && s.waits_cpu_unknown >= s.host_waits
                                     ? nlohmann::json(nullptr)
                                     : nlohmann::json(s.host_cpu_burnt_ns);
        j["host_waits"] = s.host_waits;
        j["host_waits_cpu_unmeasured"] = s.waits_cpu_unknown;
        j["gpu_busy_ns"] = s.gpu_busy_ns;
        j["gpu_idle_ns"] = s.gpu_idle_ns;
        j["gpu_idle_from_syncs_ns"] = s.gpu_idle_from_syncs_ns;
        // GPU idle by cause; the parts sum to gpu_idle_ns (docs/cli-json.md).
        nlohmann::json idle = nlohmann::json::object();
        for (int c = 0; c < kIdleCauseCount; ++c)
            idle[std::string(toString(static_cast<IdleCause>(c))) + "_ns"] =
                s.idle.ns[static_cast<std::size_t>(c)];
        j["idle_breakdown"] = idle;
        j["gpu_before_first_ns"] = s.idle.before_first_ns;
        j["gpu_after_last_ns"] = s.idle.after_last_ns;
        j["stream_overlap_ns"] = s.stream_overlap_ns;
        j["stream_overlap_ratio"] = s.stream_overlap_ratio;
        j["peak_device_used"] = s.peak_device_used;
        j["peak_pool_reserved"] = s.peak_pool_reserved;
        j["peak_pool_used"] = s.peak_pool_used;
        j["peak_allocated"] = s.peak_allocated;
        j["peak_reserved"] = s.peak_reserved;
        j["sync_calls"] = s.sync_calls;
        nlohmann::json by_api = nlohmann::json::object();
        for (int i = 0; i < kApiIdCount; ++i)
            if (s.sync_calls_by_api[i])
                by_api[std::string(apiName(static_cast<ApiId>(i)))] = s.sync_calls_by_api[i];
        for (const auto& [name, count] : s.sync_calls_by_other_name)
            by_api[name] = count;
        j["sync_calls_by_api"] = by_api;
        nlohmann::json by_name = nlohmann::json::object();
        for (const auto& [name, count] : syncCallsByName(s))
            by_name[name] = count;
        j["sync_calls_by_name"] = by_name;
        nlohmann::json torch = nlohmann::json::object();
        for (int i = 1; i < kTorchCallCount; ++i)
            if (s.torch_calls[static_cast<std::size_t>(i)] != 0)
                torch[std::string(torchCallName(static_cast<TorchCall>(i)))] =
                    s.torch_calls[static_cast<std::size_t>(i)];
        j["torch_calls"] = torch;
        nlohmann::json unsynced = nlohmann::json::object();
        for (int i = 1; i < kTorchCallCount; ++i)
            if (s.torch_calls_without_sync[static_cast<std::size_t>(i)] != 0)
                unsynced[std::string(torchCallName(static_cast<TorchCall>(i)))] =
                    s.torch_calls_without_sync[static_cast<std::size_t>(i)];
        j["torch_calls_without_sync"] = unsynced;
        // The checker's verdict, split as `check` splits it: only violations are failures.
        std::size_t counts[3] = {0, 0, 0};
        for (const Violation& v : InvariantChecker().check(*trace))
            ++counts[static_cast<int>(v.severity)];
        j["invariants"] = {
            {"violations", counts[0]}, {"warnings", counts[1]}, {"observations", counts[2]}};
        if (const auto ranks = summarizeRanks(*trace); !ranks.empty()) {
            nlohmann::json rows = nlohmann::json::array();
            for (const RankSummary& r : ranks)
                rows.push_back({{"rank", r.rank},
                                {"events", r.events},
                                {"makespan_ns", r.makespan_ns},
                                {"gpu_busy_ns", r.gpu_busy_ns},
                                {"host_blocked_ns", r.host_blocked_ns},
                                {"nccl_ns", r.nccl_ns},
                                {"collective_wait_ns", r.collective_wait_ns}});
            j["ranks"] = rows;
        }
        std::cout << CliJson::text(j) << '\n';
        return kExitOk;
    }
    // Names come from the file, which may be hostile: printed escaped.
    std::cout << "trace            "
              << escapeForTerminal(trace->title.empty() ? options.trace : trace->title) << '\n'
              << "device           " << escapeForTerminal(trace->device.name) << " ("
              << escapeForTerminal(trace->device.engine) << ")\n"
              << "events           " << trace->events.size() << '\n'
              << "makespan         " << formatDuration(s.makespan_ns) << '\n'
              << "host blocked     " << formatDuration(s.host_blocked_ns) << '\n'
              << "host CPU burnt   "
              << (s.waits_cpu_unknown > 0 && s.waits_cpu_unknown >= s.host_waits
                      ? std::string("not measured")
                  : s.waits_cpu_unknown > 0
                      ? "at least " + formatDuration(s.host_cpu_burnt_ns) + " (" +
                            std::to_string(s.waits_cpu_unknown) + " of " +
                            std::to_string(s.host_waits) + " waits not measured)"
                      : formatDuration(s.host_cpu_burnt_ns))
              << '\n'
              << "GPU busy         " << formatDuration(s.gpu_busy_ns) << '\n'
              << "GPU idle         " << formatDuration(s.gpu_idle_ns)
              << " (of which caused by syncs " << formatDuration(s.gpu_idle_from_syncs_ns) << ")\n";
    // Every idle nanosecond has a cause; what the trace does not explain is said, never hidden.
    if (s.gpu_idle_ns > 0) {
        // Index: IdleCause; a std::array, so a cause added without its word does not compile.
        const std::array<const char*, kIdleCauseCount> words{
            "host blocked",   "host launching", "host computing", "Python",
            "host elsewhere", "setup",          "profiler",       "other stream",
            "GPU latency",    "late rank",      "unexplained"};
        for (int c = 0; c < kIdleCauseCount; ++c) {
            const TimeNs ns = s.idle.ns[static_cast<std::size_t>(c)];
            if (ns == 0 && static_cast<IdleCause>(c) != IdleCause::Unexplained)
                continue;
            std::cout << "  " << std::left << std::setw(15) << words[static_cast<std::size_t>(c)]
                      << formatDuration(ns) << " ("
                      << static_cast<int>(100.0 * static_cast<double>(ns) /
                                              static_cast<double>(s.gpu_idle_ns) +
                                          0.5)
                      << "%)\n";
        }
    }
    std::cout << "stream overlap   " << formatDuration(s.stream_overlap_ns) << " ("
              << static_cast<int>(s.stream_overlap_ratio * 100.0 + 0.5) << "% of busy time)\n"
              << "peak device used " << formatBytes(s.peak_device_used) << '\n'
              << "peak pool        "
              << (s.peak_pool_reserved < 0 && s.peak_pool_used < 0
                      ? std::string("not measured")
                      : formatBytes(s.peak_pool_reserved) + " reserved, " +
                            formatBytes(s.peak_pool_used) + " used")
              << '\n';
    if (s.peak_allocated >= 0 || s.peak_reserved >= 0)
        std::cout << "peak PyTorch     " << formatBytes(s.peak_allocated) << " allocated, "
                  << formatBytes(s.peak_reserved) << " reserved\n";
    std::cout << "sync calls       " << s.sync_calls << '\n';
    // Torch-level calls first (what the program wrote), then the CUDA calls.
    for (const auto& [name, count] : syncCallsByName(s))
        std::cout << "  " << std::left << std::setw(32) << name << count << '\n';
    for (int i = 1; i < kTorchCallCount; ++i)
        if (const auto n = s.torch_calls_without_sync[static_cast<std::size_t>(i)]; n != 0)
            std::cout << "no sync          " << torchCallName(static_cast<TorchCall>(i)) << ' ' << n
                      << " (on CPU tensors: no copy to the host, no wait)\n";
    printRanks(*trace);
    return kExitOk;
}

}  // namespace syncscope::cli
