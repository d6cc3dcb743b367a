#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Sorts event indices by (key(index), index) so ties keep a stable, reproducible order. Keys are
// copied next to the indices first: sorting through the events is cache-hostile on millions of
// them, and engines emit most sequences already in order, which is checked first.
template <typename Key>
void sortIndicesBy(std::vector<std::uint32_t>& indices, Key key) {
    std::vector<std::pair<TimeNs, std::uint32_t>> keyed(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k)
        keyed[k] = {key(indices[k]), indices[k]};
    if (!std::is_sorted(keyed.begin(), keyed.end()))
        std::sort(keyed.begin(), keyed.end());
    for (std::size_t k = 0; k < indices.size(); ++k)
        indices[k] = keyed[k].second;
}

// Sorted views of a Trace shared by the analyses (docs/trace-conventions.md): which ApiCall
// enqueued which GPU op (by correlation id), the ops of each stream in enqueue order with prefix
// maxima of their ends, event records, and which HostWait belongs to which call. Built once in
// O(n log n); every query is O(log n). Ops whose enqueuing call is not in the trace (imports
// without API records) have no enqueue time and are left out of the enqueue-ordered views, so
// nothing is inferred about them.
class TraceIndex {
public:
    explicit TraceIndex(const Trace& trace);

    const Trace& trace() const { return trace_; }
    const TraceEvent& event(std::uint32_t index) const { return trace_.events[index]; }

    // Ops that run in stream order: kernels, copies, memsets, markers, stream waits, host
    // functions, stream-ordered memory ops.
    static bool isGpuOp(EventKind kind);
    bool isStreamLane(std::uint32_t lane) const;
    bool isGpuLane(std::uint32_t lane) const;  // Stream or CopyEngine

    std::uint32_t callOf(std::uint32_t gpu_op) const { return call_of_[gpu_op]; }
    std::uint32_t opOf(std::uint32_t call) const { return op_of_[call]; }
    bool hasEnqueue(std::uint32_t op) const { return call_of_[op] != kNone; }
    // enq(x) of docs/semantics.md section 7: when the enqueuing call started. Only when
    // hasEnqueue(op).
    TimeNs enq(std::uint32_t op) const { return trace_.events[call_of_[op]].start_ns; }

    // GPU ops with a known enqueue time, ordered by (enq, event index).
    struct OpSequence {
        std::vector<std::uint32_t> ops;
        std::vector<TimeNs> enq;
        std::vector<std::uint32_t> prefix_latest;    // op with the max end among ops[0..i]
        std::vector<std::uint32_t> suffix_earliest;  // op with the min start among ops[i..]
    };
    const OpSequence& streamOps(std::uint32_t lane) const;  // empty for lanes that are no stream
    const OpSequence& allOps() const { return all_; }
    // The op that ends last among those enqueued strictly before t, or kNone.
    std::uint32_t latestEndingBefore(const OpSequence& seq, TimeNs t) const;
    // The op that starts first among those enqueued strictly after t, or kNone.
    std::uint32_t earliestStartingAfter(const OpSequence& seq, TimeNs t) const;

    // The most recent EventRecord call on `cuda_event` that started strictly before t, or kNone.
    std::uint32_t recordBefore(std::uint32_t cuda_event, TimeNs t) const;
    // done(e) of docs/semantics.md section 7 for one record call: the latest end of the work it
    // captured (everything enqueued on the recording stream before it), or enq(rec) when none was.
    struct Done {
        TimeNs t = 0;
        std::uint32_t op = kNone;  // the captured op that ends last
    };
    Done doneOf(std::uint32_t record_call) const;
    // When the event actually completed: done(e), or later when the stream reached the record
    // later (a record on a blocking stream also waits for earlier legacy-stream work,
    // docs/semantics.md section 2). Then `op` is the EventMarker. I8 measures the wake-up of an
    // event sync from this.
    Done firedOf(std::uint32_t record_call) const;
    // The stream lane a record (or any stream-targeting call) acts on, or kNoLane.
    std::uint16_t targetLane(std::uint32_t call) const;
    std::string eventName(std::uint32_t cuda_event) const;  // "e1", else "#3"

    // The ApiCall that contains a HostWait on the wait's host thread, and the other way round.
    std::uint32_t callOfWait(std::uint32_t wait) const;
    std::uint32_t waitOfCall(std::uint32_t call) const;

    // The torch-level calls (torch.cpu.synchronize(), Tensor.item()...; isTorchCallEvent), by
    // start, and the one on an event's host thread whose interval holds the event (a CUDA call
    // made inside it, or that call's wait), or kNone.
    const std::vector<std::uint32_t>& torchCalls() const { return torch_calls_; }
    std::uint32_t torchCallAround(std::uint32_t event) const;
    // The host thread lane a host-side lane belongs to (a waits or annotation lane's parent).
    std::uint16_t hostThreadOf(std::uint16_t lane) const;
    // A GPU op whose launch the trace does not show because it came before the trace began: its
    // correlation id is below every API call's (recorders number them in order).
    bool launchedBeforeTrace(std::uint32_t op) const;

    const std::vector<std::uint32_t>& apiCalls() const { return api_calls_; }    // by start
    const std::vector<std::uint32_t>& hostWaits() const { return host_waits_; }  // by start
    std::size_t hostThreadCount() const { return host_threads_; }

    // Words for messages: "kernel spin_kernel on stream 1", "stream 1", "cudaStreamSynchronize".
    static std::string_view kindWord(EventKind kind);
    std::string describeOp(std::uint32_t op) const;
    std::string streamName(std::uint32_t lane) const;
    std::string callName(std::uint32_t call) const;

private:
    void indexCorrelations();
    void indexStreams();
    void indexRecords();
    void indexWaits();

    const Trace& trace_;
    std::vector<std::uint32_t> call_of_;
    std::vector<std::uint32_t> op_of_;
    std::vector<OpSequence> per_lane_;
    OpSequence all_;
    OpSequence empty_;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> records_;
    std::unordered_map<std::uint32_t, std::uint32_t> event_names_;  // cuda_event -> marker event
    std::unordered_map<std::uint32_t, std::uint32_t> call_of_wait_;
    std::unordered_map<std::uint32_t, std::uint32_t> wait_of_call_;
    std::vector<std::uint32_t> api_calls_;
    std::vector<std::uint32_t> host_waits_;
    std::vector<std::uint32_t> torch_calls_;
    std::unordered_map<std::uint16_t, std::vector<std::uint32_t>> torch_calls_by_thread_;
    std::uint32_t first_api_correlation_ = kNone;
    std::size_t host_threads_ = 0;
};

}  // namespace syncscope
