// CudaRun: one step = its real CUDA runtime call(s) (docs/semantics.md sections 1–2), under the
// step id as CUPTI external correlation, stamped on the host clock.
#include <cuda_runtime.h>

#include <algorithm>

#include "core/cuda/cuda_run.h"
#include "core/cuda/cuda_status.h"
#include "core/cuda/cupti_session.h"
#include "core/cuda/host_clock.h"
#include "core/cuda/per_thread_default_calls.h"
#include "kernels/launch.h"

namespace syncscope {

namespace {

// A host_callback step's function: runs on the driver's thread in stream order and records when.
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

}  // namespace

bool CudaRun::runStep(std::uint32_t index) {
    const Step& st = steps_[index];
    HostStamp stamp;
    stamp.step = index;
    CuptiSession::pushExternalId(index);
    stamp.start = steadyNowNs();
    const std::int64_t cpu0 = threadCpuNs();
    const bool ok = issue(index, st, stamp);
    stamp.cpu_ns = threadCpuNs() - cpu0;
    stamp.end = steadyNowNs();
    CuptiSession::popExternalId();
    handOver(std::move(stamp));
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
            "out of memory: " + std::string(call) + " of " + formatBytes(st.bytes) + " failed";
    } else {
        stamp.message = cudaFailure(call, error);
    }
    stamp.message += " (step " + std::to_string(index) + ")";
    failure_ = stamp.message;
    failed_ = true;
    failed_code_ = code;
    handOver(stamp);
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

bool CudaRun::issue(std::uint32_t index, const Step& st, HostStamp& stamp) {
    std::uint32_t& api_records = stamp.api_records;  // the runtime records the step will make
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
            // The synchronous form takes no stream: it runs on the default stream, legacy or
            // per-thread as the scenario says (docs/semantics.md section 2).
            if (st.async)
                e = cudaMemcpyAsync(dst, src, st.bytes, kind, asStream(stream));
            else if (scenario_.default_stream == DefaultStream::PerThread)
                e = perThreadDefaultMemcpy(dst, src, st.bytes, kind);
            else
                e = cudaMemcpy(dst, src, st.bytes, kind);
            return e == cudaSuccess || fail(index, st.async ? "cudaMemcpyAsync" : "cudaMemcpy", e);
        }
        case StepKind::Memset:
            api_records = 1;
            if (st.async)
                e = cudaMemsetAsync(dev_a_, 0, st.bytes, asStream(stream));
            else if (scenario_.default_stream == DefaultStream::PerThread)
                e = perThreadDefaultMemset(dev_a_, 0, st.bytes);
            else
                e = cudaMemset(dev_a_, 0, st.bytes);
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
                HostStamp error;
                error.kind = HostStamp::Kind::Error;
                error.step = index;
                error.start = error.end = steadyNowNs();
                error.message =
                    "free_async of buffer '" +
                    (st.buffer < scenario_.buffers.size() ? scenario_.buffers[st.buffer].name
                                                          : std::string("?")) +
                    "' that is not allocated (step " + std::to_string(index) + ")";
                handOver(error);
                failed_ = true;
                failure_ = error.message;
                return false;
            }
            api_records = 1;
            e = cudaFreeAsync(p, asStream(stream));
            buffers_[st.buffer] = nullptr;
            return e == cudaSuccess || fail(index, "cudaFreeAsync", e);
        }
        case StepKind::TensorAlloc:
            return tensorAlloc(index, st, stamp);
        case StepKind::TensorFree:
            tensorFree(st, stamp);
            return true;
        case StepKind::RecordStream:
            if (torch_->holds(st.buffer))
                torch_->recordStream(st.buffer, st.stream);
            stamp.message = "Tensor.record_stream(" + streamName(st.stream) + ")";
            return true;
        case StepKind::EmptyCache:
            return emptyCache(index, stamp);
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
            const std::lock_guard lock(handoff_mutex_);
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

}  // namespace syncscope
