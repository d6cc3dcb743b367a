#pragma once

// A small recording, as the injection library would write it for a PyTorch step: a kernel, a
// torch.cpu.synchronize() (an NVTX range, no CUDA call) and a torch.cuda.synchronize()
// (cudaDeviceSynchronize with its SYNCHRONIZATION record), a pageable copy and an allocation.
#include "core/record/process_recording.h"
#include "core/record/recording_writer.h"

namespace syncscope::test {

inline constexpr std::uint32_t kLaunchCbid = 211;  // numbers only: names come with the file
inline constexpr std::uint32_t kDeviceSyncCbid = 165;
inline constexpr std::uint32_t kMemcpyAsyncCbid = 41;
inline constexpr std::uint32_t kProfilerStartCbid = 152;
inline constexpr std::uint32_t kDriverLaunchCbid = 307;
inline constexpr std::uint64_t kT0 = 5'000'000'000ull;  // CLOCK_MONOTONIC of the process start

inline MarkerRecord marker(std::uint8_t flags, std::uint64_t t, std::uint32_t id,
                           const char* name = "") {
    MarkerRecord m;
    m.flags = flags;
    m.timestamp = t;
    m.id = id;
    m.process_id = 4242;
    m.thread_id = 4242;
    m.name = name;
    return m;
}

inline ProcessRecording stepRecording(std::uint32_t pid = 4242, std::int64_t rank = -1) {
    ProcessRecording r;
    r.process.pid = pid;
    r.process.rank = rank;
    r.process.start_ns = kT0;
    r.process.command = "python3 loop.py";
    r.devices.push_back({0, "NVIDIA H200", 150ull << 30, 132});
    r.runtime_names = {{kLaunchCbid, "cudaLaunchKernel_v7000"},
                       {kDeviceSyncCbid, "cudaDeviceSynchronize_v3020"},
                       {kMemcpyAsyncCbid, "cudaMemcpyAsync_v3020"},
                       {kProfilerStartCbid, "cudaProfilerStart_v4000"}};
    r.driver_names = {{kDriverLaunchCbid, "cuLaunchKernel"}};
    auto& b = r.records;
    const std::uint64_t us = 1000;
    // launch at 10 µs: the kernel runs 20..2020 µs
    b.api.push_back({kLaunchCbid, kT0 + 10 * us, kT0 + 15 * us, pid, 1, 0});
    b.driver.push_back({kDriverLaunchCbid, kT0 + 11 * us, kT0 + 14 * us, pid, 1, 0});
    GpuOpRecord k;
    k.kind = GpuOpRecord::Kind::Kernel;
    k.start = kT0 + 20 * us;
    k.end = kT0 + 2020 * us;
    k.stream_id = 7;
    k.correlation = 1;
    k.name = "_Z11spin_kernell";
    b.gpu.push_back(k);
    // torch.cpu.synchronize() at 30 µs: an NVTX range only
    b.markers.push_back(marker(MarkerRecord::Start, kT0 + 30 * us, 1, "torch.cpu.synchronize"));
    b.markers.push_back(marker(MarkerRecord::End, kT0 + 31 * us, 1));
    // torch.cuda.synchronize() at 40 µs: returns 10 µs after the kernel
    b.markers.push_back(marker(MarkerRecord::Start, kT0 + 40 * us, 2, "torch.cuda.synchronize"));
    b.api.push_back({kDeviceSyncCbid, kT0 + 41 * us, kT0 + 2030 * us, pid, 2, 0});
    SyncRecord sync;
    sync.type = SyncRecord::ContextSynchronize;
    sync.start = kT0 + 41 * us;
    sync.end = kT0 + 2030 * us;
    sync.correlation = 2;
    b.sync.push_back(sync);
    b.markers.push_back(marker(MarkerRecord::End, kT0 + 2031 * us, 2));
    // a pageable copy
    b.api.push_back({kMemcpyAsyncCbid, kT0 + 2100 * us, kT0 + 2400 * us, pid, 3, 0});
    GpuOpRecord c;
    c.kind = GpuOpRecord::Kind::Memcpy;
    c.start = kT0 + 2110 * us;
    c.end = kT0 + 2390 * us;
    c.stream_id = 7;
    c.correlation = 3;
    c.bytes = 1 << 20;
    c.copy_kind = 1;
    c.pageable = true;
    b.gpu.push_back(c);
    MemoryRecord m;
    m.operation = MemoryRecord::Allocation;
    m.memory_kind = 3;
    m.bytes = 1 << 20;
    m.timestamp = kT0 + 5 * us;
    b.memory.push_back(m);
    r.ended = true;
    r.end = {kT0 + 3000 * us, 0, "exit"};
    return r;
}

// Writes `r` to `path` as the injection library does: process, devices, names, records, and the
// end chunk unless `end` is false (a process that died); "" or why not.
inline std::string writeRecording(const std::string& path, const ProcessRecording& r,
                                  bool end = true, std::uint64_t max_bytes = 0) {
    RecordingWriter w;
    if (std::string why = w.open(path); !why.empty())
        return why;
    w.setMaxBytes(max_bytes);
    w.writeProcess(r.process);
    for (const auto& d : r.devices)
        w.writeDevice(d);
    w.writeNames(0, r.runtime_names);
    w.writeNames(1, r.driver_names);
    w.writeRecords(r.records);
    if (end)
        w.writeEnd(r.end);
    return w.error();
}

}  // namespace syncscope::test
