#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "core/record/process_recording.h"

namespace syncscope {

// Appends a process's recording to its file while the program runs (recording_format.h). Each
// chunk goes out in one write(), so whatever was written survives the process's crash. Used by
// the injection library, so it needs nothing but the C++ library and POSIX.
class RecordingWriter {
public:
    RecordingWriter() = default;
    RecordingWriter(const RecordingWriter&) = delete;
    RecordingWriter& operator=(const RecordingWriter&) = delete;
    ~RecordingWriter();

    // Creates `path`, which must not exist yet (one file per process), and writes the header.
    // "" on success, else why not.
    std::string open(const std::string& path);
    // Records chunks that would take the file past `bytes` are left out and counted (0 = no limit).
    // The process, device, names and end chunks are always written.
    void setMaxBytes(std::uint64_t bytes) { max_bytes_ = bytes; }

    void writeProcess(const ProcessInfo& info);
    void writeDevice(const RecordedDevice& device);
    // domain 0: runtime API, 1: driver API.
    void writeNames(std::uint8_t domain, const std::map<std::uint32_t, std::string>& names);
    void writeRecords(const CuptiRecordBatch& batch);
    // The last chunk; the file is closed after it.
    void writeEnd(RecordingEnd end);

    // Closes the file without an end chunk: a forked child must not write into its parent's file.
    void abandon() { close(); }

    bool isOpen() const { return fd_ >= 0; }
    std::uint64_t bytes() const { return bytes_; }
    std::uint64_t notKept() const { return not_kept_; }
    // The first write that failed ("" if none); later chunks are not attempted.
    const std::string& error() const { return error_; }

private:
    void writeChunk(std::uint32_t tag, const std::string& payload);
    void close();

    int fd_ = -1;
    std::string path_;
    std::uint64_t bytes_ = 0;
    std::uint64_t max_bytes_ = 0;
    std::uint64_t not_kept_ = 0;
    bool full_ = false;  // a batch went over max_bytes_: no later one is kept
    std::string error_;
};

}  // namespace syncscope
