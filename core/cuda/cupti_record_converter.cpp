#include "core/cuda/cupti_record_converter.h"

#include <algorithm>
#include <string>

#include "core/cuda/converter_rules.h"
#include "core/cuda/runtime_api_map.h"
#include "core/engine/caching_allocator.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

using namespace converter_rules;

CuptiRecordConverter::CuptiRecordConverter(const Scenario& scenario, std::vector<Step> steps,
                                           Trace& trace)
    : scenario_(scenario), steps_(std::move(steps)), trace_(trace) {
    trace_.device.engine = "cuda";  // periodic memory samples, GPU tolerances in the checker
    Lane host;
    host.kind = LaneKind::HostThread;
    host.name = "host thread";
    trace_.addLane(host);
    Lane waits;
    waits.kind = LaneKind::HostWaits;
    waits.name = "host waits";
    waits.parent = kHostLane;
    trace_.addLane(waits);
    for (std::size_t i = 0; i < scenario_.streams.size(); ++i) {
        const StreamSpec& spec = scenario_.streams[i];
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = spec.name + " (" + std::string(toString(spec.kind)) + ")";
        lane.stream_id = static_cast<std::uint32_t>(i);
        lane.stream_kind = spec.kind;
        lane.priority = spec.priority;
        trace_.addLane(lane);
    }
    stream_tails_.resize(scenario_.streams.size());
}

std::optional<std::uint32_t> CuptiRecordConverter::scenarioStreamOf(
    std::uint32_t cupti_stream_id) const {
    const auto it = stream_map_.find(cupti_stream_id);
    if (it == stream_map_.end())
        return std::nullopt;
    return it->second;
}

TimeNs CuptiRecordConverter::fromRecord(std::uint64_t t) const {
    return static_cast<TimeNs>(t) - clock_.record_offset_ns - static_cast<TimeNs>(clock_.origin_ns);
}

TimeNs CuptiRecordConverter::fromHost(std::uint64_t t) const {
    return static_cast<TimeNs>(t) - static_cast<TimeNs>(clock_.origin_ns);
}

void CuptiRecordConverter::add(CuptiRecordBatch&& batch) {
    dropped_ += batch.dropped;
    for (const auto& x : batch.external)
        external_[x.correlation] = x.external_id;
    for (auto& a : batch.api)
        pending_api_.push_back(a);
    for (auto& g : batch.gpu) {
        // A pageable copy may be reported in pieces under one correlation: one op from the first
        // start to the last end.
        auto [it, inserted] = gpu_.try_emplace(g.correlation, g);
        if (!inserted) {
            it->second.start = std::min(it->second.start, g.start);
            it->second.end = std::max(it->second.end, g.end);
            it->second.bytes += g.bytes;
        }
    }
    for (const auto& s : batch.sync)
        sync_[s.correlation] = s;
    for (const auto& e : batch.cuda_events) {
        cuda_events_[e.correlation] = e;
        seen_cuda_event_records_ = true;
    }
    for (const auto& m : batch.memory) {
        if (m.is_async) {
            memory_ops_[m.correlation] = m;
            seen_memory_records_ = true;
        }
        if (m.from_pool) {
            MemorySample sample;
            sample.t_ns = fromRecord(m.timestamp);
            sample.pool_reserved = static_cast<std::int64_t>(m.pool_size);
            sample.pool_used = static_cast<std::int64_t>(m.pool_utilized);
            pending_memory_.push_back(sample);
        }
    }
    for (const auto& p : batch.pools) {
        if (p.operation == MemoryPoolRecord::Invalid)
            continue;
        MemorySample sample;
        sample.t_ns = fromRecord(p.timestamp);
        sample.pool_reserved = static_cast<std::int64_t>(p.size);
        sample.pool_used = static_cast<std::int64_t>(p.utilized);
        pending_memory_.push_back(sample);
    }
    for (const auto& s : batch.samples) {
        MemorySample sample;
        sample.t_ns = fromHost(s.t);
        sample.device_used = s.device_used;
        sample.pool_reserved = s.pool_reserved;
        sample.pool_used = s.pool_used;
        pending_memory_.push_back(sample);
    }
    for (auto& h : batch.host) {
        if (h.kind == HostStamp::Kind::Instrumentation) {
            instrumentation_.push_back(std::move(h));
        } else if (h.step < steps_.size()) {
            buckets_[h.step].stamps.push_back(std::move(h));
        }
    }
}

void CuptiRecordConverter::resolvePendingApi(bool final) {
    // CUPTI writes a call's external correlation when the call returns, so a call still without
    // one well after later calls were resolved never had one (another thread's call): drop it
    // now rather than rescanning it at every flush.
    constexpr std::uint64_t kUnmatchedAfterNs = 1'000'000'000;
    for (const ApiRecord& a : pending_api_)
        if (external_.contains(a.correlation))
            latest_resolved_end_ = std::max(latest_resolved_end_, a.end);
    std::vector<ApiRecord> still;
    for (const ApiRecord& a : pending_api_) {
        const auto it = external_.find(a.correlation);
        if (it == external_.end()) {
            if (final || a.end + kUnmatchedAfterNs < latest_resolved_end_)
                ++unmatched_;
            else
                still.push_back(a);
            continue;
        }
        // Instrumentation, launch plumbing, error checks: not shown; forget their ids now.
        if (it->second == kInstrumentationExternalId || it->second >= steps_.size() ||
            apiFromRuntimeCbid(a.cbid) == ApiId::Other) {
            gpu_.erase(a.correlation);
            external_.erase(it);
            continue;
        }
        buckets_[static_cast<std::uint32_t>(it->second)].api.push_back(a);
    }
    pending_api_ = std::move(still);
}

const HostStamp* CuptiRecordConverter::stampOf(const StepBucket& bucket,
                                               HostStamp::Kind kind) const {
    for (const HostStamp& h : bucket.stamps)
        if (h.kind == kind)
            return &h;
    return nullptr;
}

bool CuptiRecordConverter::ready(std::uint32_t step) const {
    if (step >= issued_)
        return false;
    const auto it = buckets_.find(step);
    if (it == buckets_.end())
        return false;
    const StepBucket& bucket = it->second;
    const HostStamp* stamp = stampOf(bucket, HostStamp::Kind::Step);
    if (stamp == nullptr || bucket.api.size() < stamp->api_records)
        return false;
    const Step& st = steps_[step];
    for (const ApiRecord& a : bucket.api) {
        if (a.return_value != 0)
            continue;
        switch (apiFromRuntimeCbid(a.cbid)) {
            case ApiId::LaunchKernel:
            case ApiId::MemcpyAsync:
            case ApiId::Memcpy:
            case ApiId::Memset:
            case ApiId::MemsetAsync:
                // Host-to-host copies may leave no GPU record; do not wait for one.
                if (st.kind == StepKind::Memcpy && st.direction == CopyDirection::HostToHost)
                    break;
                if (!gpu_.contains(a.correlation))
                    return false;
                break;
            case ApiId::EventRecord:
                if (seen_cuda_event_records_ && !cuda_events_.contains(a.correlation))
                    return false;
                break;
            case ApiId::MallocAsync:
            case ApiId::FreeAsync:
                if (seen_memory_records_ && !memory_ops_.contains(a.correlation))
                    return false;
                break;
            case ApiId::LaunchHostFunc:
                if (stampOf(bucket, HostStamp::Kind::HostCallback) == nullptr)
                    return false;
                break;
            default:
                break;
        }
    }
    return true;
}

void CuptiRecordConverter::process(bool final) {
    resolvePendingApi(final);
    const std::uint32_t limit =
        final ? static_cast<std::uint32_t>(std::min<std::size_t>(issued_, steps_.size())) : issued_;
    while (next_step_ < limit && (final || ready(next_step_))) {
        emitStep(next_step_);
        ++next_step_;
    }
    if (final) {
        for (const HostStamp& h : instrumentation_) {
            TraceEvent ev;
            ev.kind = EventKind::ApiCall;
            ev.lane = kHostLane;
            ev.api = ApiId::DeviceSynchronize;
            ev.name = intern(h.message.empty() ? std::string(apiName(ApiId::DeviceSynchronize))
                                               : h.message);
            ev.start_ns = fromHost(h.start);
            ev.end_ns = fromHost(h.end);
            ev.setCpuNs(h.cpu_ns);
            ev.flags = event_flags::kInstrumentation;
            trace_.addEvent(ev);
        }
        instrumentation_.clear();
    }
    flushMemory(final);
}

std::string CuptiRecordConverter::eventName(std::uint32_t cuda_event) const {
    if (cuda_event < scenario_.events.size())
        return scenario_.events[cuda_event].name;
    return "(wait_stream)";
}

std::uint32_t CuptiRecordConverter::addStreamEvent(TraceEvent event, std::uint32_t stream) {
    event.lane = streamLane(stream);
    const std::uint32_t index = trace_.addEvent(event);
    Tail& tail = stream_tails_[stream];
    if (event.end_ns >= tail.end)
        tail = {event.end_ns, index};
    if (event.end_ns >= device_tail_.end)
        device_tail_ = {event.end_ns, index};
    return index;
}

bool CuptiRecordConverter::blockedOnFullQueue(TimeNs start, TimeNs end) {
    const bool long_call = queue_full_threshold_ns_ > 0 && end - start > queue_full_threshold_ns_;
    if (blocked_min_pending_ == 0)
        return long_call;
    // With the rule on, a call blocked on a full queue only with enough ops pending (a first
    // cudaLaunchHostFunc took 370 µs on an H200 with one kernel pending). Enqueue calls come in
    // program order from one host thread, so their starts only grow.
    while (!pending_ends_.empty() && pending_ends_.top() <= start)
        pending_ends_.pop();
    if (pending_ends_.size() < blocked_min_pending_)
        return false;
    return long_call || (end - start >= blocked_call_ns_ && pending_ends_.top() <= end);
}

void CuptiRecordConverter::emitStep(std::uint32_t step) {
    StepBucket bucket;
    if (auto it = buckets_.find(step); it != buckets_.end()) {
        bucket = std::move(it->second);
        buckets_.erase(it);
    }
    const Step& st = steps_[step];
    const SyncMode mode = modeOfStep(st);
    std::sort(bucket.api.begin(), bucket.api.end(),
              [](const ApiRecord& a, const ApiRecord& b) { return a.start < b.start; });

    std::uint32_t hidden_event = kNone;
    if (st.kind == StepKind::WaitStream)
        hidden_event = static_cast<std::uint32_t>(scenario_.events.size()) + hidden_events_++;

    std::uint32_t own_gpu_event = kNone;  // for blocking copies/memsets: the op the host waited for
    std::uint32_t sync_call = kNone;      // the call a HostWait describes
    std::vector<std::uint32_t> tensor_syncs;  // an allocator op's waiting calls, each a HostWait
    for (const ApiRecord& call : bucket.api) {
        const ApiId api = apiFromRuntimeCbid(call.cbid);
        std::uint32_t stream = st.stream;
        if (st.kind == StepKind::WaitStream && api == ApiId::EventRecord)
            stream = st.other_stream;
        std::uint32_t cuda_event = st.event;
        if (st.kind == StepKind::WaitStream)
            cuda_event = hidden_event;
        const bool uses_event = api == ApiId::EventRecord || api == ApiId::StreamWaitEvent ||
                                api == ApiId::EventSynchronize || api == ApiId::EventQuery;

        TraceEvent ev;
        ev.kind = EventKind::ApiCall;
        ev.lane = kHostLane;
        ev.api = api;
        ev.name = intern(apiName(api));
        ev.start_ns = fromRecord(call.start);
        ev.end_ns = fromRecord(call.end);
        ev.step = step;
        ev.batch = st.batch;
        ev.mode = mode;
        if (uses_event)
            ev.cuda_event = cuda_event;
        if (st.kind == StepKind::Memcpy || st.kind == StepKind::Memset ||
            st.kind == StepKind::Malloc || st.kind == StepKind::MallocAsync)
            ev.setBytes(st.bytes);
        // Syncs point at what they wait on, like the simulator's: the stream, or the event's
        // stream.
        if (api == ApiId::StreamSynchronize && stream < scenario_.streams.size())
            ev.target_lane = streamLane(stream);
        if (api == ApiId::EventSynchronize || api == ApiId::EventQuery) {
            if (const auto m = markers_.find(cuda_event); m != markers_.end())
                ev.target_lane = trace_.events[m->second.index].lane;
        }
        // cudaErrorNotReady (600) is a query's normal "not yet", not a failure.
        const bool query = api == ApiId::EventQuery || api == ApiId::StreamQuery;
        if (call.return_value != 0 && !(query && call.return_value == kCudaErrorNotReady))
            ev.flags |= event_flags::kFailed;
        if (api == ApiId::EventQuery && call.return_value == 0)
            ev.flags |= event_flags::kQueryReady;
        if ((api == ApiId::Memcpy || api == ApiId::MemcpyAsync) && !st.pinned)
            ev.flags |= event_flags::kPageable;
        // The allocator's own waits (empty_cache, or a cudaMalloc that found no room) are syncs
        // the user never asked for.
        if (isHostSyncApi(api) && (isImplicitSync(st) || isTensorStep(st)))
            ev.flags |= event_flags::kImplicitSync;
        if (api == ApiId::Malloc && st.kind == StepKind::TensorAlloc)  // a new segment
            ev.setBytes(CachingAllocator::segmentSize(CachingAllocator::roundSize(st.bytes)));
        if (api == ApiId::EventSynchronize && isTensorStep(st))
            ev.name = intern("cudaEventSynchronize (caching allocator)");
        // A pageable copy's call takes long because it copies, not because the queue is full.
        const bool blocking_copy = api == ApiId::MemcpyAsync && asyncCopyBlocksHost(st);
        if (blocking_copy) {
            ev.flags |= event_flags::kImplicitSync;
            ev.mode = SyncMode::BlockingCopy;
        } else if (apiEnqueuesStreamWork(api) && !isHostSyncApi(api) &&
                   blockedOnFullQueue(ev.start_ns, ev.end_ns))
            ev.flags |= event_flags::kQueueFull;
        if (ev.end_ns > watermark_)
            watermark_ = ev.end_ns;

        const bool enqueues = apiEnqueuesStreamWork(api) && stream < scenario_.streams.size();
        if (!enqueues) {
            const std::uint32_t index = trace_.addEvent(ev);
            if (isHostSyncApi(api) || api == ApiId::EventQuery)
                sync_call = index;
            if (isHostSyncApi(api) && isTensorStep(st) && call.return_value == 0)
                tensor_syncs.push_back(index);
            continue;
        }
        ev.target_lane = streamLane(stream);
        const std::uint32_t api_index = trace_.addEvent(ev);
        if (call.return_value != 0)
            continue;
        const std::uint32_t before = stream_tails_[stream].index;  // the stream's work so far
        const std::uint32_t gpu_index =
            emitGpuSide(step, st, api, call, stream, cuda_event, bucket);
        if (gpu_index == kNone)
            continue;
        if (blocked_min_pending_ > 0)
            pending_ends_.push(trace_.events[gpu_index].end_ns);
        if (blocking_copy)
            emitBlockingCopyWait(st, bucket, api_index, gpu_index, before);
        const std::uint32_t correlation = next_correlation_++;
        trace_.events[api_index].correlation = correlation;
        trace_.events[gpu_index].correlation = correlation;
        trace_.flows.push_back({api_index, gpu_index, FlowKind::Launch});
        if (api == ApiId::Memcpy || api == ApiId::Memset) {
            own_gpu_event = gpu_index;
            sync_call = api_index;
        }
    }

    if (const HostStamp* stamp = stampOf(bucket, HostStamp::Kind::Step)) {
        if (fromHost(stamp->end) > watermark_)
            watermark_ = fromHost(stamp->end);
        if (st.kind == StepKind::CpuSync) {
            TraceEvent ev;
            ev.kind = EventKind::ApiCall;
            ev.lane = kHostLane;
            ev.api = ApiId::CpuSynchronize;
            ev.name = intern(apiName(ApiId::CpuSynchronize));
            ev.start_ns = fromHost(stamp->start);
            ev.end_ns = fromHost(stamp->end);
            ev.step = step;
            ev.batch = st.batch;
            ev.mode = modeOfStep(st);
            trace_.addEvent(ev);
        } else if (isTensorStep(st)) {
            TraceEvent ev;
            ev.kind = EventKind::ApiCall;
            ev.lane = kHostLane;
            ev.api = tensorApi(st);
            ev.name =
                intern(stamp->message.empty() ? std::string(apiName(ev.api)) : stamp->message);
            ev.start_ns = fromHost(stamp->start);
            ev.end_ns = fromHost(stamp->end);
            ev.step = step;
            ev.batch = st.batch;
            ev.mode = st.mode;
            if (st.kind == StepKind::TensorAlloc)
                ev.setBytes(st.bytes);
            trace_.addEvent(ev);
            // memory_allocated / memory_reserved as the op returned (flushed in time order).
            if (stamp->torch_allocated >= 0 || stamp->torch_reserved >= 0) {
                MemorySample sample;
                sample.t_ns = ev.end_ns;
                sample.allocated = stamp->torch_allocated;
                sample.reserved = stamp->torch_reserved;
                pending_memory_.push_back(sample);
            }
        } else if (st.kind == StepKind::HostWork) {
            TraceEvent ev;
            ev.kind = EventKind::HostWork;
            ev.lane = kHostLane;
            ev.name = intern(st.label.empty() ? std::string("host work") : st.label.en);
            ev.start_ns = fromHost(stamp->start);
            ev.end_ns = fromHost(stamp->end);
            ev.setCpuNs(stamp->cpu_ns);
            ev.step = step;
            ev.batch = st.batch;
            ev.mode = st.mode;
            trace_.addEvent(ev);
        }
    }

    if (isHostSyncStep(st))
        emitHostWait(step, st, bucket, own_gpu_event, sync_call);
    for (const std::uint32_t call : tensor_syncs)
        emitAllocatorWait(st, bucket, call);

    for (const HostStamp& h : bucket.stamps) {
        if (h.kind != HostStamp::Kind::Error)
            continue;
        TraceEvent ev;
        ev.kind = EventKind::Error;
        ev.lane = kHostLane;
        ev.name = intern(h.message);
        ev.start_ns = fromHost(h.start);
        ev.end_ns = fromHost(h.end);
        ev.step = step;
        ev.batch = st.batch;
        ev.flags = event_flags::kFailed;
        trace_.addEvent(ev);
    }

    for (const ApiRecord& call : bucket.api) {
        gpu_.erase(call.correlation);
        sync_.erase(call.correlation);
        cuda_events_.erase(call.correlation);
        memory_ops_.erase(call.correlation);
        external_.erase(call.correlation);
    }
}

}  // namespace syncscope
