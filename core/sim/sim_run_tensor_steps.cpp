// SimRun's steps of PyTorch's caching allocator (CachingAllocator says what to do; here the host
// pays for it and the CUDA calls it makes appear inside the PyTorch op, as a profiler shows them).
#include <algorithm>

#include "core/model/byte_format.h"
#include "core/sim/sim_run.h"

namespace syncscope {

namespace {

std::string streamName(const Scenario& scenario, std::uint32_t stream) {
    return stream < scenario.streams.size() ? scenario.streams[stream].name
                                            : "stream " + std::to_string(stream);
}

}  // namespace

// process_events(): blocks freed while other streams used them return to the cache once each of
// those streams has reached the free.
void SimRun::processHeldTensors() {
    gpu_.advanceTo(host_);
    memory_.torch().processHeld([&](const CachingAllocator::Use& use) {
        return gpu_.ended(use.stream, static_cast<std::uint32_t>(use.mark));
    });
}

// release_cached_blocks(): waits for the held blocks' streams (cudaEventSynchronize on the events
// the allocator recorded), then gives every wholly free segment back with cudaFree, which waits
// for the whole device (docs/semantics.md section 2). `owner` is the PyTorch op that does it.
void SimRun::releaseCachedSegments(const TraceEvent& owner) {
    CachingAllocator& torch = memory_.torch();
    const std::vector<CachingAllocator::Use> held = torch.heldUses();
    if (!held.empty()) {
        gpu_.advanceTo(host_);
        auto reached = [&](const CachingAllocator::Use& u) {
            return gpu_.ended(u.stream, static_cast<std::uint32_t>(u.mark));
        };
        if (!std::all_of(held.begin(), held.end(), reached)) {
            const TimeNs t0 = host_;
            gpu_.advanceUntil([&] { return std::all_of(held.begin(), held.end(), reached); });
            // The use reached last is the op its stream ended last, right now.
            Release release{gpu_.now(), kNone};
            for (const auto& u : held)
                if (gpu_.stream(u.stream).lastEnd() == gpu_.now())
                    release.event = gpu_.stream(u.stream).lastEvent();
            TraceEvent sync = apiCall(ApiId::EventSynchronize, owner.mode, kNoLane);
            sync.name = writer_.intern("cudaEventSynchronize (caching allocator)");
            finishSync(sync, t0, &release, policy_.eventWait(false), profile_.api_cost_ns,
                       event_flags::kImplicitSync);
        }
        processHeldTensors();
    }
    const std::vector<std::uint64_t> segments = torch.releaseFreeSegments();
    for (const std::uint64_t bytes : segments) {
        gpu_.advanceTo(host_);
        const TimeNs t0 = host_;
        TraceEvent call = apiCall(ApiId::Free, owner.mode, kNoLane);
        call.setBytes(bytes);
        Release release;
        const bool waited = waitAll(release);
        finishSync(call, t0, waited ? &release : nullptr, policy_.deviceWait(),
                   profile_.free_cost_ns, event_flags::kImplicitSync);
    }
    if (!segments.empty())
        memory_.sampleAt(host_);
}

// A scenario built in code may name a tensor that is not alive (files are checked before they
// run): the call fails and the run goes on.
bool SimRun::liveTensor(const Step& step, TraceEvent& call) {
    if (memory_.torch().holds(step.buffer))
        return true;
    call.end_ns = host_ += profile_.api_cost_ns;
    call.flags = event_flags::kFailed;
    writer_.add(call);
    reportError(stepText() + ": buffer '" + buffer_names_[step.buffer] + "' is not a live tensor",
                LogLevel::Warning);
    return false;
}

bool SimRun::tensorAlloc(const Step& step) {
    CachingAllocator& torch = memory_.torch();
    TraceEvent call = apiCall(ApiId::TensorAlloc, step.mode, kNoLane);
    call.setBytes(step.bytes);
    const TimeNs t0 = host_;
    host_ += profile_.api_cost_ns;  // the allocator's own bookkeeping
    processHeldTensors();
    const std::string on = " on " + streamName(scenario_, step.stream);
    std::uint32_t block = torch.findCached(step.bytes, step.stream);
    std::string how = "cached block" + on;
    if (block == kNone) {
        const std::uint64_t segment =
            CachingAllocator::segmentSize(CachingAllocator::roundSize(step.bytes));
        auto fits = [&] { return segment <= memory_.capacity() - memory_.deviceUsed(); };
        if (!fits())  // PyTorch empties its cache and tries once more before it gives up
            releaseCachedSegments(call);
        TraceEvent malloc = apiCall(ApiId::Malloc, step.mode, kNoLane);
        malloc.setBytes(segment);
        malloc.end_ns = host_ += profile_.malloc_cost_ns;
        gpu_.advanceTo(host_);
        if (!fits()) {
            malloc.flags = call.flags = event_flags::kFailed;
            writer_.add(malloc);
            call.start_ns = t0;
            call.end_ns = host_;
            writer_.add(call);
            failure_ = stepText() + ": CUDA out of memory: PyTorch's caching allocator needs a " +
                       formatBytesExact(segment) + " segment for a tensor of " +
                       formatBytesExact(step.bytes) + ", but only " +
                       formatBytesExact(memory_.capacity() - memory_.deviceUsed()) +
                       " of the device's " + formatBytesExact(memory_.capacity()) +
                       " are free, even after emptying its cache";
            reportError(failure_, LogLevel::Error);
            return false;
        }
        writer_.add(malloc);
        gpu_.orderDevice();  // work of two streams cannot overlap across cudaMalloc
                             // (docs/semantics.md section 2)
        block = torch.addSegment(segment, step.bytes, step.stream);
        how = "new " + formatBytes(segment) + " segment" + on + " (cudaMalloc)";
    }
    const std::uint64_t size = torch.allocate(step.buffer, block, step.bytes);
    call.start_ns = t0;
    call.end_ns = host_;
    call.name = writer_.intern("torch.empty " + formatBytes(size) + ": " + how);
    writer_.add(call);
    memory_.sampleAt(host_);
    return true;
}

void SimRun::tensorFree(const Step& step) {
    CachingAllocator& torch = memory_.torch();
    gpu_.advanceTo(host_);
    TraceEvent call = apiCall(ApiId::TensorFree, step.mode, kNoLane);
    if (!liveTensor(step, call))
        return;
    const std::string owner = streamName(scenario_, torch.streamOf(step.buffer));
    const std::vector<std::uint32_t> others = torch.free(step.buffer);
    const std::uint32_t block = torch.lastFreedBlock();
    // The allocator records an event on each other stream that used the block, and reuses the
    // block only once every one of them has passed it.
    std::vector<CachingAllocator::Use> uses;
    std::string until;
    std::size_t waiting = 0;
    for (const std::uint32_t s : others) {
        host_ += profile_.api_cost_ns;  // cudaEventRecord
        const SimStream& stream = gpu_.stream(s);
        if (!stream.empty()) {
            uses.push_back({s, stream.backSeq()});
            until += (until.empty() ? "" : ", ") + streamName(scenario_, s);
            ++waiting;
        }
    }
    torch.holdUntil(block, std::move(uses));
    call.end_ns = host_ += profile_.api_cost_ns;
    call.name = writer_.intern(until.empty() ? "del tensor: block back to " + owner + "'s cache"
                                             : "del tensor: block held until " + until +
                                                   (waiting == 1 ? " reaches" : " reach") +
                                                   std::string(" this point (record_stream)"));
    writer_.add(call);
    memory_.sampleAt(host_);
}

void SimRun::recordStream(const Step& step) {
    TraceEvent call = apiCall(ApiId::RecordStream, step.mode, kNoLane);
    if (!liveTensor(step, call))
        return;
    memory_.torch().recordStream(step.buffer, step.stream);
    call.end_ns = host_ += profile_.api_cost_ns;
    call.name = writer_.intern("Tensor.record_stream(" + streamName(scenario_, step.stream) + ")");
    writer_.add(call);
}

void SimRun::emptyCache(const Step& step) {
    TraceEvent call = apiCall(ApiId::EmptyCache, step.mode, kNoLane);
    const TimeNs t0 = host_;
    host_ += profile_.api_cost_ns;
    releaseCachedSegments(call);
    call.start_ns = t0;
    call.end_ns = host_;
    writer_.add(call);
}

}  // namespace syncscope
