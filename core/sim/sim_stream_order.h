#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// Which ops each stream is ordered after, and which ops the host has seen complete; the
// stream-ordered pool asks it whether an allocation may take a block freed on another stream.
//  - A stream follows its own ops, and through cudaStreamWaitEvent / wait_stream the ops its
//    events captured (cudaMemPoolReuseFollowEventDependencies).
//  - The legacy default stream is ordered after every blocking stream's earlier ops, and blocking
//    streams (per-thread default ones too) after its earlier ops (docs/semantics.md section 2;
//    cudaMemPoolSetAttribute: null-stream interactions create the dependency; an H200 reused the
//    block through a legacy-stream kernel with every reuse policy off).
//  - After a stream, event or device sync returned, the host has seen those ops complete: their
//    frees may be reused by any stream, whatever the policies (the Programming Guide: the
//    allocator "will still reuse memory made available when a stream is synchronized with the
//    CPU"; an H200 returned the same address after cudaStreamSynchronize, opportunistic reuse off).
class SimStreamOrder {
public:
    explicit SimStreamOrder(const std::vector<StreamKind>& kinds);

    // Op `seq` (the GPU model's global enqueue order) was enqueued on `stream`.
    void enqueued(std::uint32_t stream, std::uint32_t seq);
    // `event` was recorded on `stream`: it carries everything the stream follows now.
    void recorded(std::uint32_t event, std::uint32_t stream);
    // `stream` waits on `event`'s current record (an event never recorded adds nothing).
    void waited(std::uint32_t stream, std::uint32_t event);
    // An event that is never waited on again (wait_stream's hidden one) can be dropped.
    void forget(std::uint32_t event) { recorded_.erase(event); }
    // A sync returned: the host has seen complete everything `stream` follows, `event`'s record,
    // or every op enqueued so far.
    void hostSynced(std::uint32_t stream);
    void hostSyncedEvent(std::uint32_t event);
    void hostSyncedAll();
    // Whether `stream` is ordered after op `seq` of stream `other`.
    bool orderedAfter(std::uint32_t stream, std::uint32_t other, std::uint32_t seq) const;
    // Whether the host has seen op `seq` of stream `other` complete.
    bool hostObserved(std::uint32_t other, std::uint32_t seq) const;

private:
    using Clock = std::vector<std::uint32_t>;  // per stream: newest seq followed (0 = none)
    static void merge(Clock& into, const Clock& from);
    // What `stream` follows, the legacy stream's implicit orderings included.
    Clock effective(std::uint32_t stream) const;

    std::vector<StreamKind> kinds_;
    std::vector<Clock> streams_;
    Clock host_;
    std::unordered_map<std::uint32_t, Clock> recorded_;
};

}  // namespace syncscope
