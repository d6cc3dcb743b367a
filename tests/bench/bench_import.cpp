// Import throughput and memory: writes a ~100 MB Kineto-style trace to a temporary file, imports
// it with importTrace(), and prints MB/s and peak RSS growth per MB of file.
// Targets (DESIGN.md "large traces"): >= 500 MB/s, peak memory <= file size.
// Usage: bench_import [megabytes=100] [keep-file-path]

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/interchange/trace_importer.h"

namespace {

// Kilobytes from /proc/self/status ("VmRSS", "VmHWM").
long statusKb(const char* key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(key, 0) == 0)
            return std::strtol(line.c_str() + std::string(key).size() + 1, nullptr, 10);
    return -1;
}

// A profiler step's worth of records, like PyTorch's: an op, its launch, the kernel, the flow pair,
// now and then a copy, a sync with its cuda_sync record, and an allocator sample.
void appendStep(std::string& out, long i) {
    // Relative microseconds with ns decimals, as current PyTorch writes them (baseTimeNanoseconds).
    const long ts = 1419247332972 + i * 50;
    const long corr = 100000 + i;
    char buf[2048];
    int n = std::snprintf(
        buf, sizeof(buf),
        "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::linear\",\"pid\":4242,\"tid\":4242,"
        "\"ts\":%ld.125,\"dur\":20.5,"
        "\"args\":{\"External id\":%ld,\"Record function id\":0,\"Input "
        "Dims\":[[64,512],[512,512]],\"Ev Idx\":%ld}},\n"
        "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":4242,\"tid\":"
        "4242,\"ts\":%ld.500,"
        "\"dur\":4.25,\"args\":{\"External id\":%ld,\"cbid\":211,\"correlation\":%ld}},\n"
        "{\"ph\":\"s\",\"id\":%ld,\"pid\":4242,\"tid\":4242,\"ts\":%ld.500,\"cat\":\"ac2g\","
        "\"name\":\"ac2g\"},\n"
        "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"void "
        "at::native::vectorized_elementwise_kernel<4, at::native::"
        "FillFunctor<float>, at::detail::Array<char*, 1> >(int, "
        "at::native::FillFunctor<float>)\",\"pid\":0,\"tid\":%ld,"
        "\"ts\":%ld.750,\"dur\":30.125,\"args\":{\"External "
        "id\":%ld,\"queued\":0,\"device\":0,\"context\":1,\"stream\":%ld,"
        "\"correlation\":%ld,\"registers per thread\":16,\"shared memory\":0,\"blocks per "
        "SM\":0.5,\"warps per SM\":2,"
        "\"grid\":[128,1,1],\"block\":[128,1,1],\"est. achieved occupancy %%\":25}},\n"
        "{\"ph\":\"f\",\"id\":%ld,\"pid\":0,\"tid\":%ld,\"ts\":%ld.750,\"cat\":\"ac2g\",\"name\":"
        "\"ac2g\",\"bp\":\"e\"},\n",
        ts, corr, i, ts, corr, corr, corr, ts, 7 + i % 4, ts + 10, corr, 7 + i % 4, corr, corr,
        7 + i % 4, ts + 10);
    out.append(buf, static_cast<std::size_t>(n));
    if (i % 8 == 0) {
        n = std::snprintf(
            buf, sizeof(buf),
            "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":"
            "4242,"
            "\"tid\":4242,\"ts\":%ld.900,\"args\":{\"Total Reserved\":%ld,\"Total Allocated\":%ld,"
            "\"Bytes\":4096,\"Addr\":128184607182336,\"Device Id\":0,\"Device Type\":1}},\n",
            ts, 1L << 30, (1L << 29) + (i % 1000) * 4096);
        out.append(buf, static_cast<std::size_t>(n));
    }
    if (i % 64 == 0) {
        n = std::snprintf(
            buf, sizeof(buf),
            "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaStreamSynchronize\",\"pid\":"
            "4242,"
            "\"tid\":4242,\"ts\":%ld.950,\"dur\":40,\"args\":{\"cbid\":131,\"correlation\":%ld}},\n"
            "{\"ph\":\"X\",\"cat\":\"cuda_sync\",\"name\":\"Stream "
            "Sync\",\"pid\":0,\"tid\":7,\"ts\":%ld.960,"
            "\"dur\":39,\"args\":{\"cuda_sync_kind\":\"Stream "
            "Sync\",\"stream\":7,\"correlation\":%ld,"
            "\"device\":0,\"context\":1}},\n",
            ts, 900000000 + i, ts, 900000000 + i);
        out.append(buf, static_cast<std::size_t>(n));
    }
}

}  // namespace

int main(int argc, char** argv) {
    const long megabytes = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 100;
    std::string path = argc > 2 ? argv[2]
                                : std::string("/tmp/syncscope_bench_import_") +
                                      std::to_string(::getpid()) + ".json";
    const bool reuse = argc > 2 && std::fopen(path.c_str(), "rb") != nullptr;
    if (!reuse) {
        std::FILE* file = std::fopen(path.c_str(), "wb");
        if (file == nullptr) {
            std::perror(path.c_str());
            return 1;
        }
        std::string chunk =
            "{\"schemaVersion\":1,\"deviceProperties\":[{\"id\":0,\"name\":\"Bench "
            "GPU\",\"numSms\":132,"
            "\"totalGlobalMem\":150000000000}],\"traceEvents\":[\n";
        long written = 0;
        for (long i = 0; written + static_cast<long>(chunk.size()) < megabytes * 1000000; ++i) {
            appendStep(chunk, i);
            if (chunk.size() > (1 << 20)) {
                written += static_cast<long>(std::fwrite(chunk.data(), 1, chunk.size(), file));
                chunk.clear();
            }
        }
        chunk +=
            "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"tid\":0,\"args\":{\"name\":"
            "\"bench\"}}\n]}\n";
        std::fwrite(chunk.data(), 1, chunk.size(), file);
        std::fclose(file);
    }
    std::FILE* probe = std::fopen(path.c_str(), "rb");
    std::fseek(probe, 0, SEEK_END);
    const double file_mb = static_cast<double>(std::ftell(probe)) / 1e6;
    std::fclose(probe);

    // Reset the high-water mark so it measures the import only.
    { std::ofstream("/proc/self/clear_refs") << "5"; }
    const long rss_before = statusKb("VmRSS:");
    rusage u0{}, u1{};
    getrusage(RUSAGE_SELF, &u0);
    const auto t0 = std::chrono::steady_clock::now();
    const auto result = syncscope::importTrace(path);
    const auto t1 = std::chrono::steady_clock::now();
    getrusage(RUSAGE_SELF, &u1);
    auto secs = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    const double cpu =
        secs(u1.ru_utime) - secs(u0.ru_utime) + secs(u1.ru_stime) - secs(u0.ru_stime);
    const long hwm = statusKb("VmHWM:");
    if (argc <= 2)
        std::remove(path.c_str());
    if (!result.ok()) {
        std::fprintf(stderr, "import failed: %s\n", result.error.c_str());
        return 1;
    }
    const double seconds = std::chrono::duration<double>(t1 - t0).count();
    const double peak_mb = static_cast<double>(hwm - rss_before) * 1024.0 / 1e6;
    std::printf("file            %.1f MB\n", file_mb);
    std::printf("events          %zu (+%zu memory samples, %zu flows, %zu lanes)\n",
                result.trace->events.size(), result.trace->memory.size(),
                result.trace->flows.size(), result.trace->lanes.size());
    std::printf("import          %.3f s wall = %.0f MB/s  (target >= 500)\n", seconds,
                file_mb / seconds);
    std::printf(
        "                %.3f s CPU  = %.0f MB/s per core (the wall figure suffers on a loaded "
        "machine)\n",
        cpu, file_mb / cpu);
    std::printf("peak RSS growth %.1f MB = %.2f per MB of file  (target <= 1.00)\n", peak_mb,
                peak_mb / file_mb);
    std::printf("trace in memory %.1f MB\n",
                static_cast<double>(result.trace->memoryFootprint()) / 1e6);
    return 0;
}
