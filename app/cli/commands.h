#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// syncscope-cli subcommands. Each returns the process exit code:
// 0 success, 1 the answer is "no" (violations found, runs disagree, the run failed),
// 2 bad input or an engine that cannot run here, 3 cancelled (Ctrl+C).
namespace syncscope::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNo = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitCancelled = 3;

struct RunOptions {
    std::string scenario;  // a path, or builtin:NAME
    std::string engine = "auto";
    std::string out;  // native trace file (.json or .json.gz); empty: do not save
    bool quiet = false;
};

struct CheckOptions {
    std::string trace;
    std::optional<std::int64_t> epsilon_ns;
    std::optional<std::int64_t> wake_bound_ns;
    std::size_t max_listed = 50;
    bool json = false;
};

struct StatsOptions {
    std::string trace;
    bool json = false;
};

struct WaitsOptions {
    std::string trace;
    bool json = false;
};

struct DoctorOptions {
    std::string trace;
    bool json = false;
};

struct ModesOptions {
    bool ids_only = false;
};

struct CompareOptions {
    std::string real;
    std::string simulated;
};

struct ImportOptions {
    std::vector<std::string> inputs;  // several: the per-rank files of one step, merged
    std::string out;
};

struct RecordOptions {
    std::vector<std::string> command;  // the program and its arguments
    std::string out = "recording.json.gz";
    double delay_s = 0;
    double duration_s = 0;  // 0: to the program's end
    std::string capture_range;
    std::uint64_t max_size_bytes = 0;  // 0: no limit
    // Where each process writes its raw recording; empty: a temporary folder, removed at the end.
    // Given, it is made if missing and kept (the window reads it while the program runs).
    std::string record_dir;
    bool python_hook = true;
    bool quiet = false;
};

struct CollectivesOptions {
    std::string trace;
    bool json = false;
};

struct ExportOptions {
    std::string trace;
    std::string out;
};

int runCommand(const RunOptions& options);
int checkCommand(const CheckOptions& options);
int statsCommand(const StatsOptions& options);
int waitsCommand(const WaitsOptions& options);
int doctorCommand(const DoctorOptions& options);
int modesCommand(const ModesOptions& options);
int compareCommand(const CompareOptions& options);
int importCommand(const ImportOptions& options);
int collectivesCommand(const CollectivesOptions& options);
int recordCommand(const RecordOptions& options);
int exportChromeCommand(const ExportOptions& options);
int exportCsvCommand(const ExportOptions& options);

}  // namespace syncscope::cli
