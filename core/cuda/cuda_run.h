#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/cuda/cupti_record_converter.h"
#include "core/cuda/memory_sampler.h"
#include "core/engine/caching_allocator.h"
#include "core/engine/engine.h"
#include "core/engine/trace_delta_emitter.h"

namespace syncscope {

// One run of a scenario on the GPU: sets up the context (schedule policy), calibrates, creates
// the scenario's streams/events/pool and scratch memory, then issues every step with the real
// runtime calls of docs/semantics.md sections 1–2 while CUPTI records. Each step's calls run under
// the step id as CUPTI external correlation and are stamped on the host clock (syncs also with the
// thread's CPU time). Records flow to CuptiRecordConverter on a pump thread of its own (live
// deltas), never between two steps on the issuing thread: a pump there stalled the host for
// milliseconds inside the run it records (4.9 ms between two launches on an H200). At the end
// an instrumentation sync and a forced flush complete the trace. Owns every CUDA resource it
// creates and releases it in all outcomes. Never throws (CudaEngine guards it as well).
class CudaRun {
public:
    CudaRun(const Scenario& scenario, EngineObserver& observer, const CancelToken& cancel);
    ~CudaRun();
    CudaRun(const CudaRun&) = delete;
    CudaRun& operator=(const CudaRun&) = delete;

    RunResult execute();

    // A host_callback step's host function records when it ran into one of these.
    struct CallbackSlot {
        std::uint32_t step = 0;
        TimeNs duration_ns = 0;
        const CancelToken* cancel = nullptr;
        std::uint64_t start = 0, end = 0;
        std::int64_t cpu_ns = -1;
        std::atomic<bool> done{false};
    };

private:
    bool setUp(std::string& error, bool& unavailable);
    bool allocateScratch(std::string& error);
    bool createStreamsAndEvents(std::string& error);
    bool runStep(std::uint32_t index);
    bool issue(std::uint32_t index, const Step& st, HostStamp& stamp);
    int pollEvent(const Step& st, std::uint32_t& api_records);  // cudaError_t
    // PyTorch's caching allocator (CachingAllocator decides, these make its CUDA calls). Each
    // returns false after fail(); `stamp` gets the op's name and the allocator's counters.
    bool tensorAlloc(std::uint32_t index, const Step& st, HostStamp& stamp);
    void tensorFree(const Step& st, HostStamp& stamp);
    bool emptyCache(std::uint32_t index, HostStamp& stamp);
    bool releaseCachedSegments(std::uint32_t index, std::uint32_t& api_records);
    void processHeldTensors();
    std::uint32_t allocatorEvent();  // an event for a held use, reused once queried complete
    void releaseAllocator();
    bool fail(std::uint32_t index, const char* call, int code);
    void checkContextAfterFailure();
    void pump(bool force);
    void startPumping();
    void stopPumping();
    // The run's helper threads stopped, in order: the record pump, the cancel watcher, the
    // memory sampler (at the end of the run, and again, harmlessly, when it is destroyed).
    void stopHelpers();
    // The issuing thread hands its stamps (and host callbacks to watch) to the pump through this.
    void handOver(HostStamp stamp);
    void harvestCallbacks(CuptiRecordBatch& batch, bool all);
    void finish();
    void release();
    void* streamOf(std::uint32_t index) const;
    std::string streamName(std::uint32_t index) const;
    void busyWait(TimeNs duration_ns) const;

    const Scenario& scenario_;
    EngineObserver& observer_;
    const CancelToken& cancel_;
    std::vector<Step> steps_;
    Trace trace_;
    std::unique_ptr<CuptiRecordConverter> converter_;
    std::unique_ptr<TraceDeltaEmitter> emitter_;
    std::unique_ptr<MemorySampler> sampler_;
    std::mutex handoff_mutex_;  // guards stamps_ and pending_callbacks_
    std::vector<HostStamp> stamps_;

    int device_ = 0;
    std::vector<void*> streams_;  // cudaStream_t, including cudaStreamLegacy / cudaStreamPerThread
    std::vector<bool> owned_streams_;
    std::vector<void*> events_;  // cudaEvent_t
    void* hidden_event_ = nullptr;
    void* pool_ = nullptr;  // cudaMemPool_t
    std::vector<void*> buffers_;
    std::unique_ptr<CachingAllocator> torch_;
    std::vector<void*> torch_segments_;  // by CachingAllocator segment number; null once freed
    std::vector<void*> torch_events_;    // cudaEvent_t the allocator records for held uses
    std::vector<std::uint32_t> free_torch_events_;
    std::vector<bool> buffer_async_;
    void* dev_a_ = nullptr;
    void* dev_b_ = nullptr;
    void* pinned_a_ = nullptr;
    void* pinned_b_ = nullptr;
    std::unique_ptr<char[]> pageable_a_, pageable_b_;
    float* sink_ = nullptr;
    int* cancel_host_ = nullptr;  // mapped pinned flag the kernels watch
    int* cancel_device_ = nullptr;
    double compute_rate_ = 1.0;  // FMA iterations per ns of the compute kernel
    std::deque<CallbackSlot> callbacks_;
    std::vector<CallbackSlot*> pending_callbacks_;
    std::thread cancel_watcher_;
    std::atomic<bool> stop_watcher_{false};

    bool recording_ = false;
    bool failed_ = false;
    bool sticky_ = false;
    bool cancelled_ = false;
    std::string failure_;
    int failed_code_ = 0;  // cudaError_t of the failed call
    // Steps whose stamps have been handed over (stored after the hand-over, read before taking).
    std::atomic<std::uint32_t> issued_{0};
    std::uint32_t open_batch_ = kNone;
    std::thread pump_thread_;
    std::mutex pump_mutex_;
    std::condition_variable pump_wake_;
    bool stop_pump_ = false;  // under pump_mutex_
    std::string notes_;
};

}  // namespace syncscope
