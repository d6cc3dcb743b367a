#include "core/interchange/rank_merger.h"

#include <sys/stat.h>

#include <algorithm>
#include <limits>
#include <map>
#include <new>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/analysis/collective_matcher.h"
#include "core/interchange/import_failure.h"
#include "core/interchange/trace_opener.h"
#include "core/model/checked_math.h"

namespace syncscope {

namespace {

std::string clockWording(ClockDomain domain) {
    return domain == ClockDomain::KinetoBase ? "times relative to \"baseTimeNanoseconds\""
                                             : "host-clock times without \"baseTimeNanoseconds\"";
}

// Appends one rank's trace to `out`, its times moved by `shift` onto the shared clock.
void append(Trace& out, const Trace& in, std::uint32_t rank, TimeNs shift) {
    const auto lane_base = static_cast<std::uint16_t>(out.lanes.size());
    const auto event_base = static_cast<std::uint32_t>(out.events.size());
    if (out.lanes.size() + in.lanes.size() > std::numeric_limits<std::uint16_t>::max() - 1)
        throw std::length_error("too many lanes in one trace (at most 65534)");
    if (out.events.size() + in.events.size() >= kNone)
        throw std::length_error("too many events in one trace");
    const std::string prefix = "rank " + std::to_string(rank) + " \u00b7 ";
    for (Lane lane : in.lanes) {
        lane.rank = rank;
        lane.name = prefix + (lane.name.empty() ? std::string(toString(lane.kind)) : lane.name);
        if (lane.parent != kNoLane)
            lane.parent = static_cast<std::uint16_t>(lane.parent + lane_base);
        out.addLane(std::move(lane));
    }
    out.events.reserve(out.events.size() + in.events.size());
    for (TraceEvent e : in.events) {
        e.start_ns = saturatingAdd(e.start_ns, shift);
        e.end_ns = saturatingAdd(e.end_ns, shift);
        e.lane = static_cast<std::uint16_t>(e.lane + lane_base);
        if (e.target_lane != kNoLane)
            e.target_lane = static_cast<std::uint16_t>(e.target_lane + lane_base);
        if (e.awaited != kNone)
            e.awaited += event_base;
        e.name = out.strings.intern(in.nameOf(e));
        out.addEvent(e);
    }
    for (Flow f : in.flows) {
        f.from += event_base;
        f.to += event_base;
        out.flows.push_back(f);
    }
}

// The same file named twice (directly, through a link or another path): its device and inode.
// Returns the index of the earlier name of the file at `i`, or `i` when it is the first.
std::size_t firstNameOf(const std::vector<std::string>& paths, std::size_t i) {
    struct stat st {};
    if (::stat(paths[i].c_str(), &st) != 0)
        return i;  // TraceOpener says why it cannot be opened
    for (std::size_t j = 0; j < i; ++j) {
        struct stat other {};
        if (::stat(paths[j].c_str(), &other) == 0 && other.st_dev == st.st_dev &&
            other.st_ino == st.st_ino)
            return j;
    }
    return i;
}

// The latest and earliest times of a trace on its own clock (events and memory samples).
std::pair<TimeNs, TimeNs> extent(const Trace& t) {
    TimeNs low = 0;
    TimeNs high = 0;
    for (const TraceEvent& e : t.events) {
        low = std::min({low, e.start_ns, e.end_ns});
        high = std::max({high, e.start_ns, e.end_ns});
    }
    for (const MemorySample& m : t.memory) {
        low = std::min(low, m.t_ns);
        high = std::max(high, m.t_ns);
    }
    return {low, high};
}

std::string secondsApart(TimeNs ns) {
    std::ostringstream out;
    out.precision(0);
    out << std::fixed << static_cast<double>(ns) / 1e9;
    return out.str();
}

}  // namespace

ImportResult RankMerger::merge(const std::vector<std::string>& paths,
                               const ImportOptions& options) {
    if (paths.empty())
        return importFailure("no trace files to merge");
    if (paths.size() > kMaxFiles)
        return importFailure(std::to_string(paths.size()) + " trace files given; at most " +
                             std::to_string(kMaxFiles) + " ranks are merged at once");
    for (std::size_t i = 0; i < paths.size(); ++i)
        if (const std::size_t first = firstNameOf(paths, i); first != i)
            return importFailure(paths[i] + ": is the same file as " + paths[first] +
                                 " (given twice); give each rank's file once");
    std::vector<Trace> traces;
    std::vector<std::string> warnings;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        ImportOptions one = options;
        if (options.progress)
            one.progress = [&options, i, n = paths.size()](double f) {
                options.progress((static_cast<double>(i) + f) / static_cast<double>(n));
            };
        ImportResult opened = TraceOpener::open(paths[i], one);
        if (!opened.ok()) {
            // The importers name the file; a message that does not is given its name.
            if (opened.error.find(paths[i]) == std::string::npos)
                opened.error = paths[i] + ": " + opened.error;
            return opened;
        }
        for (auto& w : opened.warnings)
            warnings.push_back(w.find(paths[i]) == std::string::npos ? paths[i] + ": " + w : w);
        traces.push_back(std::move(*opened.trace));
    }
    ImportResult merged;
    try {
        merged = merge(std::move(traces), paths);
    } catch (const std::bad_alloc&) {
        return importFailure("out of memory while merging " + std::to_string(paths.size()) +
                             " ranks");
    } catch (const std::length_error& e) {
        return importFailure(std::string("the merged ranks are too large: ") + e.what());
    }
    warnings.insert(warnings.end(), merged.warnings.begin(), merged.warnings.end());
    merged.warnings = std::move(warnings);
    return merged;
}

ImportResult RankMerger::merge(std::vector<Trace> traces, const std::vector<std::string>& names) {
    return mergeOpened(std::move(traces), names, false);
}

ImportResult RankMerger::mergeProcesses(std::vector<Trace> traces,
                                        const std::vector<std::string>& names) {
    return mergeOpened(std::move(traces), names, true);
}

ImportResult RankMerger::mergeOpened(std::vector<Trace> traces,
                                     const std::vector<std::string>& names, bool one_machine) {
    if (traces.empty() || names.size() != traces.size())
        return importFailure("no trace files to merge");
    if (!one_machine && traces.size() > kMaxFiles)
        return importFailure(std::to_string(traces.size()) + " trace files given; at most " +
                             std::to_string(kMaxFiles) + " ranks are merged at once");
    ImportResult result;
    std::vector<std::uint32_t> ranks(traces.size());
    std::map<std::uint32_t, std::size_t> seen;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const Trace& t = traces[i];
        for (const Lane& lane : t.lanes)
            if (lane.rank != kNone)
                return importFailure(names[i] +
                                     ": already holds several ranks; give the per-rank files");
        if (t.clock.domain == ClockDomain::Unknown)
            return importFailure(
                names[i] +
                ": has no clock shared with other processes (only PyTorch profiler "
                "traces can be merged by rank)");
        if (t.clock.domain != traces.front().clock.domain)
            return importFailure(names[i] + ": has " + clockWording(t.clock.domain) + " but " +
                                 names.front() + " has " +
                                 clockWording(traces.front().clock.domain) +
                                 "; the ranks cannot be put on one clock");
        ranks[i] = t.rank;
        if (t.rank == kNone) {
            ranks[i] = static_cast<std::uint32_t>(i);
            result.warnings.push_back(names[i] + ": no \"distributedInfo\" rank; shown as rank " +
                                      std::to_string(i) + " (its position in the list)");
        }
        if (auto [it, added] = seen.emplace(ranks[i], i); !added)
            return importFailure(names[i] + ": rank " + std::to_string(ranks[i]) + " again (also " +
                                 names[it->second] + "); give each rank once");
    }
    std::size_t earliest = 0;
    for (std::size_t i = 0; i < traces.size(); ++i)
        if (traces[i].clock.origin_ns < traces[earliest].clock.origin_ns)
            earliest = i;
    const TimeNs origin = traces[earliest].clock.origin_ns;
    // Every rank's times, moved onto the earliest rank's clock, must stay in the supported range
    // (core/model/checked_math.h), and the ranks of one step were recorded together: clocks a day
    // apart are unrelated clocks (or made up), and a merged timeline would show ranks "waiting"
    // for each other for that long.
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const std::optional<TimeNs> apart = checkedSub(traces[i].clock.origin_ns, origin);
        const auto [low, high] = extent(traces[i]);
        const std::optional<TimeNs> last = apart ? checkedAdd(high, *apart) : std::nullopt;
        const std::optional<TimeNs> first = apart ? checkedAdd(low, *apart) : std::nullopt;
        if (!last || !first || !inTimeRange(*last) || !inTimeRange(*first))
            return importFailure(names[i] + ": its clock and that of " + names[earliest] +
                                 " are too far apart to share one timeline (the times would leave "
                                 "the supported ±(2^62 - 1) ns); these are not ranks of one step");
        if (!one_machine && *apart > kMaxRankClockSpreadNs)
            return importFailure(names[i] + ": its clock starts " + secondsApart(*apart) +
                                 " s after that of " + names[earliest] +
                                 "; the ranks of one step are recorded together (at most a day "
                                 "apart), so these are not ranks of one step");
    }

    std::vector<std::size_t> order(traces.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    Trace out;
    out.device = traces[order.front()].device;
    out.clock = {traces.front().clock.domain, origin};
    out.title = std::to_string(traces.size()) + " ranks: " + traces[order.front()].title;
    out.source = names[order.front()];
    std::size_t samples = 0;
    for (const std::size_t i : order) {
        append(out, traces[i], ranks[i], saturatingSub(traces[i].clock.origin_ns, origin));
        samples += traces[i].memory.size();
    }
    // One memory series cannot hold several processes' memory.
    if (samples > 0)
        result.warnings.push_back(std::to_string(samples) +
                                  " memory sample(s) of the ranks not shown: a timeline of several "
                                  "ranks has no memory plot");
    // Flows from the rank that arrived last to each rank that waited for it: drawn when a kernel
    // is selected, as every other flow.
    for (const Collective& c : CollectiveMatcher::match(out))
        for (std::size_t a = 0; a < c.arrivals.size(); ++a)
            if (a != c.last)
                out.flows.push_back(
                    {c.lastArrival().event, c.arrivals[a].event, FlowKind::Generic});
    result.trace = std::move(out);
    return result;
}

}  // namespace syncscope
