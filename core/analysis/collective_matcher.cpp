#include "core/analysis/collective_matcher.h"

#include <algorithm>
#include <map>

#include "core/analysis/time_format.h"

namespace syncscope {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::string CollectiveMatcher::kindOf(std::string_view name) {
    // NCCL names its kernels ncclKernel_<Coll>_<Algo>_<Proto>_<Op>_<type> (2.x) or
    // ncclDevKernel_<Coll>_… (2.19+); the collective is the first field.
    for (const std::string_view prefix : {"ncclKernel_", "ncclDevKernel_"}) {
        if (!startsWith(name, prefix))
            continue;
        const std::string_view rest = name.substr(prefix.size());
        const std::size_t end = rest.find_first_of("_(<");
        return std::string(rest.substr(0, end));
    }
    return {};
}

bool CollectiveMatcher::isNcclKernel(const Trace& trace, const TraceEvent& event) {
    return event.kind == EventKind::Kernel && event.lane < trace.lanes.size() &&
           trace.lanes[event.lane].rank != kNone && !kindOf(trace.nameOf(event)).empty();
}

std::vector<Collective> CollectiveMatcher::match(const Trace& trace) {
    // rank -> kind -> that rank's kernels of the kind, in start order.
    std::map<std::uint32_t, std::map<std::string, std::vector<std::uint32_t>>> byRank;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        const TraceEvent& e = trace.events[i];
        if (!isNcclKernel(trace, e))
            continue;
        byRank[trace.lanes[e.lane].rank][kindOf(trace.nameOf(e))].push_back(i);
    }
    std::map<std::string, std::vector<Collective>> byKind;
    for (auto& [rank, kinds] : byRank) {
        for (auto& [kind, events] : kinds) {
            std::stable_sort(events.begin(), events.end(), [&](std::uint32_t a, std::uint32_t b) {
                return trace.events[a].start_ns < trace.events[b].start_ns;
            });
            auto& list = byKind[kind];
            if (list.size() < events.size())
                list.resize(events.size());
            for (std::size_t k = 0; k < events.size(); ++k) {
                Collective& c = list[k];
                c.kind = kind;
                c.ordinal = static_cast<std::uint32_t>(k + 1);
                c.arrivals.push_back({rank, events[k], trace.events[events[k]].start_ns, 0});
            }
        }
    }
    std::vector<Collective> out;
    for (auto& [kind, list] : byKind) {
        for (Collective& c : list) {
            // Ranks were visited in order, so arrivals are by rank; the first latest start wins.
            for (std::size_t a = 1; a < c.arrivals.size(); ++a)
                if (c.arrivals[a].start_ns > c.arrivals[c.last].start_ns)
                    c.last = a;
            const TimeNs last_start = c.arrivals[c.last].start_ns;
            bool first = true;
            for (std::size_t a = 0; a < c.arrivals.size(); ++a) {
                c.arrivals[a].wait_ns = saturatingSub(last_start, c.arrivals[a].start_ns);
                if (a == c.last)
                    continue;
                c.min_wait_ns =
                    first ? c.arrivals[a].wait_ns : std::min(c.min_wait_ns, c.arrivals[a].wait_ns);
                c.max_wait_ns = std::max(c.max_wait_ns, c.arrivals[a].wait_ns);
                first = false;
            }
            out.push_back(std::move(c));
        }
    }
    // In the order they happened: by the last arrival, which is when the collective could run.
    std::stable_sort(out.begin(), out.end(), [](const Collective& a, const Collective& b) {
        return a.lastArrival().start_ns < b.lastArrival().start_ns;
    });
    return out;
}

std::optional<std::size_t> CollectiveMatcher::find(const std::vector<Collective>& collectives,
                                                   std::uint32_t event) {
    for (std::size_t c = 0; c < collectives.size(); ++c)
        for (const auto& a : collectives[c].arrivals)
            if (a.event == event)
                return c;
    return std::nullopt;
}

std::vector<std::uint32_t> CollectiveMatcher::waitingRanks(const Collective& collective) {
    std::vector<std::uint32_t> ranks;
    for (std::size_t a = 0; a < collective.arrivals.size(); ++a)
        if (a != collective.last)
            ranks.push_back(collective.arrivals[a].rank);
    return ranks;
}

std::string CollectiveMatcher::rankList(const std::vector<std::uint32_t>& ranks) {
    std::vector<std::uint32_t> sorted = ranks;
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(sorted[i]);
        if (j > i)
            out += (j == i + 1 ? "," : "\u2013") + std::to_string(sorted[j]);
        i = j + 1;
    }
    return out;
}

std::string CollectiveMatcher::describe(const Collective& c) {
    std::string out = c.kind + " #" + std::to_string(c.ordinal) + ": rank " +
                      std::to_string(c.lastArrival().rank) + " arrived last";
    const auto waiting = waitingRanks(c);
    if (waiting.empty())
        return out + "; no other rank has it";
    out += waiting.size() == 1 ? "; rank " : "; ranks ";
    out += rankList(waiting) + " waited ";
    if (c.min_wait_ns == c.max_wait_ns)
        out += formatDuration(c.max_wait_ns);
    else
        out += formatDuration(c.min_wait_ns) + "\u2013" + formatDuration(c.max_wait_ns);
    return out + " for it";
}

}  // namespace syncscope
