#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace syncscope {

// Which ops each stream is ordered after: for every stream, the newest op of every stream that it
// follows, directly (its own ops) or through cudaStreamWaitEvent / wait_stream. The stream-ordered
// pool asks it whether an allocation may take a block freed on another stream
// (cudaMemPoolReuseFollowEventDependencies). Implicit orderings (legacy stream, device-wide
// barriers) are left out: the pool then grows where CUDA might have reused, never the reverse.
class SimStreamOrder {
public:
    explicit SimStreamOrder(std::size_t streams);

    // Op `seq` (the GPU model's global enqueue order) was enqueued on `stream`.
    void enqueued(std::uint32_t stream, std::uint32_t seq);
    // `event` was recorded on `stream`: it carries everything the stream follows now.
    void recorded(std::uint32_t event, std::uint32_t stream);
    // `stream` waits on `event`'s current record (an event never recorded adds nothing).
    void waited(std::uint32_t stream, std::uint32_t event);
    // An event that is never waited on again (wait_stream's hidden one) can be dropped.
    void forget(std::uint32_t event) { recorded_.erase(event); }
    // Whether `stream` is ordered after op `seq` of stream `other`.
    bool orderedAfter(std::uint32_t stream, std::uint32_t other, std::uint32_t seq) const;

private:
    using Clock = std::vector<std::uint32_t>;  // per stream: newest seq followed (0 = none)
    static void merge(Clock& into, const Clock& from);

    std::vector<Clock> streams_;
    std::unordered_map<std::uint32_t, Clock> recorded_;
};

}  // namespace syncscope
