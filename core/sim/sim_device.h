#pragma once

#include <array>
#include <cstdint>

#include "core/model/device_profile.h"
#include "core/model/scenario.h"
#include "core/sim/sim_op.h"

namespace syncscope {

// SM slots a kernel holds while it runs.
struct SmDemand {
    std::uint32_t blocks = 0;
    std::uint32_t threads = 0;
};

// The GPU's execution resources and how long work takes on them, from a DeviceProfile.
//
// SM capacity is pooled over the whole device: sm_count × max_blocks_per_sm block slots and
// sm_count × max_threads_per_sm thread slots (blocks are rounded up to whole warps). A kernel asks
// for all its blocks, or for one full wave when the grid is larger than the device holds at once;
// it starts only when that many slots are free and keeps them for its whole duration. Blocks
// beyond one wave run in further waves, so a spin kernel lasts waves × its per-block time, as the
// spin kernel in kernels/ does on a GPU (each block spins for the requested time). So a wide kernel
// fills the device and serializes with everything else; small ones overlap. Per-SM fragmentation
// is not modelled, which keeps the model simple, deterministic and easy to explain.
//
// Copy engines: with two or more, host-to-device and device-to-host copies have an engine each and
// overlap; with one they share it. Device-to-device copies run on the SMs like a memset.
// Host callbacks run one at a time on the driver's callback thread.
class SimDevice {
public:
    explicit SimDevice(const DeviceProfile& profile);

    SmDemand kernelDemand(std::uint32_t grid, std::uint32_t block) const;
    // How many rounds of the device's block slots a grid needs (1 for anything that fits).
    std::uint32_t waves(std::uint32_t grid, std::uint32_t block) const;
    // A stream priority as the device applies it: clamped into the profile's range.
    int clampPriority(int priority) const;
    // Memsets and device-to-device copies: one 256-thread block per SM.
    SmDemand shortKernelDemand() const;
    bool fits(const SmDemand& demand) const {
        return demand.blocks <= free_blocks_ && demand.threads <= free_threads_;
    }
    void acquire(const SmDemand& demand);
    void release(const SmDemand& demand);

    // kNoCopyEngine for copies that need no engine (device-to-device, host-to-host).
    std::uint8_t copyEngineFor(CopyDirection direction) const;
    bool engineFree(std::uint8_t engine) const { return !engine_busy_[engine]; }
    void setEngineBusy(std::uint8_t engine, bool busy) { engine_busy_[engine] = busy; }

    bool callbackThreadFree() const { return !callback_busy_; }
    void setCallbackThreadBusy(bool busy) { callback_busy_ = busy; }

    TimeNs kernelDuration(const Step& step) const;
    TimeNs copyDuration(CopyDirection direction, std::uint64_t bytes, bool pinned) const;
    TimeNs memsetDuration(std::uint64_t bytes) const;

    const DeviceProfile& profile() const { return profile_; }

private:
    std::uint32_t blocksPerWave(std::uint32_t block) const;

    DeviceProfile profile_;
    std::uint32_t sms_ = 1;
    std::uint32_t blocks_per_sm_ = 1;
    std::uint32_t threads_per_sm_ = 32;
    std::uint32_t total_blocks_ = 0;
    std::uint32_t total_threads_ = 0;
    // blocksPerWave's last answer: a run launches the same block size over and over, and its
    // divisions were about a tenth of a simulated kernel launch.
    mutable std::uint32_t wave_for_block_ = 0;  // 0: none yet
    mutable std::uint32_t wave_ = 0;
    std::uint32_t free_blocks_ = 0;
    std::uint32_t free_threads_ = 0;
    std::array<bool, 2> engine_busy_{false, false};
    bool callback_busy_ = false;
};

}  // namespace syncscope
