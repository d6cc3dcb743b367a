#pragma once

#include "core/record/process_recording.h"

namespace syncscope::recording_fields {

// The fields of each record, in file order, listed once for both directions: `io` is the
// writer's encoder (records are const) or the reader's decoder. Adding a field here changes the
// file, so it goes with a new recording_format::kVersion.
template <class Io, class R>
void api(Io& io, R& r) {
    io(r.cbid, r.start, r.end, r.thread_id, r.correlation, r.return_value);
}

template <class Io, class R>
void gpuOp(Io& io, R& r) {
    io.kind(r.kind);
    io(r.start, r.end, r.stream_id, r.correlation, r.bytes, r.copy_kind, r.pageable, r.device,
       r.grid, r.block, r.name);
}

template <class Io, class R>
void sync(Io& io, R& r) {
    io(r.type, r.start, r.end, r.correlation, r.stream_id, r.cuda_event_id, r.event_sync_id);
}

template <class Io, class R>
void cudaEvent(Io& io, R& r) {
    io(r.correlation, r.stream_id, r.event_id, r.device_timestamp, r.event_sync_id);
}

template <class Io, class R>
void memory(Io& io, R& r) {
    io(r.operation, r.correlation, r.address, r.bytes, r.timestamp, r.stream_id, r.is_async,
       r.from_pool, r.pool_size, r.pool_utilized, r.release_threshold, r.memory_kind);
}

template <class Io, class R>
void pool(Io& io, R& r) {
    io(r.operation, r.correlation, r.timestamp, r.size, r.utilized, r.release_threshold,
       r.min_bytes_to_keep);
}

template <class Io, class R>
void marker(Io& io, R& r) {
    io(r.flags, r.timestamp, r.id, r.process_id, r.thread_id, r.name, r.domain);
}

template <class Io, class R>
void process(Io& io, R& r) {
    io(r.pid, r.parent_pid, r.rank, r.local_rank, r.world_size, r.start_ns, r.record_offset_ns,
       r.command, r.host);
}

template <class Io, class R>
void device(Io& io, R& r) {
    io(r.id, r.name, r.memory_bytes, r.sm_count);
}

template <class Io, class R>
void end(Io& io, R& r) {
    io(r.end_ns, r.not_kept, r.reason);
}

// A Records chunk: each list as `u32 count, records`, then the dropped count.
template <class Io, class B>
void batch(Io& io, B& b) {
    io.list(b.api, [](Io& i, auto& r) { api(i, r); });
    io.list(b.driver, [](Io& i, auto& r) { api(i, r); });
    io.list(b.gpu, [](Io& i, auto& r) { gpuOp(i, r); });
    io.list(b.sync, [](Io& i, auto& r) { sync(i, r); });
    io.list(b.cuda_events, [](Io& i, auto& r) { cudaEvent(i, r); });
    io.list(b.memory, [](Io& i, auto& r) { memory(i, r); });
    io.list(b.pools, [](Io& i, auto& r) { pool(i, r); });
    io.list(b.markers, [](Io& i, auto& r) { marker(i, r); });
    io(b.dropped);
}

// How many records a batch holds (what --max-size counts as not kept).
inline std::uint64_t recordCount(const CuptiRecordBatch& b) {
    return b.api.size() + b.driver.size() + b.gpu.size() + b.sync.size() + b.cuda_events.size() +
           b.memory.size() + b.pools.size() + b.markers.size();
}

}  // namespace syncscope::recording_fields
