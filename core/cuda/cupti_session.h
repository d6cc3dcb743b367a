#pragma once

#include <cupti.h>

#include <cstdint>
#include <mutex>
#include <string>

#include "core/cuda/cupti_records.h"

namespace syncscope {

// Process-wide CUPTI activity recording (CUPTI's callbacks are process-wide C functions, so this
// is a singleton). initialize() runs once: it registers our clock with
// cuptiActivityRegisterTimestampCallback *before any kind is enabled* (SYNC-SEMANTICS §5.2) and
// the buffer callbacks. enable()/disable() bracket each run with recordedActivityKinds().
// Completed buffers are decoded at once (CuptiActivityDecoder) and wait in take().
class CuptiSession {
public:
    static CuptiSession& instance();

    // "" on success, else why CUPTI cannot record here.
    std::string initialize();
    // Enables every kind of recordedActivityKinds(); "" or an error. Kinds that only enrich the
    // trace (memory, pool, CUDA event) may fail on some drivers: they are listed in `warnings`.
    std::string enable(std::string& warnings);
    void disable();
    // cuptiActivityFlushAll: `forced` also delivers buffers with incomplete records. Never syncs.
    void flush(bool forced);
    CuptiRecordBatch take();

    // Record timestamps are on CLOCK_MONOTONIC (our callback) -> offset 0; otherwise CUPTI's
    // default CLOCK_REALTIME and the offset realtime - monotonic measured at initialize().
    bool usesHostClock() const { return host_clock_; }
    std::int64_t recordOffsetNs() const { return record_offset_ns_; }

    // External correlation: every runtime call between push and pop maps to `id` (the step).
    static void pushExternalId(std::uint64_t id);
    static void popExternalId();

private:
    CuptiSession() = default;
    static void CUPTIAPI requestBuffer(uint8_t** buffer, size_t* size, size_t* max_records);
    static void CUPTIAPI completeBuffer(CUcontext context, uint32_t stream_id, uint8_t* buffer,
                                        size_t size, size_t valid_size);
    static uint64_t CUPTIAPI timestamp();

    std::mutex mutex_;
    CuptiRecordBatch batch_;
    bool initialized_ = false;
    std::string init_error_;
    bool host_clock_ = false;
    std::int64_t record_offset_ns_ = 0;
};

}  // namespace syncscope
