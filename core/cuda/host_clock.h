#pragma once

#include <cstdint>
#include <ctime>

namespace syncscope {

// The one host clock of a CUDA run: CLOCK_MONOTONIC (= std::chrono::steady_clock on Linux).
// CUPTI is told to use it too (cuptiActivityRegisterTimestampCallback), so host stamps and GPU
// records share one axis without offset estimation (docs/semantics.md section 9).
inline std::uint64_t steadyNowNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull +
           static_cast<std::uint64_t>(ts.tv_nsec);
}

// CPU time burnt by the calling thread: around a sync it tells spinning (≈ wall time) from
// sleeping (≈ 0), docs/semantics.md section 5.
inline std::int64_t threadCpuNs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000ll + ts.tv_nsec;
}

inline std::uint64_t realtimeNowNs() {
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000ull +
           static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace syncscope
