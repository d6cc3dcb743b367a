#pragma once

#include <cuda_runtime.h>

#include <string>

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

}  // namespace syncscope
