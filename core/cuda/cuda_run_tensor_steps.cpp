// CudaRun's steps of PyTorch's caching allocator: CachingAllocator (shared with the simulator)
// decides, and these make the CUDA calls PyTorch's native allocator makes: cudaMalloc for a new
// segment, an event recorded on each other stream a freed tensor was used on (record_stream),
// cudaEventQuery on those events at the next allocation, and for empty_cache
// cudaEventSynchronize on the ones still pending, then one cudaFree per wholly free segment.
// The cudaMalloc, cudaEventSynchronize and cudaFree calls are shown inside the op, as a profiler
// shows them; the allocator's event record and query calls are its bookkeeping, run under the
// recorder's external id and not shown, as the simulator charges them without a call.
#include <cuda_runtime.h>

#include "core/cuda/cuda_run.h"
#include "core/cuda/cuda_status.h"
#include "core/cuda/cupti_session.h"
#include "core/model/byte_format.h"

namespace syncscope {

namespace {

// Runs `call` as the allocator's hidden bookkeeping (not one of the step's shown calls).
template <class Call>
cudaError_t bookkeeping(Call&& call) {
    CuptiSession::pushExternalId(kInstrumentationExternalId);
    const cudaError_t e = call();
    CuptiSession::popExternalId();
    return e;
}

}  // namespace

std::string CudaRun::streamName(std::uint32_t index) const {
    return index < scenario_.streams.size() ? scenario_.streams[index].name
                                            : "stream " + std::to_string(index);
}

std::uint32_t CudaRun::allocatorEvent() {
    if (!free_torch_events_.empty()) {
        const std::uint32_t index = free_torch_events_.back();
        free_torch_events_.pop_back();
        return index;
    }
    cudaEvent_t event = nullptr;
    if (bookkeeping([&] { return cudaEventCreateWithFlags(&event, cudaEventDisableTiming); }) !=
        cudaSuccess)
        return kNone;
    torch_events_.push_back(event);
    return static_cast<std::uint32_t>(torch_events_.size() - 1);
}

// process_events(): a held use is reached once its event has completed; its event is reused.
void CudaRun::processHeldTensors() {
    torch_->processHeld([&](const CachingAllocator::Use& use) {
        const auto index = static_cast<std::uint32_t>(use.mark);
        if (index >= torch_events_.size())
            return true;  // no event could be recorded: nothing to wait for
        const cudaError_t e =
            bookkeeping([&] { return cudaEventQuery(asEvent(torch_events_[index])); });
        if (e == cudaErrorNotReady)
            return false;
        free_torch_events_.push_back(index);
        return true;
    });
}

// release_cached_blocks(): cudaEventSynchronize on every held use's event, then one cudaFree per
// wholly free segment (each waits for the whole device, docs/semantics.md section 2).
bool CudaRun::releaseCachedSegments(std::uint32_t index, std::uint32_t& api_records) {
    for (const CachingAllocator::Use& use : torch_->heldUses()) {
        const auto event = static_cast<std::uint32_t>(use.mark);
        if (event >= torch_events_.size() ||
            bookkeeping([&] { return cudaEventQuery(asEvent(torch_events_[event])); }) !=
                cudaErrorNotReady)
            continue;  // already reached: nothing to wait for
        ++api_records;
        if (const cudaError_t e = cudaEventSynchronize(asEvent(torch_events_[event]));
            e != cudaSuccess)
            return fail(index, "cudaEventSynchronize", e);
    }
    processHeldTensors();
    std::vector<std::uint32_t> segments;
    torch_->releaseFreeSegments(&segments);
    for (const std::uint32_t s : segments) {
        void*& p = torch_segments_[s];
        ++api_records;
        const cudaError_t e = cudaFree(p);
        p = nullptr;
        if (e != cudaSuccess)
            return fail(index, "cudaFree", e);
    }
    return true;
}

bool CudaRun::tensorAlloc(std::uint32_t index, const Step& st, HostStamp& stamp) {
    processHeldTensors();
    const std::string on = " on " + streamName(st.stream);
    std::uint32_t block = torch_->findCached(st.bytes, st.stream);
    std::string how = "cached block" + on;
    if (block == kNone) {
        const std::uint64_t segment =
            CachingAllocator::segmentSize(CachingAllocator::roundSize(st.bytes));
        void* p = nullptr;
        ++stamp.api_records;
        cudaError_t e = cudaMalloc(&p, segment);
        if (e == cudaErrorMemoryAllocation) {
            // PyTorch empties its cache and tries once more before it gives up.
            cudaGetLastError();
            if (!releaseCachedSegments(index, stamp.api_records))
                return false;
            ++stamp.api_records;
            e = cudaMalloc(&p, segment);
        }
        if (e != cudaSuccess)
            return fail(index, "cudaMalloc", e);
        block = torch_->addSegment(segment, st.bytes, st.stream);
        const std::uint32_t number = torch_->segmentOf(block);
        if (torch_segments_.size() <= number)
            torch_segments_.resize(std::size_t{number} + 1, nullptr);
        torch_segments_[number] = p;
        how = "new " + formatBytes(segment) + " segment" + on + " (cudaMalloc)";
    }
    const std::uint64_t size = torch_->allocate(st.buffer, block, st.bytes);
    stamp.message = "torch.empty " + formatBytes(size) + ": " + how;
    stamp.torch_allocated = static_cast<std::int64_t>(torch_->allocated());
    stamp.torch_reserved = static_cast<std::int64_t>(torch_->reserved());
    return true;
}

void CudaRun::tensorFree(const Step& st, HostStamp& stamp) {
    if (!torch_->holds(st.buffer)) {  // files are checked before they run; code may not be
        stamp.message = "del tensor: not a live tensor";
        return;
    }
    const std::string owner = streamName(torch_->streamOf(st.buffer));
    const std::vector<std::uint32_t> others = torch_->free(st.buffer);
    const std::uint32_t block = torch_->lastFreedBlock();
    // An event on each other stream that used the block: the block is reused only once every
    // one of them has passed this point.
    std::vector<CachingAllocator::Use> uses;
    std::string until;
    for (const std::uint32_t s : others) {
        const std::uint32_t event = allocatorEvent();
        if (event == kNone || bookkeeping([&] {
                                  return cudaEventRecord(asEvent(torch_events_[event]),
                                                         asStream(streamOf(s)));
                              }) != cudaSuccess)
            continue;
        uses.push_back({s, event});
        until += (until.empty() ? "" : ", ") + streamName(s);
    }
    const std::size_t waiting = uses.size();
    torch_->holdUntil(block, std::move(uses));
    stamp.message = until.empty() ? "del tensor: block back to " + owner + "'s cache"
                                  : "del tensor: block held until " + until +
                                        (waiting == 1 ? " reaches" : " reach") +
                                        " this point (record_stream)";
    stamp.torch_allocated = static_cast<std::int64_t>(torch_->allocated());
    stamp.torch_reserved = static_cast<std::int64_t>(torch_->reserved());
}

bool CudaRun::emptyCache(std::uint32_t index, HostStamp& stamp) {
    stamp.message = "torch.cuda.empty_cache";
    const bool ok = releaseCachedSegments(index, stamp.api_records);
    stamp.torch_allocated = static_cast<std::int64_t>(torch_->allocated());
    stamp.torch_reserved = static_cast<std::int64_t>(torch_->reserved());
    return ok;
}

// At the end of a run: every segment still held goes back, live tensors included (the run's
// process would exit), and the events are destroyed.
void CudaRun::releaseAllocator() {
    for (void*& p : torch_segments_) {
        if (p != nullptr)
            cudaFree(p);
        p = nullptr;
    }
    torch_segments_.clear();
    for (void* e : torch_events_)
        cudaEventDestroy(asEvent(e));
    torch_events_.clear();
    free_torch_events_.clear();
}

}  // namespace syncscope
