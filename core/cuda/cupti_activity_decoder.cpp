#include "core/cuda/cupti_activity_decoder.h"

#include <cstring>

namespace syncscope {

namespace {

// Records in CUPTI buffers are packed (PACKED_ALIGNMENT = 8); copy them out before reading so no
// access is misaligned even if a caller hands us a record that is not.
template <typename T>
T copyOf(const CUpti_Activity& record) {
    T value;
    std::memcpy(&value, &record, sizeof(T));
    return value;
}

std::uint32_t dims(std::int32_t x, std::int32_t y, std::int32_t z) {
    return static_cast<std::uint32_t>(x) * static_cast<std::uint32_t>(y) *
           static_cast<std::uint32_t>(z);
}

}  // namespace

bool CuptiActivityDecoder::decode(const CUpti_Activity& record, CuptiRecordBatch& out) {
    switch (record.kind) {
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
            const auto k = copyOf<CUpti_ActivityKernel10>(record);
            GpuOpRecord op;
            op.kind = GpuOpRecord::Kind::Kernel;
            op.start = k.start;
            op.end = k.end;
            op.stream_id = k.streamId;
            op.correlation = k.correlationId;
            op.device = k.deviceId;
            op.grid = dims(k.gridX, k.gridY, k.gridZ);
            op.block = dims(k.blockX, k.blockY, k.blockZ);
            if (k.name != nullptr)
                op.name = k.name;
            out.gpu.push_back(std::move(op));
            return true;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const auto m = copyOf<CUpti_ActivityMemcpy6>(record);
            GpuOpRecord op;
            op.kind = GpuOpRecord::Kind::Memcpy;
            op.start = m.start;
            op.end = m.end;
            op.stream_id = m.streamId;
            op.correlation = m.correlationId;
            op.bytes = m.bytes;
            op.copy_kind = m.copyKind;
            op.device = m.deviceId;
            // The host side of the copy: pageable memory makes even an async copy block
            // (docs/semantics.md section 2).
            op.pageable = m.srcKind == CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE ||
                          m.dstKind == CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE;
            out.gpu.push_back(std::move(op));
            return true;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const auto m = copyOf<CUpti_ActivityMemset4>(record);
            GpuOpRecord op;
            op.kind = GpuOpRecord::Kind::Memset;
            op.start = m.start;
            op.end = m.end;
            op.stream_id = m.streamId;
            op.correlation = m.correlationId;
            op.bytes = m.bytes;
            op.device = m.deviceId;
            out.gpu.push_back(std::move(op));
            return true;
        }
        case CUPTI_ACTIVITY_KIND_RUNTIME: {
            const auto a = copyOf<CUpti_ActivityAPI>(record);
            out.api.push_back({static_cast<std::uint32_t>(a.cbid), a.start, a.end, a.threadId,
                               a.correlationId, a.returnValue});
            return true;
        }
        case CUPTI_ACTIVITY_KIND_DRIVER: {
            const auto a = copyOf<CUpti_ActivityAPI>(record);
            out.driver.push_back({static_cast<std::uint32_t>(a.cbid), a.start, a.end, a.threadId,
                                  a.correlationId, a.returnValue});
            return true;
        }
        case CUPTI_ACTIVITY_KIND_MARKER: {
            const auto m = copyOf<CUpti_ActivityMarker2>(record);
            MarkerRecord r;
            r.flags = static_cast<std::uint8_t>(
                m.flags & (CUPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS |
                           CUPTI_ACTIVITY_FLAG_MARKER_START | CUPTI_ACTIVITY_FLAG_MARKER_END));
            r.timestamp = m.timestamp;
            r.id = m.id;
            if (m.objectKind == CUPTI_ACTIVITY_OBJECT_THREAD ||
                m.objectKind == CUPTI_ACTIVITY_OBJECT_PROCESS) {
                r.process_id = m.objectId.pt.processId;
                r.thread_id = m.objectId.pt.threadId;
            }
            if (m.name != nullptr)
                r.name = m.name;
            if (m.domain != nullptr)
                r.domain = m.domain;
            out.markers.push_back(std::move(r));
            return true;
        }
        case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
            const auto s = copyOf<CUpti_ActivitySynchronization2>(record);
            out.sync.push_back({static_cast<std::uint32_t>(s.type), s.start, s.end, s.correlationId,
                                s.streamId, s.cudaEventId, s.cudaEventSyncId});
            return true;
        }
        case CUPTI_ACTIVITY_KIND_CUDA_EVENT: {
            const auto e = copyOf<CUpti_ActivityCudaEvent2>(record);
            out.cuda_events.push_back(
                {e.correlationId, e.streamId, e.eventId, e.deviceTimestamp, e.cudaEventSyncId});
            return true;
        }
        case CUPTI_ACTIVITY_KIND_MEMORY2: {
            const auto m = copyOf<CUpti_ActivityMemory4>(record);
            MemoryRecord r;
            r.operation = static_cast<std::uint32_t>(m.memoryOperationType);
            r.correlation = m.correlationId;
            r.address = m.address;
            r.bytes = m.bytes;
            r.timestamp = m.timestamp;
            r.stream_id = m.streamId;
            r.is_async = m.isAsync != 0;
            r.from_pool =
                m.memoryPoolConfig.memoryPoolType != CUPTI_ACTIVITY_MEMORY_POOL_TYPE_INVALID;
            r.pool_size = m.memoryPoolConfig.pool.size;
            r.pool_utilized = m.memoryPoolConfig.utilizedSize;
            r.release_threshold = m.memoryPoolConfig.releaseThreshold;
            r.memory_kind = static_cast<std::uint8_t>(m.memoryKind);
            out.memory.push_back(r);
            return true;
        }
        case CUPTI_ACTIVITY_KIND_MEMORY_POOL: {
            const auto p = copyOf<CUpti_ActivityMemoryPool3>(record);
            MemoryPoolRecord r;
            r.operation = static_cast<std::uint32_t>(p.memoryPoolOperationType);
            r.correlation = p.correlationId;
            r.timestamp = p.timestamp;
            r.size = p.size;
            r.utilized = p.utilizedSize;
            r.release_threshold = p.releaseThreshold;
            r.min_bytes_to_keep = p.minBytesToKeep;
            out.pools.push_back(r);
            return true;
        }
        case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
            const auto x = copyOf<CUpti_ActivityExternalCorrelation>(record);
            out.external.push_back({x.externalId, x.correlationId});
            return true;
        }
        default:
            ++out.unknown;
            return false;
    }
}

void CuptiActivityDecoder::decodeBuffer(std::uint8_t* buffer, std::size_t valid_size,
                                        CuptiRecordBatch& out) {
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, valid_size, &record) == CUPTI_SUCCESS)
        decode(*record, out);
}

}  // namespace syncscope
