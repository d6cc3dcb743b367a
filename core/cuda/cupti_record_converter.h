#pragma once

#include <cstdint>
#include <optional>
#include <queue>
#include <unordered_map>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/trace.h"
#include "core/record/cupti_records.h"

namespace syncscope {

// How record timestamps become trace times: t = record − record_offset_ns − origin_ns.
struct ConverterClock {
    std::uint64_t origin_ns = 0;        // host clock ns of the run's first host call (trace t = 0)
    std::int64_t record_offset_ns = 0;  // record clock − host clock; 0 when CUPTI uses our clock
};

// Turns CUPTI activity records plus the engine's host stamps into a Trace with exactly the shape
// of docs/trace-conventions.md (the simulator's shape). Incremental: records arrive in any order
// and in pieces (CUPTI buffers, flushes between steps); process() appends to the trace only what
// is final, step by step in program order, so every index handed out stays valid and the live
// deltas rebuild the final trace. No CUDA call here: unit-testable without a GPU.
//
// - runtime API records -> ApiCall (cbid -> ApiId); external correlation (pushed step id) -> step
// - kernel/memcpy/memset records -> GPU events on the lane of the step's scenario stream, with a
//   fresh correlation id and Flow{Launch}; the CUPTI stream id -> scenario stream map is learned
// - event records (CUDA_EVENT) -> EventMarker; cudaStreamWaitEvent -> StreamWait derived from the
//   awaited marker (the record of a STREAM_WAIT_EVENT sync is only the host call, I23)
// - host syncs (SYNCHRONIZATION records, blocking copies, cudaFree, query loops) -> HostWait with
//   `awaited` derived per the conventions, spinning/sleeping from the measured CPU time
// - MEMORY2 / MEMORY_POOL / sampler -> MemorySample (kept in time order)
class CuptiRecordConverter {
public:
    CuptiRecordConverter(const Scenario& scenario, std::vector<Step> steps, Trace& trace);

    void setClock(ConverterClock clock) { clock_ = clock; }
    const ConverterClock& clock() const { return clock_; }
    // An asynchronous enqueue call (launch, async copy/memset, record, ...) that took longer than
    // this blocked on a full launch queue: its ApiCall gets kQueueFull. 0 = never flag.
    void setQueueFullThreshold(TimeNs ns) { queue_full_threshold_ns_ = ns; }
    // With this rule on, an enqueue call blocked on a full queue only when it found at least
    // `min_pending` earlier GPU ops not yet ended when it began; then also a shorter call that
    // took at least `min_call_ns` and returned only after one of them ended: a full queue frees
    // one slot per finished op, so a blocked launch waits about one op (on an H200, 1,022
    // pending 50 µs kernels: launches of ~50 µs that returned ~5 µs after a kernel ended).
    // min_pending 0 = off.
    void setBlockedEnqueueRule(TimeNs min_call_ns, std::size_t min_pending) {
        blocked_call_ns_ = min_call_ns;
        blocked_min_pending_ = min_pending;
    }
    // Records and host stamps, in any order.
    void add(CuptiRecordBatch&& batch);
    // Steps [0, count) have been issued: their host stamps are in (or will never come).
    void setIssuedSteps(std::uint32_t count) { issued_ = count; }
    // Appends what is ready. `final`: the run is over and every record has been delivered;
    // emit everything, deriving what is missing.
    void process(bool final);

    std::uint32_t emittedSteps() const { return next_step_; }
    std::uint64_t droppedRecords() const { return dropped_; }  // CUPTI lost them (buffers full)
    std::uint64_t unmatchedRecords() const {
        return unmatched_;
    }  // calls outside any step (sampler)
    std::optional<std::uint32_t> scenarioStreamOf(std::uint32_t cupti_stream_id) const;

    static constexpr std::uint16_t kHostLane = 0;
    static constexpr std::uint16_t kWaitLane = 1;
    static std::uint16_t streamLane(std::uint32_t scenario_stream) {
        return static_cast<std::uint16_t>(2 + scenario_stream);
    }

private:
    struct StepBucket {
        std::vector<ApiRecord> api;
        std::vector<HostStamp> stamps;
    };
    struct Tail {  // the latest-ending GPU event of a lane (or of the device)
        TimeNs end = -1;
        std::uint32_t index = kNone;
    };
    struct Marker {
        std::uint32_t index = kNone;    // the EventMarker
        TimeNs done = 0;                // done(e): end of the captured work
        std::uint32_t done_op = kNone;  // the captured op that ends last (the marker if none)
    };

    void resolvePendingApi(bool final);
    bool ready(std::uint32_t step) const;
    void emitStep(std::uint32_t step);
    // Emits the GPU side of one stream call; returns its event index or kNone.
    std::uint32_t emitGpuSide(std::uint32_t step, const Step& st, ApiId api, const ApiRecord& call,
                              std::uint32_t stream, std::uint32_t cuda_event,
                              const StepBucket& bucket);
    void emitHostWait(std::uint32_t step, const Step& st, const StepBucket& bucket,
                      std::uint32_t own_gpu_event, std::uint32_t call_index);
    // The HostWait of one waiting call the caching allocator made (cudaFree, cudaEventSynchronize).
    void emitAllocatorWait(const Step& st, const StepBucket& bucket, std::uint32_t call_index);
    void addImplicitWait(const TraceEvent& call, const Step& st, const StepBucket& bucket,
                         TimeNs end, SyncMode mode, std::uint32_t awaited);
    static std::uint8_t waitStyle(const HostStamp* stamp);
    std::uint32_t latestGpuOpEndingBy(TimeNs t) const;
    bool waitedFor(std::uint32_t awaited, const TraceEvent& wait) const;
    std::uint32_t addStreamEvent(TraceEvent event, std::uint32_t stream);
    bool blockedOnFullQueue(TimeNs start, TimeNs end);
    // The HostWait of a cudaMemcpyAsync that blocked the host (asyncCopyBlocksHost).
    void emitBlockingCopyWait(const Step& st, const StepBucket& bucket, std::uint32_t call_index,
                              std::uint32_t copy_index, std::uint32_t stream_before);
    void flushMemory(bool final);

    TimeNs fromRecord(std::uint64_t t) const;
    TimeNs fromHost(std::uint64_t t) const;
    std::uint32_t intern(std::string_view text) { return trace_.strings.intern(text); }
    std::string eventName(std::uint32_t cuda_event) const;
    const HostStamp* stampOf(const StepBucket& bucket, HostStamp::Kind kind) const;

    const Scenario& scenario_;
    std::vector<Step> steps_;
    Trace& trace_;
    ConverterClock clock_;
    TimeNs queue_full_threshold_ns_ = 0;
    TimeNs blocked_call_ns_ = 0;
    std::size_t blocked_min_pending_ = 0;
    // Ends of the GPU ops enqueued so far that had not ended when the last enqueue call began.
    std::priority_queue<TimeNs, std::vector<TimeNs>, std::greater<>> pending_ends_;

    std::vector<ApiRecord> pending_api_;
    std::unordered_map<std::uint32_t, std::uint64_t> external_;  // CUPTI correlation -> step id
    std::unordered_map<std::uint32_t, StepBucket> buckets_;
    std::unordered_map<std::uint32_t, GpuOpRecord> gpu_;  // by CUPTI correlation
    std::unordered_map<std::uint32_t, SyncRecord> sync_;
    std::unordered_map<std::uint32_t, CudaEventRecord> cuda_events_;
    std::unordered_map<std::uint32_t, MemoryRecord> memory_ops_;
    std::unordered_map<std::uint32_t, std::uint32_t> stream_map_;  // CUPTI stream id -> scenario
    std::vector<HostStamp> instrumentation_;
    std::vector<MemorySample> pending_memory_;
    bool seen_cuda_event_records_ = false;
    bool seen_memory_records_ = false;

    std::uint32_t issued_ = 0;
    std::uint32_t next_step_ = 0;
    std::uint32_t next_correlation_ = 1;
    std::uint32_t hidden_events_ = 0;  // wait_stream events so far
    std::vector<Tail> stream_tails_;
    Tail device_tail_;
    std::unordered_map<std::uint32_t, Marker> markers_;  // by trace cuda_event index
    TimeNs watermark_ = 0;  // host time up to which every step has been emitted
    std::uint64_t dropped_ = 0;
    std::uint64_t unmatched_ = 0;
    std::uint64_t latest_resolved_end_ = 0;  // record clock
};

}  // namespace syncscope
