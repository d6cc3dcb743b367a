#include "core/cuda/runtime_api_map.h"

#include <cupti_runtime_cbid.h>

namespace syncscope {

ApiId apiFromRuntimeCbid(std::uint32_t cbid) {
    switch (cbid) {
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
        case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
        case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000:
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
            return ApiId::LaunchKernel;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_ptds_v7000:
            return ApiId::Memcpy;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000:
            return ApiId::MemcpyAsync;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemset_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemset_ptds_v7000:
            return ApiId::Memset;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemsetAsync_ptsz_v7000:
            return ApiId::MemsetAsync;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMalloc_v3020:
            return ApiId::Malloc;
        case CUPTI_RUNTIME_TRACE_CBID_cudaFree_v3020:
            return ApiId::Free;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_v11020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocAsync_ptsz_v11020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_v11020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaMallocFromPoolAsync_ptsz_v11020:
            return ApiId::MallocAsync;
        case CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_v11020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaFreeAsync_ptsz_v11020:
            return ApiId::FreeAsync;
        case CUPTI_RUNTIME_TRACE_CBID_cudaMemPoolTrimTo_v11020:
            return ApiId::MemPoolTrimTo;
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventRecord_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventRecord_ptsz_v7000:
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventRecordWithFlags_v11010:
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventRecordWithFlags_ptsz_v11010:
            return ApiId::EventRecord;
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamWaitEvent_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamWaitEvent_ptsz_v7000:
            return ApiId::StreamWaitEvent;
        case CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020:
            return ApiId::DeviceSynchronize;
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_ptsz_v7000:
            return ApiId::StreamSynchronize;
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020:
            return ApiId::EventSynchronize;
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020:
            return ApiId::EventQuery;
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamQuery_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamQuery_ptsz_v7000:
            return ApiId::StreamQuery;
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchHostFunc_v10000:
        case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchHostFunc_ptsz_v10000:
            return ApiId::LaunchHostFunc;
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreate_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithFlags_v5000:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamCreateWithPriority_v5050:
            return ApiId::StreamCreate;
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaStreamDestroy_v5050:
            return ApiId::StreamDestroy;
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventCreate_v3020:
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventCreateWithFlags_v3020:
            return ApiId::EventCreate;
        case CUPTI_RUNTIME_TRACE_CBID_cudaEventDestroy_v3020:
            return ApiId::EventDestroy;
        default:
            return ApiId::Other;
    }
}

bool apiEnqueuesStreamWork(ApiId api) {
    switch (api) {
        case ApiId::LaunchKernel:
        case ApiId::Memcpy:
        case ApiId::MemcpyAsync:
        case ApiId::Memset:
        case ApiId::MemsetAsync:
        case ApiId::MallocAsync:
        case ApiId::FreeAsync:
        case ApiId::EventRecord:
        case ApiId::StreamWaitEvent:
        case ApiId::LaunchHostFunc:
            return true;
        default:
            return false;
    }
}

}  // namespace syncscope
