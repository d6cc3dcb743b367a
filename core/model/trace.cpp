#include "core/model/trace.h"

#include <array>
#include <limits>
#include <stdexcept>

namespace syncscope {

std::uint16_t Trace::addLane(Lane lane) {
    if (lanes.size() >= std::numeric_limits<std::uint16_t>::max() - 1)
        throw std::length_error("too many lanes in one trace (at most 65534)");
    lanes.push_back(std::move(lane));
    return static_cast<std::uint16_t>(lanes.size() - 1);
}

std::uint32_t Trace::addEvent(const TraceEvent& event) {
    events.push_back(event);
    return static_cast<std::uint32_t>(events.size() - 1);
}

const std::string& traceTitle(const Trace& trace, Language language) {
    if (trace.scenario && trace.title == trace.scenario->title.en)
        return trace.scenario->title.in(language);
    return trace.title;
}

std::size_t Trace::memoryFootprint() const {
    std::size_t bytes = sizeof(Trace) + title.capacity() + source.capacity();
    bytes += lanes.capacity() * sizeof(Lane);
    for (const auto& lane : lanes)
        bytes += lane.name.capacity();
    bytes += events.capacity() * sizeof(TraceEvent);
    bytes += flows.capacity() * sizeof(Flow);
    bytes += memory.capacity() * sizeof(MemorySample);
    bytes += strings.memoryFootprint();
    return bytes;
}

bool isGpuLane(LaneKind kind) {
    return kind == LaneKind::Stream || kind == LaneKind::CopyEngine;
}

std::string_view toString(LaneKind kind) {
    static constexpr std::array<std::string_view, 6> names{"host-thread", "host-waits", "stream",
                                                           "copy-engine", "annotation", "other"};
    return names.at(static_cast<std::size_t>(kind));
}

std::string_view toString(ClockDomain domain) {
    static constexpr std::array<std::string_view, 3> names{"unknown", "host", "kineto-base"};
    return names.at(static_cast<std::size_t>(domain));
}

std::string_view toString(EventKind kind) {
    static constexpr std::array<std::string_view, kEventKindCount> names{
        "api-call",   "host-wait",    "host-work",   "kernel",        "memcpy",
        "memset",     "event-marker", "stream-wait", "host-callback", "memory-op",
        "annotation", "error",        "generic"};
    return names.at(static_cast<std::size_t>(kind));
}

namespace {
struct ApiNames {
    std::string_view key;
    std::string_view cuda;
};
constexpr std::array<ApiNames, kApiIdCount> kApiNames{{
    {"none", ""},
    {"launch-kernel", "cudaLaunchKernel"},
    {"memcpy", "cudaMemcpy"},
    {"memcpy-async", "cudaMemcpyAsync"},
    {"memset", "cudaMemset"},
    {"memset-async", "cudaMemsetAsync"},
    {"malloc", "cudaMalloc"},
    {"free", "cudaFree"},
    {"malloc-async", "cudaMallocAsync"},
    {"free-async", "cudaFreeAsync"},
    {"mem-pool-trim-to", "cudaMemPoolTrimTo"},
    {"event-record", "cudaEventRecord"},
    {"stream-wait-event", "cudaStreamWaitEvent"},
    {"device-synchronize", "cudaDeviceSynchronize"},
    {"stream-synchronize", "cudaStreamSynchronize"},
    {"event-synchronize", "cudaEventSynchronize"},
    {"event-query", "cudaEventQuery"},
    {"stream-query", "cudaStreamQuery"},
    {"launch-host-func", "cudaLaunchHostFunc"},
    {"cpu-synchronize", "torch.cpu.synchronize"},
    {"stream-create", "cudaStreamCreateWithPriority"},
    {"stream-destroy", "cudaStreamDestroy"},
    {"event-create", "cudaEventCreateWithFlags"},
    {"event-destroy", "cudaEventDestroy"},
    {"empty-cache", "torch.cuda.empty_cache"},
    {"tensor-alloc", "torch.empty"},
    {"tensor-free", "del tensor"},
    {"record-stream", "Tensor.record_stream"},
    {"torch-call", "a PyTorch call"},
    {"other", ""},
}};
}  // namespace

std::string_view toString(ApiId api) {
    return kApiNames.at(static_cast<std::size_t>(api)).key;
}
std::string_view apiName(ApiId api) {
    return kApiNames.at(static_cast<std::size_t>(api)).cuda;
}

std::string_view toString(FlowKind kind) {
    static constexpr std::array<std::string_view, 4> names{"launch", "record", "awaited",
                                                           "generic"};
    return names.at(static_cast<std::size_t>(kind));
}

}  // namespace syncscope
