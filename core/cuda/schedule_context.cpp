#include "core/cuda/schedule_context.h"

#include <cuda_runtime.h>

#include <cstdlib>
#include <string_view>

#include "core/cuda/cuda_status.h"
#include "core/cuda/device_calibration.h"

namespace syncscope {

namespace {
std::optional<SchedulePolicy> g_policy;
bool g_wake_measured = false;
std::array<TimeNs, 4> g_wake{-1, -1, -1, -1};
std::string g_wake_note;
}  // namespace

unsigned ScheduleContext::flagsOf(SchedulePolicy policy) {
    switch (policy) {
        case SchedulePolicy::Auto:
            return cudaDeviceScheduleAuto | cudaDeviceMapHost;
        case SchedulePolicy::Spin:
            return cudaDeviceScheduleSpin | cudaDeviceMapHost;
        case SchedulePolicy::Yield:
            return cudaDeviceScheduleYield | cudaDeviceMapHost;
        case SchedulePolicy::BlockingSync:
            return cudaDeviceScheduleBlockingSync | cudaDeviceMapHost;
    }
    return cudaDeviceMapHost;
}

std::mutex& ScheduleContext::runMutex() {
    static std::mutex mutex;
    return mutex;
}

std::optional<SchedulePolicy> ScheduleContext::current() {
    return g_policy;
}

void ScheduleContext::invalidate() {
    g_policy.reset();
}

std::string ScheduleContext::ensure(int device, SchedulePolicy policy) {
    if (g_policy == policy) {
        if (const cudaError_t e = cudaSetDevice(device); e != cudaSuccess)
            return cudaFailure("cudaSetDevice", e);
        return {};
    }
    g_policy.reset();
    if (const cudaError_t e = cudaSetDevice(device); e != cudaSuccess)
        return cudaFailure("cudaSetDevice", e);
    // The flags only take effect on a new context: drop the current one (harmless if none).
    if (const cudaError_t e = cudaDeviceReset(); e != cudaSuccess)
        return cudaFailure("cudaDeviceReset", e);
    if (const cudaError_t e = cudaSetDeviceFlags(flagsOf(policy)); e != cudaSuccess)
        return cudaFailure("cudaSetDeviceFlags", e);
    if (const cudaError_t e = cudaFree(nullptr); e != cudaSuccess)
        return cudaFailure("creating the CUDA context", e);
    unsigned flags = 0;
    if (cudaGetDeviceFlags(&flags) == cudaSuccess &&
        (flags & cudaDeviceScheduleMask) != (flagsOf(policy) & cudaDeviceScheduleMask))
        return "the device did not accept schedule policy " + std::string(toString(policy));
    g_policy = policy;
    return {};
}

std::array<TimeNs, 4> ScheduleContext::wakeLatencies(int device, std::string& note) {
    if (!g_wake_measured) {
        g_wake_measured = true;
        // Cycling recreates the context four times; SYNCSCOPE_CUDA_CALIBRATE_ALL_POLICIES=0 keeps
        // to the run's own policy (measured in-context by DeviceCalibration).
        if (const char* env = std::getenv("SYNCSCOPE_CUDA_CALIBRATE_ALL_POLICIES");
            env != nullptr && std::string_view(env) == "0") {
            g_wake_note =
                "only the run's own schedule policy is measured "
                "(SYNCSCOPE_CUDA_CALIBRATE_ALL_POLICIES=0); ";
            note += g_wake_note;
            return g_wake;
        }
        for (const SchedulePolicy p : {SchedulePolicy::Auto, SchedulePolicy::Spin,
                                       SchedulePolicy::Yield, SchedulePolicy::BlockingSync}) {
            const std::string error = ensure(device, p);
            if (!error.empty()) {
                g_wake_note += std::string(toString(p)) + ": " + error + "; ";
                continue;
            }
            std::string why;
            g_wake[static_cast<int>(p)] = DeviceCalibration::measureWakeLatency(why);
            if (!why.empty())
                g_wake_note += std::string(toString(p)) + ": " + why;
        }
    }
    note += g_wake_note;
    return g_wake;
}

}  // namespace syncscope
