#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// One rank's NCCL kernel of a collective, and how long it waited for the last rank to arrive.
struct CollectiveArrival {
    std::uint32_t rank = kNone;
    std::uint32_t event = kNone;  // index into Trace::events
    TimeNs start_ns = 0;
    TimeNs wait_ns = 0;  // last rank's start − this rank's start (0 for the last rank)
};

// The k-th collective of one kind ("AllReduce", "SendRecv"...) across the ranks of a merged trace.
struct Collective {
    std::string kind;
    std::uint32_t ordinal = 0;                // 1-based among the collectives of this kind
    std::vector<CollectiveArrival> arrivals;  // one per rank that has it, by rank
    std::size_t last = 0;                     // index into arrivals of the rank that started last
    TimeNs min_wait_ns = 0;                   // over the other ranks (0 with a single rank)
    TimeNs max_wait_ns = 0;

    const CollectiveArrival& lastArrival() const { return arrivals[last]; }
};

// Which rank waited for which (docs/trace-conventions.md "Several ranks"): on each rank the NCCL
// kernels (by name: ncclKernel_…, ncclDevKernel_…) are taken in start order, and the k-th of a kind
// on every rank is one collective. The rank whose kernel started last is the one the others waited
// for; ties go to the lowest rank, so there is always exactly one. Only lanes with a rank count.
class CollectiveMatcher {
public:
    static std::vector<Collective> match(const Trace& trace);
    // "AllReduce" for "ncclKernel_AllReduce_RING_LL_Sum_float(...)", "" for a non-NCCL name.
    static std::string kindOf(std::string_view kernel_name);
    static bool isNcclKernel(const Trace& trace, const TraceEvent& event);
    // The collective whose arrivals include `event`, if any.
    static std::optional<std::size_t> find(const std::vector<Collective>& collectives,
                                           std::uint32_t event);
    // Ranks as ranges: {1,2,3,4,6,7} -> "1–4,6,7".
    static std::string rankList(const std::vector<std::uint32_t>& ranks);
    // "AllReduce #3: rank 5 arrived last; ranks 1–4,6,7 waited 0.8–2.1 ms for it" (CLI wording;
    // the window words it through tr()).
    static std::string describe(const Collective& collective);
    // The ranks other than the last, in rank order.
    static std::vector<std::uint32_t> waitingRanks(const Collective& collective);
};

}  // namespace syncscope
