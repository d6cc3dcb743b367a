#include "core/doctor/finding_catalogue.h"

#include <array>

#include "core/model/translatable.h"

namespace syncscope {

namespace {

constexpr const char* kContext = "Finding";

// The facts behind each text are in docs/semantics.md sections 1, 2 and 4.
constexpr std::array<FindingKind, 11> kKinds{{
    {"cpu-synchronize",
     SYNCSCOPE_TR_NOOP("Finding", "torch.cpu.synchronize() used as a GPU barrier"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "torch.cpu.synchronize() has an empty body: it waits for no GPU work. A "
                       "timer read after it misses all the GPU work launched before it and not "
                       "finished yet, queued or running, and code after it may read results the "
                       "GPU has not written yet."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Use torch.cuda.synchronize() to wait for the device, or time with CUDA "
                       "events (torch.cuda.Event(enable_timing=True), record, then elapsed_time)."),
     "mode-cpu-synchronize"},
    {"item-in-loop",
     SYNCSCOPE_TR_NOOP("Finding", "Tensor.item(), .cpu() or .tolist() in every step"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Reading a CUDA tensor on the host copies it and waits for the stream: the "
                       "host stops until all queued work is done, and the GPU runs dry while the "
                       "host wakes and launches the next step."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Keep values on the GPU and read them every N steps (accumulate the loss in "
                       "a tensor), or copy them with non_blocking=True into pinned memory and read "
                       "them after a later sync."),
     "mode-blocking-copy"},
    {"cuda-synchronize-in-loop",
     SYNCSCOPE_TR_NOOP("Finding", "torch.cuda.synchronize() in every step"),
     SYNCSCOPE_TR_NOOP(
         "Finding",
         "A device sync in the loop stops the host until every stream is drained; the "
         "GPU then idles while the host launches the next step's first kernels."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Sync only where the host needs a result (or to time a region once); let "
                       "stream order and events order the work in between."),
     "mode-device"},
    {"pageable-copy", SYNCSCOPE_TR_NOOP("Finding", "Copies from pageable host memory"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "The driver stages a pageable copy through pinned buffers while the host "
                       "waits, at a fraction of the pinned bandwidth (6-8 GB/s against 55 GB/s on "
                       "an H200)."),
     SYNCSCOPE_TR_NOOP(
         "Finding",
         "Allocate host tensors with pin_memory=True (or DataLoader(pin_memory=True)) "
         "and copy with non_blocking=True."),
     "copies-pinned-vs-pageable"},
    {"non-blocking-pageable",
     SYNCSCOPE_TR_NOOP("Finding", "non_blocking=True from pageable memory still blocks"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "cudaMemcpyAsync from pageable memory is staged by the host: the call holds "
                       "the host for the whole transfer, so non_blocking=True overlaps nothing."),
     SYNCSCOPE_TR_NOOP(
         "Finding",
         "Pin the source tensor (tensor.pin_memory(), or DataLoader(pin_memory=True)); "
         "only then does non_blocking=True return at once."),
     "copies-pinned-vs-pageable"},
    {"malloc-free-in-loop",
     SYNCSCOPE_TR_NOOP("Finding",
                       "Allocator churn: cudaMalloc, cudaFree or empty_cache() in the loop"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "cudaFree waits for the whole device, and cudaMalloc is slow; "
                       "torch.cuda.empty_cache() in the loop gives back the cached blocks the next "
                       "step has to allocate again."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Let PyTorch's caching allocator keep its blocks: remove empty_cache() from "
                       "the loop, allocate buffers once, and use cudaMallocAsync pools for raw "
                       "allocations."),
     "mode-implicit-alloc"},
    {"sync-memcpy", SYNCSCOPE_TR_NOOP("Finding", "Synchronous cudaMemcpy"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "cudaMemcpy blocks the host until the copy (and, on the default stream, the "
                       "work before it) is done."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Use cudaMemcpyAsync on a stream with pinned host memory, and sync only "
                       "where the data is needed."),
     "mode-blocking-copy"},
    {"sync-memset", SYNCSCOPE_TR_NOOP("Finding", "Synchronous cudaMemset that held the host"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "cudaMemset held the host; it is also an ordering point between streams."),
     SYNCSCOPE_TR_NOOP("Finding", "Use cudaMemsetAsync on the stream that uses the memory."),
     "mode-blocking-copy"},
    {"event-sync-instead-of-wait",
     SYNCSCOPE_TR_NOOP("Finding", "The host waits on an event only to order another stream"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Event.synchronize() stops the host until the event's work is done, and the "
                       "host then launches on another stream: the GPU could have ordered that by "
                       "itself while the host went on."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Use stream.wait_event(event) (or stream.wait_stream(other)): the stream "
                       "waits on the GPU and the host never blocks."),
     "mode-stream-wait-event"},
    {"launch-bound",
     SYNCSCOPE_TR_NOOP("Finding", "The GPU waits for the host to launch small kernels"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "The GPU finishes each kernel before the host has launched the next one: "
                       "the launch overhead of many small kernels, not the GPU, sets the pace."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Capture the step in a CUDA graph (torch.cuda.graphs) or compile it "
                       "(torch.compile with mode=\"reduce-overhead\"); fuse small ops; use bigger "
                       "batches."),
     "claim-3-launches-are-async"},
    {"late-rank", SYNCSCOPE_TR_NOOP("Finding", "Ranks wait for a late rank in collectives"),
     SYNCSCOPE_TR_NOOP("Finding",
                       "In a collective every rank waits for the last one to arrive: the others' "
                       "NCCL kernels spin on the GPU meanwhile."),
     SYNCSCOPE_TR_NOOP("Finding",
                       "Find what delays the late rank before the collective (data loading, an "
                       "uneven split, a host sync) and balance the work."),
     ""},
}};

}  // namespace

std::span<const FindingKind> FindingCatalogue::all() {
    return kKinds;
}

const FindingKind& FindingCatalogue::of(std::string_view id) {
    for (const FindingKind& k : kKinds)
        if (k.id == id)
            return k;
    return kKinds.front();
}

TrText FindingCatalogue::title(std::string_view id) {
    return TrText(kContext, of(id).title);
}

TrText FindingCatalogue::why(std::string_view id) {
    return TrText(kContext, of(id).why);
}

TrText FindingCatalogue::fix(std::string_view id) {
    return TrText(kContext, of(id).fix);
}

}  // namespace syncscope
