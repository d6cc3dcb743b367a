#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/model/trace.h"

namespace syncscope {

// One row per event, RFC 4180: a header line, text fields always quoted (quotes doubled), empty
// cells for "none". Columns: index, kind, lane, lane_name, name, start_ns, end_ns, duration_ns,
// api, mode, step, batch, correlation, bytes, awaited, cuda_event, cpu_ns, flags.
class CsvWriter {
public:
    using Sink = std::function<void(std::string_view)>;

    static void write(const Trace& trace, const Sink& sink);
    // Writes atomically. Returns "" or the error.
    static std::string writeFile(const Trace& trace, const std::string& path);
    static std::string quote(std::string_view text);
};

}  // namespace syncscope
