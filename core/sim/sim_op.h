#pragma once

#include <cstdint>

#include "core/model/ids.h"
#include "core/model/sync_mode.h"
#include "core/model/trace.h"

namespace syncscope {

// What a pending GPU operation needs while it waits and runs. Only ops still in flight exist (the
// launch queue bounds them), so the record favours clarity over size.
enum class SimOpKind : std::uint8_t {
    Kernel,        // holds SM slots for `duration`
    Memset,        // runs like a short kernel
    Copy,          // holds a copy engine (or SM slots for device-to-device) for `duration`
    HostToHost,    // a host memcpy ordered in the stream: no GPU resource
    HostCallback,  // runs on the driver's single callback thread
    Marker,        // cudaEventRecord reached: zero length
    StreamWait,    // stalls its stream until the awaited record is reached
    MemoryOp,      // cudaMallocAsync / cudaFreeAsync reached in stream order: zero length
};

inline constexpr std::uint8_t kNoCopyEngine = 0xff;
inline constexpr TimeNs kEndUnknown = -1;

struct SimOp {
    TimeNs ready = 0;          // earliest start: when the enqueuing call returned
    TimeNs duration = 0;       // length once running
    TimeNs start = 0;          // valid while running
    TimeNs end = kEndUnknown;  // valid while running, except for a StreamWait still stalled
    std::uint64_t bytes = 0;
    std::uint32_t seq = 0;      // global enqueue order, from 1
    std::uint32_t barrier = 0;  // every op with seq < barrier must have ended before this starts
    std::uint32_t api_event = kNone;  // the ApiCall that enqueued it (Flow{Launch})
    std::uint32_t step = kNone;
    std::uint32_t batch = kNone;
    std::uint32_t correlation = kNone;
    std::uint32_t name = 0;
    std::uint32_t blocks = 0;   // SM block slots held while running (kernels, memsets, d2d copies)
    std::uint32_t threads = 0;  // SM thread slots held while running
    std::uint32_t record = kNone;  // Marker: its record slot; StreamWait: the awaited one
    // StreamWait: the awaited record's stream and marker seq. MemoryOp (an allocation): the free on
    // another stream it waits for (the pool's internal dependency).
    std::uint32_t dep_stream = kNone;
    std::uint32_t dep_seq = 0;
    std::uint32_t buffer = kNone;  // MemoryOp
    std::uint32_t cuda_event = kNone;
    SimOpKind kind = SimOpKind::Kernel;
    EventKind event_kind = EventKind::Kernel;
    ApiId api = ApiId::None;
    SyncMode mode = SyncMode::None;
    std::uint8_t flags = 0;
    std::uint8_t engine = kNoCopyEngine;
    // A spin kernel wider than the device runs wave by wave: it gives its SM slots back at each
    // wave's end and takes them again for the next, so a kernel of a higher priority waiting for
    // slots gets them at the wave boundary (measured on an H200: a priority −5 kernel started at
    // the first wave boundary of a 4-wave priority-0 one). `waves_left` counts the waves after the
    // running (or awaited) one; `wave` is one wave's length.
    std::uint32_t waves_left = 0;
    TimeNs wave = 0;
    bool between_waves = false;  // running, its last wave ended, waiting for slots for the next
    bool running = false;
    bool frees = false;        // MemoryOp: a free reached (otherwise an allocation)
    bool pool_memory = false;  // MemoryOp free: the bytes go back to the pool (else to the device)
};

}  // namespace syncscope
