#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "app/cli/output_files.h"
#include "core/analysis/time_format.h"
#include "core/engine/engine_factory.h"
#include "core/model/terminal_text.h"
#include "core/tracefile/trace_file.h"

namespace syncscope::cli {

namespace {

// Ctrl+C cancels the run cooperatively: the engine stops within 50 ms and the partial trace is
// still saved, like the window's Cancel. From the command's first step (reading a big scenario or
// starting CUDA takes seconds; a Ctrl+C then once killed the process with 130 instead of 3) to the
// end of the run: after that, SIGINT keeps the disposition main() gave it (remove the temporary
// file of a write in progress, then die), so a second Ctrl+C during the save stops it without
// leaving a temporary file.
CancelToken* g_cancel = nullptr;

extern "C" void onSigint(int) {
    if (g_cancel)
        g_cancel->cancel();
}

// Ctrl+C cancels `token` while this lives.
class CtrlCCancels {
public:
    explicit CtrlCCancels(CancelToken& token) {
        g_cancel = &token;
        struct sigaction action {};
        action.sa_handler = onSigint;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &previous_);
    }
    ~CtrlCCancels() { restore(); }
    CtrlCCancels(const CtrlCCancels&) = delete;
    CtrlCCancels& operator=(const CtrlCCancels&) = delete;
    void restore() {
        if (!g_cancel)
            return;
        sigaction(SIGINT, &previous_, nullptr);
        g_cancel = nullptr;
    }

private:
    struct sigaction previous_ {};
};

class ConsoleObserver final : public EngineObserver {
public:
    explicit ConsoleObserver(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO) != 0) {}

    void onProgress(double fraction, std::string_view phase) override {
        if (quiet_ || !tty_)
            return;
        const int percent = static_cast<int>(fraction * 100.0 + 0.5);
        if (percent == last_percent_)
            return;
        last_percent_ = percent;
        std::fprintf(stderr, "\r%3d%% %.*s\033[K", percent, static_cast<int>(phase.size()),
                     phase.data());
    }

    void onLog(LogLevel level, std::string_view message) override {
        if (quiet_ && level == LogLevel::Info)
            return;
        clearLine();
        const char* prefix = level == LogLevel::Error     ? "error: "
                             : level == LogLevel::Warning ? "warning: "
                                                          : "";
        std::cerr << prefix << escapeForTerminal(message, LineBreaks::Keep) << '\n';
    }

    void clearLine() {
        if (tty_ && last_percent_ >= 0)
            std::fprintf(stderr, "\r\033[K");
        last_percent_ = -1;
    }

private:
    bool quiet_;
    bool tty_;
    int last_percent_ = -1;
};

}  // namespace

int runCommand(const RunOptions& options) {
    CancelToken cancel;
    CtrlCCancels ctrl_c(cancel);
    const auto cancelledEarly = [&cancel] {
        if (!cancel.cancelled())
            return false;
        std::cerr << "syncscope-cli: cancelled before the run started; nothing to keep\n";
        return true;
    };
    std::string path, error;
    std::optional<Scenario> scenario = loadScenario(options.scenario, path, error);
    if (cancelledEarly())
        return kExitCancelled;
    if (!scenario) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    EngineChoice choice = chooseEngine(options.engine);
    if (cancelledEarly())
        return kExitCancelled;
    if (!choice.engine) {
        std::cerr << "syncscope-cli: " << choice.error << '\n';
        if (options.engine == "cuda")
            std::cerr << "syncscope-cli: use --engine sim to run the simulator\n";
        return kExitBadInput;
    }
    if (!choice.note.empty())
        std::cerr << "syncscope-cli: " << choice.note << '\n';
    if (!options.out.empty()) {
        if (const std::string problem = outputFileProblem(options.out, {path}); !problem.empty()) {
            printWriteError(options.out, problem);
            return kExitBadInput;
        }
    }

    if (!options.quiet) {
        // Said once the handler is in place (it has been since the command began), so whoever
        // reads it (a person, a script, the tests) knows a Ctrl+C cancels the run.
        std::cerr << "syncscope-cli: running '" << escapeForTerminal(scenario->title.en) << "' on "
                  << choice.engine->id() << "; Ctrl+C stops it and keeps the trace so far"
                  << std::endl;
    }
    ConsoleObserver observer(options.quiet);
    RunResult result = choice.engine->run(*scenario, observer, cancel);
    ctrl_c.restore();
    observer.clearLine();

    Trace& trace = result.trace;
    trace.source = options.scenario;
    if (trace.title.empty())
        trace.title = scenario->title.en;
    if (trace.scenario == nullptr)
        trace.scenario = std::make_shared<const Scenario>(*scenario);

    const bool has_trace = !trace.events.empty() || !trace.lanes.empty();
    if (!options.out.empty() && has_trace) {
        std::string save_error;
        if (!TraceFile::save(trace, options.out, save_error)) {
            printWriteError(options.out, save_error);
            return kExitBadInput;
        }
    }
    switch (result.status) {
        case RunStatus::Ok:
            break;
        case RunStatus::Cancelled:
            std::cerr << "syncscope-cli: cancelled; " << trace.events.size() << " events kept"
                      << (options.out.empty() || !has_trace ? "" : " in " + options.out) << '\n';
            return kExitCancelled;
        case RunStatus::Unavailable:
            std::cerr << "syncscope-cli: engine unavailable: "
                      << escapeForTerminal(result.message, LineBreaks::Keep) << '\n';
            return kExitBadInput;
        case RunStatus::Failed:
            std::cerr << "syncscope-cli: the run failed: "
                      << escapeForTerminal(result.message, LineBreaks::Keep) << '\n';
            return kExitNo;
    }
    if (!options.quiet) {
        TimeNs end = 0;
        for (const auto& e : trace.events)
            end = std::max(end, e.end_ns);
        std::cout << "ran '" << escapeForTerminal(scenario->title.en) << "' on "
                  << choice.engine->id() << " (" << escapeForTerminal(trace.device.name)
                  << "): " << trace.events.size() << " events, " << formatDuration(end);
        if (!options.out.empty())
            std::cout << " -> " << escapeForTerminal(options.out);
        std::cout << '\n';
    }
    return kExitOk;
}

}  // namespace syncscope::cli
