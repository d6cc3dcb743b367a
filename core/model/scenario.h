#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/callout.h"
#include "core/model/expectation.h"
#include "core/model/focus.h"
#include "core/model/ids.h"
#include "core/model/sync_mode.h"

namespace syncscope {

// docs/architecture.md section 2. A scenario is data: streams, events, buffers, a schedule policy
// and a program of steps. Names in files become indices here; the scenario reader resolves and
// validates them.

enum class StreamKind : std::uint8_t {
    NonBlocking,       // cudaStreamNonBlocking (PyTorch side streams)
    Blocking,          // default flags: ordered against the legacy default stream
    LegacyDefault,     // the NULL stream
    PerThreadDefault,  // cudaStreamPerThread: local, but blocking w.r.t. the legacy stream
};

enum class SchedulePolicy : std::uint8_t { Auto, Spin, Yield, BlockingSync };

// Where calls that take no stream (cudaMemcpy, cudaMemset) run: the legacy default stream, or the
// per-thread default stream of a program built with `nvcc --default-stream per-thread`.
enum class DefaultStream : std::uint8_t { Legacy, PerThread };

enum class KernelKind : std::uint8_t {
    Spin,     // runs for a requested duration (%globaltimer)
    Compute,  // FMA loop; duration given as the intended length
    Memory,   // streaming copy of `bytes`
};

enum class CopyDirection : std::uint8_t { HostToDevice, DeviceToHost, DeviceToDevice, HostToHost };

enum class StepKind : std::uint8_t {
    Kernel,
    Memcpy,           // async or sync; pinned or pageable host side
    Memset,           // async or sync
    Malloc,           // cudaMalloc
    Free,             // cudaFree
    MallocAsync,      // cudaMallocAsync on the scenario's pool
    FreeAsync,        // cudaFreeAsync
    PoolTrim,         // cudaMemPoolTrimTo(pool, bytes)
    TensorAlloc,      // PyTorch's caching allocator: a tensor of `bytes` on `stream`
    TensorFree,       // the tensor dies: its block returns to the allocator's cache
    RecordStream,     // Tensor.record_stream(stream): used on another stream too
    EmptyCache,       // torch.cuda.empty_cache(): releases wholly free cached segments
    EventRecord,      // cudaEventRecord(event, stream)
    StreamWaitEvent,  // cudaStreamWaitEvent(stream, event)
    WaitStream,       // Stream.wait_stream(other): record on `other_stream`, wait on `stream`
    DeviceSync,       // cudaDeviceSynchronize
    StreamSync,       // cudaStreamSynchronize(stream)
    EventSync,        // cudaEventSynchronize(event)
    CpuSync,          // torch.cpu.synchronize(): no CUDA call at all
    EventQueryPoll,   // cudaEventQuery loop every poll_interval_ns
    HostCallback,     // cudaLaunchHostFunc(stream, fn running duration_ns)
    HostWork,         // the host thread computes for duration_ns
    Repeat,           // body repeated `count` times (expanded before a run)
};
inline constexpr int kStepKindCount = 23;

struct StreamSpec {
    std::string name;
    StreamKind kind = StreamKind::NonBlocking;
    int priority = 0;  // lower number = higher priority (a hint, docs/semantics.md section 2)
};

struct EventSpec {
    std::string name;
    bool blocking_sync = false;  // cudaEventBlockingSync: the host sleeps in cudaEventSynchronize
    bool disable_timing = true;  // PyTorch's default Event()
};

struct BufferSpec {
    std::string name;  // a device allocation made by Malloc/MallocAsync/TensorAlloc steps
};

struct PoolSpec {
    // cudaMemPoolAttrReleaseThreshold; UINT64_MAX never trims on sync (PyTorch's async backend).
    std::uint64_t release_threshold = 0;
    // The pool's reuse policies (cudaMemPoolReuse*); CUDA turns all three on by default.
    bool reuse_follow_event_dependencies = true;
    bool reuse_allow_opportunistic = true;
    bool reuse_allow_internal_dependencies = true;
};

struct Step {
    StepKind kind = StepKind::HostWork;
    std::uint32_t stream = 0;            // index into Scenario::streams
    std::uint32_t other_stream = kNone;  // WaitStream: the stream waited on
    std::uint32_t event = kNone;         // index into Scenario::events
    std::uint32_t buffer = kNone;        // index into Scenario::buffers
    std::uint32_t batch = kNone;         // user-facing batch number, for colours and NVTX ranges
    KernelKind kernel = KernelKind::Spin;
    CopyDirection direction = CopyDirection::HostToDevice;
    bool pinned = true;  // host side of a copy: pinned (true) or pageable
    bool async = true;   // Memcpy/Memset: the *Async form
    std::uint32_t grid = 1;
    std::uint32_t block = 32;
    TimeNs duration_ns = 0;       // Kernel (spin/compute), HostCallback, HostWork
    TimeNs poll_interval_ns = 0;  // EventQueryPoll
    std::uint64_t bytes = 0;  // Memcpy, Memset, Malloc*, Memory kernel, PoolTrim (bytes to keep)
    std::vector<std::uint32_t> uses;  // Kernel: buffers the kernel touches (checks I21)
    SyncMode mode = SyncMode::None;   // which catalogue mode this step demonstrates (for labels)
    std::uint32_t count = 1;          // Repeat
    std::uint32_t batch_stride = 0;   // Repeat: iteration i adds i * batch_stride to body batches
    std::vector<Step> body;           // Repeat
    // Optional: names the step's events on the timeline. The English name is the events' name in
    // every trace; a Japanese one, where the author gave it, is what the Japanese interface shows.
    LessonText label;
    std::string id;  // optional name for `expect` claims; unique in the scenario

    bool operator==(const Step&) const = default;
};

struct Scenario {
    // The file format's version (docs/scenario-format.md, "Versions"): bumped whenever the
    // meaning or the accepted fields change. 2: a synchronous memcpy or memset takes no stream.
    // 3: a step's label may be {"en": ..., "ja": ...}.
    static constexpr int kFormatVersion = 3;
    // The oldest version read; older files are migrated, each change named in a warning.
    static constexpr int kOldestFormatVersion = 1;
    static constexpr std::size_t kMaxStreams = 64;
    static constexpr std::size_t kMaxExpandedSteps = 1'000'000;

    LessonText title;
    LessonText explanation;       // what its timeline shows, in a short paragraph
    std::string device = "h200";  // device profile id (used by the simulator; informative on CUDA)
    SchedulePolicy schedule = SchedulePolicy::Auto;
    DefaultStream default_stream = DefaultStream::Legacy;
    std::vector<StreamSpec> streams;
    std::vector<EventSpec> events;
    std::vector<BufferSpec> buffers;
    PoolSpec pool;
    std::vector<Step> program;
    std::vector<Expectation> expect;  // the lesson's claims about its own run
    std::vector<Callout> callouts;    // the lesson in words, pinned to the timeline
    std::optional<Focus> focus;       // the part of the run the lesson is in
};

// A synchronous memcpy or memset: a call that takes no stream and runs on the default stream.
bool takesNoStream(const Step& step);
// The stream kind the scenario's default stream has (legacy or per-thread default).
StreamKind defaultStreamKind(DefaultStream which);
// Points every synchronous memcpy and memset at the scenario's default stream, adding that stream
// ("default", of defaultStreamKind) when the scenario does not list one. Both engines call it, so
// a scenario built in code behaves as one read from a file. Returns false, changing nothing, when
// the stream would be one more than Scenario::kMaxStreams.
bool assignDefaultStream(Scenario& scenario);

// Whether any step (inside repeats too) uses PyTorch's caching allocator.
bool usesCachingAllocator(const std::vector<Step>& program);

// Flattens Repeat steps. The result has no Repeat step; each step keeps its own batch number.
std::vector<Step> expandProgram(const std::vector<Step>& program);
// Number of steps after expansion, without materialising them (saturates at SIZE_MAX).
std::size_t expandedStepCount(const std::vector<Step>& program);

std::string_view toString(StreamKind kind);
std::string_view toString(SchedulePolicy policy);
std::string_view toString(DefaultStream which);
std::string_view toString(KernelKind kind);
std::string_view toString(CopyDirection direction);
std::string_view toString(StepKind kind);

}  // namespace syncscope
