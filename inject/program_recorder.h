#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "core/record/recording_writer.h"

namespace syncscope {

// The recorder inside a user's program (docs/recorder.md): CUDA loads this library through
// CUDA_INJECTION64_PATH (and NVTX through NVTX_INJECTION64_PATH) and calls start(). It records
// with the CUDA engine's CuptiSession and decoder, and a writer thread appends what CUPTI delivers
// to SYNCSCOPE_RECORD_DIR/<pid>.ssrec every few hundred ms, so a crash loses at most that much.
// stop() (at exit, on a fatal signal, or through the exit hook for _exit) flushes the rest and
// closes the file. Never throws and never exits: a recorder that cannot record says so on stderr
// once and leaves the program alone.
class ProgramRecorder {
public:
    static ProgramRecorder& instance();

    // Idempotent; does nothing without SYNCSCOPE_RECORD_DIR.
    void start();
    // Idempotent; `reason` ends up in the file ("exit", "signal 11").
    void stop(const char* reason);
    // In a forked child: close the parent's file without writing; stop() does nothing after.
    void abandonInChild() {
        stopping_ = true;
        stopped_ = true;
        // A grandchild (a worker that forks again) finds it detached already.
        if (thread_.joinable())
            thread_.detach();
        writer_.abandon();
    }

private:
    ProgramRecorder() = default;
    void writerLoop();
    void writeBatch(bool forced_flush);
    void writeNewNames(const CuptiRecordBatch& batch);
    void writeDevices();
    void installExitPaths();

    std::mutex mutex_;  // guards writer_ and the name sets
    std::condition_variable wake_;
    std::atomic<bool> started_{false};
    std::atomic<bool> stopping_{false};
    bool stopped_ = false;
    RecordingWriter writer_;
    std::thread thread_;
    std::set<std::uint32_t> runtime_named_, driver_named_;
    bool devices_written_ = false;
    std::uint64_t start_ns_ = 0, delay_ns_ = 0, duration_ns_ = 0;  // duration 0 = to the end
    bool recording_ = false;
};

}  // namespace syncscope
