#pragma once

#include <cupti.h>

#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/record/cupti_records.h"

namespace syncscope {

// Process-wide CUPTI activity recording (CUPTI's callbacks are process-wide C functions, so this
// is a singleton). initialize() runs once: it registers our clock with
// cuptiActivityRegisterTimestampCallback *before any kind is enabled* (docs/semantics.md section 9)
// and the buffer callbacks. enable()/disable() bracket each run with recordedActivityKinds(). A
// completed buffer is only queued in CUPTI's callback and decoded by take(), on the caller's
// thread: CUPTI holds the buffer while its callback runs, and a runtime call that needs to write
// a record waits for it (decoding a few thousand records there held the issuing thread's next
// launch for 5 ms on an H200). Buffers are reused, so records never land on fresh pages.
class CuptiSession {
public:
    static CuptiSession& instance();

    // "" on success, else why CUPTI cannot record here.
    std::string initialize();
    // Enables every kind of `kinds` (the engine's: recordedActivityKinds()); "" or an error. Kinds
    // that only enrich the trace (memory, pool, CUDA event, NVTX) may fail on some drivers: they
    // are listed in `warnings`. disable() turns off what enable() turned on.
    std::string enable(std::string& warnings);
    std::string enable(std::string& warnings, std::span<const CUpti_ActivityKind> kinds);
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

    struct Completed {
        std::uint8_t* buffer = nullptr;
        std::size_t valid_size = 0;
        std::size_t dropped = 0;
    };

    std::mutex mutex_;  // guards completed_ and spare_
    std::vector<Completed> completed_;
    std::vector<std::uint8_t*> spare_;  // decoded buffers, for requestBuffer
    bool initialized_ = false;
    std::string init_error_;
    bool host_clock_ = false;
    std::span<const CUpti_ActivityKind> enabled_kinds_;
    std::int64_t record_offset_ns_ = 0;
};

}  // namespace syncscope
