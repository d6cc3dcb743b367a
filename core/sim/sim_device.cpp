#include "core/sim/sim_device.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace syncscope {

namespace {

TimeNs transferNs(std::uint64_t bytes, double bytes_per_ns) {
    if (bytes_per_ns <= 0)
        return 1;
    return std::max<TimeNs>(1, std::llround(static_cast<double>(bytes) / bytes_per_ns));
}

}  // namespace

SimDevice::SimDevice(const DeviceProfile& profile) : profile_(profile) {
    sms_ = static_cast<std::uint32_t>(std::max(1, profile.sm_count));
    blocks_per_sm_ = static_cast<std::uint32_t>(std::max(1, profile.max_blocks_per_sm));
    threads_per_sm_ = static_cast<std::uint32_t>(std::max(32, profile.max_threads_per_sm));
    total_blocks_ = sms_ * blocks_per_sm_;
    total_threads_ = sms_ * threads_per_sm_;
    free_blocks_ = total_blocks_;
    free_threads_ = total_threads_;
}

std::uint32_t SimDevice::blocksPerWave(std::uint32_t block) const {
    const std::uint32_t warp_threads = std::max<std::uint32_t>(32, (block + 31) / 32 * 32);
    if (warp_threads == wave_for_block_)
        return wave_;
    const std::uint32_t per_sm =
        std::max<std::uint32_t>(1, std::min(blocks_per_sm_, threads_per_sm_ / warp_threads));
    wave_for_block_ = warp_threads;
    wave_ = per_sm * sms_;
    return wave_;
}

std::uint32_t SimDevice::waves(std::uint32_t grid, std::uint32_t block) const {
    const std::uint32_t wave = blocksPerWave(block);
    const std::uint32_t blocks = std::max<std::uint32_t>(grid, 1);
    if (blocks <= wave)
        return 1;
    return blocks / wave + (blocks % wave != 0 ? 1 : 0);
}

int SimDevice::clampPriority(int priority) const {
    return std::clamp(priority, std::min(profile_.greatest_priority, profile_.least_priority),
                      std::max(profile_.greatest_priority, profile_.least_priority));
}

SmDemand SimDevice::kernelDemand(std::uint32_t grid, std::uint32_t block) const {
    const std::uint32_t warp_threads = std::max<std::uint32_t>(32, (block + 31) / 32 * 32);
    const std::uint32_t blocks = std::min(std::max<std::uint32_t>(grid, 1), blocksPerWave(block));
    // A block wider than an SM's thread slots still runs alone on the device.
    return {blocks, std::min(blocks * warp_threads, total_threads_)};
}

SmDemand SimDevice::shortKernelDemand() const {
    return kernelDemand(static_cast<std::uint32_t>(std::max(1, profile_.sm_count)), 256);
}

void SimDevice::acquire(const SmDemand& demand) {
    free_blocks_ -= demand.blocks;
    free_threads_ -= demand.threads;
}

void SimDevice::release(const SmDemand& demand) {
    free_blocks_ += demand.blocks;
    free_threads_ += demand.threads;
}

std::uint8_t SimDevice::copyEngineFor(CopyDirection direction) const {
    if (profile_.copy_engines <= 0)
        return kNoCopyEngine;
    switch (direction) {
        case CopyDirection::HostToDevice:
            return 0;
        case CopyDirection::DeviceToHost:
            return profile_.copy_engines >= 2 ? 1 : 0;
        case CopyDirection::DeviceToDevice:
        case CopyDirection::HostToHost:
            return kNoCopyEngine;
    }
    return kNoCopyEngine;
}

TimeNs SimDevice::kernelDuration(const Step& step) const {
    TimeNs running = step.duration_ns;
    if (step.kernel == KernelKind::Memory)
        running = transferNs(step.bytes, profile_.memory_kernel_bytes_per_ns);
    // A compute kernel's duration is the intended length of the whole kernel; a spin kernel's is
    // each block's, and blocks that do not fit run in later waves.
    if (step.kernel == KernelKind::Spin) {
        const auto n = static_cast<TimeNs>(waves(step.grid, step.block));
        running = running > std::numeric_limits<TimeNs>::max() / n
                      ? std::numeric_limits<TimeNs>::max()
                      : running * n;
    }
    return std::max(running, profile_.kernel_min_ns);
}

TimeNs SimDevice::copyDuration(CopyDirection direction, std::uint64_t bytes, bool pinned) const {
    double bandwidth = profile_.d2d_bytes_per_ns;
    if (direction == CopyDirection::HostToDevice)
        bandwidth = profile_.h2d_bytes_per_ns;
    if (direction == CopyDirection::DeviceToHost)
        bandwidth = profile_.d2h_bytes_per_ns;
    if (direction == CopyDirection::HostToHost)
        bandwidth = std::min(profile_.h2d_bytes_per_ns, profile_.d2h_bytes_per_ns);
    const bool host_side = direction != CopyDirection::DeviceToDevice;
    if (host_side && !pinned && profile_.pageable_factor > 0)
        bandwidth *= profile_.pageable_factor;
    return transferNs(bytes, bandwidth);
}

TimeNs SimDevice::memsetDuration(std::uint64_t bytes) const {
    return std::max(profile_.kernel_min_ns, transferNs(bytes, profile_.memory_kernel_bytes_per_ns));
}

}  // namespace syncscope
