#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/model/ids.h"
#include "core/record/process_recording.h"

namespace syncscope {

// Which part of a recording `syncscope-cli record` keeps (its --delay, --duration and
// --capture-range, docs/recorder.md).
struct CaptureOptions {
    enum class Range : std::uint8_t { All, Nvtx, ProfilerApi };
    TimeNs delay_ns = 0;      // from the start of each process's recording
    TimeNs duration_ns = -1;  // -1: to the end
    Range range = Range::All;
    std::string nvtx_name;  // Range::Nvtx: the NVTX range (push/pop or start/end) to keep

    // "nvtx:NAME" or "cudaProfilerApi"; "" on success, else why not.
    std::string parseRange(const std::string& text);
    // `record --delay S --duration S --capture-range RANGE` (duration 0: to the end, range "":
    // all), as the command line and the window give them; "" on success, else why not.
    std::string set(double delay_s, double duration_s, const std::string& range_text);
};

// The intervals (record clock, [first, second]) of one process's recording that are kept.
class CaptureWindow {
public:
    // An error when the range asked for never happened ("no NVTX range \"step\" was recorded").
    static std::string compute(const ProcessRecording& recording, const CaptureOptions& options,
                               CaptureWindow& out);

    bool contains(std::uint64_t t) const;
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& intervals() const {
        return intervals_;
    }

private:
    std::vector<std::pair<std::uint64_t, std::uint64_t>> intervals_;  // sorted, disjoint
};

}  // namespace syncscope
