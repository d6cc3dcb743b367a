// SimRun's steps: one function per StepKind, each the host side of one CUDA call (docs/semantics.md
// sections 1–3).
#include <algorithm>

#include "core/model/sync_mode_steps.h"
#include "core/sim/sim_run.h"

namespace syncscope {

namespace {

// Polls of one event_query_poll step beyond which the run fails instead of filling memory.
constexpr TimeNs kMaxPolls = 1'000'000;
// Pageable copies are staged through pinned buffers of this size; the host returns once the last
// chunk is staged, while its DMA is still in flight (docs/semantics.md section 2).
constexpr std::uint64_t kStagingChunkBytes = 2u << 20;

}  // namespace

void SimRun::launchKernel(const Step& step) {
    for (const std::uint32_t buffer : step.uses)
        if (memory_.freed(buffer))
            reportError(stepText() + ": the kernel uses buffer '" + buffer_names_[buffer] +
                            "' after it was freed (I21)",
                        LogLevel::Warning);
    SimOp op = newOp(SimOpKind::Kernel, EventKind::Kernel, ApiId::LaunchKernel, step.mode);
    op.name = labelOr(step, kernel_names_[static_cast<std::size_t>(step.kernel)]);
    op.duration = gpu_.device().kernelDuration(step);
    op.bytes = step.kernel == KernelKind::Memory ? step.bytes : 0;
    // Programs launch the same shape over and over: remember the last one.
    if (step.grid != demand_grid_ || step.block != demand_block_) {
        demand_ = gpu_.device().kernelDemand(step.grid, step.block);
        demand_grid_ = step.grid;
        demand_block_ = step.block;
    }
    op.blocks = demand_.blocks;
    op.threads = demand_.threads;
    if (step.kernel == KernelKind::Spin) {
        const std::uint32_t waves = gpu_.device().waves(step.grid, step.block);
        if (waves > 1 && op.duration % waves == 0) {
            op.waves_left = waves - 1;
            op.wave = op.duration / waves;
        }
    }
    enqueueCall(step.stream, op, profile_.launch_cost_ns, 0);
}

void SimRun::memcpy(const Step& step) {
    const CopyDirection dir = step.direction;
    const bool pageable = dir != CopyDirection::DeviceToDevice && !step.pinned;
    SimDevice& device = gpu_.device();
    SimOp op = newOp(dir == CopyDirection::HostToHost ? SimOpKind::HostToHost : SimOpKind::Copy,
                     EventKind::Memcpy, step.async ? ApiId::MemcpyAsync : ApiId::Memcpy, step.mode);
    op.name = labelOr(step, copy_names_[static_cast<std::size_t>(dir)]);
    op.bytes = step.bytes;
    op.duration = device.copyDuration(dir, step.bytes, step.pinned);
    op.engine = device.copyEngineFor(dir);
    op.flags = pageable ? event_flags::kPageable : 0;
    if (dir == CopyDirection::DeviceToDevice) {
        const SmDemand demand = device.shortKernelDemand();
        op.blocks = demand.blocks;
        op.threads = demand.threads;
    }

    // docs/semantics.md section 2: pinned copies block only in their synchronous form;
    // host-to-host and pageable device-to-host copies always complete before the call returns; a
    // pageable host-to-device copy syncs the stream, then returns once staged.
    if (dir == CopyDirection::DeviceToDevice && !step.async) {
        syncDeviceToDevice(step.stream, op);
        return;
    }
    const bool stage = pageable && dir == CopyDirection::HostToDevice;
    const bool wait_for_copy = !stage && dir != CopyDirection::DeviceToDevice &&
                               (dir == CopyDirection::HostToHost || pageable || !step.async);
    if (!stage && !wait_for_copy) {
        enqueueCall(step.stream, op, profile_.api_cost_ns, 0);
        return;
    }
    op.mode = SyncMode::BlockingCopy;
    const WaitStyle style = policy_.deviceWait();
    const auto implicit = event_flags::kImplicitSync;
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    Release release;
    if (wait_for_copy) {
        const std::uint32_t call = enqueueCall(step.stream, op, profile_.api_cost_ns, implicit);
        waitStreamIdle(step.stream, release);  // the copy is the stream's last op
        const TimeNs ret = release.at + style.wake_ns;
        writer_.trace().events[call].end_ns = ret;
        // A copy: adding the wait may grow the event vector under a reference.
        const TraceEvent api = writer_.trace().events[call];
        addHostWait(t0, ret, release, style, api, implicit);
        host_ = ret;
        gpu_.advanceTo(ret);
        return;
    }
    const bool waited = waitStreamIdle(step.stream, release);
    if (waited)
        host_ = release.at + style.wake_ns;
    const TimeNs staged_from = host_;
    const std::uint32_t call = enqueueCall(step.stream, op, profile_.api_cost_ns, implicit);
    // The driver stages chunk by chunk into pinned buffers that the DMA drains, so the host is
    // done once the last chunk is staged, and never before the DMA has started: on the default
    // stream the copy may first wait for other streams' work (docs/semantics.md section 2).
    const std::uint32_t seq = last_seq_;
    const SimStream& queue = gpu_.stream(step.stream);
    TimeNs dma_start = host_;
    gpu_.advanceUntil([&] {
        if (!queue.empty() && queue.front().seq == seq && queue.front().running) {
            dma_start = queue.front().start;
            return true;
        }
        return gpu_.ended(step.stream, seq);
    });
    const TimeNs last_chunk =
        device.copyDuration(dir, std::min(step.bytes, kStagingChunkBytes), true);
    TraceEvent& api = writer_.trace().events[call];
    api.start_ns = t0;
    api.end_ns = std::max(host_, dma_start) + std::max<TimeNs>(0, op.duration - last_chunk);
    const TraceEvent api_copy = api;
    if (waited)
        addHostWait(t0, staged_from, release, style, api_copy, implicit);
    host_ = api_copy.end_ns;
}

// A synchronous device-to-device cudaMemcpy, as an H200 ran it (docs/semantics.md section 2): the
// documentation says it returns at once, and it did when the copy had to queue behind a blocking
// stream's kernel (88 µs, before the copy ran); when the copy could start at once (between two
// non-blocking streams' kernels) the call waited for it (34 µs for 1 MiB).
void SimRun::syncDeviceToDevice(std::uint32_t stream, SimOp op) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    const std::uint32_t call = enqueueCall(stream, op, profile_.api_cost_ns, 0);
    const std::uint32_t seq = last_seq_;
    gpu_.advanceTo(host_);
    const SimStream& queue = gpu_.stream(stream);
    const bool started = gpu_.ended(stream, seq) ||
                         (!queue.empty() && queue.front().seq == seq && queue.front().running);
    if (!started)
        return;
    Release release;
    waitStreamIdle(stream, release);  // the copy is the stream's last op
    const WaitStyle style = policy_.deviceWait();
    const TimeNs ret = std::max(host_, release.at + style.wake_ns);
    TraceEvent& api = writer_.trace().events[call];
    api.end_ns = ret;
    api.flags |= event_flags::kImplicitSync;
    api.mode = SyncMode::BlockingCopy;
    const TraceEvent api_copy = api;  // adding the wait may grow the event vector
    addHostWait(t0, ret, release, style, api_copy, event_flags::kImplicitSync);
    host_ = ret;
    gpu_.advanceTo(ret);
}

void SimRun::memset(const Step& step) {
    SimOp op = newOp(SimOpKind::Memset, EventKind::Memset,
                     step.async ? ApiId::MemsetAsync : ApiId::Memset, step.mode);
    op.name = labelOr(step, memset_name_);
    op.bytes = step.bytes;
    op.duration = gpu_.device().memsetDuration(step.bytes);
    const SmDemand demand = gpu_.device().shortKernelDemand();
    op.blocks = demand.blocks;
    op.threads = demand.threads;
    // cudaMemset does not block the host on device memory. The Programming Guide lists a device
    // memset among the implicit orderings of two streams, but on an H200 a synchronous cudaMemset
    // ran beside a kernel on a non-blocking stream (done at 0.44 ms, the kernel at 3.1 ms): it is
    // an op of the default stream, ordered as that stream is (docs/semantics.md section 2), like a
    // synchronous cudaMemcpy.
    enqueueCall(step.stream, op, profile_.api_cost_ns, 0);
}

bool SimRun::malloc(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    host_ += profile_.malloc_cost_ns;
    gpu_.advanceTo(host_);
    const SimMemory::Result r = memory_.malloc(step.buffer, step.bytes, host_);
    TraceEvent call = apiCall(ApiId::Malloc, SyncMode::ImplicitAlloc, kNoLane);
    call.start_ns = t0;
    call.end_ns = host_;
    call.setBytes(step.bytes);
    if (r.status != SimMemory::Status::Ok)
        call.flags = event_flags::kFailed;
    writer_.add(call);
    if (r.status == SimMemory::Status::OutOfMemory) {
        failure_ = stepText() + ": " + r.message;
        reportError(failure_, LogLevel::Error);
        return false;
    }
    if (r.status == SimMemory::Status::Misuse) {
        reportError(stepText() + ": " + r.message, LogLevel::Warning);
        return true;
    }
    // Work of different streams cannot overlap across a device allocation (docs/semantics.md
    // section 2).
    gpu_.orderDevice();
    return true;
}

void SimRun::free(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    const SimMemory::Kind kind = memory_.kindOf(step.buffer);
    TraceEvent call = apiCall(ApiId::Free, SyncMode::ImplicitAlloc, kNoLane);
    call.setBytes(0);
    if (kind == SimMemory::Kind::None) {
        call.start_ns = t0;
        call.end_ns = host_ += profile_.free_cost_ns;
        call.flags = event_flags::kFailed;
        writer_.add(call);
        reportError(stepText() + ": " + memory_.free(step.buffer, host_).message,
                    LogLevel::Warning);
        return;
    }
    // cudaFree of an ordinary allocation waits for the device; of a pool allocation it does not.
    Release release;
    const bool waited = kind == SimMemory::Kind::Device && waitAll(release);
    if (waited)
        order_.hostSyncedAll();  // the device was drained before the call returned
    const TimeNs ret = finishSync(call, t0, waited ? &release : nullptr, policy_.deviceWait(),
                                  profile_.free_cost_ns,
                                  kind == SimMemory::Kind::Device ? event_flags::kImplicitSync : 0);
    memory_.free(step.buffer, ret);
}

bool SimRun::mallocAsync(const Step& step) {
    gpu_.advanceTo(host_);
    const SimMemory::Grant grant = memory_.mallocAsync(
        step.buffer, step.bytes, step.stream,
        [this](std::uint32_t stream, std::uint32_t other, std::uint32_t seq) {
            return order_.orderedAfter(stream, other, seq);
        },
        [this](std::uint32_t other, std::uint32_t seq) { return order_.hostObserved(other, seq); });
    const SimMemory::Result& r = grant.result;
    if (r.status != SimMemory::Status::Ok) {
        TraceEvent call =
            apiCall(ApiId::MallocAsync, step.mode, SimTraceWriter::streamLane(step.stream));
        call.end_ns = host_ += profile_.api_cost_ns;
        call.setBytes(step.bytes);
        call.flags = event_flags::kFailed;
        writer_.add(call);
        const bool oom = r.status == SimMemory::Status::OutOfMemory;
        if (oom)
            failure_ = stepText() + ": " + r.message;
        reportError(stepText() + ": " + r.message, oom ? LogLevel::Error : LogLevel::Warning);
        return !oom;
    }
    SimOp op = newOp(SimOpKind::MemoryOp, EventKind::MemoryOp, ApiId::MallocAsync, step.mode);
    op.name = malloc_async_names_[step.buffer][static_cast<std::size_t>(grant.reuse)];
    op.bytes = step.bytes;
    op.buffer = step.buffer;
    op.dep_stream = grant.after_stream;  // an internal dependency: wait for that free
    op.dep_seq = grant.after_seq;
    enqueueCall(step.stream, op, profile_.api_cost_ns, 0);
    memory_.sampleAt(host_);
    return true;
}

void SimRun::freeAsync(const Step& step) {
    std::uint64_t bytes = 0;
    SimMemory::Kind kind = memory_.kindOf(step.buffer);
    if (kind == SimMemory::Kind::None) {
        const SimMemory::Result r =
            memory_.freeAsync(step.buffer, step.stream, 0, host_, bytes, kind);
        TraceEvent call =
            apiCall(ApiId::FreeAsync, step.mode, SimTraceWriter::streamLane(step.stream));
        call.end_ns = host_ += profile_.api_cost_ns;
        call.flags = event_flags::kFailed;
        writer_.add(call);
        reportError(stepText() + ": " + r.message, LogLevel::Warning);
        return;
    }
    SimOp op = newOp(SimOpKind::MemoryOp, EventKind::MemoryOp, ApiId::FreeAsync, step.mode);
    op.name = free_async_names_[step.buffer];
    op.bytes = memory_.bytesOf(step.buffer);
    op.buffer = step.buffer;
    op.frees = true;
    op.pool_memory = kind == SimMemory::Kind::Pool;
    enqueueCall(step.stream, op, profile_.api_cost_ns, 0);
    // Free in stream order from the moment the call returns: a later allocation on this stream
    // may take the block while the GPU has not reached the free yet.
    memory_.freeAsync(step.buffer, step.stream, last_seq_, host_, bytes, kind);
}

void SimRun::poolTrim(const Step& step) {
    TraceEvent call = apiCall(ApiId::MemPoolTrimTo, step.mode, kNoLane);
    call.end_ns = host_ += profile_.api_cost_ns;
    call.setBytes(step.bytes);
    writer_.add(call);
    gpu_.advanceTo(host_);
    memory_.trimTo(step.bytes, host_);
}

void SimRun::recordEvent(std::uint32_t event, std::uint32_t stream, SyncMode mode,
                         std::uint32_t name) {
    SimOp op = newOp(SimOpKind::Marker, EventKind::EventMarker, ApiId::EventRecord, mode);
    op.name = name;
    op.cuda_event = event;
    // Nothing else is enqueued before this op, so it gets the next seq.
    op.record = events_.record(event, stream, gpu_.nextSeq());
    enqueueCall(stream, op, profile_.api_cost_ns, 0);
    order_.recorded(event, stream);
}

void SimRun::waitEvent(std::uint32_t stream, std::uint32_t event, SyncMode mode,
                       std::uint32_t name) {
    SimOp op = newOp(SimOpKind::StreamWait, EventKind::StreamWait, ApiId::StreamWaitEvent, mode);
    op.name = name;
    op.cuda_event = event;
    // The record current now: re-recording later does not change what this wait waits for.
    op.record = events_.currentRecord(event);
    if (op.record != kNone) {
        op.dep_stream = events_.slot(op.record).stream;
        op.dep_seq = events_.slot(op.record).seq;
    }
    enqueueCall(stream, op, profile_.api_cost_ns, 0);
    order_.waited(stream, event);
}

void SimRun::waitStream(const Step& step) {
    const std::uint32_t hidden = events_.addHiddenEvent();
    recordEvent(hidden, step.other_stream, modeOfStep(step), hidden_record_name_);
    waitEvent(step.stream, hidden, modeOfStep(step), hidden_wait_name_);
    order_.forget(hidden);
}

void SimRun::deviceSync(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    Release release;
    const bool waited = waitAll(release);
    const TimeNs ret = finishSync(apiCall(ApiId::DeviceSynchronize, modeOfStep(step), kNoLane), t0,
                                  waited ? &release : nullptr, policy_.deviceWait(),
                                  profile_.sync_call_cost_ns, 0);
    order_.hostSyncedAll();
    memory_.trimAtSync(ret);
}

void SimRun::streamSync(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    Release release;
    const bool waited = waitStreamIdle(step.stream, release);
    const TimeNs ret = finishSync(apiCall(ApiId::StreamSynchronize, modeOfStep(step),
                                          SimTraceWriter::streamLane(step.stream)),
                                  t0, waited ? &release : nullptr, policy_.deviceWait(),
                                  profile_.sync_call_cost_ns, 0);
    order_.hostSynced(step.stream);
    memory_.trimAtSync(ret);
}

void SimRun::eventSync(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    TraceEvent call = apiCall(ApiId::EventSynchronize, modeOfStep(step), kNoLane);
    call.cuda_event = step.event;
    // A never-recorded event has nothing captured: the call returns at once (docs/semantics.md
    // section 1).
    const std::uint32_t record = events_.currentRecord(step.event);
    bool waited = false;
    Release release;
    if (record != kNone) {
        const RecordSlot& slot = events_.slot(record);
        call.target_lane = SimTraceWriter::streamLane(slot.stream);
        if (!gpu_.ended(slot.stream, slot.seq)) {
            gpu_.advanceUntil([&] { return gpu_.ended(slot.stream, slot.seq); });
            release = {events_.slot(record).reached, events_.slot(record).marker};
            waited = true;
        }
    }
    const TimeNs ret = finishSync(call, t0, waited ? &release : nullptr,
                                  policy_.eventWait(scenario_.events[step.event].blocking_sync),
                                  profile_.sync_call_cost_ns, 0);
    order_.hostSyncedEvent(step.event);
    memory_.trimAtSync(ret);
}

bool SimRun::eventQueryPoll(const Step& step) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    const std::uint32_t record = events_.currentRecord(step.event);
    TimeNs done = t0;  // never recorded, or already reached: the first query succeeds
    std::uint32_t marker = kNone;
    std::uint16_t target = kNoLane;
    if (record != kNone) {
        const RecordSlot& slot = events_.slot(record);
        target = SimTraceWriter::streamLane(slot.stream);
        // The host spins in the loop meanwhile, so running the GPU ahead to the record is safe.
        gpu_.advanceUntil([&] { return gpu_.ended(slot.stream, slot.seq); });
        done = std::max(t0, events_.slot(record).reached);
        marker = events_.slot(record).marker;
    }
    const TimeNs period = std::max(step.poll_interval_ns, profile_.api_cost_ns);
    const TimeNs polls = (done - t0 + period - 1) / period;  // queries before the successful one
    if (polls >= kMaxPolls) {
        failure_ = stepText() + ": polling every " + std::to_string(step.poll_interval_ns) +
                   " ns would take " + std::to_string(polls + 1) +
                   " cudaEventQuery calls; use a longer poll_interval_us";
        reportError(failure_, LogLevel::Error);
        return false;
    }
    TraceEvent query = apiCall(ApiId::EventQuery, modeOfStep(step), target);
    query.cuda_event = step.event;
    for (TimeNs i = 0; i <= polls; ++i) {
        // A long loop is one step: look at the cancel token inside it too.
        if (i % 4096 == 4095) {
            if (cancel_.cancelled()) {
                cancelled_ = true;
                return false;
            }
            // The live view grows and the progress moves during the loop too.
            checkpoint(static_cast<double>(i) / static_cast<double>(polls + 1));
        }
        query.start_ns = t0 + i * period;
        query.end_ns = query.start_ns + profile_.api_cost_ns;
        if (i == polls)
            query.flags = event_flags::kQueryReady;
        writer_.add(query);
    }
    const TimeNs ret = query.end_ns;
    if (polls > 0)
        addHostWait(t0, ret, {done, marker}, policy_.pollWait(), query, 0);
    host_ = ret;
    gpu_.advanceTo(ret);
    return true;
}

void SimRun::hostCallback(const Step& step) {
    SimOp op = newOp(SimOpKind::HostCallback, EventKind::HostCallback, ApiId::LaunchHostFunc,
                     modeOfStep(step));
    op.name = labelOr(step, callback_name_);
    op.duration = step.duration_ns;
    const TimeNs cost = host_funcs_ == 0 ? profile_.first_host_func_cost_ns : profile_.api_cost_ns;
    ++host_funcs_;
    enqueueCall(step.stream, op, std::max(cost, profile_.api_cost_ns), 0);
}

void SimRun::hostWork(const Step& step) {
    TraceEvent work = hostEvent(EventKind::HostWork, host_, host_ + step.duration_ns);
    work.name = labelOr(step, host_work_name_);
    work.mode = step.mode;
    writer_.add(work);
    host_ = work.end_ns;
}

void SimRun::cpuSync(const Step& step) {
    // torch.cpu.synchronize() has an empty body: no CUDA call, no cost, nothing awaited (I9).
    writer_.add(apiCall(ApiId::CpuSynchronize, modeOfStep(step), kNoLane));
}

}  // namespace syncscope
