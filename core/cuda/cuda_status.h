#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
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

// "64.0 MiB": binary units, as everywhere in syncscope.
inline std::string humanBytes(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    char text[64];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

// The engine keeps CUDA handles as void* in its headers (no CUDA types there).
inline cudaStream_t asStream(void* stream) {
    return static_cast<cudaStream_t>(stream);
}
inline cudaEvent_t asEvent(void* event) {
    return static_cast<cudaEvent_t>(event);
}

}  // namespace syncscope
