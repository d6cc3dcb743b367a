#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/ids.h"

namespace syncscope {

// Plain copies of the CUPTI activity records the CUDA engine and the program recorder use, plus
// the engine's own host stamps. CuptiActivityDecoder fills them from real CUpti_Activity* records;
// tests build them directly; RecordingWriter/RecordingReader keep them in a recording file. No CUDA
// header here, so the conversions build and are tested everywhere. Timestamps are raw record-clock
// ns (converted by CuptiRecordConverter or RecordingConverter).

// CUPTI_ACTIVITY_KIND_RUNTIME and CUPTI_ACTIVITY_KIND_DRIVER (CUpti_ActivityAPI).
struct ApiRecord {
    std::uint32_t cbid = 0;
    std::uint64_t start = 0, end = 0;
    std::uint32_t thread_id = 0;
    std::uint32_t correlation = 0;
    std::uint32_t return_value = 0;
};

// CONCURRENT_KERNEL, MEMCPY, MEMSET records.
struct GpuOpRecord {
    enum class Kind : std::uint8_t { Kernel, Memcpy, Memset };
    Kind kind = Kind::Kernel;
    std::uint64_t start = 0, end = 0;
    std::uint32_t stream_id = 0;  // CUPTI stream id
    std::uint32_t correlation = 0;
    std::uint64_t bytes = 0;            // copies, memsets
    std::uint8_t copy_kind = 0;         // CUpti_ActivityMemcpyKind
    bool pageable = false;              // copies: the host side is pageable memory
    std::uint32_t device = 0;           // CUDA device id
    std::uint32_t grid = 0, block = 0;  // kernels: x*y*z
    std::string name;                   // kernels: (mangled) function name
};

// SYNCHRONIZATION (CUpti_ActivitySynchronization2).
struct SyncRecord {
    enum Type : std::uint32_t {
        Unknown = 0,
        EventSynchronize = 1,
        StreamWaitEvent = 2,
        StreamSynchronize = 3,
        ContextSynchronize = 4
    };
    std::uint32_t type = Unknown;
    std::uint64_t start = 0, end = 0;
    std::uint32_t correlation = 0;
    std::uint32_t stream_id = 0xFFFFFFFFu;
    std::uint32_t cuda_event_id = 0xFFFFFFFFu;
    std::uint64_t event_sync_id = 0;
};

// CUDA_EVENT (CUpti_ActivityCudaEvent2): one per cudaEventRecord.
struct CudaEventRecord {
    std::uint32_t correlation = 0;
    std::uint32_t stream_id = 0;
    std::uint32_t event_id = 0;
    std::uint64_t device_timestamp = 0;  // 0 = not provided
    std::uint64_t event_sync_id = 0;
};

// MEMORY2 (CUpti_ActivityMemory4).
struct MemoryRecord {
    enum Operation : std::uint32_t { Invalid = 0, Allocation = 1, Release = 2 };
    std::uint32_t operation = Invalid;
    std::uint32_t correlation = 0;
    std::uint64_t address = 0, bytes = 0, timestamp = 0;
    std::uint32_t stream_id = 0;
    bool is_async = false;
    bool from_pool = false;           // memoryPoolConfig.memoryPoolType != INVALID
    std::uint64_t pool_size = 0;      // the pool's reserved size after the operation
    std::uint64_t pool_utilized = 0;  // its used size
    std::uint64_t release_threshold = 0;
    std::uint8_t memory_kind = 0;  // CUpti_ActivityMemoryKind: 3 = device memory
};

// MEMORY_POOL (CUpti_ActivityMemoryPool3).
struct MemoryPoolRecord {
    enum Operation : std::uint32_t { Invalid = 0, Created = 1, Destroyed = 2, Trimmed = 3 };
    std::uint32_t operation = Invalid;
    std::uint32_t correlation = 0;
    std::uint64_t timestamp = 0, size = 0, utilized = 0, release_threshold = 0,
                  min_bytes_to_keep = 0;
};

// EXTERNAL_CORRELATION: the engine pushes the step index as external id around each step.
struct ExternalCorrelationRecord {
    std::uint64_t external_id = 0;
    std::uint32_t correlation = 0;
};
// MARKER (CUpti_ActivityMarker2): NVTX ranges and marks. A range comes as two records, its start
// (with the name) and its end, sharing `id`; RecordingConverter pairs them.
struct MarkerRecord {
    enum Flags : std::uint8_t { Instantaneous = 1, Start = 2, End = 4 };
    std::uint8_t flags = 0;
    std::uint64_t timestamp = 0;
    std::uint32_t id = 0;
    std::uint32_t process_id = 0, thread_id = 0;
    std::string name;    // start and instantaneous records
    std::string domain;  // NVTX domain ("" = the default one)
};

// External id of the recorder's own calls (set-up, calibration, final sync): never shown as steps.
inline constexpr std::uint64_t kInstrumentationExternalId = ~0ull;

// What the engine itself measured on the host clock, per step.
struct HostStamp {
    enum class Kind : std::uint8_t {
        Step,             // a step's calls: [start, end]; cpu_ns around syncs; api_records expected
        HostCallback,     // the host function of a host_callback step ran in [start, end]
        Error,            // the step failed; message says why
        Instrumentation,  // the recorder's final sync (shown hidden)
    };
    Kind kind = Kind::Step;
    std::uint32_t step = kNone;
    std::uint64_t start = 0, end = 0;  // host clock ns (CLOCK_MONOTONIC)
    std::int64_t cpu_ns = -1;          // thread CPU time over [start, end]
    std::uint32_t api_records = 0;     // runtime records the step is expected to produce
    std::uint32_t polls = 0;           // event_query_poll: number of cudaEventQuery calls
    std::string message;               // Error; a PyTorch allocator op's name
    // PyTorch allocator steps: memory_allocated / memory_reserved when the step returned (-1 for
    // other steps).
    std::int64_t torch_allocated = -1, torch_reserved = -1;
};

// One device/pool sample of the sampler thread (host clock).
struct SamplerRecord {
    std::uint64_t t = 0;
    std::int64_t device_used = -1, pool_reserved = -1, pool_used = -1;
};

struct CuptiRecordBatch {
    std::vector<ApiRecord> api;
    std::vector<ApiRecord> driver;  // only the program recorder asks for driver records
    std::vector<GpuOpRecord> gpu;
    std::vector<SyncRecord> sync;
    std::vector<CudaEventRecord> cuda_events;
    std::vector<MemoryRecord> memory;
    std::vector<MemoryPoolRecord> pools;
    std::vector<ExternalCorrelationRecord> external;
    std::vector<HostStamp> host;
    std::vector<SamplerRecord> samples;
    std::vector<MarkerRecord> markers;
    std::uint64_t dropped = 0;  // cuptiActivityGetNumDroppedRecords
    std::uint64_t unknown = 0;  // records of kinds we do not use

    void append(CuptiRecordBatch&& other);
    bool empty() const;
};

}  // namespace syncscope
