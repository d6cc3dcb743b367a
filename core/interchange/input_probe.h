#pragma once

#include <string>
#include <string_view>

namespace syncscope {

// What a file on disk holds, decided from its first bytes only. Every way in (CLI, window,
// headless export) asks this first, so that a directory, a pipe or a device gets a true error
// instead of a hang or a whole-file read, and so that nothing but a native trace is ever read
// whole.
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
    // The same decision for bytes already in memory.
    static Format classify(std::string_view head, bool gzip);
};

}  // namespace syncscope
