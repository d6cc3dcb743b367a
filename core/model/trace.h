#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/checked_math.h"
#include "core/model/ids.h"
#include "core/model/scenario.h"
#include "core/model/string_table.h"
#include "core/model/sync_mode.h"

namespace syncscope {

// docs/architecture.md section 2 "Trace". One model for simulated runs, CUDA runs and imported
// foreign traces. Events are plain 56-byte records with string-table names so a trace of millions
// stays compact.

enum class LaneKind : std::uint8_t {
    HostThread,  // host API calls and host work of one thread
    HostWaits,   // the sync waits of one host thread, in their own always-visible sub-lane
    Stream,      // GPU work of one CUDA stream
    CopyEngine,  // optional: copies by engine rather than by stream
    Annotation,  // user ranges (NVTX, PyTorch user annotations)
    Other,       // anything an importer could not classify; kept, never dropped
};

struct Lane {
    LaneKind kind = LaneKind::Other;
    std::string name;                 // "host thread 1", "stream 7 (non-blocking)"
    std::uint32_t stream_id = kNone;  // CUDA stream id for Stream lanes (scenario index for runs)
    StreamKind stream_kind = StreamKind::NonBlocking;  // Stream lanes
    int priority = 0;
    std::uint16_t parent = kNoLane;   // HostWaits: the HostThread lane it belongs to
    std::uint32_t thread_id = kNone;  // host lanes: OS/CUPTI thread id where known
    // The distributed rank whose trace the lane came from, in a timeline of several ranks
    // (RankMerger); kNone in a one-process trace.
    std::uint32_t rank = kNone;
    // GPU lanes: the device index the file gave (imports); kNone where a trace has one device.
    std::uint32_t device = kNone;
    // Host lanes: the OS process id where known.
    std::uint32_t process_id = kNone;
    // A lane a recorder keeps for its own bookkeeping (the PyTorch profiler's "Traces/…" and
    // "Spans/…" rows): hidden unless asked for. Decided by the importer, which knows the format.
    bool bookkeeping = false;
    // The structure is in the fields above, never in `name`: the name is only shown.
};

enum class EventKind : std::uint8_t {
    ApiCall,       // a host runtime/driver call (lane: HostThread)
    HostWait,      // the time a host thread spent waiting in a sync (lane: HostWaits)
    HostWork,      // host computation (lane: HostThread)
    Kernel,        // GPU kernel (lane: Stream)
    Memcpy,        // GPU copy (lane: Stream or CopyEngine)
    Memset,        // GPU memset
    EventMarker,   // the GPU reaching a cudaEventRecord (zero length; lane: Stream)
    StreamWait,    // a stream stalled by cudaStreamWaitEvent / wait_stream (lane: Stream)
    HostCallback,  // a host function running in stream order (lane: Stream)
    MemoryOp,      // an allocation/free seen on the GPU timeline (e.g. FreeAsync reached)
    Annotation,    // user range
    Error,         // an error during the run (e.g. out of memory); name says what
    Generic,       // imported event of a category we do not model
};
inline constexpr int kEventKindCount = 13;

// Which call a host event (or the GPU op it enqueued) stands for.
enum class ApiId : std::uint8_t {
    None,
    LaunchKernel,
    Memcpy,
    MemcpyAsync,
    Memset,
    MemsetAsync,
    Malloc,
    Free,
    MallocAsync,
    FreeAsync,
    MemPoolTrimTo,
    EventRecord,
    StreamWaitEvent,
    DeviceSynchronize,
    StreamSynchronize,
    EventSynchronize,
    EventQuery,
    StreamQuery,
    LaunchHostFunc,
    CpuSynchronize,  // torch.cpu.synchronize(): not a CUDA call; shown so the misconception is
                     // visible
    StreamCreate,
    StreamDestroy,
    EventCreate,
    EventDestroy,
    EmptyCache,  // torch.cuda.empty_cache() (I19)
    // PyTorch's caching allocator: not CUDA calls. They contain the cudaMalloc/cudaFree they
    // make, as a framework op contains runtime calls in a profiler trace.
    TensorAlloc,
    TensorFree,
    RecordStream,
    // A PyTorch-level call an importer recognised (torch.cuda.synchronize(), Tensor.item()...):
    // which one is read from the event's name (core/model/torch_call.h). Not a CUDA call; the
    // CUDA calls it made are nested inside it on its thread.
    TorchCall,
    Other,
};
inline constexpr int kApiIdCount = 30;

namespace event_flags {
inline constexpr std::uint8_t kSpinning = 1u << 0;         // HostWait: the thread burnt CPU
inline constexpr std::uint8_t kSleeping = 1u << 1;         // HostWait: the thread slept
inline constexpr std::uint8_t kPageable = 1u << 2;         // copies: pageable host memory
inline constexpr std::uint8_t kImplicitSync = 1u << 3;     // a hidden/implicit synchronization
inline constexpr std::uint8_t kInstrumentation = 1u << 4;  // recorder's own work, hidden by default
inline constexpr std::uint8_t kQueueFull = 1u << 5;        // ApiCall blocked on a full launch queue
inline constexpr std::uint8_t kFailed = 1u << 6;           // the call returned an error
inline constexpr std::uint8_t kQueryReady = 1u << 7;  // EventQuery/StreamQuery returned success
}  // namespace event_flags

struct TraceEvent {
    TimeNs start_ns = 0;
    TimeNs end_ns = 0;
    // One field for two values that never coexist, so an event is 56 bytes rather than 64 (issue
    // 14: 10 M events in the window): the CPU time of the host's own waiting and work (see
    // holdsCpuTime(), stored + 1 so the zero default reads as -1 "unknown"), and every other
    // event's bytes (copies, memsets, allocations). Use bytes()/cpuNs() and setBytes()/setCpuNs():
    // the kind (and api) decide which one it holds, so set the one that kind carries.
    std::uint64_t bytes_or_cpu = 0;
    std::uint32_t name = 0;      // index into Trace::strings
    std::uint32_t step = kNone;  // expanded scenario step that caused it
    std::uint32_t batch = kNone;
    std::uint32_t correlation = kNone;  // links an ApiCall to the GPU op it enqueued (CUPTI style)
    std::uint32_t awaited = kNone;  // HostWait/StreamWait: index of the event that ended the wait
    std::uint32_t cuda_event = kNone;  // event object (record, wait, sync, query), scenario index
    std::uint16_t lane = 0;
    std::uint16_t target_lane = kNoLane;  // ApiCall: the stream lane it targets
    EventKind kind = EventKind::Generic;
    ApiId api = ApiId::None;
    SyncMode mode = SyncMode::None;  // the catalogue mode this event demonstrates
    std::uint8_t flags = 0;          // event_flags

    // Saturates: an event spanning more than int64 (a corrupt import) reads as the longest.
    TimeNs duration() const { return saturatingSub(end_ns, start_ns); }

    // Bytes moved or allocated; 0 where the field holds CPU time.
    std::uint64_t bytes() const { return holdsCpuTime() ? 0 : bytes_or_cpu; }
    // CPU time burnt (HostWait: while waiting); -1 when unknown and where the field holds bytes.
    std::int64_t cpuNs() const {
        return holdsCpuTime() ? static_cast<std::int64_t>(bytes_or_cpu - 1) : -1;
    }
    // Host waits, host work, host callbacks and sync calls burn CPU and move no bytes; the CUDA
    // engine times the CPU of all of them. Everything else may carry bytes and never CPU time.
    bool holdsCpuTime() const {
        switch (kind) {
            case EventKind::HostWait:
            case EventKind::HostWork:
            case EventKind::HostCallback:
                return true;
            case EventKind::ApiCall:
                return api == ApiId::DeviceSynchronize || api == ApiId::StreamSynchronize ||
                       api == ApiId::EventSynchronize || api == ApiId::CpuSynchronize ||
                       api == ApiId::EventQuery || api == ApiId::StreamQuery;
            default:
                return false;
        }
    }
    void setBytes(std::uint64_t value) { bytes_or_cpu = value; }
    // Wraps modulo 2^64, so every int64 (even a file's odd negative values) reads back unchanged.
    void setCpuNs(std::int64_t value) { bytes_or_cpu = static_cast<std::uint64_t>(value) + 1; }
};
// The window holds millions of these: a new field must find room in the padding, not grow it.
static_assert(sizeof(TraceEvent) == 56, "TraceEvent grew: see issue 14's 100 B per event");

enum class FlowKind : std::uint8_t {
    Launch,   // API call -> the GPU op it enqueued
    Record,   // event record (marker) -> the wait or sync that uses it
    Awaited,  // a wait -> the GPU op it actually waited for
    Generic,  // imported flows we do not otherwise classify
};

struct Flow {
    std::uint32_t from = kNone;  // event index
    std::uint32_t to = kNone;
    FlowKind kind = FlowKind::Generic;
};

// -1 in a field means "not measured by this source".
struct MemorySample {
    TimeNs t_ns = 0;
    std::int64_t device_used = -1;    // total - free (cudaMemGetInfo) or the simulator's count
    std::int64_t pool_reserved = -1;  // cudaMemPoolAttrReservedMemCurrent
    std::int64_t pool_used = -1;      // cudaMemPoolAttrUsedMemCurrent
    std::int64_t allocated = -1;      // PyTorch memory_allocated / "Total Allocated"
    std::int64_t reserved = -1;       // PyTorch memory_reserved / "Total Reserved"
};

struct DeviceDescription {
    std::string name;    // "NVIDIA H200 (simulated)"
    std::string engine;  // "sim", "cuda", "import:kineto", "import:nsys"
    int sm_count = 0;
    std::uint64_t memory_bytes = 0;
    int copy_engines = 0;
    SchedulePolicy schedule = SchedulePolicy::Auto;
    TimeNs wake_latency_ns[4] = {-1, -1, -1, -1};  // measured/assumed, by SchedulePolicy
    TimeNs timer_granularity_ns = -1;              // %globaltimer resolution (CUDA engine)
    TimeNs launch_cost_ns = -1;                    // measured host cost of a launch
    TimeNs clock_tolerance_ns = 0;  // ε of docs/semantics.md section 7: 0 for the simulator
    // The run's stream-ordered pool (cudaMemPoolAttrReleaseThreshold); UINT64_MAX = never trims.
    std::uint64_t pool_release_threshold = 0;
};

// Which clock a trace's times were read against, so the traces of several ranks can be put on one
// axis (docs/trace-conventions.md "Several ranks"). Importers shift times so the earliest record is
// at 0; origin_ns is where that 0 lies on the source clock.
enum class ClockDomain : std::uint8_t {
    Unknown,     // simulated, CUDA-engine or Nsight traces: no clock shared across processes
    HostClock,   // Kineto "ts" as written: epoch microseconds of the host clock
    KinetoBase,  // Kineto "ts" relative to the file's "baseTimeNanoseconds"
};

struct TraceClock {
    ClockDomain domain = ClockDomain::Unknown;
    TimeNs origin_ns = 0;
};

struct Trace {
    static constexpr int kFormatVersion = 1;

    std::string title;
    std::string source;  // scenario file, builtin:NAME or imported file name
    DeviceDescription device;
    std::vector<Lane> lanes;
    std::vector<TraceEvent> events;
    std::vector<Flow> flows;
    std::vector<MemorySample> memory;
    StringTable strings;
    TraceClock clock;
    // distributedInfo.rank of a one-rank profiler trace; kNone when the source did not say.
    std::uint32_t rank = kNone;
    // The scenario that produced it, parsed once: analysis, claims and the window read it from here
    // rather than parsing text again. Null for imports. Shared and immutable, so the copies a live
    // run hands to the window do not copy it.
    std::shared_ptr<const Scenario> scenario;

    std::uint16_t addLane(Lane lane);
    std::uint32_t addEvent(const TraceEvent& event);
    std::string_view nameOf(const TraceEvent& event) const { return strings.at(event.name); }
    // Bytes the trace occupies in memory (for the bytes-per-event benchmark).
    std::size_t memoryFootprint() const;
};

// The trace's title in `language`: a run of a scenario is titled with the scenario's title, which
// may have a translation; an import or a retitled trace keeps its own.
const std::string& traceTitle(const Trace& trace, Language language);

std::string_view toString(LaneKind kind);
// The one answer to "is this a GPU lane": stream and copy-engine lanes hold GPU work; host, wait,
// annotation and unclassified lanes do not. GpuActivity builds GPU busy/idle on it.
bool isGpuLane(LaneKind kind);
std::string_view toString(EventKind kind);
std::string_view toString(ClockDomain domain);
std::string_view toString(ApiId api);
std::string_view toString(FlowKind kind);
// The CUDA runtime name of a call, e.g. "cudaStreamSynchronize".
std::string_view apiName(ApiId api);

}  // namespace syncscope
