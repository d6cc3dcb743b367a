// What recording costs a kernel launch: the host time of each of N launches of an empty kernel,
// as a program would make them. scripts/gpu-check --record runs it bare and under
// `syncscope-cli record` and reports the ratio of the medians (issue: record any program, target
// ≤ 1.3×). The launches are this bench's own (no engine, no CUPTI of its own), so under `record`
// the injection library is the only recorder in the process.
//
//   bench_record_launch [--quick] [launches]
//   result: gpu=NAME launches=N launch_median_ns=M launch_p90_ns=P
// Without a usable GPU it measures nothing and says so (gpu=none, launches=0).
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/launch.h"

int main(int argc, char** argv) {
    int launches = 20000;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0)
            launches = 2000;
        else
            launches = std::max(1, std::atoi(argv[i]));
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("no usable CUDA device: nothing measured\n");
        std::printf("result: gpu=none launches=0 launch_median_ns=0 launch_p90_ns=0\n");
        return 0;
    }
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    std::string name = prop.name;
    std::replace(name.begin(), name.end(), ' ', '_');
    cudaStream_t stream = nullptr;
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) {
        std::fprintf(stderr, "bench_record_launch: cannot create a stream\n");
        return 1;
    }
    // Warm-up: the module loads and the first launches' one-time costs are not the steady cost.
    for (int i = 0; i < 200; ++i)
        syncscope::kernels::launchSpin(stream, 0, {}, nullptr, nullptr);
    cudaStreamSynchronize(stream);

    // Batches of 500 with a sync between them: the launch queue (about 1000 entries) never
    // fills, so no launch waits for the GPU and each figure is the host's cost alone.
    std::vector<double> ns;
    ns.reserve(static_cast<std::size_t>(launches));
    using clock = std::chrono::steady_clock;
    for (int done = 0; done < launches;) {
        const int batch = std::min(500, launches - done);
        for (int i = 0; i < batch; ++i) {
            const auto t0 = clock::now();
            const int rc = syncscope::kernels::launchSpin(stream, 0, {}, nullptr, nullptr);
            const auto t1 = clock::now();
            if (rc != 0) {
                std::fprintf(stderr, "bench_record_launch: launch failed: %s\n",
                             syncscope::kernels::errorString(rc));
                return 1;
            }
            ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        }
        cudaStreamSynchronize(stream);
        done += batch;
    }
    cudaStreamDestroy(stream);
    std::sort(ns.begin(), ns.end());
    const double median = ns[ns.size() / 2];
    const double p90 = ns[ns.size() * 9 / 10];
    std::printf("%d launches of an empty kernel on %s: median %.0f ns, p90 %.0f ns\n", launches,
                prop.name, median, p90);
    std::printf("result: gpu=%s launches=%d launch_median_ns=%.0f launch_p90_ns=%.0f\n",
                name.c_str(), launches, median, p90);
    return 0;
}
