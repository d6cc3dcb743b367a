#include "core/cuda/device_calibration.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "core/cuda/cuda_status.h"
#include "core/cuda/host_clock.h"
#include "kernels/launch.h"

namespace syncscope {

namespace {

template <typename T>
T median(std::vector<T> values) {
    if (values.empty())
        return T{};
    std::nth_element(values.begin(),
                     values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2), values.end());
    return values[values.size() / 2];
}

// Mapped pinned memory: the GPU writes it, the host reads it without any CUDA call.
struct Mapped {
    void* host = nullptr;
    void* device = nullptr;
    explicit Mapped(std::size_t bytes) {
        if (cudaHostAlloc(&host, bytes, cudaHostAllocMapped) != cudaSuccess) {
            host = nullptr;
            return;
        }
        if (cudaHostGetDevicePointer(&device, host, 0) != cudaSuccess)
            device = nullptr;
    }
    ~Mapped() {
        if (host != nullptr)
            cudaFreeHost(host);
    }
    Mapped(const Mapped&) = delete;
    Mapped& operator=(const Mapped&) = delete;
    bool ok() const { return host != nullptr && device != nullptr; }
};

// host clock - %globaltimer, from the smallest observed delay of a value the GPU keeps writing.
bool clockOffset(std::int64_t& offset, TimeNs& spread, std::string& note) {
    Mapped mirror(sizeof(std::uint64_t));
    if (!mirror.ok()) {
        note += "no mapped memory for the clock pairing; ";
        return false;
    }
    auto* value = static_cast<volatile std::uint64_t*>(mirror.host);
    *value = 0;
    if (kernels::launchTimerMirror(nullptr, 2'000'000,
                                   static_cast<volatile std::uint64_t*>(mirror.device),
                                   nullptr) != 0) {
        note += "clock pairing kernel failed to launch; ";
        return false;
    }
    std::vector<std::int64_t> deltas;
    std::uint64_t last = 0;
    std::uint64_t last_change = 0;
    const std::uint64_t give_up = steadyNowNs() + 1'000'000'000ull;
    while (deltas.size() < 2000) {
        const std::uint64_t v = *value;
        const std::uint64_t now = steadyNowNs();
        if (v != 0 && v != last) {
            deltas.push_back(static_cast<std::int64_t>(now) - static_cast<std::int64_t>(v));
            last = v;
            last_change = now;
        }
        if (now > give_up || (last_change != 0 && now - last_change > 1'000'000))
            break;  // kernel over
    }
    cudaDeviceSynchronize();
    if (deltas.empty()) {
        note += "clock pairing saw no GPU time; ";
        return false;
    }
    std::sort(deltas.begin(), deltas.end());
    offset = deltas.front();
    spread = deltas[deltas.size() / 2] - deltas.front();
    return true;
}

}  // namespace

TimeNs DeviceCalibration::measureWakeLatency(std::string& note) {
    std::int64_t offset = 0;
    TimeNs spread = 0;
    if (!clockOffset(offset, spread, note))
        return -1;
    Mapped timing(2 * sizeof(std::uint64_t));
    if (!timing.ok())
        return -1;
    auto* t = static_cast<volatile std::uint64_t*>(timing.host);
    std::vector<TimeNs> wakes;
    for (int i = 0; i < 21; ++i) {
        t[1] = 0;
        if (kernels::launchSpin(nullptr, 200'000, {1, 32}, nullptr,
                                static_cast<std::uint64_t*>(timing.device)) != 0)
            break;
        if (cudaStreamSynchronize(nullptr) != cudaSuccess)
            break;
        const std::uint64_t ret = steadyNowNs();
        if (t[1] == 0)
            continue;
        wakes.push_back(static_cast<TimeNs>(ret) - (static_cast<TimeNs>(t[1]) + offset));
    }
    if (wakes.empty()) {
        note += "wake-up latency not measured; ";
        return -1;
    }
    return std::max<TimeNs>(0, median(wakes));
}

CalibrationResult DeviceCalibration::measure(bool with_compute_rate) {
    CalibrationResult r;
    std::uint64_t granularity = 0;
    if (const int e = kernels::probeGlobaltimerGranularity(&granularity);
        e == 0 && granularity != ~0ull)
        r.timer_granularity_ns = static_cast<TimeNs>(granularity);
    else
        r.note += "globaltimer granularity not measured; ";

    // Launch cost: host time of a launch that never blocks (short kernels, queue far from full).
    std::vector<TimeNs> costs;
    for (int i = 0; i < 200; ++i) {
        const std::uint64_t t0 = steadyNowNs();
        if (kernels::launchSpin(nullptr, 0, {1, 32}, nullptr, nullptr) != 0)
            break;
        costs.push_back(static_cast<TimeNs>(steadyNowNs() - t0));
        if (i % 50 == 49)
            cudaDeviceSynchronize();
    }
    cudaDeviceSynchronize();
    if (!costs.empty())
        r.launch_cost_ns = median(costs);

    std::int64_t offset = 0;
    TimeNs spread = -1;
    if (clockOffset(offset, spread, r.note))
        r.clock_offset_spread_ns = spread;
    r.wake_latency_ns = measureWakeLatency(r.note);

    if (with_compute_rate) {
        Mapped timing(2 * sizeof(std::uint64_t));
        float* sink = nullptr;
        if (timing.ok() && cudaMalloc(&sink, 32 * sizeof(float)) == cudaSuccess) {
            auto* t = static_cast<volatile std::uint64_t*>(timing.host);
            constexpr std::uint64_t kIterations = 1u << 20;
            if (kernels::launchCompute(nullptr, kIterations, {1, 32}, nullptr, sink,
                                       static_cast<std::uint64_t*>(timing.device)) == 0 &&
                cudaDeviceSynchronize() == cudaSuccess && t[1] > t[0])
                r.compute_iterations_per_ns =
                    static_cast<double>(kIterations) / static_cast<double>(t[1] - t[0]);
            cudaFree(sink);
        }
        if (r.compute_iterations_per_ns <= 0)
            r.note += "compute kernel rate not measured; ";
    }
    return r;
}

}  // namespace syncscope
