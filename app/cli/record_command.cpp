#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "app/cli/output_files.h"
#include "app/cli/program_launcher.h"
#include "core/io/temp_file_registry.h"
#include "core/model/terminal_text.h"
#include "core/record/recording_set.h"
#include "core/tracefile/trace_file.h"

namespace syncscope::cli {

namespace {

namespace fs = std::filesystem;

// Where the recorder's pieces are: beside the CLI in a build tree, under <libdir>/syncscope when
// installed. SYNCSCOPE_RECORDER_DIR overrides both (a relocated install).
fs::path recorderDir() {
    if (const char* dir = std::getenv("SYNCSCOPE_RECORDER_DIR"); dir != nullptr && *dir != '\0')
        return dir;
    const fs::path here = executableDir();
    if (here.empty())
        return {};
    std::error_code ec;
    if (fs::exists(here / "libsyncscope_exit.so", ec))
        return here;
    return here.parent_path() / SYNCSCOPE_INSTALL_LIBDIR / "syncscope";
}

// The folder the processes write their recordings to: a fresh one for each run, made by record
// with an absolute path, so a program that changes directory still writes where record reads and
// files of an earlier run are never read. It lies in $TMPDIR and is removed with what is in it, or
// in the folder the user named (--record-dir), made if missing, and kept.
class RecordingFolder {
public:
    explicit RecordingFolder(const std::string& named) {
        const char* tmp = std::getenv("TMPDIR");
        const std::string base = !named.empty()                   ? named
                                 : tmp != nullptr && *tmp != '\0' ? tmp
                                                                  : "/tmp";
        std::error_code ec;
        const fs::path where = fs::absolute(base, ec);
        const std::string what = named.empty() ? "$TMPDIR ('" + base + "')" : "'" + base + "'";
        if (ec) {
            error_ = "cannot use " + what + " for the recording: " + ec.message();
            return;
        }
        if (!named.empty()) {
            fs::create_directories(where, ec);
            if (ec || !fs::is_directory(where, ec)) {
                error_ = "cannot make the folder '" + named + "'" +
                         (ec ? ": " + ec.message() : std::string(": a file of that name is there"));
                return;
            }
        }
        // Made here, before the program starts: a folder that takes no file (read-only, full,
        // not a folder) is refused now, not found empty after the run.
        std::string pattern = (where / "syncscope-record-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            error_ =
                "cannot make a folder for the recording in " + what + ": " + std::strerror(errno);
            return;
        }
        path_ = pattern;
        temporary_ = named.empty();
    }
    ~RecordingFolder() {
        std::error_code ec;
        if (temporary_)
            fs::remove_all(path_, ec);
    }
    RecordingFolder(const RecordingFolder&) = delete;
    RecordingFolder& operator=(const RecordingFolder&) = delete;
    const std::string& path() const { return path_; }
    const std::string& error() const { return error_; }
    // The recording outlives a failure after the program ran: it is what the user waited for.
    void keep() { temporary_ = false; }

private:
    std::string path_;
    std::string error_;
    bool temporary_ = false;
};

// Says where a recording that could not become a trace is kept, and how to make one of it later.
void keepRawRecording(RecordingFolder& folder) {
    folder.keep();
    std::cerr << "syncscope-cli: the raw recording is kept in '" << escapeForTerminal(folder.path())
              << "'; make a trace of it later with: syncscope-cli import '"
              << escapeForTerminal(folder.path()) << "' --out trace.json\n";
}

// Ctrl+C after the program ended, while its recording becomes a trace: the first finishes the
// trace (status 3, the raw recording kept and named), a second stops at once and keeps the raw
// recording, saying where. It was the CLI's default: exit 130, no word, and the raw files left in
// $TMPDIR unmentioned. Fixed storage only: the handler may run at any moment.
std::atomic<int> g_convert_interrupts{0};
char g_kept_message[8192];
std::size_t g_kept_length = 0;

extern "C" void onInterruptWhileConverting(int) {
    const int saved_errno = errno;
    if (g_convert_interrupts.fetch_add(1) == 0) {
        static const char finishing[] =
            "syncscope-cli: finishing the trace of what was recorded; Ctrl+C again stops now and "
            "keeps the raw recording\n";
        [[maybe_unused]] const auto n = ::write(STDERR_FILENO, finishing, sizeof finishing - 1);
        errno = saved_errno;
        return;
    }
    TempFileRegistry::unlinkAll();  // a trace half saved
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, g_kept_message, g_kept_length);
    ::_exit(kExitCancelled);  // nothing removes the raw recording on this way out
}

// Ctrl+C as above while this lives.
class CtrlCWhileConverting {
public:
    explicit CtrlCWhileConverting(const std::string& raw) {
        const std::string text = "syncscope-cli: stopped; the raw recording is kept in '" +
                                 escapeForTerminal(raw) +
                                 "'; make a trace of it later with: syncscope-cli import '" +
                                 escapeForTerminal(raw) + "' --out trace.json\n";
        g_kept_length = std::min(text.size(), sizeof g_kept_message);
        std::memcpy(g_kept_message, text.data(), g_kept_length);
        struct sigaction action {};
        action.sa_handler = onInterruptWhileConverting;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &previous_);
    }
    ~CtrlCWhileConverting() { sigaction(SIGINT, &previous_, nullptr); }
    CtrlCWhileConverting(const CtrlCWhileConverting&) = delete;
    CtrlCWhileConverting& operator=(const CtrlCWhileConverting&) = delete;
    bool interrupted() const { return g_convert_interrupts.load() > 0; }

private:
    struct sigaction previous_ {};
};

std::string prepend(const char* variable, const std::string& value) {
    const char* old = std::getenv(variable);
    return old != nullptr && *old != '\0' ? value + ":" + old : value;
}

}  // namespace

int recordCommand(const RecordOptions& options) {
    if (const std::string problem = outputFileProblem(options.out, {}); !problem.empty()) {
        printWriteError(options.out, problem);
        return kExitBadInput;
    }
    CaptureOptions capture;
    if (std::string why = capture.set(options.delay_s, options.duration_s, options.capture_range);
        !why.empty()) {
        std::cerr << "syncscope-cli: " << escapeForTerminal(why) << '\n';
        return kExitBadInput;
    }
    const fs::path dir = recorderDir();
    const fs::path inject = dir / "libsyncscope_inject.so";
    std::error_code ec;
    if (!fs::exists(inject, ec)) {
        std::cerr << "syncscope-cli: cannot record: " << escapeForTerminal(inject.string())
                  << " is missing (this build has no CUDA recorder: it was built without the CUDA "
                     "toolkit). Record with the PyTorch profiler and open its trace instead.\n";
        return kExitBadInput;
    }
    RecordingFolder folder(options.record_dir);
    if (folder.path().empty()) {
        std::cerr << "syncscope-cli: " << escapeForTerminal(folder.error()) << '\n';
        return kExitBadInput;
    }
    std::map<std::string, std::string> env{
        {"CUDA_INJECTION64_PATH", inject.string()},
        {"NVTX_INJECTION64_PATH", inject.string()},
        {"SYNCSCOPE_INJECT_LIB", inject.string()},
        {"SYNCSCOPE_RECORD_DIR", folder.path()},
        {"LD_PRELOAD", prepend("LD_PRELOAD", (dir / "libsyncscope_exit.so").string())},
    };
    if (options.python_hook)
        env["PYTHONPATH"] = prepend("PYTHONPATH", (dir / "python").string());
    if (options.max_size_bytes > 0)
        env["SYNCSCOPE_RECORD_MAX_BYTES"] = std::to_string(options.max_size_bytes);
    if (capture.delay_ns > 0)
        env["SYNCSCOPE_RECORD_DELAY_NS"] = std::to_string(capture.delay_ns);
    if (capture.duration_ns > 0)
        env["SYNCSCOPE_RECORD_DURATION_NS"] = std::to_string(capture.duration_ns);

    ProgramLauncher launcher;
    if (std::string why = launcher.start(options.command, env); !why.empty()) {
        std::cerr << "syncscope-cli: " << escapeForTerminal(why) << '\n';
        return kExitBadInput;
    }
    if (!options.quiet)
        std::cerr << "syncscope-cli: recording " << escapeForTerminal(options.command.front())
                  << (options.record_dir.empty()
                          ? std::string()
                          : " into '" + escapeForTerminal(folder.path()) + "'")
                  << "; Ctrl+C stops it and keeps what was recorded\n";
    const int status = launcher.wait();
    int program_status = launcher.interrupted() ? kExitCancelled : status;

    CtrlCWhileConverting ctrl_c(folder.path());
    if (!options.quiet)
        std::cerr << "syncscope-cli: the program ended; making its trace\n";
    ImportResult recorded = RecordingSet::load(folder.path(), capture);
    for (const auto& warning : recorded.warnings)
        std::cerr << "warning: " << escapeForTerminal(warning) << '\n';
    if (!recorded.ok()) {
        std::cerr << "syncscope-cli: " << escapeForTerminal(options.command.front()) << ": "
                  << escapeForTerminal(recorded.error, LineBreaks::Keep) << "; no trace written\n";
        // Nothing to record is no failure of the program's: its own status stands.
        if (recorded.error == RecordingSet::kNoCudaCalls)
            return ctrl_c.interrupted() ? kExitCancelled : program_status;
        keepRawRecording(folder);
        return ctrl_c.interrupted()  ? kExitCancelled
               : program_status != 0 ? program_status
                                     : kExitBadInput;
    }
    std::string error;
    if (!TraceFile::save(*recorded.trace, options.out, error)) {
        printWriteError(options.out, error);
        keepRawRecording(folder);
        return ctrl_c.interrupted()  ? kExitCancelled
               : program_status != 0 ? program_status
                                     : kExitBadInput;
    }
    if (!options.quiet)
        std::cout << escapeForTerminal(options.command.front()) << ": "
                  << recorded.trace->events.size() << " events on " << recorded.trace->lanes.size()
                  << " lanes (" << recorded.stats.torch_calls << " torch-level calls) -> "
                  << escapeForTerminal(options.out) << '\n';
    if (ctrl_c.interrupted()) {
        // Stopped by Ctrl+C, as a run is: status 3, and what it was made of is kept.
        keepRawRecording(folder);
        program_status = kExitCancelled;
    }
    if (status != 0 && !launcher.interrupted())
        std::cerr << "syncscope-cli: the program exited with status " << status << '\n';
    return program_status;
}

}  // namespace syncscope::cli
