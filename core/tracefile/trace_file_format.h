#pragma once

// What the native trace file's reader and writer share: the column order of the compact rows
// and the lane bound. Internal to core/tracefile.

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/io/json_text.h"

namespace syncscope::trace_file_format {

constexpr std::array<std::string_view, 16> kEventColumns{
    "start_ns", "end_ns",     "lane",        "kind", "name", "step",  "batch", "correlation",
    "awaited",  "cuda_event", "target_lane", "api",  "mode", "flags", "bytes", "cpu_ns"};
constexpr std::array<std::string_view, 3> kFlowColumns{"from", "to", "kind"};
constexpr std::array<std::string_view, 6> kMemoryColumns{
    "t_ns", "device_used", "pool_reserved", "pool_used", "allocated", "reserved"};
constexpr std::size_t kMaxLanes = 65534;  // Trace::addLane's bound

// ["start_ns","end_ns",...]: a column list as the file writes it, and as the reader quotes it
// when a file's columns differ.
template <std::size_t N>
void appendNames(std::string& out, const std::array<std::string_view, N>& names) {
    out += '[';
    for (std::size_t i = 0; i < N; ++i) {
        if (i)
            out += ',';
        JsonText::appendString(out, names[i]);
    }
    out += ']';
}

}  // namespace syncscope::trace_file_format
