#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/record/cupti_records.h"

namespace syncscope {

// Who was recorded: one process of the program `syncscope-cli record` ran (docs/recorder.md).
struct ProcessInfo {
    std::uint32_t pid = 0, parent_pid = 0;
    // RANK, LOCAL_RANK and WORLD_SIZE of the environment (torchrun sets them); -1 when unset.
    std::int64_t rank = -1, local_rank = -1, world_size = -1;
    std::uint64_t start_ns = 0;  // CLOCK_MONOTONIC when the recorder started in the process
    // Record clock − CLOCK_MONOTONIC: 0 when CUPTI took our clock (CuptiSession::usesHostClock).
    std::int64_t record_offset_ns = 0;
    std::string command;  // the process's command line, arguments separated by spaces
    std::string host;     // host name
};

struct RecordedDevice {
    std::uint32_t id = 0;
    std::string name;
    std::uint64_t memory_bytes = 0;
    std::uint32_t sm_count = 0;
};

// How a recording ended (the End chunk of the file).
struct RecordingEnd {
    std::uint64_t end_ns = 0;
    std::uint64_t not_kept = 0;  // records left out because the file reached --max-size
    std::string reason;          // "exit", "signal 11 (SIGSEGV)", ...
};

// Everything the recorder wrote for one process: RecordingWriter writes it piece by piece while
// the program runs, RecordingReader reads it back, RecordingConverter turns it into a Trace.
struct ProcessRecording {
    ProcessInfo process;
    std::vector<RecordedDevice> devices;
    // CUPTI callback ids -> API names ("cudaLaunchKernel_v7000"), so the reader needs no CUPTI.
    std::map<std::uint32_t, std::string> runtime_names, driver_names;
    CuptiRecordBatch records;
    bool ended = false;  // false: the process died before the recorder could close the file
    RecordingEnd end;
    std::vector<std::string> warnings;  // what the reader had to skip, for the user
};

}  // namespace syncscope
