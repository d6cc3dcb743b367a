#include "core/cuda/cuda_run.h"

#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>

#include <algorithm>

#include "core/cuda/cuda_status.h"
#include "core/cuda/cupti_session.h"
#include "core/cuda/device_calibration.h"
#include "core/cuda/host_clock.h"
#include "core/cuda/schedule_context.h"
#include "kernels/launch.h"

namespace syncscope {

namespace {

constexpr auto kPumpInterval = std::chrono::milliseconds(30);
constexpr TimeNs kMinClockToleranceNs = 2'000;  // ε, docs/semantics.md section 7: start at 2 µs

}  // namespace

CudaRun::CudaRun(const Scenario& scenario, EngineObserver& observer, const CancelToken& cancel)
    : scenario_(scenario), observer_(observer), cancel_(cancel) {}

CudaRun::~CudaRun() {
    stopHelpers();
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
    trace_.title = scenario_.title.en;
    trace_.scenario = std::make_shared<const Scenario>(scenario_);  // as the simulator does
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
        issued_.store(i + 1, std::memory_order_release);
        if (!ok)
            break;
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
        result.message = "cancelled after " + std::to_string(issued_.load()) + " of " +
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
    // The kernels' shared cancel state outlives a run in this context: clear an earlier
    // cancellation's "stopped" before the first launch.
    if (const int code = kernels::resetCancel(); code != 0) {
        error =
            std::string("could not reset the kernels' cancel state: ") + kernels::errorString(code);
        return false;
    }
    if (!allocateScratch(error) || !createStreamsAndEvents(error))
        return false;

    // Recording: kinds on, then a warm-up launch (the first enable costs extra, docs/semantics.md
    // section 9), tagged as instrumentation so the converter drops it.
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
    // A launch that takes far longer than a normal one blocked on the full launch queue; so did
    // a shorter one that waited, with a quarter of the queue or more pending (the H200's holds
    // 1,022), until a GPU op ended. The first launch of a run takes up to ~60 µs with nothing
    // pending, so the pending count is what tells the two apart.
    if (cal.launch_cost_ns > 0) {
        converter_->setQueueFullThreshold(std::max<TimeNs>(100'000, 20 * cal.launch_cost_ns));
        converter_->setBlockedEnqueueRule(std::max<TimeNs>(20'000, 4 * cal.launch_cost_ns), 256);
    }
    sampler_->start();
    startPumping();
    return true;
}

void CudaRun::handOver(HostStamp stamp) {
    const std::lock_guard lock(handoff_mutex_);
    stamps_.push_back(std::move(stamp));
}

// Only one thread pumps at a time: the pump thread while the steps run, then (after it has been
// joined) the issuing thread for the final pump.
void CudaRun::pump(bool final) {
    // Read before taking the stamps: every step counted here has handed its stamps over.
    const std::uint32_t issued = issued_.load(std::memory_order_acquire);
    CuptiSession::instance().flush(final);
    CuptiRecordBatch batch = CuptiSession::instance().take();
    if (sampler_) {
        auto samples = sampler_->take();
        batch.samples.insert(batch.samples.end(), samples.begin(), samples.end());
    }
    {
        const std::lock_guard lock(handoff_mutex_);
        harvestCallbacks(batch, final);
        batch.host.insert(batch.host.end(), std::make_move_iterator(stamps_.begin()),
                          std::make_move_iterator(stamps_.end()));
        stamps_.clear();
    }
    converter_->add(std::move(batch));
    converter_->setIssuedSteps(issued);
    converter_->process(final);
    emitter_->flush();
}

void CudaRun::startPumping() {
    const auto total = static_cast<double>(std::max<std::size_t>(1, steps_.size()));
    pump_thread_ = std::thread([this, total] {
        std::unique_lock lock(pump_mutex_);
        while (!pump_wake_.wait_for(lock, kPumpInterval, [this] { return stop_pump_; })) {
            lock.unlock();
            pump(false);
            observer_.onProgress(static_cast<double>(issued_.load()) / total, "running");
            lock.lock();
        }
    });
}

void CudaRun::stopHelpers() {
    stopPumping();
    stop_watcher_.store(true);
    if (cancel_watcher_.joinable())
        cancel_watcher_.join();
    if (sampler_)
        sampler_->stop();
}

void CudaRun::stopPumping() {
    if (!pump_thread_.joinable())
        return;
    {
        const std::lock_guard lock(pump_mutex_);
        stop_pump_ = true;
    }
    pump_wake_.notify_all();
    pump_thread_.join();
}

void CudaRun::finish() {
    // Complete data needs a sync first (cuptiActivityFlushAll does not sync, docs/semantics.md
    // section 9); that sync is the recorder's own work and is shown hidden (kInstrumentation).
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
    handOver(std::move(stamp));
    stopHelpers();
    CuptiSession::instance().flush(true);
    pump(true);
    CuptiSession::instance().disable();
    recording_ = false;
    if (const std::uint64_t dropped = converter_->droppedRecords(); dropped > 0)
        observer_.onLog(LogLevel::Warning, "CUPTI dropped " + std::to_string(dropped) + " records");
}

}  // namespace syncscope
