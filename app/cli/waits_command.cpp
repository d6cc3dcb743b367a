// syncscope-cli waits: one line per host wait (docs/cli-json.md "waits").
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli_json.h"
#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/time_format.h"
#include "core/analysis/wait_attribution.h"
#include "core/model/terminal_text.h"
#include "core/model/torch_call.h"

namespace syncscope::cli {

namespace {

struct Row {
    const WaitInfo* info = nullptr;
    std::string thread;
    std::string call;        // the CUDA call, or "" when the trace shows none
    std::string torch_call;  // the torch-level call around it, or ""
    bool instrumentation = false;
};

Row rowOf(const WaitAttribution& attribution, const WaitInfo& info) {
    const TraceIndex& index = attribution.index();
    const Trace& trace = index.trace();
    Row row;
    row.info = &info;
    const TraceEvent& w = trace.events[info.wait];
    const std::uint16_t thread = index.hostThreadOf(w.lane);
    row.thread = thread < trace.lanes.size() ? trace.lanes[thread].name : std::string();
    row.call = info.call != kNone ? index.callName(info.call) : std::string();
    if (info.torch_call != kNone)
        row.torch_call =
            std::string(torchCallName(torchCallOf(trace, trace.events[info.torch_call])));
    row.instrumentation = (w.flags & event_flags::kInstrumentation) != 0;
    return row;
}

nlohmann::json awaitedJson(const TraceIndex& index, const WaitInfo& info) {
    if (info.awaited_op == kNone)
        return nullptr;
    const Trace& trace = index.trace();
    const TraceEvent& op = trace.events[info.awaited_op];
    return {{"event", info.awaited_op},
            {"kind", std::string(toString(op.kind))},
            {"name", std::string(trace.nameOf(op))},
            {"stream", index.streamName(op.lane)},
            {"end_ns", op.end_ns},
            {"launch_in_trace", index.hasEnqueue(info.awaited_op)},
            {"launched_before_trace", info.awaited_launched_before_trace}};
}

}  // namespace

int waitsCommand(const WaitsOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    const WaitAttribution attribution(*trace);
    const TraceIndex& index = attribution.index();

    if (options.json) {
        // Streamed, a wait at a time: a million waits took 7.5 GB as one document in memory.
        // The list comes first and the totals, known at its end, after it (keys are found by
        // name; their order in the object means nothing).
        std::cout << "{\n  \"waits\": [";
        nlohmann::json by_reason = nlohmann::json::object();
        TimeNs blocked = 0;
        bool first = true;
        for (const std::uint32_t wait : index.hostWaits()) {
            const auto info = attribution.attribute(wait);
            if (!info)
                continue;
            const Row row = rowOf(attribution, *info);
            const nlohmann::json item{
                {"event", info->wait},
                {"thread", row.thread},
                {"call", row.call.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.call)},
                {"torch_call",
                 row.torch_call.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.torch_call)},
                {"start_ns", info->start_ns},
                {"duration_ns", info->duration_ns},
                {"reason", std::string(toString(info->reason))},
                {"awaited", awaitedJson(index, *info)},
                {"wake_ns",
                 info->wake_known ? nlohmann::json(info->wake_ns) : nlohmann::json(nullptr)},
                {"late_wake", info->late_wake},
                {"instrumentation", row.instrumentation},
                {"sentence", info->sentence}};
            std::cout << (first ? "\n" : ",\n") << CliJson::indented(item, 4);
            first = false;
            if (row.instrumentation)
                continue;
            blocked = saturatingAdd(blocked, info->duration_ns);
            const std::string key(toString(info->reason));
            by_reason[key] = by_reason.value(key, TimeNs{0}) + info->duration_ns;
        }
        std::cout << (first ? "]" : "\n  ]");
        nlohmann::json totals{{"host_blocked_ns", blocked},
                              {"host_blocked_by_reason_ns", by_reason}};
        CliJson::setPath(totals, "trace", options.trace);
        for (const auto& [key, value] : totals.items())
            std::cout << ",\n  " << CliJson::text(nlohmann::json(key)) << ": "
                      << CliJson::indented(value, 2, false);
        std::cout << "\n}\n";
        return kExitOk;
    }

    std::vector<WaitInfo> infos;
    for (const std::uint32_t wait : index.hostWaits())
        if (auto info = attribution.attribute(wait))
            infos.push_back(std::move(*info));

    // Tab-separated: `column -t -s $'\t'` lines it up, awk and cut read it. Names come from the
    // file and are printed escaped.
    std::cout << "thread\tcall\tstart\tduration\treason\tawaited\tstream\tawaited end\twake-up\t"
                 "launch\n";
    for (const WaitInfo& info : infos) {
        const Row row = rowOf(attribution, info);
        std::string call = row.torch_call.empty() ? row.call
                           : row.call.empty()     ? row.torch_call + "()"
                                                  : row.torch_call + "() > " + row.call;
        if (call.empty())
            call = "-";
        if (row.instrumentation)
            call += " (the profiler's own)";
        std::string awaited = "-", stream = "-", end = "-", wake = "-", launch = "-";
        if (info.awaited_op != kNone) {
            const TraceEvent& op = trace->events[info.awaited_op];
            awaited =
                std::string(TraceIndex::kindWord(op.kind)) + " " + std::string(trace->nameOf(op));
            stream = index.streamName(op.lane);
            end = formatMicros(op.end_ns);
            if (info.wake_known) {
                wake = info.wake_ns < 0 ? "-" + formatDuration(-info.wake_ns)
                                        : formatDuration(info.wake_ns);
                if (info.late_wake)
                    wake += " (unexplained)";
            }
            launch = index.hasEnqueue(info.awaited_op)    ? "in trace"
                     : info.awaited_launched_before_trace ? "before trace"
                                                          : "not in trace";
        }
        std::cout << escapeForTerminal(row.thread) << '\t' << escapeForTerminal(call) << '\t'
                  << formatMicros(info.start_ns) << '\t' << formatDuration(info.duration_ns) << '\t'
                  << toString(info.reason) << '\t' << escapeForTerminal(awaited) << '\t'
                  << escapeForTerminal(stream) << '\t' << end << '\t' << wake << '\t' << launch
                  << '\n';
    }
    return kExitOk;
}

}  // namespace syncscope::cli
