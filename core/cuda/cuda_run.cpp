#include "core/cuda/cuda_run.h"

#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <cstring>

#include "core/cuda/cuda_status.h"
#include "core/cuda/cupti_session.h"
#include "core/cuda/device_calibration.h"
#include "core/cuda/host_clock.h"
#include "core/cuda/schedule_context.h"
#include "kernels/launch.h"

namespace syncscope {

namespace {

constexpr auto kPumpInterval = std::chrono::milliseconds(30);
constexpr TimeNs kMinClockToleranceNs = 2'000;  // ε, SYNC-SEMANTICS §8: start at 2 µs

cudaStream_t asStream(void* s) {
    return static_cast<cudaStream_t>(s);
}
cudaEvent_t asEvent(void* e) {
    return static_cast<cudaEvent_t>(e);
}

void CUDART_CB hostFunction(void* data) noexcept {
    auto* slot = static_cast<CudaRun::CallbackSlot*>(data);
    slot->start = steadyNowNs();
    const std::int64_t cpu0 = threadCpuNs();
    const std::uint64_t until =
        slot->start + static_cast<std::uint64_t>(std::max<TimeNs>(0, slot->duration_ns));
    while (steadyNowNs() < until && !slot->cancel->cancelled()) {
    }
    slot->end = steadyNowNs();
    slot->cpu_ns = threadCpuNs() - cpu0;
    slot->done.store(true, std::memory_order_release);
}

std::string humanBytes(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 5) {
        value /= 1024.0;
        ++unit;
    }
    char text[64];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

bool copyTouchesDevice(const Step& st) {
    return st.direction != CopyDirection::HostToHost;
}
bool copyTouchesHost(const Step& st) {
    return st.direction != CopyDirection::DeviceToDevice;
}

}  // namespace

CudaRun::CudaRun(const Scenario& scenario, EngineObserver& observer, const CancelToken& cancel)
    : scenario_(scenario), observer_(observer), cancel_(cancel) {}

CudaRun::~CudaRun() {
    stop_watcher_.store(true);
    if (cancel_watcher_.joinable())
        cancel_watcher_.join();
    if (sampler_)
        sampler_->stop();
    if (recording_)
        CuptiSession::instance().disable();
    release();
}

void* CudaRun::streamOf(std::uint32_t index) const {
    return index < streams_.size() ? streams_[index] : static_cast<void*>(cudaStreamLegacy);
}

void CudaRun::busyWait(TimeNs duration_ns) const {
    const std::uint64_t until =
        steadyNowNs() + static_cast<std::uint64_t>(std::max<TimeNs>(0, duration_ns));
    while (steadyNowNs() < until && !cancel_.cancelled()) {
    }
}

RunResult CudaRun::execute() {
    RunResult result;
    trace_.title = scenario_.title;
    trace_.device.engine = "cuda";
    trace_.device.schedule = scenario_.schedule;
    trace_.device.pool_release_threshold = scenario_.pool.release_threshold;
    steps_ = expandProgram(scenario_.program);
    converter_ = std::make_unique<CuptiRecordConverter>(scenario_, steps_, trace_);
    emitter_ = std::make_unique<TraceDeltaEmitter>(trace_, observer_);

    std::string error;
    bool unavailable = false;
    observer_.onProgress(0.0, "setting up the GPU");
    if (!setUp(error, unavailable)) {
        if (!unavailable) {
            // Visible in the trace as well as in the message (e.g. scratch memory out of memory).
            TraceEvent ev;
            ev.kind = EventKind::Error;
            ev.name = trace_.strings.intern(error);
            ev.flags = event_flags::kFailed;
            trace_.addEvent(ev);
            cudaGetLastError();
            if (cudaDeviceSynchronize() != cudaSuccess) {
                sticky_ = true;  // a set-up kernel broke the context
            }
        }
        release();
        if (sticky_) {
            cudaDeviceReset();
            ScheduleContext::invalidate();
        }
        result.status = unavailable ? RunStatus::Unavailable : RunStatus::Failed;
        result.message = error;
        result.trace = std::move(trace_);
        return result;
    }

    const auto total = static_cast<double>(std::max<std::size_t>(1, steps_.size()));
    for (std::uint32_t i = 0; i < steps_.size(); ++i) {
        if (cancel_.cancelled()) {
            cancelled_ = true;
            break;
        }
        const Step& st = steps_[i];
        if (st.batch != open_batch_) {
            if (open_batch_ != kNone)
                nvtxRangePop();
            open_batch_ = st.batch;
            if (open_batch_ != kNone)
                nvtxRangePushA(("batch " + std::to_string(open_batch_)).c_str());
        }
        const bool ok = runStep(i);
        issued_ = i + 1;
        if (!ok)
            break;
        if (std::chrono::steady_clock::now() - last_pump_ >= kPumpInterval) {
            pump(false);
            observer_.onProgress(static_cast<double>(i + 1) / total, "running");
        }
    }
    if (open_batch_ != kNone)
        nvtxRangePop();
    if (cancel_.cancelled())
        cancelled_ = true;

    finish();
    release();
    if (sticky_) {
        // The context is poisoned: reset so the next run works.
        cudaDeviceReset();
        ScheduleContext::invalidate();
    }
    result.trace = std::move(trace_);
    if (failed_) {
        result.status = RunStatus::Failed;
        result.message = failure_;
    } else if (cancelled_) {
        result.status = RunStatus::Cancelled;
        result.message = "cancelled after " + std::to_string(issued_) + " of " +
                         std::to_string(steps_.size()) + " steps";
    } else {
        result.status = RunStatus::Ok;
        result.message = notes_;
    }
    observer_.onProgress(1.0, "done");
    return result;
}

bool CudaRun::setUp(std::string& error, bool& unavailable) {
    int count = 0;
    if (const cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess || count == 0) {
        error = "no usable CUDA device: " + (e != cudaSuccess
                                                 ? cudaFailure("cudaGetDeviceCount", e)
                                                 : std::string("the driver reports no device"));
        unavailable = true;
        return false;
    }
    if (const std::string cupti = CuptiSession::instance().initialize(); !cupti.empty()) {
        error = cupti;
        unavailable = true;
        return false;
    }

    // Wake-up latency of every policy (once per process), then the run's own policy.
    std::string wake_note;
    const auto wake = ScheduleContext::wakeLatencies(device_, wake_note);
    if (const std::string e = ScheduleContext::ensure(device_, scenario_.schedule); !e.empty()) {
        error =
            "could not set schedule policy " + std::string(toString(scenario_.schedule)) + ": " + e;
        return false;
    }
    for (int p = 0; p < 4; ++p)
        trace_.device.wake_latency_ns[p] = wake[p];
    if (!wake_note.empty())
        observer_.onLog(LogLevel::Warning, "wake-up calibration: " + wake_note);

    cudaDeviceProp prop{};
    if (const cudaError_t e = cudaGetDeviceProperties(&prop, device_); e != cudaSuccess) {
        error = cudaFailure("cudaGetDeviceProperties", e);
        return false;
    }
    trace_.device.name = prop.name;
    trace_.device.sm_count = prop.multiProcessorCount;
    trace_.device.memory_bytes = prop.totalGlobalMem;
    trace_.device.copy_engines = prop.asyncEngineCount;

    static double cached_rate = -1;  // the compute kernel's FMA rate, once per process
    bool needs_rate = false;
    for (const Step& st : steps_)
        needs_rate |= st.kind == StepKind::Kernel && st.kernel == KernelKind::Compute;
    const CalibrationResult cal = DeviceCalibration::measure(needs_rate && cached_rate <= 0);
    if (cal.compute_iterations_per_ns > 0)
        cached_rate = cal.compute_iterations_per_ns;
    compute_rate_ = cached_rate > 0 ? cached_rate : 1.0;
    trace_.device.timer_granularity_ns = cal.timer_granularity_ns;
    trace_.device.launch_cost_ns = cal.launch_cost_ns;
    // The in-context measurement of the current policy is the freshest; prefer it.
    if (cal.wake_latency_ns >= 0)
        trace_.device.wake_latency_ns[static_cast<int>(scenario_.schedule)] = cal.wake_latency_ns;
    trace_.device.clock_tolerance_ns =
        std::max<TimeNs>(kMinClockToleranceNs, cal.timer_granularity_ns);
    if (!cal.note.empty())
        observer_.onLog(LogLevel::Warning, "calibration: " + cal.note);

    if (cudaHostAlloc(reinterpret_cast<void**>(&cancel_host_), sizeof(int), cudaHostAllocMapped) !=
            cudaSuccess ||
        cudaHostGetDevicePointer(reinterpret_cast<void**>(&cancel_device_), cancel_host_, 0) !=
            cudaSuccess) {
        error = "could not allocate the mapped cancel flag";
        return false;
    }
    *cancel_host_ = 0;
    if (!allocateScratch(error) || !createStreamsAndEvents(error))
        return false;

    // Recording: kinds on, then a warm-up launch (the first enable costs extra, §5.3), tagged as
    // instrumentation so the converter drops it.
    std::string warnings;
    if (const std::string e = CuptiSession::instance().enable(warnings); !e.empty()) {
        error = e;
        unavailable = true;
        return false;
    }
    recording_ = true;
    if (!warnings.empty())
        observer_.onLog(LogLevel::Warning, "CUPTI: " + warnings);
    CuptiSession::pushExternalId(kInstrumentationExternalId);
    kernels::launchSpin(nullptr, 0, {1, 32}, nullptr, nullptr);
    cudaDeviceSynchronize();
    CuptiSession::popExternalId();
    CuptiSession::instance().flush(true);
    CuptiSession::instance().take();  // set-up records: nothing of the run yet

    sampler_ = std::make_unique<MemorySampler>(device_, pool_);
    cancel_watcher_ = std::thread([this] {
        while (!stop_watcher_.load()) {
            if (cancel_.cancelled()) {
                *static_cast<volatile int*>(cancel_host_) = 1;
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });

    ConverterClock clock;
    clock.record_offset_ns = CuptiSession::instance().recordOffsetNs();
    clock.origin_ns = steadyNowNs();
    converter_->setClock(clock);
    // A launch that takes far longer than a normal one blocked on the full launch queue.
    if (cal.launch_cost_ns > 0)
        converter_->setQueueFullThreshold(std::max<TimeNs>(100'000, 20 * cal.launch_cost_ns));
    sampler_->start();
    last_pump_ = std::chrono::steady_clock::now();
    return true;
}

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
        error = std::string("could not allocate ") + humanBytes(bytes) + " of " + what + ": " +
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
            error = "could not allocate " + humanBytes(pageable_bytes) + " of pageable host memory";
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
    // enough: a wait captures the record state at call time (SYNC-SEMANTICS §7.4).
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
    return true;
}

bool CudaRun::runStep(std::uint32_t index) {
    const Step& st = steps_[index];
    HostStamp stamp;
    stamp.step = index;
    CuptiSession::pushExternalId(index);
    stamp.start = steadyNowNs();
    const std::int64_t cpu0 = threadCpuNs();
    std::uint32_t api_records = 0;
    const bool ok = issue(index, st, api_records);
    stamp.cpu_ns = threadCpuNs() - cpu0;
    stamp.end = steadyNowNs();
    CuptiSession::popExternalId();
    stamp.api_records = api_records;
    stamps_.push_back(std::move(stamp));
    if (!ok && failed_code_ != 0)
        checkContextAfterFailure();
    return ok;
}

bool CudaRun::fail(std::uint32_t index, const char* call, int code) {
    const auto error = static_cast<cudaError_t>(code);
    const Step& st = steps_[index];
    HostStamp stamp;
    stamp.kind = HostStamp::Kind::Error;
    stamp.step = index;
    stamp.start = stamp.end = steadyNowNs();
    if (error == cudaErrorMemoryAllocation) {
        stamp.message =
            "out of memory: " + std::string(call) + " of " + humanBytes(st.bytes) + " failed";
    } else {
        stamp.message = cudaFailure(call, error);
    }
    stamp.message += " (step " + std::to_string(index) + ")";
    failure_ = stamp.message;
    failed_ = true;
    failed_code_ = code;
    stamps_.push_back(stamp);
    return false;
}

void CudaRun::checkContextAfterFailure() {
    // Stop long kernels, then see whether the context survived (a sticky error repeats). This is
    // the recorder's own work: outside the step, tagged as instrumentation.
    if (cancel_host_ != nullptr)
        *static_cast<volatile int*>(cancel_host_) = 1;
    CuptiSession::pushExternalId(kInstrumentationExternalId);
    cudaGetLastError();
    const cudaError_t after = cudaDeviceSynchronize();
    CuptiSession::popExternalId();
    if (isStickyError(static_cast<cudaError_t>(failed_code_)) ||
        (after != cudaSuccess && isStickyError(after))) {
        sticky_ = true;
        failure_ += "; the CUDA context is unusable and will be reset";
    }
}

bool CudaRun::issue(std::uint32_t index, const Step& st, std::uint32_t& api_records) {
    void* stream = streamOf(st.stream);
    cudaError_t e = cudaSuccess;
    switch (st.kind) {
        case StepKind::Kernel: {
            const kernels::LaunchShape shape{std::max(1u, st.grid), std::max(1u, st.block)};
            int code = 0;
            api_records = 1;
            switch (st.kernel) {
                case KernelKind::Spin:
                    code = kernels::launchSpin(stream, static_cast<std::uint64_t>(st.duration_ns),
                                               shape, cancel_device_, nullptr);
                    break;
                case KernelKind::Compute: {
                    const auto iterations = static_cast<std::uint64_t>(
                        static_cast<double>(st.duration_ns) * compute_rate_);
                    code = kernels::launchCompute(stream, std::max<std::uint64_t>(1, iterations),
                                                  shape, cancel_device_, sink_, nullptr);
                    break;
                }
                case KernelKind::Memory:
                    code = kernels::launchMemory(stream, dev_b_, dev_a_, st.bytes, shape,
                                                 cancel_device_);
                    break;
            }
            return code == 0 || fail(index, "kernel launch", code);
        }
        case StepKind::Memcpy: {
            void* host_a = st.pinned ? pinned_a_ : pageable_a_.get();
            void* host_b = st.pinned ? pinned_b_ : pageable_b_.get();
            void* dst = nullptr;
            const void* src = nullptr;
            cudaMemcpyKind kind = cudaMemcpyDefault;
            switch (st.direction) {
                case CopyDirection::HostToDevice:
                    dst = dev_a_;
                    src = host_a;
                    kind = cudaMemcpyHostToDevice;
                    break;
                case CopyDirection::DeviceToHost:
                    dst = host_a;
                    src = dev_a_;
                    kind = cudaMemcpyDeviceToHost;
                    break;
                case CopyDirection::DeviceToDevice:
                    dst = dev_b_;
                    src = dev_a_;
                    kind = cudaMemcpyDeviceToDevice;
                    break;
                case CopyDirection::HostToHost:
                    dst = host_b;
                    src = host_a;
                    kind = cudaMemcpyHostToHost;
                    break;
            }
            api_records = 1;
            // The synchronous form always uses the legacy default stream (SYNC-SEMANTICS §2).
            e = st.async ? cudaMemcpyAsync(dst, src, st.bytes, kind, asStream(stream))
                         : cudaMemcpy(dst, src, st.bytes, kind);
            return e == cudaSuccess || fail(index, st.async ? "cudaMemcpyAsync" : "cudaMemcpy", e);
        }
        case StepKind::Memset:
            api_records = 1;
            e = st.async ? cudaMemsetAsync(dev_a_, 0, st.bytes, asStream(stream))
                         : cudaMemset(dev_a_, 0, st.bytes);
            return e == cudaSuccess || fail(index, st.async ? "cudaMemsetAsync" : "cudaMemset", e);
        case StepKind::Malloc: {
            api_records = 1;
            void* p = nullptr;
            e = cudaMalloc(&p, st.bytes);
            if (e != cudaSuccess)
                return fail(index, "cudaMalloc", e);
            if (st.buffer < buffers_.size()) {
                buffers_[st.buffer] = p;
                buffer_async_[st.buffer] = false;
            }
            return true;
        }
        case StepKind::Free: {
            void* p = st.buffer < buffers_.size() ? buffers_[st.buffer] : nullptr;
            api_records = 1;
            e = cudaFree(p);  // cudaFree(nullptr) is legal and still a call to show
            if (st.buffer < buffers_.size())
                buffers_[st.buffer] = nullptr;
            return e == cudaSuccess || fail(index, "cudaFree", e);
        }
        case StepKind::MallocAsync: {
            api_records = 1;
            void* p = nullptr;
            e = cudaMallocFromPoolAsync(&p, st.bytes, static_cast<cudaMemPool_t>(pool_),
                                        asStream(stream));
            if (e != cudaSuccess)
                return fail(index, "cudaMallocAsync", e);
            if (st.buffer < buffers_.size()) {
                buffers_[st.buffer] = p;
                buffer_async_[st.buffer] = true;
            }
            return true;
        }
        case StepKind::FreeAsync: {
            void* p = st.buffer < buffers_.size() ? buffers_[st.buffer] : nullptr;
            if (p == nullptr) {
                HostStamp stamp;
                stamp.kind = HostStamp::Kind::Error;
                stamp.step = index;
                stamp.start = stamp.end = steadyNowNs();
                stamp.message =
                    "free_async of buffer '" +
                    (st.buffer < scenario_.buffers.size() ? scenario_.buffers[st.buffer].name
                                                          : std::string("?")) +
                    "' that is not allocated (step " + std::to_string(index) + ")";
                stamps_.push_back(stamp);
                failed_ = true;
                failure_ = stamp.message;
                return false;
            }
            api_records = 1;
            e = cudaFreeAsync(p, asStream(stream));
            buffers_[st.buffer] = nullptr;
            return e == cudaSuccess || fail(index, "cudaFreeAsync", e);
        }
        case StepKind::PoolTrim:
            api_records = 1;
            e = cudaMemPoolTrimTo(static_cast<cudaMemPool_t>(pool_), st.bytes);
            return e == cudaSuccess || fail(index, "cudaMemPoolTrimTo", e);
        case StepKind::EventRecord:
            api_records = 1;
            e = cudaEventRecord(asEvent(events_.at(st.event)), asStream(stream));
            return e == cudaSuccess || fail(index, "cudaEventRecord", e);
        case StepKind::StreamWaitEvent:
            api_records = 1;
            e = cudaStreamWaitEvent(asStream(stream), asEvent(events_.at(st.event)), 0);
            return e == cudaSuccess || fail(index, "cudaStreamWaitEvent", e);
        case StepKind::WaitStream:
            api_records = 1;
            e = cudaEventRecord(asEvent(hidden_event_), asStream(streamOf(st.other_stream)));
            if (e != cudaSuccess)
                return fail(index, "cudaEventRecord", e);
            api_records = 2;
            e = cudaStreamWaitEvent(asStream(stream), asEvent(hidden_event_), 0);
            return e == cudaSuccess || fail(index, "cudaStreamWaitEvent", e);
        case StepKind::DeviceSync:
            api_records = 1;
            e = cudaDeviceSynchronize();
            return e == cudaSuccess || fail(index, "cudaDeviceSynchronize", e);
        case StepKind::StreamSync:
            api_records = 1;
            e = cudaStreamSynchronize(asStream(stream));
            return e == cudaSuccess || fail(index, "cudaStreamSynchronize", e);
        case StepKind::EventSync:
            api_records = 1;
            e = cudaEventSynchronize(asEvent(events_.at(st.event)));
            return e == cudaSuccess || fail(index, "cudaEventSynchronize", e);
        case StepKind::CpuSync:
            // torch.cpu.synchronize(): its body is empty. No CUDA call, on purpose.
            return true;
        case StepKind::EventQueryPoll:
            e = static_cast<cudaError_t>(pollEvent(st, api_records));
            return e == cudaSuccess || fail(index, "cudaEventQuery", e);
        case StepKind::HostCallback: {
            CallbackSlot& slot = callbacks_.emplace_back();
            slot.step = index;
            slot.duration_ns = st.duration_ns;
            slot.cancel = &cancel_;
            api_records = 1;
            e = cudaLaunchHostFunc(asStream(stream), &hostFunction, &slot);
            if (e != cudaSuccess)
                return fail(index, "cudaLaunchHostFunc", e);
            pending_callbacks_.push_back(&slot);
            return true;
        }
        case StepKind::HostWork:
            busyWait(st.duration_ns);
            return true;
        case StepKind::Repeat:
            return true;  // expanded away
    }
    return true;
}

int CudaRun::pollEvent(const Step& st, std::uint32_t& api_records) {
    cudaEvent_t event = asEvent(events_.at(st.event));
    for (;;) {
        const cudaError_t e = cudaEventQuery(event);
        ++api_records;
        if (e != cudaErrorNotReady)
            return e;
        if (cancel_.cancelled())
            return cudaSuccess;
        busyWait(std::max<TimeNs>(1, st.poll_interval_ns));
    }
}

void CudaRun::harvestCallbacks(CuptiRecordBatch& batch, bool all) {
    std::vector<CallbackSlot*> still;
    for (CallbackSlot* slot : pending_callbacks_) {
        if (!slot->done.load(std::memory_order_acquire)) {
            if (!all)
                still.push_back(slot);
            continue;
        }
        HostStamp stamp;
        stamp.kind = HostStamp::Kind::HostCallback;
        stamp.step = slot->step;
        stamp.start = slot->start;
        stamp.end = slot->end;
        stamp.cpu_ns = slot->cpu_ns;
        batch.host.push_back(stamp);
    }
    pending_callbacks_ = std::move(still);
}

void CudaRun::pump(bool final) {
    last_pump_ = std::chrono::steady_clock::now();
    CuptiSession::instance().flush(final);
    CuptiRecordBatch batch = CuptiSession::instance().take();
    if (sampler_) {
        auto samples = sampler_->take();
        batch.samples.insert(batch.samples.end(), samples.begin(), samples.end());
    }
    harvestCallbacks(batch, final);
    batch.host.insert(batch.host.end(), std::make_move_iterator(stamps_.begin()),
                      std::make_move_iterator(stamps_.end()));
    stamps_.clear();
    converter_->add(std::move(batch));
    converter_->setIssuedSteps(issued_);
    converter_->process(final);
    emitter_->flush();
}

void CudaRun::finish() {
    // Complete data needs a sync first (cuptiActivityFlushAll does not sync, §5.3); that sync is
    // the recorder's own work and is shown hidden (kInstrumentation).
    HostStamp stamp;
    stamp.kind = HostStamp::Kind::Instrumentation;
    stamp.message = "cudaDeviceSynchronize (recorder flush)";
    CuptiSession::pushExternalId(kInstrumentationExternalId);
    stamp.start = steadyNowNs();
    const std::int64_t cpu0 = threadCpuNs();
    const cudaError_t e = cudaDeviceSynchronize();
    stamp.cpu_ns = threadCpuNs() - cpu0;
    stamp.end = steadyNowNs();
    CuptiSession::popExternalId();
    if (e != cudaSuccess && !failed_) {
        failed_ = true;
        failure_ = cudaFailure("cudaDeviceSynchronize at the end of the run", e);
        sticky_ = isStickyError(e);
    }
    stamps_.push_back(stamp);
    stop_watcher_.store(true);
    if (cancel_watcher_.joinable())
        cancel_watcher_.join();
    if (sampler_)
        sampler_->stop();
    CuptiSession::instance().flush(true);
    pump(true);
    CuptiSession::instance().disable();
    recording_ = false;
    if (const std::uint64_t dropped = converter_->droppedRecords(); dropped > 0)
        observer_.onLog(LogLevel::Warning, "CUPTI dropped " + std::to_string(dropped) + " records");
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
