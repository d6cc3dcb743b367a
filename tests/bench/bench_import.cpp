// Import throughput and memory on a real trace scaled up: one recorded Kineto trace (a
// param-dlrm rank by default) is replicated N times, each copy shifted past the previous one in
// time and in its correlation/flow ids, until the file reaches --mb megabytes. Then, in one run so
// that every figure sees the same machine load:
//  - parse-only reference: simdjson DOM over the same bytes, in memory (the parse limit);
//  - in-process import (importTrace, best of N as the reference, their runs taking turns): wall
//    MB/s, and its ratio to the reference;
//  - the CLI as a child process (syncscope-cli import FILE --out NATIVE): wall time and peak RSS
//    (RUSAGE_CHILDREN), the whole job of a user's import, save included;
//  - the native loader (TraceFile::load) of that output: peak RSS growth over its size.
// The last line is machine-readable: result: mb_s=... parse_only_mb_s=... ratio=...
// peak_rss_ratio=... native_load_rss_ratio=... cli_mb_s=... cpu_ratio=... (cpu_ratio: the parse's
// CPU time over the import's, both threads summed: the work done, whatever the machine's load).
// Usage: bench_import [--mb M=300] [--quick (about 5 MB)] [--source TRACE.json[.gz]]
//                     [--cli PATH] [--keep DIR] [--runs N=3 (best of N, reference and import)]
// Both the reference and the import run once untimed first: the first parse of a process
// allocates the parser's buffers and the first import finds no freed heap to reuse, and on this
// VM class each fresh 4 KiB page costs ~15 us. Without it the reference's "best of 2" was one
// warm parse against a cold one (1.1-1.7 GB/s from run to run; 63 MB/s with --runs 1). The cold
// import is printed too (cold_mb_s), and the CLI's import is a fresh process (cli_mb_s).
// Timings are printed, never asserted: the CTest entry (bench_import_quick) only checks that it
// runs and prints its result line.

#include <simdjson.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/interchange/trace_importer.h"
#include "core/io/atomic_file.h"
#include "core/io/gzip.h"
#include "core/tracefile/trace_file.h"
#include "tests/bench/proc_status.h"

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

double seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

using syncscope::bench::statusKb;

// This process's CPU time (user + system, every thread), in seconds.
double cpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return s(usage.ru_utime) + s(usage.ru_stime);
}

// Resets VmHWM to the current RSS, so the next reading is the peak of one phase.
void resetPeak() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

std::uint64_t fileSize(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr)
        return 0;
    std::fseek(f, 0, SEEK_END);
    const long size = std::ftell(f);
    std::fclose(f);
    return size > 0 ? static_cast<std::uint64_t>(size) : 0;
}

struct Options {
    double mb = 300;
    std::string source;
    std::string cli = SYNCSCOPE_CLI_PATH;
    std::string keep;
    int runs = 3;  // best of this many, for the reference and the import alike
};

bool parseArgs(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
        if (a == "--quick") {
            o.mb = 5;
        } else if (a == "--mb" || a == "--source" || a == "--cli" || a == "--keep" ||
                   a == "--runs") {
            const char* v = value();
            if (v == nullptr) {
                std::fprintf(stderr, "%s needs a value\n", a.c_str());
                return false;
            }
            if (a == "--mb")
                o.mb = std::strtod(v, nullptr);
            else if (a == "--runs")
                o.runs = std::max(1, std::atoi(v));
            else if (a == "--source")
                o.source = v;
            else if (a == "--cli")
                o.cli = v;
            else
                o.keep = v;
        } else {
            std::fprintf(stderr, "unknown argument '%s'\n", a.c_str());
            return false;
        }
    }
    if (o.mb <= 0) {
        std::fprintf(stderr, "--mb must be positive\n");
        return false;
    }
    if (o.source.empty()) {
        const char* env = std::getenv("SYNCSCOPE_TRACES_DIR");
        const std::string dir =
            env != nullptr && *env != 0 ? env : SYNCSCOPE_SOURCE_DIR "/../shared/data/traces";
        o.source = dir + "/param-dlrm-ranks/worker1_step_12.1694128201556.pt.trace.json.gz";
    }
    return true;
}

// Shifts an integer field by `delta` where present.
void shift(json& object, const char* key, std::int64_t delta) {
    const auto it = object.find(key);
    if (it != object.end() && it->is_number_integer())
        *it = it->get<std::int64_t>() + delta;
    else if (it != object.end() && it->is_number_float())
        *it = it->get<double>() + static_cast<double>(delta);
}

// Widens [lo, hi] to an integer field's value where present.
void widen(const json& object, const char* key, std::int64_t& lo, std::int64_t& hi) {
    const auto it = object.find(key);
    if (it != object.end() && it->is_number()) {
        lo = std::min(lo, it->get<std::int64_t>());
        hi = std::max(hi, it->get<std::int64_t>());
    }
}

// Writes `path`: the source's top-level keys once, its events `copies` times, shifted. Returns the
// number of events written, or -1.
long writeReplicated(const json& source, const std::string& path, double target_mb) {
    const json& events = source.at("traceEvents");
    // Correlation ids (and the launch flows' ids, which are correlations) and external (op) ids
    // are two numberings: each copy continues both where the last one stopped, as one long
    // profiling session would, so the ids stay as dense as in a real trace.
    std::int64_t t_min = INT64_MAX, t_max = INT64_MIN;
    std::int64_t corr_lo = INT64_MAX, corr_hi = INT64_MIN, ext_lo = INT64_MAX, ext_hi = INT64_MIN;
    for (const auto& e : events) {
        if (e.contains("ts") && e["ts"].is_number()) {
            const auto ts = e["ts"].get<std::int64_t>();
            const auto dur =
                e.contains("dur") && e["dur"].is_number() ? e["dur"].get<std::int64_t>() : 0;
            t_min = std::min(t_min, ts);
            t_max = std::max(t_max, ts + dur);
        }
        widen(e, "id", corr_lo, corr_hi);
        if (e.contains("args") && e["args"].is_object()) {
            widen(e["args"], "correlation", corr_lo, corr_hi);
            widen(e["args"], "External id", ext_lo, ext_hi);
        }
    }
    const std::int64_t time_step = t_max - t_min + 1000;
    const std::int64_t corr_step = corr_hi >= corr_lo ? corr_hi - corr_lo + 1 : 1;
    const std::int64_t ext_step = ext_hi >= ext_lo ? ext_hi - ext_lo + 1 : 1;
    std::vector<std::string> texts;  // one copy's events; ids and times rewritten per copy
    std::string head = "{";
    for (const auto& [key, value] : source.items())
        if (key != "traceEvents")
            head += json(key).dump() + ":" + value.dump() + ",\n";
    head += "\"traceEvents\":[\n";
    std::FILE* out = std::fopen(path.c_str(), "wb");
    if (out == nullptr) {
        std::perror(path.c_str());
        return -1;
    }
    std::fwrite(head.data(), 1, head.size(), out);
    const auto target = static_cast<std::uint64_t>(target_mb * 1e6);
    std::uint64_t written = head.size();
    long count = 0;
    std::string chunk;
    for (std::int64_t copy = 0; written < target; ++copy) {
        for (const auto& original : events) {
            json e = original;
            if (e.value("ph", "") == "M" && copy > 0)
                continue;  // metadata (thread names) once
            shift(e, "ts", copy * time_step);
            shift(e, "id", copy * corr_step);
            if (e.contains("args") && e["args"].is_object()) {
                shift(e["args"], "correlation", copy * corr_step);
                shift(e["args"], "External id", copy * ext_step);
            }
            if (count > 0)
                chunk += ",\n";
            chunk += e.dump();
            ++count;
        }
        written += chunk.size();
        std::fwrite(chunk.data(), 1, chunk.size(), out);
        chunk.clear();
    }
    const std::string tail = "\n]}\n";
    std::fwrite(tail.data(), 1, tail.size(), out);
    if (std::fclose(out) != 0) {
        std::perror(path.c_str());
        return -1;
    }
    return count;
}

// The reference: simdjson's DOM parse of the same bytes, already in memory. Its runs take turns
// with the import's (see main), and the best of them counts, so a moment of load on a shared
// machine does not make the target easier.
class ParseReference {
public:
    // Reads `path` and parses it once untimed (which allocates the parser's buffers).
    bool load(const std::string& path) {
        simdjson::dom::element warm;
        return simdjson::padded_string::load(path).get(text_) == simdjson::SUCCESS &&
               parser_.parse(text_).get(warm) == simdjson::SUCCESS;
    }
    // One timed parse: its MB/s, or 0 when it fails; `cpu_s` gets its CPU seconds.
    double once(double& cpu_s) {
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        simdjson::dom::element root;
        if (parser_.parse(text_).get(root) != simdjson::SUCCESS)
            return 0;
        const double s = seconds(t0, Clock::now());
        cpu_s = cpuSeconds() - cpu0;
        return static_cast<double>(text_.size()) / 1e6 / s;
    }

private:
    simdjson::padded_string text_;
    simdjson::dom::parser parser_;
};

// Runs `argv` as a child; its wall seconds, or -1. `peak_kb` gets the children's peak RSS.
double runChild(const std::vector<std::string>& args, long& peak_kb) {
    std::vector<char*> argv;
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);  // else the child's freopen writes our buffered lines a second time
    const auto t0 = Clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        ::execv(argv[0], argv.data());
        std::_Exit(127);
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    const double s = seconds(t0, Clock::now());
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    peak_kb = usage.ru_maxrss;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (!parseArgs(argc, argv, o))
        return 2;
    std::string raw, error;
    if (!syncscope::AtomicFile::read(o.source, raw, error)) {
        std::fprintf(stderr, "bench_import: %s\n", error.c_str());
        return 1;
    }
    if (syncscope::Gzip::looksCompressed(raw)) {
        std::string plain;
        if (!syncscope::Gzip::decompress(raw, plain, error)) {
            std::fprintf(stderr, "bench_import: %s: %s\n", o.source.c_str(), error.c_str());
            return 1;
        }
        raw = std::move(plain);
    }
    const json source = json::parse(raw, nullptr, false);
    if (source.is_discarded() || !source.contains("traceEvents")) {
        std::fprintf(stderr, "bench_import: %s is not a Kineto trace\n", o.source.c_str());
        return 1;
    }
    raw.clear();
    raw.shrink_to_fit();
    const std::string dir = o.keep.empty() ? "/tmp" : o.keep;
    const std::string stem = dir + "/syncscope_bench_import_" + std::to_string(::getpid());
    const std::string input = stem + ".json", native = stem + ".syncscope";
    const auto g0 = Clock::now();
    const long written = writeReplicated(source, input, o.mb);
    if (written < 0)
        return 1;
    const double file_mb = static_cast<double>(fileSize(input)) / 1e6;
    std::printf("input           %.1f MB, %ld events (%s replicated, %.1f s to write)\n", file_mb,
                written, o.source.c_str(), seconds(g0, Clock::now()));

    auto reference = std::make_unique<ParseReference>();
    if (!reference->load(input)) {
        std::fprintf(stderr, "bench_import: simdjson cannot parse %s\n", input.c_str());
        return 1;
    }
    // Best of `runs` for both, the reference's and the import's runs taking turns: measured one
    // after the other, a drift of a shared machine's speed between the two phases moved the ratio
    // by a third (0.33 to 0.48 in three runs). The peak RSS is the cold run's; CPU time is both
    // threads' (import on two threads).
    double parse_only = 0, parse_cpu_s = 0;
    double import_s = 0, import_cpu_s = 0, cold_s = 0;
    long import_peak_kb = 0;
    std::size_t events = 0, flows = 0, lanes = 0;
    for (int run = -1; run < o.runs; ++run) {  // run -1: the cold import, not in the best
        if (run >= 0) {
            double cpu = 0;
            const double mbs = reference->once(cpu);
            if (mbs <= 0) {
                std::fprintf(stderr, "bench_import: simdjson cannot parse %s\n", input.c_str());
                return 1;
            }
            if (mbs > parse_only) {
                parse_only = mbs;
                parse_cpu_s = cpu;
            }
        }
        resetPeak();
        const long rss0 = statusKb("VmRSS:");
        const double cpu0 = cpuSeconds();
        const auto t0 = Clock::now();
        auto imported = syncscope::importTrace(input);
        const double s = seconds(t0, Clock::now());
        const double cpu = cpuSeconds() - cpu0;
        if (run == -1)
            import_peak_kb = statusKb("VmHWM:") - rss0;
        if (!imported.ok()) {
            std::fprintf(stderr, "bench_import: import failed: %s\n", imported.error.c_str());
            return 1;
        }
        if (run == -1)
            cold_s = s;
        else if (run == 0 || s < import_s) {
            import_s = s;
            import_cpu_s = cpu;
        }
        events = imported.trace->events.size();
        flows = imported.trace->flows.size();
        lanes = imported.trace->lanes.size();
    }
    reference.reset();  // its text and buffers, before the CLI's and the loader's figures
    std::printf("parse only      %.0f MB/s (simdjson DOM, in memory, best of %d; %.3f s CPU)\n",
                parse_only, o.runs, parse_cpu_s);
    const double mb_s = file_mb / import_s;
    std::printf(
        "import          %.3f s (%.3f s CPU) = %.0f MB/s in process (best of %d), %.1f%% of parse "
        "only; %zu events, %zu flows, %zu lanes; cold (first) import %.3f s = %.0f MB/s, peak "
        "RSS +%.1f MB\n",
        import_s, import_cpu_s, mb_s, o.runs, 100 * mb_s / parse_only, events, flows, lanes, cold_s,
        file_mb / cold_s, static_cast<double>(import_peak_kb) / 1024);

    long cli_peak_kb = 0;
    const double cli_s = runChild({o.cli, "import", input, "--out", native}, cli_peak_kb);
    if (cli_s < 0) {
        std::fprintf(stderr, "bench_import: '%s import' failed\n", o.cli.c_str());
        return 1;
    }
    const double peak_ratio = static_cast<double>(cli_peak_kb) * 1024 / 1e6 / file_mb;
    std::printf("CLI import+save %.3f s = %.0f MB/s end to end; peak RSS %.1f MB = %.3f x file\n",
                cli_s, file_mb / cli_s, static_cast<double>(cli_peak_kb) / 1024, peak_ratio);

    const double native_mb = static_cast<double>(fileSize(native)) / 1e6;
    resetPeak();
    const long rss1 = statusKb("VmRSS:");
    const auto l0 = Clock::now();
    auto loaded = syncscope::TraceFile::load(native);
    const double load_s = seconds(l0, Clock::now());
    const long load_peak_kb = statusKb("VmHWM:") - rss1;
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_import: load failed: %s\n", loaded.error.c_str());
        return 1;
    }
    const double load_ratio = static_cast<double>(load_peak_kb) * 1024 / 1e6 / native_mb;
    std::printf("native load     %.1f MB in %.3f s = %.0f MB/s; peak RSS +%.1f MB = %.2f x file\n",
                native_mb, load_s, native_mb / load_s, static_cast<double>(load_peak_kb) / 1024,
                load_ratio);
    if (o.keep.empty()) {
        std::remove(input.c_str());
        std::remove(native.c_str());
    }
    std::printf(
        "result: mb_s=%.1f parse_only_mb_s=%.1f ratio=%.3f peak_rss_ratio=%.3f "
        "native_load_rss_ratio=%.3f cli_mb_s=%.1f cpu_ratio=%.3f cold_mb_s=%.1f\n",
        mb_s, parse_only, mb_s / parse_only, peak_ratio, load_ratio, file_mb / cli_s,
        import_cpu_s > 0 ? parse_cpu_s / import_cpu_s : 0.0, file_mb / cold_s);
    return 0;
}
