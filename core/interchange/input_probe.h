#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace syncscope {

// What a file on disk holds, decided from its first bytes only: the one classifier of input
// formats (docs/architecture.md section 2). Every way in (CLI, window, headless export) probes a
// file once, on a worker where there is a window, and hands the probe on: the readers after it
// (TraceOpener, TraceImporter, TraceFile) take the format and the compression from it instead of
// reading the head again. A directory, a pipe or a device gets a true error instead of a hang or
// a whole-file read, and nothing but a native trace is ever read whole.
class InputProbe {
public:
    enum class Format {
        Error,     // `error` says why (missing, a directory, not a regular file, unreadable)
        Empty,     // a regular file of zero bytes
        Native,    // a syncscope trace (plain or gzip)
        Scenario,  // a syncscope scenario
        Json,      // other JSON: Kineto / Chrome trace (plain or gzip)
        Sqlite,    // an Nsight Systems SQLite export (or another SQLite database)
        Unknown,   // none of the above (including gzip of something else)
    };

    // Bytes examined: what a native or scenario file writes first fits well within this.
    static constexpr std::size_t kHeadBytes = 4096;

    Format format = Format::Error;
    bool gzip = false;
    std::string head;   // up to kHeadBytes of the (inflated) start of the file
    std::string error;  // for Format::Error: "<path>: is a directory", ...

    // Never blocks on a FIFO and never reads more than one chunk of the file.
    static InputProbe probe(const std::string& path);
    // The same for bytes already in memory (drag and drop, tests, fuzzing).
    static InputProbe ofBytes(std::string_view bytes);
    // The decision itself, for the (inflated) first bytes.
    static Format classify(std::string_view head, bool gzip);

    // How many times a file's head has been read, in this process: what a test counts to prove
    // that one open reads it once.
    static std::uint64_t headReads();
    // The same, on the calling thread only: a window test proves that its GUI thread read none.
    static std::uint64_t headReadsOnThisThread();
};

}  // namespace syncscope
