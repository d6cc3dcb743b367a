#pragma once

#include <cstdint>
#include <string>

#include "core/model/scenario.h"
#include "core/model/trace.h"

// Rules of docs/trace-conventions.md shared by the CuptiRecordConverter sources. Internal to
// core/cuda.
namespace syncscope::converter_rules {

// CUpti_ActivityMemcpyKind: 1 HtoD, 2 DtoH, 8 DtoD, 10 HtoH (others: arrays, peer).
inline std::string copyName(std::uint8_t copy_kind, const Step& st) {
    switch (copy_kind) {
        case 1:
            return "memcpy h2d";
        case 2:
            return "memcpy d2h";
        case 8:
            return "memcpy d2d";
        case 10:
            return "memcpy h2h";
        default:
            break;
    }
    switch (st.direction) {
        case CopyDirection::HostToDevice:
            return "memcpy h2d";
        case CopyDirection::DeviceToHost:
            return "memcpy d2h";
        case CopyDirection::DeviceToDevice:
            return "memcpy d2d";
        case CopyDirection::HostToHost:
            return "memcpy h2h";
    }
    return "memcpy";
}

// A device stamp further than this after its record call is not on our clock (raw GPU time).
inline constexpr TimeNs kMaxMarkerDelayNs = 3'600'000'000'000;

inline constexpr std::uint32_t kCudaErrorNotReady = 600;

inline bool isHostSyncApi(ApiId api) {
    return api == ApiId::DeviceSynchronize || api == ApiId::StreamSynchronize ||
           api == ApiId::EventSynchronize || api == ApiId::Memcpy || api == ApiId::Memset ||
           api == ApiId::Free;
}

// The step kinds whose host call may wait for GPU work (trace-conventions "Host syncs").
inline bool isHostSyncStep(const Step& st) {
    switch (st.kind) {
        case StepKind::DeviceSync:
        case StepKind::StreamSync:
        case StepKind::EventSync:
        case StepKind::EventQueryPoll:
        case StepKind::Free:
            return true;
        case StepKind::Memcpy:
        case StepKind::Memset:
            return !st.async;
        default:
            return false;
    }
}

// PyTorch caching-allocator ops: one ApiCall of their own (named by the engine), with the CUDA
// calls the allocator made inside them.
inline bool isTensorStep(const Step& st) {
    return st.kind == StepKind::TensorAlloc || st.kind == StepKind::TensorFree ||
           st.kind == StepKind::RecordStream || st.kind == StepKind::EmptyCache;
}

inline ApiId tensorApi(const Step& st) {
    switch (st.kind) {
        case StepKind::TensorAlloc:
            return ApiId::TensorAlloc;
        case StepKind::TensorFree:
            return ApiId::TensorFree;
        case StepKind::RecordStream:
            return ApiId::RecordStream;
        default:
            return ApiId::EmptyCache;
    }
}

// A cudaMemcpyAsync that blocks the host all the same (docs/semantics.md section 2, as the
// simulator models it): a host-to-host copy or a pageable device-to-host one returns after its
// copy; a pageable host-to-device one first waits for the stream's earlier work, then returns once
// its last chunk is staged.
inline bool asyncCopyBlocksHost(const Step& st) {
    return st.kind == StepKind::Memcpy && st.async &&
           st.direction != CopyDirection::DeviceToDevice &&
           (!st.pinned || st.direction == CopyDirection::HostToHost);
}
inline bool asyncCopyStages(const Step& st) {
    return asyncCopyBlocksHost(st) && st.direction == CopyDirection::HostToDevice;
}

inline bool isImplicitSync(const Step& st) {
    return st.kind == StepKind::Free ||
           ((st.kind == StepKind::Memcpy || st.kind == StepKind::Memset) && !st.async);
}

}  // namespace syncscope::converter_rules
