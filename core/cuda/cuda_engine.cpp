#include "core/cuda/cuda_engine.h"

#include <cuda_runtime.h>
#include <cupti.h>

#include <exception>
#include <filesystem>
#include <mutex>

#include "core/cuda/cuda_run.h"
#include "core/cuda/cuda_status.h"
#include "core/cuda/schedule_context.h"
#include "core/engine/engine_factory.h"

namespace syncscope {

namespace {
constexpr int kMinComputeCapability = 75;  // kernels are built for sm_75..sm_90 + PTX
}

EngineAvailability CudaEngine::availability() const noexcept {
    EngineAvailability a;
    try {
        int count = 0;
        const cudaError_t e = cudaGetDeviceCount(&count);
        // Without an NVIDIA driver the runtime reports an "insufficient" driver, which reads as
        // advice to update one: say what is so, that there is no NVIDIA GPU here.
        const bool no_driver = !std::filesystem::exists("/proc/driver/nvidia/version");
        if (e == cudaErrorNoDevice || (count == 0 && e == cudaSuccess) ||
            (e == cudaErrorInsufficientDriver && no_driver)) {
            a.message = "no NVIDIA GPU found: this machine has " +
                        std::string(no_driver ? "no NVIDIA driver loaded" : "no CUDA device");
            return a;
        }
        if (e != cudaSuccess) {
            a.message = "no usable CUDA device: " + cudaFailure("cudaGetDeviceCount", e);
            return a;
        }
        cudaDeviceProp prop{};
        if (const cudaError_t pe = cudaGetDeviceProperties(&prop, 0); pe != cudaSuccess) {
            a.message = "no usable CUDA device: " + cudaFailure("cudaGetDeviceProperties", pe);
            return a;
        }
        if (prop.major * 10 + prop.minor < kMinComputeCapability) {
            a.message = "no usable CUDA device: " + std::string(prop.name) +
                        " has compute capability " + std::to_string(prop.major) + "." +
                        std::to_string(prop.minor) + "; syncscope needs 7.5 or newer";
            return a;
        }
        std::uint32_t version = 0;
        if (const CUptiResult r = cuptiGetVersion(&version); r != CUPTI_SUCCESS) {
            const char* text = nullptr;
            cuptiGetResultString(r, &text);
            a.message = std::string("CUPTI unavailable: cuptiGetVersion failed: ") +
                        (text != nullptr ? text : "unknown error");
            return a;
        }
        a.available = true;
        a.device_name = prop.name;
    } catch (const std::exception& ex) {
        a.available = false;
        a.message = std::string("CUDA engine check failed: ") + ex.what();
    } catch (...) {
        a.available = false;
        a.message = "CUDA engine check failed";
    }
    return a;
}

RunResult CudaEngine::run(const Scenario& input, EngineObserver& observer,
                          const CancelToken& cancel) noexcept {
    RunResult result;
    try {
        const EngineAvailability a = availability();
        if (!a.available) {
            result.status = RunStatus::Unavailable;
            result.message = a.message;
            return result;
        }
        std::unique_lock lock(ScheduleContext::runMutex(), std::try_to_lock);
        if (!lock.owns_lock()) {
            result.status = RunStatus::Failed;
            result.message = "another CUDA run is in progress in this process";
            return result;
        }
        // cudaMemcpy and cudaMemset take no stream: the trace draws them on the default stream's
        // lane, as the simulator does.
        Scenario scenario = input;
        if (!assignDefaultStream(scenario)) {
            result.status = RunStatus::Failed;
            result.message = "no room for the default stream that synchronous copies run on";
            return result;
        }
        CudaRun run(scenario, observer, cancel);
        return run.execute();
    } catch (const std::bad_alloc&) {
        result.status = RunStatus::Failed;
        result.message = "out of host memory during the CUDA run";
    } catch (const std::exception& ex) {
        result.status = RunStatus::Failed;
        result.message = std::string("CUDA run failed: ") + ex.what();
    } catch (...) {
        result.status = RunStatus::Failed;
        result.message = "CUDA run failed";
    }
    return result;
}

std::unique_ptr<Engine> makeCudaEngine() {
    return std::make_unique<CudaEngine>();
}

}  // namespace syncscope
