#include "core/sim/sim_run.h"

#include <algorithm>
#include <exception>
#include <new>

#include "core/engine/trace_delta_emitter.h"
#include "core/model/huge_pages.h"
#include "core/model/sync_mode_steps.h"
#include "core/sim/program_walker.h"

namespace syncscope {

namespace {

// Cancellation, progress and live deltas are looked at every this many steps (~1 ms of work).
constexpr std::uint32_t kCheckEvery = 4096;
// New events after which the live view gets them whatever the time (SimRun::checkpoint).
constexpr std::size_t kFlushEvents = std::size_t{1} << 18;

std::vector<std::string> bufferNames(const Scenario& scenario) {
    std::vector<std::string> names;
    names.reserve(scenario.buffers.size());
    for (const auto& b : scenario.buffers)
        names.push_back(b.name);
    return names;
}

std::vector<StreamKind> streamKinds(const Scenario& scenario) {
    std::vector<StreamKind> kinds;
    kinds.reserve(scenario.streams.size());
    for (const auto& s : scenario.streams)
        kinds.push_back(s.kind);
    return kinds;
}

}  // namespace

SimRun::SimRun(std::shared_ptr<const Scenario> scenario_ptr, const DeviceProfile& profile,
               EngineObserver& observer, const CancelToken& cancel)
    : scenario_ptr_(std::move(scenario_ptr)),
      scenario_(*scenario_ptr_),
      profile_(profile),
      observer_(observer),
      cancel_(cancel),
      writer_(result_.trace),
      events_(scenario_.events.size()),
      buffer_names_(bufferNames(scenario_)),
      memory_(result_.trace, profile.memory_bytes, scenario_.pool, buffer_names_),
      order_(streamKinds(scenario_)),
      gpu_(profile_, scenario_.streams, events_, memory_, writer_),
      policy_(profile_, scenario_.schedule) {}

void SimRun::setup() {
    Trace& trace = result_.trace;
    trace.title = scenario_.title.en;
    // The scenario travels with its trace, so a saved run can be reopened and run again.
    trace.scenario = scenario_ptr_;
    DeviceDescription& d = trace.device;
    d.name = profile_.name;
    d.engine = "sim";
    d.sm_count = profile_.sm_count;
    d.memory_bytes = profile_.memory_bytes;
    d.copy_engines = profile_.copy_engines;
    d.schedule = scenario_.schedule;
    for (int i = 0; i < 4; ++i)
        d.wake_latency_ns[i] = profile_.wake_latency_ns[i];
    d.timer_granularity_ns = 1;
    d.launch_cost_ns = profile_.launch_cost_ns;
    d.clock_tolerance_ns = 0;
    d.pool_release_threshold = scenario_.pool.release_threshold;

    Lane host;
    host.kind = LaneKind::HostThread;
    host.name = "host thread";
    trace.addLane(host);
    Lane waits;
    waits.kind = LaneKind::HostWaits;
    waits.name = "host waits";
    waits.parent = SimTraceWriter::kHostLane;
    trace.addLane(waits);
    for (std::uint32_t i = 0; i < scenario_.streams.size(); ++i) {
        const StreamSpec& spec = scenario_.streams[i];
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = spec.name + " (" + std::string(toString(spec.kind)) + ")";
        lane.stream_id = i;
        lane.stream_kind = spec.kind;
        lane.priority = spec.priority;
        trace.addLane(lane);
    }

    kernel_names_ = {writer_.intern("spin kernel"), writer_.intern("compute kernel"),
                     writer_.intern("memory kernel")};
    copy_names_ = {writer_.intern("memcpy h2d"), writer_.intern("memcpy d2h"),
                   writer_.intern("memcpy d2d"), writer_.intern("memcpy h2h")};
    memset_name_ = writer_.intern("memset");
    callback_name_ = writer_.intern("host callback");
    host_work_name_ = writer_.intern("host work");
    hidden_record_name_ = writer_.intern("record (wait_stream)");
    hidden_wait_name_ = writer_.intern("wait_stream");
    for (const auto& e : scenario_.events) {
        record_names_.push_back(writer_.intern("record " + e.name));
        wait_names_.push_back(writer_.intern("wait " + e.name));
    }
    for (const auto& b : scenario_.buffers) {
        // The name says how the pool found the block (SimMemory::Reuse), so hovering shows reuse.
        malloc_async_names_.push_back({
            writer_.intern("malloc_async " + b.name),
            writer_.intern("malloc_async " + b.name + " (reuses a block freed on this stream)"),
            writer_.intern("malloc_async " + b.name +
                           " (reuses a block freed on a stream it is ordered after)"),
            writer_.intern("malloc_async " + b.name + " (reuses a block already freed)"),
            writer_.intern("malloc_async " + b.name + " (waits for a free on another stream)"),
            writer_.intern("malloc_async " + b.name +
                           " (reuses a block a sync showed the host is free)"),
        });
        free_async_names_.push_back(writer_.intern("free_async " + b.name));
    }

    depth_ = std::max<std::uint32_t>(1, profile_.launch_queue_depth);
    const auto hint = ProgramWalker::traceSizeHint(scenario_.program);
    // Reserved once, on huge pages where the OS has them: filling hundreds of MB of events one
    // 4 KiB page fault at a time was most of a long run's time.
    HugePages::reserve(trace.events, std::min<std::size_t>(hint.events, 64u << 20));
    HugePages::reserve(trace.flows, std::min<std::size_t>(hint.flows, 64u << 20));
    if (usesCachingAllocator(scenario_.program))
        memory_.sampleTorchSeries();
    memory_.sampleInitial();
}

RunResult SimRun::run() {
    try {
        setup();
        simulate();
    } catch (const std::bad_alloc&) {
        result_.status = RunStatus::Failed;
        result_.message = "the simulator ran out of host memory at step " + std::to_string(index_);
    } catch (const std::exception& e) {
        result_.status = RunStatus::Failed;
        result_.message = e.what();
    }
    // A failure reaches the caller once, as result_.message; it is not logged as well.
    return std::move(result_);
}

void SimRun::checkpoint(double within) {
    if (!emitter_)
        return;
    if (within >= 0.0)
        observer_.onProgress((index_ + std::min(within, 1.0)) / total_steps_, "simulating");
    const std::size_t events = result_.trace.events.size();
    if (events - flushed_events_ >= kFlushEvents) {
        emitter_->flush();
        flushed_events_ = events;
    } else {
        emitter_->maybeFlush();
    }
}

void SimRun::simulate() {
    Trace& trace = result_.trace;
    TraceDeltaEmitter emitter(trace, observer_);
    emitter_ = &emitter;
    const double total =
        static_cast<double>(std::max<std::size_t>(1, expandedStepCount(scenario_.program)));
    total_steps_ = total;
    ProgramWalker walker(scenario_.program);
    std::uint32_t batch = kNone;
    result_.status = RunStatus::Ok;
    std::size_t next_check_events = kFlushEvents;
    for (const Step* step = walker.next(batch); step != nullptr; step = walker.next(batch)) {
        // Every few thousand steps, or sooner when the steps write many events each.
        if (index_ % kCheckEvery == 0 || trace.events.size() >= next_check_events) {
            next_check_events = trace.events.size() + kFlushEvents;
            if (cancel_.cancelled()) {
                result_.status = RunStatus::Cancelled;
                result_.message = "cancelled after " + std::to_string(index_) + " steps";
                break;
            }
            checkpoint();
            observer_.onProgress(index_ / total, "simulating");
        }
        step_ = step;
        batch_ = batch;
        if (!execute(*step)) {
            result_.status = cancelled_ ? RunStatus::Cancelled : RunStatus::Failed;
            result_.message =
                cancelled_ ? "cancelled after " + std::to_string(index_) + " steps" : failure_;
            break;
        }
        ++index_;
    }
    // Let the GPU finish what was enqueued, so a finished or failed run shows all of it. A
    // cancelled run stops where it is.
    if (result_.status != RunStatus::Cancelled)
        gpu_.advanceUntil([&] { return gpu_.inFlight() == 0; });
    // Reserved from an estimate: give back what a run with fewer waits than expected left unused.
    if (trace.events.capacity() > trace.events.size() + trace.events.size() / 8 + 1024)
        trace.events.shrink_to_fit();
    if (trace.flows.capacity() > trace.flows.size() + trace.flows.size() / 8 + 1024)
        trace.flows.shrink_to_fit();
    emitter.flush();
    emitter_ = nullptr;
    observer_.onProgress(1.0, "done");
}

bool SimRun::execute(const Step& step) {
    switch (step.kind) {
        case StepKind::Kernel:
            launchKernel(step);
            return true;
        case StepKind::Memcpy:
            memcpy(step);
            return true;
        case StepKind::Memset:
            memset(step);
            return true;
        case StepKind::Malloc:
            return malloc(step);
        case StepKind::Free:
            free(step);
            return true;
        case StepKind::MallocAsync:
            return mallocAsync(step);
        case StepKind::FreeAsync:
            freeAsync(step);
            return true;
        case StepKind::PoolTrim:
            poolTrim(step);
            return true;
        case StepKind::TensorAlloc:
            return tensorAlloc(step);
        case StepKind::TensorFree:
            tensorFree(step);
            return true;
        case StepKind::RecordStream:
            recordStream(step);
            return true;
        case StepKind::EmptyCache:
            emptyCache(step);
            return true;
        case StepKind::EventRecord:
            recordEvent(step.event, step.stream, step.mode, record_names_[step.event]);
            return true;
        case StepKind::StreamWaitEvent:
            waitEvent(step.stream, step.event, modeOfStep(step), wait_names_[step.event]);
            return true;
        case StepKind::WaitStream:
            waitStream(step);
            return true;
        case StepKind::DeviceSync:
            deviceSync(step);
            return true;
        case StepKind::StreamSync:
            streamSync(step);
            return true;
        case StepKind::EventSync:
            eventSync(step);
            return true;
        case StepKind::CpuSync:
            cpuSync(step);
            return true;
        case StepKind::EventQueryPoll:
            return eventQueryPoll(step);
        case StepKind::HostCallback:
            hostCallback(step);
            return true;
        case StepKind::HostWork:
            hostWork(step);
            return true;
        case StepKind::Repeat:
            return true;  // the walker expands repeats
    }
    return true;
}

SimOp SimRun::newOp(SimOpKind kind, EventKind event_kind, ApiId api, SyncMode mode) const {
    SimOp op;
    op.kind = kind;
    op.event_kind = event_kind;
    op.api = api;
    op.mode = mode;
    op.step = index_;
    op.batch = batch_;
    return op;
}

TraceEvent SimRun::hostEvent(EventKind kind, TimeNs start, TimeNs end) const {
    TraceEvent e;
    e.kind = kind;
    e.start_ns = start;
    e.end_ns = end;
    e.step = index_;
    e.batch = batch_;
    e.lane = SimTraceWriter::kHostLane;
    return e;
}

TraceEvent SimRun::apiCall(ApiId api, SyncMode mode, std::uint16_t target_lane) {
    TraceEvent e = hostEvent(EventKind::ApiCall, host_, host_);
    e.api = api;
    e.name = writer_.apiName(api);
    e.mode = mode;
    e.target_lane = target_lane;
    return e;
}

std::uint32_t SimRun::enqueueCall(std::uint32_t stream, SimOp& op, TimeNs cost, std::uint8_t flags,
                                  bool device_wide) {
    gpu_.advanceTo(host_);
    const TimeNs t0 = host_;
    if (gpu_.inFlight() >= depth_) {
        // The launch queue is full: the call blocks until the GPU retires an op.
        gpu_.advanceUntil([&] { return gpu_.inFlight() < depth_; });
        host_ = gpu_.now();
        flags |= event_flags::kQueueFull;
    }
    host_ += cost;
    TraceEvent call = apiCall(op.api, op.mode, SimTraceWriter::streamLane(stream));
    call.start_ns = t0;
    call.end_ns = host_;
    call.correlation = next_correlation_;
    call.setBytes(op.bytes);
    call.cuda_event = op.cuda_event;
    call.flags = static_cast<std::uint8_t>(flags | op.flags);
    op.correlation = next_correlation_++;
    op.ready = host_;
    op.api_event = writer_.add(call);
    last_seq_ = gpu_.enqueue(stream, op, device_wide);
    order_.enqueued(stream, last_seq_);
    return op.api_event;
}

bool SimRun::waitAll(Release& release) {
    if (gpu_.inFlight() == 0)
        return false;
    gpu_.advanceUntil([&] { return gpu_.inFlight() == 0; });
    release = {gpu_.lastEnd(), gpu_.lastEvent()};
    return true;
}

bool SimRun::waitStreamIdle(std::uint32_t stream, Release& release) {
    const SimStream& s = gpu_.stream(stream);
    if (s.empty())
        return false;
    gpu_.advanceUntil([&] { return s.empty(); });
    release = {s.lastEnd(), s.lastEvent()};
    return true;
}

TimeNs SimRun::finishSync(TraceEvent call, TimeNs t0, const Release* release,
                          const WaitStyle& style, TimeNs idle_cost, std::uint8_t wait_flags) {
    const TimeNs ret = release != nullptr ? release->at + style.wake_ns : t0 + idle_cost;
    call.start_ns = t0;
    call.end_ns = ret;
    call.flags |= wait_flags;
    writer_.add(call);
    if (release != nullptr)
        addHostWait(t0, ret, *release, style, call, wait_flags);
    host_ = ret;
    gpu_.advanceTo(ret);
    return ret;
}

void SimRun::addHostWait(TimeNs t0, TimeNs ret, const Release& release, const WaitStyle& style,
                         const TraceEvent& call, std::uint8_t extra_flags) {
    TraceEvent wait = hostEvent(EventKind::HostWait, t0, ret);
    wait.lane = SimTraceWriter::kWaitLane;
    wait.api = call.api;
    wait.name = call.name;
    wait.mode = call.mode;
    wait.target_lane = call.target_lane;
    wait.cuda_event = call.cuda_event;
    wait.awaited = release.event;
    wait.setCpuNs(style.cpuNs(ret - t0));
    wait.flags = static_cast<std::uint8_t>(style.flags() | extra_flags);
    const std::uint32_t index = writer_.add(wait);
    if (release.event != kNone)
        writer_.flow(index, release.event, FlowKind::Awaited);
}

void SimRun::reportError(const std::string& message, LogLevel level) {
    TraceEvent e = hostEvent(EventKind::Error, host_, host_);
    e.name = writer_.intern(message);
    e.flags = event_flags::kFailed;
    writer_.add(e);
    // An Error fails the run and reaches the caller as the run's message: logging it too printed
    // it twice more.
    if (level != LogLevel::Error)
        observer_.onLog(level, message);
}

std::string SimRun::stepText() const {
    return "step " + std::to_string(index_) + " (" + std::string(toString(step_->kind)) + ")";
}

std::uint32_t SimRun::labelOr(const Step& step, std::uint32_t fallback) {
    return step.label.empty() ? fallback : writer_.intern(step.label.en);
}

}  // namespace syncscope
