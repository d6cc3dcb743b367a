#include "core/record/recording_set.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <new>
#include <set>
#include <stdexcept>

#include "core/interchange/rank_merger.h"
#include "core/record/recording_converter.h"
#include "core/record/recording_reader.h"

namespace syncscope {

namespace {

bool madeCudaCalls(const ProcessRecording& r) {
    return !r.records.api.empty() || !r.records.driver.empty() || !r.records.gpu.empty();
}

}  // namespace

bool RecordingSet::holdsRecordings(const std::string& folder) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == ".ssrec" || entry.path().extension() == ".ssfail")
            return true;
    return false;
}

ImportResult RecordingSet::load(const std::string& folder, const CaptureOptions& capture) {
    ImportResult result;
    std::vector<std::string> paths, failures;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
        if (entry.path().extension() == ".ssrec")
            paths.push_back(entry.path().string());
        else if (entry.path().extension() == ".ssfail")
            failures.push_back(entry.path().string());
    }
    if (ec) {
        result.error = folder + ": " + ec.message();
        return result;
    }
    std::vector<ProcessRecording> recordings;
    for (const std::string& path : paths) {
        ProcessRecording r;
        std::string why;
        try {
            why = RecordingReader::read(path, r);
        } catch (const std::bad_alloc&) {
            // Under a memory limit: this file is left out, not the run's other processes.
            r = ProcessRecording{};
            why = path + ": out of memory while reading it";
        }
        if (!why.empty()) {
            result.warnings.push_back(why + "; that process is left out");
            continue;
        }
        if (madeCudaCalls(r))
            recordings.push_back(std::move(r));
    }
    // Where the recorder was loaded and could not record, say so, process by process.
    std::sort(failures.begin(), failures.end());
    std::vector<std::string> said;
    for (const std::string& path : failures) {
        std::ifstream in(path);
        std::string why(512, '\0');
        in.read(why.data(), static_cast<std::streamsize>(why.size()));
        why.resize(static_cast<std::size_t>(in.gcount()));
        while (!why.empty() && (why.back() == '\n' || why.back() == '\r'))
            why.pop_back();
        said.push_back(
            "pid " + std::filesystem::path(path).stem().string() +
            ": the recorder could not record: " + (why.empty() ? "no reason given" : why));
    }
    if (recordings.empty()) {
        if (said.empty()) {
            result.error = kNoCudaCalls;
        } else {
            result.error = said.front();
            if (said.size() > 1)
                result.error +=
                    " (and " + std::to_string(said.size() - 1) + " more such processes)";
        }
        return result;
    }
    for (const std::string& line : said)
        result.warnings.push_back(line + "; that process is left out");
    std::sort(recordings.begin(), recordings.end(),
              [](const ProcessRecording& a, const ProcessRecording& b) {
                  return a.process.pid < b.process.pid;
              });
    // Ranks: RANK where set and unique, then the free numbers in order of pid.
    std::set<std::int64_t> taken;
    std::vector<bool> has_rank(recordings.size(), false);
    for (std::size_t i = 0; i < recordings.size(); ++i) {
        const auto rank = recordings[i].process.rank;
        if (rank >= 0 && rank < 65536 && taken.insert(rank).second)
            has_rank[i] = true;
    }
    std::int64_t next = 0;
    std::vector<std::string> failed;
    std::vector<Trace> traces;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < recordings.size(); ++i) {
        ProcessRecording& r = recordings[i];
        if (!has_rank[i]) {
            while (taken.contains(next))
                ++next;
            r.process.rank = next;
            taken.insert(next);
            if (recordings.size() > 1)
                result.warnings.push_back("pid " + std::to_string(r.process.pid) +
                                          " has no RANK of its own; shown as rank " +
                                          std::to_string(next));
        }
        ImportResult one = RecordingConverter::convert(r, capture);
        for (auto& w : one.warnings)
            result.warnings.push_back(std::move(w));
        if (!one.ok()) {
            // One process beyond a limit does not take the run's others with it.
            if (recordings.size() == 1) {
                result.error = one.error;
                return result;
            }
            result.warnings.push_back(one.error + "; that process is left out");
            failed.push_back(one.error);
            continue;
        }
        result.stats.add(one.stats);
        if (recordings.size() == 1) {
            // One process: its trace as it is, with no rank prefix on its lanes.
            one.trace->rank = kNone;
            result.trace = std::move(one.trace);
            return result;
        }
        names.push_back("pid " + std::to_string(r.process.pid));
        traces.push_back(std::move(*one.trace));
    }
    if (traces.empty()) {
        result.error = failed.front();
        return result;
    }
    // The processes share one machine's CLOCK_MONOTONIC: RankMerger only asks that they name the
    // same clock. The merged trace claims none (docs/recorder.md).
    for (Trace& t : traces)
        t.clock.domain = ClockDomain::HostClock;
    ImportResult merged;
    try {
        merged = RankMerger::mergeProcesses(std::move(traces), names);
    } catch (const std::length_error& e) {
        merged.error = std::string("the run's processes together: ") + e.what();
    }
    if (merged.ok())
        merged.trace->clock = {};
    merged.warnings.insert(merged.warnings.begin(), result.warnings.begin(), result.warnings.end());
    merged.stats = std::move(result.stats);
    return merged;
}

}  // namespace syncscope
