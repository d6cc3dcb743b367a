#pragma once

#include <cstdint>
#include <string_view>

#include "core/analysis/trace_index.h"
#include "core/model/tr_text.h"

namespace syncscope {

// Why a host thread was blocked (docs/semantics.md "Host blocked"): every HostWait has one.
enum class HostWaitReason : std::uint8_t {
    Sync,            // an explicit sync: cudaDeviceSynchronize, cudaStreamSynchronize, ...
    Poll,            // a cudaEventQuery loop
    PageableCopy,    // a copy from or to pageable memory, staged by the driver while the host waits
    SyncCopy,        // a synchronous cudaMemcpy
    HostToHostCopy,  // a host-to-host copy, which is synchronous in every form
    SyncMemset,      // a synchronous cudaMemset
    Allocation,      // the implicit sync of cudaFree, cudaMalloc, host allocations, empty_cache
    QueueFull,       // a launch held until the full launch queue had room
    HeldLaunch,      // an enqueue held past its API cost (queue, lazy module loading, the OS)
    LongCall,        // any other call that held the thread, with no reason in the trace
};
inline constexpr int kHostWaitReasonCount = 10;

// The reason of a HostWait, from its flags and mode and from its call (and the call's GPU op)
// where the index knows them.
HostWaitReason hostWaitReason(const TraceIndex& index, std::uint32_t wait);
// A stable key for files and --json: "sync", "pageable-copy", "held-launch"...
std::string_view toString(HostWaitReason reason);
// A few words for a sentence: "a copy from pageable memory, staged through pinned buffers".
TrText describe(HostWaitReason reason);

}  // namespace syncscope
