#include "core/record/capture_window.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/model/api_names.h"

namespace syncscope {

namespace {

constexpr std::uint64_t kForever = std::numeric_limits<std::uint64_t>::max();

// The ranges named `name`: push/pop and start/end ranges come as a start record with the name and
// an end record with the same id; a range still open at the end lasts to the end.
std::vector<std::pair<std::uint64_t, std::uint64_t>> nvtxRanges(const CuptiRecordBatch& records,
                                                                const std::string& name) {
    std::map<std::uint32_t, std::uint64_t> open;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    for (const MarkerRecord& m : records.markers)
        if ((m.flags & MarkerRecord::Start) != 0 && m.name == name)
            open[m.id] = m.timestamp;
    for (const MarkerRecord& m : records.markers) {
        if ((m.flags & MarkerRecord::End) == 0)
            continue;
        if (auto it = open.find(m.id); it != open.end()) {
            out.emplace_back(it->second, std::max(it->second, m.timestamp));
            open.erase(it);
        }
    }
    for (const auto& [id, start] : open)
        out.emplace_back(start, kForever);
    return out;
}

// From each cudaProfilerStart to the next cudaProfilerStop (of any thread: they are
// process-wide).
std::vector<std::pair<std::uint64_t, std::uint64_t>> profilerRanges(
    const ProcessRecording& recording) {
    std::vector<std::pair<std::uint64_t, bool>> marks;  // (time, start?)
    for (const ApiRecord& a : recording.records.api) {
        const auto it = recording.runtime_names.find(a.cbid);
        if (it == recording.runtime_names.end())
            continue;
        const auto name = stripApiVersionSuffix(it->second);
        if (name == "cudaProfilerStart")
            marks.emplace_back(a.end, true);
        else if (name == "cudaProfilerStop")
            marks.emplace_back(a.start, false);
    }
    std::sort(marks.begin(), marks.end());
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    bool open = false;
    std::uint64_t from = 0;
    for (const auto& [t, start] : marks) {
        if (start && !open) {
            from = t;
            open = true;
        } else if (!start && open) {
            out.emplace_back(from, t);
            open = false;
        }
    }
    if (open)
        out.emplace_back(from, kForever);
    return out;
}

}  // namespace

std::string CaptureOptions::parseRange(const std::string& text) {
    if (text == "cudaProfilerApi") {
        range = Range::ProfilerApi;
        return {};
    }
    if (text.rfind("nvtx:", 0) == 0 && text.size() > 5) {
        range = Range::Nvtx;
        nvtx_name = text.substr(5);
        return {};
    }
    return "--capture-range: \"" + text + "\" is neither nvtx:NAME nor cudaProfilerApi";
}

std::string CaptureOptions::set(double delay_s, double duration_s, const std::string& range_text) {
    delay_ns = static_cast<TimeNs>(delay_s * 1e9);
    duration_ns = duration_s > 0 ? static_cast<TimeNs>(duration_s * 1e9) : -1;
    range = Range::All;
    nvtx_name.clear();
    return range_text.empty() ? std::string() : parseRange(range_text);
}

std::string CaptureWindow::compute(const ProcessRecording& recording, const CaptureOptions& options,
                                   CaptureWindow& out) {
    out.intervals_.clear();
    // Records are stamped on the record clock, the start on CLOCK_MONOTONIC: they differ by the
    // offset when CUPTI kept its own clock (CuptiSession::usesHostClock).
    const std::uint64_t base = recording.process.start_ns +
                               static_cast<std::uint64_t>(recording.process.record_offset_ns) +
                               static_cast<std::uint64_t>(std::max<TimeNs>(0, options.delay_ns));
    const std::uint64_t until =
        options.duration_ns < 0 ? kForever : base + static_cast<std::uint64_t>(options.duration_ns);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    switch (options.range) {
        case CaptureOptions::Range::All:
            ranges.emplace_back(0, kForever);
            break;
        case CaptureOptions::Range::Nvtx:
            ranges = nvtxRanges(recording.records, options.nvtx_name);
            if (ranges.empty())
                return "no NVTX range \"" + options.nvtx_name + "\" was recorded";
            break;
        case CaptureOptions::Range::ProfilerApi:
            ranges = profilerRanges(recording);
            if (ranges.empty())
                return "the program never called cudaProfilerStart()";
            break;
    }
    std::sort(ranges.begin(), ranges.end());
    // Clip each range to [base, until] and merge overlaps, so contains() is one binary search.
    for (auto [a, b] : ranges) {
        a = std::max(a, base);
        b = std::min(b, until);
        if (a > b)
            continue;
        if (!out.intervals_.empty() && a <= out.intervals_.back().second)
            out.intervals_.back().second = std::max(out.intervals_.back().second, b);
        else
            out.intervals_.emplace_back(a, b);
    }
    return {};
}

bool CaptureWindow::contains(std::uint64_t t) const {
    const auto it =
        std::upper_bound(intervals_.begin(), intervals_.end(), t,
                         [](std::uint64_t v, const std::pair<std::uint64_t, std::uint64_t>& r) {
                             return v < r.first;
                         });
    return it != intervals_.begin() && t <= std::prev(it)->second;
}

}  // namespace syncscope
