#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/model/byte_format.h"

namespace syncscope {

// "cudaMalloc failed: out of memory (cudaErrorMemoryAllocation)".
inline std::string cudaFailure(const char* call, cudaError_t error) {
    return std::string(call) + " failed: " + cudaGetErrorString(error) + " (" +
           cudaGetErrorName(error) + ")";
}

// Errors that poison the context: every later call fails until cudaDeviceReset.
inline bool isStickyError(cudaError_t error) {
    switch (error) {
        case cudaErrorIllegalAddress:
        case cudaErrorLaunchFailure:
        case cudaErrorLaunchTimeout:
        case cudaErrorIllegalInstruction:
        case cudaErrorMisalignedAddress:
        case cudaErrorInvalidAddressSpace:
        case cudaErrorInvalidPc:
        case cudaErrorHardwareStackError:
        case cudaErrorAssert:
        case cudaErrorECCUncorrectable:
        case cudaErrorContextIsDestroyed:
        case cudaErrorUnknown:
            return true;
        default:
            return false;
    }
}

// The engine keeps CUDA handles as void* in its headers (no CUDA types there).
inline cudaStream_t asStream(void* stream) {
    return static_cast<cudaStream_t>(stream);
}
inline cudaEvent_t asEvent(void* event) {
    return static_cast<cudaEvent_t>(event);
}

}  // namespace syncscope
