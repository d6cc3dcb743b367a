#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/trace.h"

namespace syncscope {

struct TraceLoadResult {
    std::optional<Trace> trace;  // set when the file was read and is valid
    std::string error;  // what and where, e.g. "events[12].lane: 7 is out of range (3 lanes)"

    bool ok() const { return trace.has_value(); }
};

// The native trace file: format "syncscope-trace", version 1, JSON (gzip when the name ends in
// .gz; loading detects gzip by its magic bytes). Events, flows and memory samples are compact
// arrays in the column order the file names; enum values in those rows index name tables stored in
// the file, so a later build with reordered enums still reads old files. load(save(t)) gives back
// t exactly (strings must be valid UTF-8; invalid bytes are written as U+FFFD).
class TraceFile {
public:
    static constexpr std::string_view kFormat = "syncscope-trace";
    // 2: lanes carry "device", "process_id" and "bookkeeping" (optional keys). Version 1 files
    // load as they are: those lanes then have no device, process or bookkeeping mark.
    static constexpr int kVersion = 2;
    static constexpr int kOldestVersion = 1;

    // The text goes to `sink` in pieces of about kWriteChunkBytes (a piece ends after a whole
    // row), so a large trace is written without its text ever being held whole.
    using Sink = std::function<void(std::string_view)>;
    static constexpr std::size_t kWriteChunkBytes = std::size_t{1} << 18;
    static void writeJson(const Trace& trace, const Sink& sink);
    // The same text in one string (small traces, tests).
    static std::string toJson(const Trace& trace);
    static TraceLoadResult fromJson(std::string_view text);

    // Atomic (AtomicFileWriter), streamed: a failed save leaves an existing file untouched.
    static bool save(const Trace& trace, const std::string& path, std::string& error);
    static TraceLoadResult load(const std::string& path);
    // For a file whose first bytes were read already (InputProbe, through TraceOpener): whether it
    // is gzip, so that its head is not read again.
    static TraceLoadResult load(const std::string& path, bool gzip);
};

}  // namespace syncscope
