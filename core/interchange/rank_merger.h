#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/interchange/import_result.h"

namespace syncscope {

// One timeline from the per-rank traces of one distributed step (docs/trace-conventions.md
// "Several ranks"): each file is opened through TraceOpener, its lanes are tagged with its rank and
// named "rank R · …", and every file's times are put on the clock they share. The ranks' NCCL
// collectives are matched (CollectiveMatcher) and linked by flows from the rank that arrived last
// to each rank that waited for it.
//
// Refused, with a message naming the file: a file that cannot be opened, one without a shared
// clock (simulated, CUDA-engine or Nsight traces), files on different clocks (some with
// "baseTimeNanoseconds", some without), clocks more than a day apart or too far apart for the
// supported times, a rank given twice, one file given twice (by device and inode, so also through
// a link), a file that already holds several ranks, more than kMaxFiles files. A file without
// "distributedInfo" gets its position in the list (0-based) as its rank, and a warning says so.
class RankMerger {
public:
    // Each file is opened whole before the next: the bound keeps a mistaken glob from reading a
    // directory of traces into memory.
    static constexpr std::size_t kMaxFiles = 64;
    // The furthest apart two ranks' clocks may start: one day.
    static constexpr TimeNs kMaxRankClockSpreadNs = 86'400'000'000'000;

    static ImportResult merge(const std::vector<std::string>& paths,
                              const ImportOptions& options = {});
    // The same for traces already opened; `names` (one per trace) are used in messages.
    static ImportResult merge(std::vector<Trace> traces, const std::vector<std::string>& names);
    // The processes of one recording (`record`): one machine's run on one machine's clock, read
    // already. Neither kMaxFiles nor the one-day spread applies to them (65 processes, or one
    // started a day after the first, are still that run); the supported time range does.
    static ImportResult mergeProcesses(std::vector<Trace> traces,
                                       const std::vector<std::string>& names);

private:
    static ImportResult mergeOpened(std::vector<Trace> traces,
                                    const std::vector<std::string>& names, bool one_machine);
};

}  // namespace syncscope
