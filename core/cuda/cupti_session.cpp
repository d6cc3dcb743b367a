#include "core/cuda/cupti_session.h"

#include <cstdlib>

#include "core/cuda/cupti_activity_decoder.h"
#include "core/cuda/cupti_activity_kinds.h"
#include "core/cuda/host_clock.h"

namespace syncscope {

namespace {

constexpr std::size_t kBufferBytes = 8u << 20;
constexpr std::size_t kAlignment = 8;

std::string cuptiError(const char* call, CUptiResult result) {
    const char* text = nullptr;
    cuptiGetResultString(result, &text);
    return std::string(call) + " failed: " + (text != nullptr ? text : "unknown CUPTI error");
}

bool optionalKind(CUpti_ActivityKind kind) {
    return kind == CUPTI_ACTIVITY_KIND_MEMORY2 || kind == CUPTI_ACTIVITY_KIND_MEMORY_POOL ||
           kind == CUPTI_ACTIVITY_KIND_CUDA_EVENT || kind == CUPTI_ACTIVITY_KIND_SYNCHRONIZATION ||
           kind == CUPTI_ACTIVITY_KIND_MARKER || kind == CUPTI_ACTIVITY_KIND_DRIVER;
}

}  // namespace

CuptiSession& CuptiSession::instance() {
    // Never destroyed: CUPTI may hand back buffers from its own exit handler, after static
    // destructors have run.
    static CuptiSession* session = new CuptiSession;
    return *session;
}

void CUPTIAPI CuptiSession::requestBuffer(uint8_t** buffer, size_t* size, size_t* max_records) {
    CuptiSession& self = instance();
    {
        const std::lock_guard lock(self.mutex_);
        if (!self.spare_.empty()) {
            *buffer = self.spare_.back();
            self.spare_.pop_back();
        } else {
            *buffer = nullptr;
        }
    }
    if (*buffer == nullptr)
        *buffer = static_cast<uint8_t*>(std::aligned_alloc(kAlignment, kBufferBytes));
    *size = *buffer != nullptr ? kBufferBytes : 0;
    *max_records = 0;  // as many as fit
}

void CUPTIAPI CuptiSession::completeBuffer(CUcontext context, uint32_t stream_id, uint8_t* buffer,
                                           size_t /*size*/, size_t valid_size) {
    Completed done{buffer, valid_size, 0};
    size_t dropped = 0;
    if (cuptiActivityGetNumDroppedRecords(context, stream_id, &dropped) == CUPTI_SUCCESS)
        done.dropped = dropped;
    CuptiSession& self = instance();
    const std::lock_guard lock(self.mutex_);
    self.completed_.push_back(done);
}

uint64_t CUPTIAPI CuptiSession::timestamp() {
    return steadyNowNs();
}

std::string CuptiSession::initialize() {
    const std::lock_guard lock(mutex_);
    if (initialized_)
        return init_error_;
    initialized_ = true;
    std::uint32_t version = 0;
    if (const CUptiResult r = cuptiGetVersion(&version); r != CUPTI_SUCCESS) {
        init_error_ = "CUPTI unavailable: " + cuptiError("cuptiGetVersion", r);
        return init_error_;
    }
    // Our clock first: records made before this would keep CUPTI's default clock.
    if (cuptiActivityRegisterTimestampCallback(&CuptiSession::timestamp) == CUPTI_SUCCESS) {
        host_clock_ = true;
        record_offset_ns_ = 0;
    } else {
        // Old CUPTI: records use CLOCK_REALTIME; convert with the offset measured now.
        host_clock_ = false;
        const std::uint64_t mono0 = steadyNowNs();
        const std::uint64_t real = realtimeNowNs();
        const std::uint64_t mono1 = steadyNowNs();
        record_offset_ns_ =
            static_cast<std::int64_t>(real) - static_cast<std::int64_t>((mono0 + mono1) / 2);
    }
    if (const CUptiResult r = cuptiActivityRegisterCallbacks(&CuptiSession::requestBuffer,
                                                             &CuptiSession::completeBuffer);
        r != CUPTI_SUCCESS) {
        init_error_ = "CUPTI unavailable: " + cuptiError("cuptiActivityRegisterCallbacks", r);
    }
    return init_error_;
}

std::string CuptiSession::enable(std::string& warnings) {
    return enable(warnings, recordedActivityKinds());
}

std::string CuptiSession::enable(std::string& warnings, std::span<const CUpti_ActivityKind> kinds) {
    enabled_kinds_ = kinds;
    for (const CUpti_ActivityKind kind : kinds) {
        const CUptiResult r = cuptiActivityEnable(kind);
        if (r == CUPTI_SUCCESS)
            continue;
        const std::string what =
            cuptiError(("cuptiActivityEnable(kind " + std::to_string(int(kind)) + ")").c_str(), r);
        if (!optionalKind(kind)) {
            disable();
            return "CUPTI cannot record here: " + what;
        }
        warnings += what + "; ";
    }
    // EventMarker times come from the device-side stamp of CUDA_EVENT records (off by default).
    if (const CUptiResult r = cuptiActivityEnableCudaEventDeviceTimestamps(1); r != CUPTI_SUCCESS)
        warnings += cuptiError("cuptiActivityEnableCudaEventDeviceTimestamps", r) + "; ";
    return {};
}

void CuptiSession::disable() {
    cuptiActivityEnableCudaEventDeviceTimestamps(0);
    for (const CUpti_ActivityKind kind : enabled_kinds_)
        cuptiActivityDisable(kind);
}

void CuptiSession::flush(bool forced) {
    cuptiActivityFlushAll(forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED : 0);
}

CuptiRecordBatch CuptiSession::take() {
    std::vector<Completed> completed;
    {
        const std::lock_guard lock(mutex_);
        completed.swap(completed_);
    }
    CuptiRecordBatch out;
    std::vector<std::uint8_t*> decoded;
    for (const Completed& c : completed) {
        if (c.buffer != nullptr && c.valid_size > 0)
            CuptiActivityDecoder::decodeBuffer(c.buffer, c.valid_size, out);
        out.dropped += c.dropped;
        if (c.buffer != nullptr)
            decoded.push_back(c.buffer);
    }
    const std::lock_guard lock(mutex_);
    // A few spares cover a flush's worth of buffers; more go back to the system.
    constexpr std::size_t kMaxSpare = 4;
    for (std::uint8_t* b : decoded) {
        if (spare_.size() < kMaxSpare)
            spare_.push_back(b);
        else
            std::free(b);
    }
    return out;
}

void CuptiSession::pushExternalId(std::uint64_t id) {
    cuptiActivityPushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, id);
}

void CuptiSession::popExternalId() {
    std::uint64_t last = 0;
    cuptiActivityPopExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &last);
}

}  // namespace syncscope
