#include "core/scenario/batch_generator.h"

#include <algorithm>
#include <array>

#include "core/model/device_profile.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

// What one sync point becomes is the mode's row of the step table (core/model/sync_mode_steps.h).
// Its scope: the streams whose work the point covers (the kernel's stream after each kernel; the
// streams the batch used after each batch; every stream used at the end); `last` = the stream of
// the most recent kernel, `next` = the stream after it. Events are one per stream (e_s), the
// implicit-alloc buffer is "scratch", the legacy-default-stream kernel runs on an added stream
// "default".
//
// Per-kernel allocation: Malloc = malloc(buf_s) + kernel(uses buf_s) + free(buf_s);
// MallocAsync = malloc_async(buf_s, s) + kernel + free_async(buf_s, s); buf_s = one buffer per
// stream, reused by every kernel on it. Sync steps carry `mode`; kernels and allocations do not.

namespace {

// "s3", "e0", "buf12". Built by appending: `"s" + std::to_string(i)` trips GCC 12's -Wrestrict
// false positive at -O3 (GCC bug 105329).
std::string numbered(const char* prefix, std::uint32_t i) {
    std::string name(prefix);
    name += std::to_string(i);
    return name;
}

constexpr TimeNs kMaxDurationNs = 60'000'000'000;

std::string placementText(SyncPlacement placement) {
    switch (placement) {
        case SyncPlacement::AfterEachKernel:
            return "after each kernel";
        case SyncPlacement::AfterEachBatch:
            return "after each batch";
        case SyncPlacement::AtEnd:
            return "at the end";
    }
    return {};
}

class Builder {
public:
    explicit Builder(const BatchConfig& config) : c_(config) {}

    Scenario build() {
        Scenario s;
        s.title = c_.title.empty() ? defaultTitle() : c_.title;
        s.explanation = std::string(syncModeInfo(c_.sync_mode).explanation);
        s.device = c_.device;
        s.schedule = c_.schedule;
        s.pool.release_threshold = c_.pool_release_threshold;
        for (std::uint32_t i = 0; i < c_.streams; ++i)
            s.streams.push_back({numbered("s", i), c_.stream_kind, 0});
        if (c_.sync_mode == SyncMode::LegacyDefaultStream) {
            legacy_ = static_cast<std::uint32_t>(s.streams.size());
            s.streams.push_back({"default", StreamKind::LegacyDefault, 0});
        }
        if (syncModeUsesEvents(c_.sync_mode))
            for (std::uint32_t i = 0; i < c_.streams; ++i)
                s.events.push_back({numbered("e", i), false, true});
        if (c_.allocation != KernelAllocation::None)
            for (std::uint32_t i = 0; i < c_.streams; ++i)
                s.buffers.push_back({numbered("buf", i)});
        if (c_.sync_mode == SyncMode::ImplicitAlloc) {
            scratch_ = static_cast<std::uint32_t>(s.buffers.size());
            s.buffers.push_back({"scratch"});
        }

        std::uint64_t k = 0;
        std::uint32_t last = 0;
        std::vector<bool> used_all(c_.streams, false);
        for (std::uint32_t b = 0; b < c_.batches; ++b) {
            std::vector<bool> used(c_.streams, false);
            for (std::uint32_t i = 0; i < c_.kernels_per_batch; ++i, ++k) {
                last = static_cast<std::uint32_t>(k % c_.streams);
                used[last] = used_all[last] = true;
                kernelWithAllocation(last, b, s.program);
                if (c_.placement == SyncPlacement::AfterEachKernel) {
                    std::vector<bool> one(c_.streams, false);
                    one[last] = true;
                    syncPoint(one, last, b, s.program);
                }
            }
            if (c_.placement == SyncPlacement::AfterEachBatch)
                syncPoint(used, last, b, s.program);
        }
        if (c_.placement == SyncPlacement::AtEnd)
            syncPoint(used_all, last, kNone, s.program);
        return s;
    }

private:
    Step kernel(std::uint32_t stream, std::uint32_t batch) const {
        Step step;
        step.kind = StepKind::Kernel;
        step.stream = stream;
        step.batch = batch;
        step.kernel = c_.kernel_kind;
        if (c_.kernel_kind == KernelKind::Memory)
            step.bytes = c_.kernel_bytes;
        else
            step.duration_ns = c_.kernel_duration_ns;
        step.grid = c_.grid;
        step.block = c_.block;
        return step;
    }

    static Step make(StepKind kind, std::uint32_t batch) {
        Step step;
        step.kind = kind;
        step.batch = batch;
        return step;
    }

    void kernelWithAllocation(std::uint32_t stream, std::uint32_t batch,
                              std::vector<Step>& out) const {
        const bool async = c_.allocation == KernelAllocation::MallocAsync;
        if (c_.allocation != KernelAllocation::None) {
            Step alloc = make(async ? StepKind::MallocAsync : StepKind::Malloc, batch);
            alloc.buffer = stream;
            alloc.bytes = c_.allocation_bytes;
            if (async)
                alloc.stream = stream;
            out.push_back(alloc);
        }
        Step k = kernel(stream, batch);
        if (c_.allocation != KernelAllocation::None)
            k.uses.push_back(stream);
        out.push_back(std::move(k));
        if (c_.allocation != KernelAllocation::None) {
            Step release = make(async ? StepKind::FreeAsync : StepKind::Free, batch);
            release.buffer = stream;
            if (async)
                release.stream = stream;
            out.push_back(release);
        }
    }

    // One sync point, as the mode's row of the step table (core/model/sync_mode_steps.h) says:
    // its step kinds in order, each over the streams of its scope.
    void syncPoint(const std::vector<bool>& scope, std::uint32_t last, std::uint32_t batch,
                   std::vector<Step>& out) const {
        const SyncModeSteps& row = syncModeSteps(c_.sync_mode);
        const std::uint32_t next = (last + 1) % c_.streams;
        for (std::uint8_t i = 0; i < row.count; ++i) {
            if (row.scope == SyncScope::EachStream) {
                for (std::uint32_t s = 0; s < c_.streams; ++s)
                    if (scope[s])
                        out.push_back(step(row.steps[i], s, s, batch));
            } else {
                out.push_back(step(row.steps[i], last, next, batch));
            }
        }
    }

    // A step of a sync point on `stream` (its event is the stream's); a stream wait makes `next`
    // wait for `stream`.
    Step step(StepKind kind, std::uint32_t stream, std::uint32_t next, std::uint32_t batch) const {
        Step st = kind == StepKind::Kernel ? kernel(legacy_, batch) : make(kind, batch);
        st.mode = c_.sync_mode;
        switch (kind) {
            case StepKind::EventRecord:
                st.event = stream;
                st.stream = stream;
                break;
            case StepKind::EventSync:
                st.event = stream;
                break;
            case StepKind::EventQueryPoll:
                st.event = stream;
                st.poll_interval_ns = c_.poll_interval_ns;
                break;
            case StepKind::StreamSync:
                st.stream = stream;
                break;
            case StepKind::StreamWaitEvent:
                st.stream = next;
                st.event = stream;
                break;
            case StepKind::WaitStream:
                st.stream = next;
                st.other_stream = stream;
                break;
            case StepKind::HostCallback:
                st.stream = stream;
                st.duration_ns = c_.callback_duration_ns;
                break;
            case StepKind::Memcpy:
                // What tensor.item() does on a stream: a pageable cudaMemcpyAsync on that stream
                // (then the table's stream synchronize). cudaMemcpy would take no stream and run
                // on the legacy default stream, which does not wait for non-blocking streams.
                st.stream = stream;
                st.direction = CopyDirection::DeviceToHost;
                st.bytes = c_.copy_bytes;
                st.pinned = false;
                st.async = true;
                break;
            case StepKind::Malloc:
                st.buffer = scratch_;
                st.bytes = c_.allocation_bytes;
                break;
            case StepKind::Free:
                st.buffer = scratch_;
                break;
            default:
                break;
        }
        return st;
    }

    std::string defaultTitle() const {
        std::string title = std::to_string(c_.batches) + (c_.batches == 1 ? " batch" : " batches") +
                            " of " + std::to_string(c_.kernels_per_batch) +
                            (c_.kernels_per_batch == 1 ? " kernel" : " kernels") + " on " +
                            std::to_string(c_.streams) + (c_.streams == 1 ? " stream" : " streams");
        if (c_.sync_mode == SyncMode::None)
            return title + ", no sync";
        return title + ", " + std::string(syncModeInfo(c_.sync_mode).label) + " " +
               placementText(c_.placement);
    }

    const BatchConfig& c_;
    std::uint32_t legacy_ = kNone;
    std::uint32_t scratch_ = kNone;
};

}  // namespace

std::string_view toString(KernelAllocation allocation) {
    static constexpr std::array<std::string_view, 3> names{"none", "malloc", "malloc-async"};
    return names.at(static_cast<std::size_t>(allocation));
}

std::string_view toString(SyncPlacement placement) {
    static constexpr std::array<std::string_view, 3> names{"after-each-kernel", "after-each-batch",
                                                           "at-end"};
    return names.at(static_cast<std::size_t>(placement));
}

std::vector<std::string> BatchGenerator::validate(const BatchConfig& c) {
    std::vector<std::string> errors;
    auto check = [&](bool ok, std::string message) {
        if (!ok)
            errors.push_back(std::move(message));
    };
    const auto profile = findDeviceProfile(c.device);
    std::string allowed;
    for (const auto& p : builtinDeviceProfiles())
        allowed += (allowed.empty() ? "" : ", ") + p.id;
    check(profile.has_value(),
          "device: unknown device profile '" + c.device + "' (allowed: " + allowed + ")");
    const std::uint64_t memory = profile ? profile->memory_bytes : UINT64_MAX;
    const std::string memory_text = std::to_string(memory);
    auto bytes = [&](std::uint64_t value, const char* name) {
        check(value > 0, std::string(name) + ": must be > 0");
        check(value <= memory, std::string(name) + ": must be at most " + memory_text +
                                   " (the memory of device '" + c.device + "')");
    };
    auto duration = [&](TimeNs value, const char* name) {
        check(value > 0 && value <= kMaxDurationNs,
              std::string(name) + ": must be between 1 ns and 60 s");
    };
    const bool legacy_mode = c.sync_mode == SyncMode::LegacyDefaultStream;
    const std::uint32_t max_streams =
        static_cast<std::uint32_t>(Scenario::kMaxStreams) - (legacy_mode ? 1 : 0);

    check(c.batches > 0, "batches: must be > 0");
    check(c.kernels_per_batch > 0, "kernels_per_batch: must be > 0");
    check(c.streams > 0 && c.streams <= max_streams,
          "streams: must be between 1 and " + std::to_string(max_streams) +
              (legacy_mode ? " (legacy-default-stream adds the default stream)" : ""));
    const bool default_kind =
        c.stream_kind == StreamKind::LegacyDefault || c.stream_kind == StreamKind::PerThreadDefault;
    check(!default_kind || c.streams == 1, "stream_kind: there is only one " +
                                               std::string(toString(c.stream_kind)) +
                                               " stream; use 1 stream");
    check(!(legacy_mode && c.stream_kind == StreamKind::LegacyDefault),
          "sync_mode: legacy-default-stream needs streams that are not themselves the legacy "
          "default stream");
    check(!((c.sync_mode == SyncMode::StreamWaitEvent || c.sync_mode == SyncMode::WaitStream) &&
            c.streams < 2),
          "sync_mode: " + std::string(syncModeInfo(c.sync_mode).id) + " needs at least 2 streams");
    if (c.kernel_kind == KernelKind::Memory)
        bytes(c.kernel_bytes, "kernel_bytes");
    else
        duration(c.kernel_duration_ns, "kernel_duration_ns");
    check(c.grid >= 1 && c.grid <= 0x7FFFFFFFu, "grid: must be between 1 and 2147483647");
    check(c.block >= 1 && c.block <= 1024, "block: must be between 1 and 1024");
    if (c.allocation != KernelAllocation::None || c.sync_mode == SyncMode::ImplicitAlloc)
        bytes(c.allocation_bytes, "allocation_bytes");
    if (c.sync_mode == SyncMode::BlockingCopy)
        bytes(c.copy_bytes, "copy_bytes");
    if (c.sync_mode == SyncMode::EventQueryPoll)
        duration(c.poll_interval_ns, "poll_interval_ns");
    if (c.sync_mode == SyncMode::HostCallback)
        duration(c.callback_duration_ns, "callback_duration_ns");
    check(static_cast<int>(c.sync_mode) < kSyncModeCount, "sync_mode: unknown mode");
    if (!errors.empty())
        return errors;

    // The step count, computed before anything is built so a huge request costs nothing.
    const std::uint64_t streams = c.streams;
    const std::uint64_t kernels = std::uint64_t{c.batches} * c.kernels_per_batch;
    std::uint64_t steps = kernels * (c.allocation == KernelAllocation::None ? 1 : 3);
    switch (c.placement) {
        case SyncPlacement::AfterEachKernel:
            steps += kernels * syncPointStepCount(c.sync_mode, 1);
            break;
        case SyncPlacement::AfterEachBatch:
            steps += c.batches * syncPointStepCount(c.sync_mode, std::min<std::uint64_t>(
                                                                     c.kernels_per_batch, streams));
            break;
        case SyncPlacement::AtEnd:
            steps += syncPointStepCount(c.sync_mode, std::min(kernels, streams));
            break;
    }
    check(steps <= Scenario::kMaxExpandedSteps,
          "batches: " + std::to_string(kernels) + " kernels with their syncs make " +
              std::to_string(steps) + " steps; at most 1000000 are allowed");
    return errors;
}

BatchGeneration BatchGenerator::generate(const BatchConfig& config) {
    BatchGeneration result;
    result.errors = validate(config);
    if (result.errors.empty())
        result.scenario = Builder(config).build();
    return result;
}

}  // namespace syncscope
