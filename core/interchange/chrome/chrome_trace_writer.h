#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/model/trace.h"

namespace syncscope {

// Chrome Trace Event JSON that Perfetto and chrome://tracing open: a process for the host and one
// for the device (in a timeline of several ranks, a process "rank R" per rank instead, sorted by
// rank), a thread per lane (named and sorted), complete events ("X", µs with ns decimals)
// with their details in args, flow arrows (s/f) for launches, record→wait and wait→awaited links,
// and "memory" counter tracks. A "syncscope" object before traceEvents carries lanes and device so
// KinetoImporter reads the file back losslessly. Written as a stream: no document is built in
// memory.
class ChromeTraceWriter {
public:
    using Sink = std::function<void(std::string_view)>;

    // Streams the JSON to `sink` in chunks of about 64 KiB.
    static void write(const Trace& trace, const Sink& sink);
    // Writes atomically (temporary file beside `path`, then rename). Returns "" or the error.
    static std::string writeFile(const Trace& trace, const std::string& path);
};

}  // namespace syncscope
