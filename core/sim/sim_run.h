#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/engine/engine.h"
#include "core/model/device_profile.h"
#include "core/model/scenario.h"
#include "core/sim/sim_event_table.h"
#include "core/sim/sim_gpu.h"
#include "core/sim/sim_host_policy.h"
#include "core/sim/sim_memory.h"
#include "core/sim/sim_stream_order.h"
#include "core/sim/sim_trace_writer.h"

namespace syncscope {

class TraceDeltaEmitter;

// One simulated run: the host thread executes the expanded program step by step on its own clock,
// handing GPU work to SimGpu and blocking on it where CUDA would (docs/semantics.md sections 1–5),
// and writes the trace as docs/trace-conventions.md describes. Host API costs come from the device
// profile: kernel launches cost launch_cost_ns, every other enqueue and query api_cost_ns, a sync
// with nothing to wait for sync_call_cost_ns. A sync that waits returns at the awaited end plus the
// wake-up latency of the policy in force.
class SimRun {
public:
    // `scenario` is the one the trace keeps (Trace::scenario); the run reads it, never changes it.
    SimRun(std::shared_ptr<const Scenario> scenario, const DeviceProfile& profile,
           EngineObserver& observer, const CancelToken& cancel);

    RunResult run();

private:
    // Where awaited GPU work ended, and its trace index.
    struct Release {
        TimeNs at = 0;
        std::uint32_t event = kNone;
    };

    void setup();
    void simulate();
    // Hands what the trace gained to the live view: when its interval has passed, or at once
    // after kFlushEvents new events, so even one step that writes millions of events (a long
    // event_query_poll loop) grows the view while it runs.
    // Inside a long step, `within` is how far through it the step is (0..1), for the progress.
    void checkpoint(double within = -1.0);
    bool execute(const Step& step);  // false: the run cannot go on (failure_ says why)

    // Steps (sim_run_steps.cpp).
    void launchKernel(const Step& step);
    void memcpy(const Step& step);
    void syncDeviceToDevice(std::uint32_t stream, SimOp op);
    void memset(const Step& step);
    bool malloc(const Step& step);
    void free(const Step& step);
    bool mallocAsync(const Step& step);
    void freeAsync(const Step& step);
    void poolTrim(const Step& step);
    // PyTorch's caching allocator (sim_run_tensor_steps.cpp).
    bool tensorAlloc(const Step& step);
    void tensorFree(const Step& step);
    void recordStream(const Step& step);
    void emptyCache(const Step& step);
    void processHeldTensors();
    bool liveTensor(const Step& step, TraceEvent& call);
    void releaseCachedSegments(const TraceEvent& owner);
    void recordEvent(std::uint32_t event, std::uint32_t stream, SyncMode mode, std::uint32_t name);
    void waitEvent(std::uint32_t stream, std::uint32_t event, SyncMode mode, std::uint32_t name);
    void waitStream(const Step& step);
    void deviceSync(const Step& step);
    void streamSync(const Step& step);
    void eventSync(const Step& step);
    bool eventQueryPoll(const Step& step);
    void hostCallback(const Step& step);
    void hostWork(const Step& step);
    void cpuSync(const Step& step);

    // Helpers (sim_run.cpp).
    SimOp newOp(SimOpKind kind, EventKind event_kind, ApiId api, SyncMode mode) const;
    TraceEvent hostEvent(EventKind kind, TimeNs start, TimeNs end) const;
    TraceEvent apiCall(ApiId api, SyncMode mode, std::uint16_t target_lane);
    // The host side of a call that puts `op` on `stream`: waits for a launch-queue slot, pays
    // `cost`, appends the ApiCall and hands the op over (`op` gets its correlation, ready time and
    // ApiCall index). Returns the ApiCall's index; a blocking caller may still move its end.
    std::uint32_t enqueueCall(std::uint32_t stream, SimOp& op, TimeNs cost, std::uint8_t flags,
                              bool device_wide = false);
    // Blocks the host until every op in flight has ended; false when nothing was in flight.
    bool waitAll(Release& release);
    bool waitStreamIdle(std::uint32_t stream, Release& release);
    // Appends a finished host sync: `call` becomes [t0, ret]; a HostWait covers the wait, if any.
    TimeNs finishSync(TraceEvent call, TimeNs t0, const Release* release, const WaitStyle& style,
                      TimeNs idle_cost, std::uint8_t wait_flags);
    void addHostWait(TimeNs t0, TimeNs ret, const Release& release, const WaitStyle& style,
                     const TraceEvent& call, std::uint8_t extra_flags);
    void reportError(const std::string& message, LogLevel level);
    std::string stepText() const;
    std::uint32_t labelOr(const Step& step, std::uint32_t fallback);

    std::shared_ptr<const Scenario> scenario_ptr_;
    const Scenario& scenario_;
    DeviceProfile profile_;
    EngineObserver& observer_;
    const CancelToken& cancel_;
    RunResult result_;
    SimTraceWriter writer_;
    SimEventTable events_;
    std::vector<std::string> buffer_names_;
    SimMemory memory_;
    SimStreamOrder order_;
    SimGpu gpu_;
    SimHostPolicy policy_;

    TimeNs host_ = 0;  // the host thread's clock
    std::uint32_t depth_ = 1;
    std::uint32_t next_correlation_ = 1;
    std::uint32_t last_seq_ = 0;  // the GPU model's seq of the op enqueueCall enqueued last
    std::uint32_t index_ = 0;     // expanded step index
    std::uint32_t batch_ = kNone;
    const Step* step_ = nullptr;
    std::string failure_;
    bool cancelled_ = false;                // a step saw the cancel token
    TraceDeltaEmitter* emitter_ = nullptr;  // simulate()'s, while it runs
    std::size_t flushed_events_ = 0;        // trace size at the last flush
    double total_steps_ = 1.0;              // expanded steps of the run, for the progress
    std::uint64_t host_funcs_ = 0;  // cudaLaunchHostFunc calls so far (the first costs more)
    std::uint32_t demand_grid_ = 0, demand_block_ = 0;
    SmDemand demand_;

    // Interned names, prepared once so steps never build strings.
    std::array<std::uint32_t, 3> kernel_names_{};
    std::array<std::uint32_t, 4> copy_names_{};
    std::uint32_t memset_name_ = 0, callback_name_ = 0, host_work_name_ = 0;
    std::uint32_t hidden_record_name_ = 0, hidden_wait_name_ = 0;
    std::vector<std::uint32_t> record_names_, wait_names_;
    std::vector<std::array<std::uint32_t, 6>> malloc_async_names_;  // by SimMemory::Reuse
    std::vector<std::uint32_t> free_async_names_;
};

}  // namespace syncscope
