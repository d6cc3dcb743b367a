// CudaRun: the CUDA objects and memory of a run (scratch for copies and kernels, streams,
// events, the pool) and their release.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>

#include "core/cuda/cuda_run.h"
#include "core/cuda/cuda_status.h"

namespace syncscope {

namespace {

bool copyTouchesDevice(const Step& st) {
    return st.direction != CopyDirection::HostToHost;
}
bool copyTouchesHost(const Step& st) {
    return st.direction != CopyDirection::DeviceToDevice;
}

}  // namespace

bool CudaRun::allocateScratch(std::string& error) {
    std::uint64_t device_bytes = 0, pinned_bytes = 0, pageable_bytes = 0;
    unsigned sink_threads = 0;
    for (const Step& st : steps_) {
        if (st.kind == StepKind::Memcpy) {
            if (copyTouchesDevice(st))
                device_bytes = std::max(device_bytes, st.bytes);
            if (copyTouchesHost(st))
                (st.pinned ? pinned_bytes : pageable_bytes) =
                    std::max(st.pinned ? pinned_bytes : pageable_bytes, st.bytes);
        } else if (st.kind == StepKind::Memset) {
            device_bytes = std::max(device_bytes, st.bytes);
        } else if (st.kind == StepKind::Kernel && st.kernel == KernelKind::Memory) {
            device_bytes = std::max(device_bytes, st.bytes);
        } else if (st.kind == StepKind::Kernel && st.kernel == KernelKind::Compute) {
            sink_threads = std::max(sink_threads, st.grid * st.block);
        }
    }
    const auto failed = [&](const char* what, std::uint64_t bytes, cudaError_t e) {
        error = std::string("could not allocate ") + formatBytes(bytes) + " of " + what + ": " +
                cudaGetErrorString(e);
        return false;
    };
    if (device_bytes > 0) {
        if (const cudaError_t e = cudaMalloc(&dev_a_, device_bytes); e != cudaSuccess)
            return failed("device scratch", device_bytes, e);
        if (const cudaError_t e = cudaMalloc(&dev_b_, device_bytes); e != cudaSuccess)
            return failed("device scratch", device_bytes, e);
    }
    if (pinned_bytes > 0) {
        if (const cudaError_t e = cudaHostAlloc(&pinned_a_, pinned_bytes, cudaHostAllocDefault);
            e != cudaSuccess)
            return failed("pinned host memory", pinned_bytes, e);
        if (const cudaError_t e = cudaHostAlloc(&pinned_b_, pinned_bytes, cudaHostAllocDefault);
            e != cudaSuccess)
            return failed("pinned host memory", pinned_bytes, e);
    }
    if (pageable_bytes > 0) {
        pageable_a_.reset(new (std::nothrow) char[pageable_bytes]);
        pageable_b_.reset(new (std::nothrow) char[pageable_bytes]);
        if (!pageable_a_ || !pageable_b_) {
            error =
                "could not allocate " + formatBytes(pageable_bytes) + " of pageable host memory";
            return false;
        }
        // Touch every page now so first-touch faults do not land inside a timed copy.
        std::memset(pageable_a_.get(), 1, pageable_bytes);
        std::memset(pageable_b_.get(), 0, pageable_bytes);
    }
    if (sink_threads > 0) {
        if (const cudaError_t e = cudaMalloc(&sink_, sink_threads * sizeof(float));
            e != cudaSuccess)
            return failed("compute kernel output", sink_threads * sizeof(float), e);
    }
    buffers_.assign(scenario_.buffers.size(), nullptr);
    buffer_async_.assign(scenario_.buffers.size(), false);
    torch_ = std::make_unique<CachingAllocator>(scenario_.buffers.size());
    return true;
}

bool CudaRun::createStreamsAndEvents(std::string& error) {
    int least = 0, greatest = 0;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    for (const StreamSpec& spec : scenario_.streams) {
        // Lower number = higher priority; out-of-range values are clamped, as the runtime would.
        const int priority = std::clamp(spec.priority, greatest, least);
        cudaStream_t stream = nullptr;
        bool owned = true;
        cudaError_t e = cudaSuccess;
        switch (spec.kind) {
            case StreamKind::NonBlocking:
                e = cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, priority);
                break;
            case StreamKind::Blocking:
                e = cudaStreamCreateWithPriority(&stream, cudaStreamDefault, priority);
                break;
            case StreamKind::LegacyDefault:
                stream = cudaStreamLegacy;
                owned = false;
                break;
            case StreamKind::PerThreadDefault:
                stream = cudaStreamPerThread;
                owned = false;
                break;
        }
        if (e != cudaSuccess) {
            error = "stream '" + spec.name + "': " + cudaFailure("cudaStreamCreateWithPriority", e);
            return false;
        }
        streams_.push_back(stream);
        owned_streams_.push_back(owned);
    }
    for (const EventSpec& spec : scenario_.events) {
        unsigned flags = cudaEventDefault;
        if (spec.blocking_sync)
            flags |= cudaEventBlockingSync;
        if (spec.disable_timing)
            flags |= cudaEventDisableTiming;
        cudaEvent_t event = nullptr;
        if (const cudaError_t e = cudaEventCreateWithFlags(&event, flags); e != cudaSuccess) {
            error = "event '" + spec.name + "': " + cudaFailure("cudaEventCreateWithFlags", e);
            return false;
        }
        events_.push_back(event);
    }
    // wait_stream = record + wait on a hidden event (PyTorch's default Event flags). One object is
    // enough: a wait captures the record state at call time (docs/semantics.md section 11, claim
    // 4).
    if (std::any_of(steps_.begin(), steps_.end(),
                    [](const Step& s) { return s.kind == StepKind::WaitStream; })) {
        cudaEvent_t event = nullptr;
        if (const cudaError_t e = cudaEventCreateWithFlags(&event, cudaEventDisableTiming);
            e != cudaSuccess) {
            error = cudaFailure("cudaEventCreateWithFlags (wait_stream)", e);
            return false;
        }
        hidden_event_ = event;
    }
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device_;
    cudaMemPool_t pool = nullptr;
    if (const cudaError_t e = cudaMemPoolCreate(&pool, &props); e != cudaSuccess) {
        error = cudaFailure("cudaMemPoolCreate", e);
        return false;
    }
    pool_ = pool;
    std::uint64_t threshold = scenario_.pool.release_threshold;
    if (const cudaError_t e =
            cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
        e != cudaSuccess) {
        error = cudaFailure("cudaMemPoolSetAttribute(ReleaseThreshold)", e);
        return false;
    }
    // The reuse policies, set even where they are CUDA's defaults so a run says what it used.
    const struct {
        cudaMemPoolAttr attr;
        bool on;
        const char* name;
    } reuse[] = {
        {cudaMemPoolReuseFollowEventDependencies, scenario_.pool.reuse_follow_event_dependencies,
         "cudaMemPoolSetAttribute(ReuseFollowEventDependencies)"},
        {cudaMemPoolReuseAllowOpportunistic, scenario_.pool.reuse_allow_opportunistic,
         "cudaMemPoolSetAttribute(ReuseAllowOpportunistic)"},
        {cudaMemPoolReuseAllowInternalDependencies,
         scenario_.pool.reuse_allow_internal_dependencies,
         "cudaMemPoolSetAttribute(ReuseAllowInternalDependencies)"},
    };
    for (const auto& r : reuse) {
        int value = r.on ? 1 : 0;
        if (const cudaError_t e = cudaMemPoolSetAttribute(pool, r.attr, &value); e != cudaSuccess) {
            error = cudaFailure(r.name, e);
            return false;
        }
    }
    return true;
}

void CudaRun::release() {
    // Outstanding allocations first (async ones back in stream order), then the objects.
    for (std::size_t i = 0; i < buffers_.size(); ++i) {
        if (buffers_[i] == nullptr)
            continue;
        if (buffer_async_[i])
            cudaFreeAsync(buffers_[i], cudaStreamLegacy);
        else
            cudaFree(buffers_[i]);
        buffers_[i] = nullptr;
    }
    releaseAllocator();
    cudaDeviceSynchronize();
    for (std::size_t i = 0; i < streams_.size(); ++i)
        if (owned_streams_[i])
            cudaStreamDestroy(asStream(streams_[i]));
    streams_.clear();
    owned_streams_.clear();
    for (void* e : events_)
        cudaEventDestroy(asEvent(e));
    events_.clear();
    if (hidden_event_ != nullptr)
        cudaEventDestroy(asEvent(hidden_event_));
    hidden_event_ = nullptr;
    if (pool_ != nullptr)
        cudaMemPoolDestroy(static_cast<cudaMemPool_t>(pool_));
    pool_ = nullptr;
    for (void** p : {&dev_a_, &dev_b_}) {
        if (*p != nullptr)
            cudaFree(*p);
        *p = nullptr;
    }
    if (sink_ != nullptr)
        cudaFree(sink_);
    sink_ = nullptr;
    for (void** p : {&pinned_a_, &pinned_b_}) {
        if (*p != nullptr)
            cudaFreeHost(*p);
        *p = nullptr;
    }
    pageable_a_.reset();
    pageable_b_.reset();
    if (cancel_host_ != nullptr)
        cudaFreeHost(cancel_host_);
    cancel_host_ = nullptr;
    cancel_device_ = nullptr;
    callbacks_.clear();
    pending_callbacks_.clear();
}

}  // namespace syncscope
