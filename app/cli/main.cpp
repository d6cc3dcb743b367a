// syncscope-cli: runs scenarios and analyses traces without a display. Links core only (no Qt),
// so it also runs on a headless GPU server.
#include <CLI/CLI.hpp>
#include <exception>
#include <filesystem>

#include "app/cli/commands.h"
#include "app/cli/option_checks.h"
#include "core/analysis/invariant_checker.h"
#include "core/io/process_guard.h"
#include "core/record/kernel_name_demangler.h"

using namespace syncscope::cli;

int main(int argc, char** argv) {
    // Ctrl+C or a kill during a write must not leave the temporary file behind, and no exception
    // may end the process with an abort (out of memory is exit 2 with a message).
    syncscope::ProcessGuard::install("syncscope-cli");
    CLI::App app{"syncscope-cli: run GPU synchronization scenarios and check their traces"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "syncscope-cli 0.1.0");
    int exit_code = kExitOk;

    RunOptions run;
    auto* run_cmd = app.add_subcommand("run", "Run a scenario on an engine and save its trace");
    run_cmd->add_option("scenario", run.scenario, "Scenario file, or builtin:NAME")->required();
    run_cmd->add_option("--engine", run.engine, "sim, cuda or auto (CUDA when a GPU is usable)")
        ->check(CLI::IsMember({"sim", "cuda", "auto"}))
        ->capture_default_str();
    run_cmd->add_option("--out,-o", run.out, "Write the trace here (.json, or .json.gz)");
    run_cmd->add_flag("--quiet,-q", run.quiet, "Print only errors");
    run_cmd->callback([&] { exit_code = runCommand(run); });

    CheckOptions check;
    auto* check_cmd = app.add_subcommand(
        "check", "Check a trace against the invariants I1–I34 and its scenario's expect claims");
    check_cmd
        ->add_option("trace", check.trace, "Trace file (native, PyTorch JSON or Nsight SQLite)")
        ->required();
    // Bounded so that t ± ε and t ± L cannot overflow inside the checker.
    const CLI::Range tolerance(std::int64_t{0}, syncscope::kMaxCheckToleranceNs,
                               "0 to 10^12 ns (1000 s)");
    check_cmd
        ->add_option("--epsilon-ns", check.epsilon_ns,
                     "Clock tolerance ε, 0 to 10^12 ns (default: the trace's calibration)")
        ->check(tolerance);
    check_cmd
        ->add_option("--wake-bound-ns", check.wake_bound_ns,
                     "Wake-up bound L, 0 to 10^12 ns (default: the trace's measured wake-up "
                     "latency)")
        ->check(tolerance);
    check_cmd->add_option("--max", check.max_listed, "List at most this many violations")
        ->capture_default_str();
    check_cmd->add_flag("--json", check.json,
                        "Machine-readable output: violations, warnings and observations apart "
                        "(docs/cli-json.md)");
    check_cmd->callback([&] { exit_code = checkCommand(check); });

    StatsOptions stats;
    auto* stats_cmd = app.add_subcommand("stats", "Print a trace's summary statistics");
    stats_cmd->add_option("trace", stats.trace, "Trace file")->required();
    stats_cmd->add_flag("--json", stats.json, "Machine-readable output (docs/cli-json.md)");
    stats_cmd->callback([&] {
        syncscope::ProcessGuard::testHook("command");
        exit_code = statsCommand(stats);
    });

    WaitsOptions waits;
    auto* waits_cmd = app.add_subcommand(
        "waits",
        "List every host wait: the call (torch-level where known), why the host was blocked, the "
        "GPU work it waited for and how long after that work the host woke");
    waits_cmd->add_option("trace", waits.trace, "Trace file")->required();
    waits_cmd->add_flag("--json", waits.json, "Machine-readable output (docs/cli-json.md)");
    waits_cmd->callback([&] { exit_code = waitsCommand(waits); });

    DoctorOptions doctor;
    auto* doctor_cmd = app.add_subcommand(
        "doctor",
        "Find the synchronization mistakes in a program's trace (torch.cpu.synchronize() as a "
        "barrier, .item() in every step, pageable copies...), ranked by the GPU time they cost, "
        "with why and how to fix each (docs/doctor.md)");
    doctor_cmd->add_option("trace", doctor.trace, "Trace file")->required();
    doctor_cmd->add_flag("--json", doctor.json, "Machine-readable output (docs/cli-json.md)");
    doctor_cmd->callback([&] { exit_code = doctorCommand(doctor); });

    ModesOptions modes;
    auto* modes_cmd = app.add_subcommand("modes", "Print the sync-mode catalogue");
    modes_cmd->add_flag("--ids", modes.ids_only, "Print only the mode ids");
    modes_cmd->callback([&] { exit_code = modesCommand(modes); });

    CompareOptions compare;
    auto* compare_cmd = app.add_subcommand(
        "compare", "Compare two traces of one scenario (e.g. real vs simulated)");
    compare_cmd->add_option("real", compare.real, "First trace (e.g. the CUDA engine's)")
        ->required();
    compare_cmd->add_option("simulated", compare.simulated, "Second trace (e.g. the simulator's)")
        ->required();
    compare_cmd->callback([&] { exit_code = compareCommand(compare); });

    ImportOptions import;
    auto* import_cmd = app.add_subcommand(
        "import",
        "Import a PyTorch profiler JSON[.gz] or Nsight Systems SQLite trace; several files (the "
        "ranks of one distributed step) are merged into one trace, grouped by rank");
    import_cmd
        ->add_option("file", import.inputs,
                     "The foreign trace, the per-rank traces to merge (at most 64), or the "
                     "folder of raw recordings that record kept")
        ->required();
    import_cmd->add_option("--out,-o", import.out, "Native trace to write")->required();
    import_cmd->callback([&] { exit_code = importCommand(import); });

    CollectivesOptions collectives;
    auto* collectives_cmd = app.add_subcommand(
        "collectives",
        "For a trace of several ranks: which rank each NCCL collective waited for, and how long");
    collectives_cmd->add_option("trace", collectives.trace, "A merged trace (import A B C --out)")
        ->required();
    collectives_cmd->add_flag("--json", collectives.json,
                              "Machine-readable output (docs/cli-json.md)");
    collectives_cmd->callback([&] { exit_code = collectivesCommand(collectives); });

    RecordOptions record;
    auto* record_cmd = app.add_subcommand(
        "record",
        "Record an unmodified program (e.g. -- python3 train.py) with CUPTI and save its trace");
    record_cmd->footer(
        "The program runs with syncscope's injection library (CUDA_INJECTION64_PATH) and, for "
        "Python, a hook that marks torch.cpu.synchronize(), Tensor.item() and the other "
        "torch-level sync calls as NVTX ranges. Every process that uses CUDA is recorded; several "
        "(torchrun, subprocesses) become one timeline grouped by rank (RANK where set). Ctrl+C "
        "stops the program and keeps what was recorded (exit status 3). Otherwise the exit status "
        "is the program's; a program that makes no CUDA call gets a message and no trace. "
        "Limits and the file format: docs/recorder.md.");
    record_cmd->add_option("command", record.command, "The program and its arguments, after --")
        ->required();
    record_cmd->add_option("--out,-o", record.out, "Write the trace here (.json, or .json.gz)")
        ->capture_default_str();
    // At most a million seconds (11 days): the nanoseconds stay far inside 64 bits.
    record_cmd->add_option("--delay", record.delay_s, "Seconds after the start to begin recording")
        ->check(finiteNumber())
        ->check(CLI::Range(0.0, 1e6));
    record_cmd
        ->add_option("--duration", record.duration_s,
                     "Seconds to record (the program runs on); 0 = to its end")
        ->check(finiteNumber())
        ->check(CLI::Range(0.0, 1e6));
    record_cmd->add_option("--capture-range", record.capture_range,
                           "Keep only nvtx:NAME ranges, or what lies between cudaProfilerStart() "
                           "and cudaProfilerStop() (cudaProfilerApi)");
    record_cmd
        ->add_option("--max-size", record.max_size_bytes,
                     "Stop keeping records once a process's recording is this large "
                     "(e.g. 512M, 2G; more than 0); what is left out is counted. Without it, "
                     "there is no limit")
        ->check(positiveSize())
        ->transform(CLI::AsSizeValue(false));
    record_cmd->add_option("--record-dir", record.record_dir,
                           "Keep each process's raw recording (PID.ssrec) in this folder instead "
                           "of a temporary one; it is read as the program runs and kept after");
    record_cmd->add_flag("!--no-python-hook", record.python_hook,
                         "Do not mark the torch-level calls of a Python program");
    record_cmd->add_flag("--quiet,-q", record.quiet, "Print only errors and warnings");
    record_cmd->callback([&] { exit_code = recordCommand(record); });

    ExportOptions chrome;
    auto* chrome_cmd = app.add_subcommand(
        "export-chrome", "Export a trace as Chrome Trace Event JSON (Perfetto, chrome://tracing)");
    chrome_cmd->add_option("trace", chrome.trace, "Trace file")->required();
    chrome_cmd->add_option("--out,-o", chrome.out, "JSON file to write")->required();
    chrome_cmd->callback([&] { exit_code = exportChromeCommand(chrome); });

    ExportOptions csv;
    auto* csv_cmd = app.add_subcommand("export-csv", "Export a trace's events as CSV");
    csv_cmd->add_option("trace", csv.trace, "Trace file")->required();
    csv_cmd->add_option("--out,-o", csv.out, "CSV file to write")->required();
    csv_cmd->callback([&] { exit_code = exportCsvCommand(csv); });

    // The helper that demangles kernel names for record and import (KernelNameDemangler): this
    // program itself, with a memory limit, killed when a name takes too long. Not listed.
    auto* demangle_cmd = app.add_subcommand("__demangle", "");
    demangle_cmd->group("");
    demangle_cmd->callback([&] { exit_code = syncscope::KernelNameDemangler::serve(); });
    std::error_code ec;
    if (const auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec)
        syncscope::KernelNameDemangler::setHelper({self.string(), "__demangle"});

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? kExitOk : kExitBadInput;
    } catch (...) {
        // Last line of defence: the loaders report running out of memory themselves.
        return syncscope::ProcessGuard::report(std::current_exception());
    }
    return exit_code;
}
