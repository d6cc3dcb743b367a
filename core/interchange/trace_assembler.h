#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/interchange/correlation_index.h"
#include "core/interchange/import_result.h"
#include "core/model/trace.h"

namespace syncscope {

// What a foreign sync record waited for, before we know which GPU op that was.
enum class WaitScope : std::uint8_t {
    Device,  // cudaDeviceSynchronize / cuCtxSynchronize: every stream of the device
    Stream,  // cudaStreamSynchronize: one stream
    Event,   // cudaEventSynchronize / cudaStreamWaitEvent: the work captured by one record
};

struct PendingWait {
    std::uint32_t wait = kNone;  // the HostWait / StreamWait event
    WaitScope scope = WaitScope::Device;
    std::int64_t device = 0;
    std::int64_t stream = -1;                  // Stream and Event scopes: the stream waited on
    std::uint32_t call_correlation = kNone;    // the runtime call that waited (cutoff, host lane)
    std::uint32_t record_correlation = kNone;  // Event scope: the cudaEventRecord call
    TimeNs record_start_ns = -1;  // Event scope without a record call: its enqueue time
    bool lane_from_call = false;  // put the HostWait on the waits lane of the call's thread
};

// A host-side record of cudaStreamWaitEvent (Kineto's cuda_sync "Stream Wait Event", an Nsight
// SYNCHRONIZATION row): it says which stream waits for which record, but its times are the host
// call's, so it is no event of a GPU stream (docs/semantics.md, I23). The assembler puts what it
// says on the calls instead: the wait call targets the waiting stream, the record call the
// recording stream, both share one event id, and a record flow joins them.
struct StreamWaitLink {
    std::uint32_t call_correlation = kNone;    // the cudaStreamWaitEvent call
    std::uint32_t record_correlation = kNone;  // the cudaEventRecord it waits for, when known
    std::int64_t device = 0;
    std::int64_t waiting_stream = -1;
    std::int64_t recorded_stream = -1;
};

// Shared back end of the importers: lanes keyed by foreign ids, events in absolute ns, and the
// cross-record links (launch flows, wait attribution) resolved once everything has been read,
// because foreign files list records in no particular order.
class TraceAssembler {
public:
    explicit TraceAssembler(std::string engine);

    Trace& trace() { return trace_; }

    std::uint16_t hostLane(std::int64_t pid, std::int64_t tid);
    std::uint16_t hostWaitsLane(std::uint16_t host_lane);
    std::uint16_t streamLane(std::int64_t device, std::int64_t stream);
    std::uint16_t annotationLane(std::uint16_t parent_lane);
    // `bookkeeping`: the recorder's own row (Lane::bookkeeping), hidden unless asked for.
    std::uint16_t otherLane(std::string_view name, bool bookkeeping = false);
    void nameHostThread(std::int64_t pid, std::int64_t tid, std::string_view name);

    std::uint32_t addEvent(const TraceEvent& event) { return trace_.addEvent(event); }
    void addMemory(const MemorySample& sample) { trace_.memory.push_back(sample); }
    void addWait(const PendingWait& wait) { waits_.push_back(wait); }
    void addStreamWaitLink(const StreamWaitLink& link) { stream_wait_links_.push_back(link); }
    // A launch flow from the API call to the GPU op sharing this correlation id.
    void requestLaunchFlow(std::uint32_t correlation) { launch_requests_.push_back(correlation); }
    // Link every GPU op to the API call with the same correlation id (CUPTI-style sources).
    void linkAllLaunches() { link_all_ = true; }

    // Resolves links, adds the waits of calls that held their thread (HeldCallWaits), marks the
    // torch-level calls (TorchCallMarker), orders lanes (host threads with their waits, then
    // streams), and shifts times so the earliest record is at 0 when `normalize` is set. The
    // assembler is empty afterwards.
    Trace finish(ImportStats& stats, bool normalize = true);

private:
    struct LaneKey {
        int group = 0;  // 0 host, 1 stream, 2 other
        std::int64_t a = 0, b = 0;
        int sub = 0;  // host: thread 0, waits 1, annotations 2; stream: 0, annotations 1
        std::uint32_t order = 0;
        bool operator<(const LaneKey& o) const {
            return std::tie(group, a, b, order, sub) < std::tie(o.group, o.a, o.b, o.order, o.sub);
        }
    };
    std::uint16_t newLane(Lane lane, LaneKey key);
    void resolveLaunches(ImportStats& stats);
    void linkDenseLaunches(ImportStats& stats, std::uint32_t first, std::size_t range);
    void linkSparseLaunches(ImportStats& stats);
    void resolveWaits();
    void resolveStreamWaitLinks();
    void orderLanes();
    void normalizeTimes();

    Trace trace_;
    std::vector<LaneKey> keys_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint16_t> host_lanes_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint16_t> stream_lanes_;
    std::map<std::uint16_t, std::uint16_t> waits_lanes_, annotation_lanes_;
    std::map<std::string, std::uint16_t, std::less<>> other_lanes_;
    std::vector<PendingWait> waits_;
    std::vector<StreamWaitLink> stream_wait_links_;
    std::vector<bool> call_has_wait_;  // by event: a HostWait of this call was resolved
    // The smallest correlation id of an API call: a GPU op with a smaller one was launched before
    // the trace began (CUPTI numbers correlations in order). kNone: no API call has one.
    std::uint32_t first_api_correlation_ = kNone;
    std::vector<std::uint32_t> launch_requests_;
    bool link_all_ = false;
    CorrelationIndex api_by_corr_;  // API calls by correlation id, while links are resolved
};

bool isGpuOp(EventKind kind);

}  // namespace syncscope
