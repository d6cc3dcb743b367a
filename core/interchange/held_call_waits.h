#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Host blocked is what the host could not do (docs/semantics.md "Host blocked"): besides the
// explicit syncs, a thread is held inside calls that are documented to block it, or that simply
// did. An import gets a HostWait on the thread's waits lane for each such call, as the engines
// draw one, so the stats, the waits lane, `syncscope-cli waits` and the wait sentences count them
// by the one definition: the sum of HostWait time.
//
// The calls (each without a wait of its own yet):
//  - a copy from or to pageable host memory, or host to host, of at least kCopyMinNs: the driver
//    stages it through pinned buffers while the thread waits ("non_blocking" or not);
//  - a synchronous cudaMemcpy or cudaMemset of at least kCopyMinNs;
//  - an allocation call (cudaMalloc, cudaFree, cudaHostAlloc, cudaFreeHost...) of at least
//    kCopyMinNs: cudaFree and host allocations synchronize the device;
//  - any other call of at least kHeldMinNs: a launch held by a full queue or lazy module loading,
//    or a long call the trace gives no reason for. The checker's "API-sized" bound is the same.
// A synchronous copy or memset, or an allocation, shorter than kCopyMinNs gets no wait (it did not
// hold the thread measurably) but is still flagged as the implicit sync it is.
// The wait spans the whole call; its `awaited` is the GPU op whose end the host waited for, when
// the trace shows one ended inside the call (the copy itself, the stream's earlier work, or the
// device's last op for an allocation), else none.
class HeldCallWaits {
public:
    static constexpr TimeNs kCopyMinNs = 20'000;
    static constexpr TimeNs kHeldMinNs = 1'000'000;

    // `has_wait[i]`: call i already has a HostWait (a sync). `waits_lane(host_lane)` gives the
    // waits lane of a host thread's lane. Returns how many waits were added. O(n) plus a sort of
    // the GPU ops when a held call needs one.
    static std::size_t add(Trace& trace, const std::vector<bool>& has_wait,
                           const std::function<std::uint16_t(std::uint16_t)>& waits_lane);
};

}  // namespace syncscope
