// Stands in for a CUDA program under `syncscope-cli record` on a machine without a GPU: it checks
// the environment the recorder gave it and writes, through the recorder's own writer, what the
// injection library would have written: argv[1] processes (itself with RANK 0 and forked children
// without), each one PyTorch step (recording_fixtures.h). argv[2] "nohook": PYTHONPATH must not
// name the Python hook. argv[3]: milliseconds to run on after writing (a program still running
// while the window reads its recording). FAKE_RECORDED_CALLS=N adds N launches to the first
// process, FAKE_KERNEL_NAME names its kernel; FAKE_HOSTILE_RECORDING=1 writes a hostile recording
// beside its own. Exits 0, or 4-7
// naming what was wrong.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/record/recording_format.h"
#include "tests/core/record/recording_fixtures.h"

namespace {

// The recorder puts its hook folder first on PYTHONPATH.
bool hasHook() {
    const char* path = std::getenv("PYTHONPATH");
    if (path == nullptr)
        return false;
    const std::string first = std::string(path).substr(0, std::string(path).find(':'));
    return access((first + "/sitecustomize.py").c_str(), R_OK) == 0;
}

int writeOne(std::int64_t rank) {
    const char* dir = std::getenv("SYNCSCOPE_RECORD_DIR");
    if (dir == nullptr)
        return 4;
    const auto pid = static_cast<std::uint32_t>(getpid());
    const std::string path = std::string(dir) + "/" + std::to_string(pid) + ".ssrec";
    syncscope::ProcessRecording r = syncscope::test::stepRecording(pid, rank);
    // FAKE_KERNEL_NAME=NAME: the kernel's mangled name.
    if (const char* kernel = std::getenv("FAKE_KERNEL_NAME"); kernel != nullptr)
        for (syncscope::GpuOpRecord& op : r.records.gpu)
            if (op.kind == syncscope::GpuOpRecord::Kind::Kernel)
                op.name = kernel;
    // FAKE_RECORDED_CALLS=N: N more launches, for a recording that takes a while to convert.
    if (const char* calls = std::getenv("FAKE_RECORDED_CALLS"); calls != nullptr) {
        const syncscope::ApiRecord launch = r.records.api.front();
        const long n = std::atol(calls);
        for (long i = 0; i < n; ++i) {
            syncscope::ApiRecord a = launch;
            a.start += static_cast<std::uint64_t>(i) * 10;
            a.end = a.start + 5;
            a.correlation = static_cast<std::uint32_t>(1000 + i);
            r.records.api.push_back(a);
        }
    }
    return syncscope::test::writeRecording(path, r).empty() ? 0 : 4;
}

}  // namespace

int main(int argc, char** argv) {
    const int processes = argc > 1 ? std::atoi(argv[1]) : 1;
    const std::string inject =
        std::getenv("CUDA_INJECTION64_PATH") ? std::getenv("CUDA_INJECTION64_PATH") : "";
    const char* nvtx = std::getenv("NVTX_INJECTION64_PATH");
    if (inject.empty() || nvtx == nullptr || inject != nvtx)
        return 6;
    const bool hook_expected = !(argc > 2 && std::string(argv[2]) == "nohook");
    if (hasHook() != hook_expected)
        return 5;
    for (int i = 1; i < processes; ++i) {
        const pid_t child = fork();
        if (child == 0)
            _exit(writeOne(-1));
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            return 7;
    }
    const int status = writeOne(0);
    // FAKE_HOSTILE_RECORDING=1: a second file beside it, a recording header and then a records
    // chunk that claims 4 GiB and a list count past its bytes.
    if (std::getenv("FAKE_HOSTILE_RECORDING") != nullptr) {
        const std::string path = std::string(std::getenv("SYNCSCOPE_RECORD_DIR")) + "/" +
                                 std::to_string(getpid() + 1) + ".ssrec";
        std::string bytes(syncscope::recording_format::kMagic);
        auto put = [&bytes](auto value) {
            for (std::size_t i = 0; i < sizeof value; ++i)
                bytes += static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xff);
        };
        put(syncscope::recording_format::kVersion);
        put(std::uint32_t{syncscope::recording_format::Records});
        put(std::uint64_t{4} << 30);
        put(std::uint32_t{0xffffffff});
        if (FILE* f = std::fopen(path.c_str(), "wb")) {
            std::fwrite(bytes.data(), 1, bytes.size(), f);
            std::fclose(f);
        }
    }
    if (argc > 3)
        usleep(static_cast<useconds_t>(std::atoi(argv[3])) * 1000);
    return status;
}
