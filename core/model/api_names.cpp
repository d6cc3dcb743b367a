#include "core/model/api_names.h"

#include <array>
#include <cctype>
#include <utility>

namespace syncscope {

namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

// Exact names after the suffix is stripped. Order does not matter; prefixes are handled below.
constexpr std::array<std::pair<std::string_view, ApiId>, 34> kExact{{
    {"cudaLaunchKernel", ApiId::LaunchKernel},
    {"cudaLaunchKernelExC", ApiId::LaunchKernel},
    {"cudaLaunchCooperativeKernel", ApiId::LaunchKernel},
    {"cuLaunchKernel", ApiId::LaunchKernel},
    {"cuLaunchKernelEx", ApiId::LaunchKernel},
    {"cuLaunchCooperativeKernel", ApiId::LaunchKernel},
    {"cudaMalloc", ApiId::Malloc},
    {"cuMemAlloc", ApiId::Malloc},
    {"cudaFree", ApiId::Free},
    {"cuMemFree", ApiId::Free},
    {"cudaMallocAsync", ApiId::MallocAsync},
    {"cudaMallocFromPoolAsync", ApiId::MallocAsync},
    {"cuMemAllocAsync", ApiId::MallocAsync},
    {"cudaFreeAsync", ApiId::FreeAsync},
    {"cuMemFreeAsync", ApiId::FreeAsync},
    {"cudaMemPoolTrimTo", ApiId::MemPoolTrimTo},
    {"cudaEventRecord", ApiId::EventRecord},
    {"cudaEventRecordWithFlags", ApiId::EventRecord},
    {"cuEventRecord", ApiId::EventRecord},
    {"cudaStreamWaitEvent", ApiId::StreamWaitEvent},
    {"cuStreamWaitEvent", ApiId::StreamWaitEvent},
    {"cudaDeviceSynchronize", ApiId::DeviceSynchronize},
    {"cuCtxSynchronize", ApiId::DeviceSynchronize},
    {"cudaStreamSynchronize", ApiId::StreamSynchronize},
    {"cuStreamSynchronize", ApiId::StreamSynchronize},
    {"cudaEventSynchronize", ApiId::EventSynchronize},
    {"cuEventSynchronize", ApiId::EventSynchronize},
    {"cudaEventQuery", ApiId::EventQuery},
    {"cuEventQuery", ApiId::EventQuery},
    {"cudaStreamQuery", ApiId::StreamQuery},
    {"cuStreamQuery", ApiId::StreamQuery},
    {"cudaLaunchHostFunc", ApiId::LaunchHostFunc},
    {"cuLaunchHostFunc", ApiId::LaunchHostFunc},
    {"cudaStreamDestroy", ApiId::StreamDestroy},
}};

}  // namespace

std::string_view stripApiVersionSuffix(std::string_view name) {
    // "_v3020", "_v2", "_ptsz", "_ptds" (per-thread default stream variants); repeated suffixes
    // too.
    for (bool changed = true; changed;) {
        changed = false;
        const auto underscore = name.rfind('_');
        if (underscore == std::string_view::npos || underscore == 0)
            break;
        const auto tail = name.substr(underscore + 1);
        bool version = tail.size() >= 2 && tail[0] == 'v';
        for (std::size_t i = 1; version && i < tail.size(); ++i)
            version = std::isdigit(static_cast<unsigned char>(tail[i])) != 0;
        if (version || tail == "ptsz" || tail == "ptds") {
            name = name.substr(0, underscore);
            changed = true;
        }
    }
    return name;
}

ApiId apiIdFromName(std::string_view raw) {
    const auto name = stripApiVersionSuffix(raw);
    for (const auto& [key, id] : kExact)
        if (key == name)
            return id;
    if (startsWith(name, "cudaMemcpy") || startsWith(name, "cuMemcpy"))
        return contains(name, "Async") ? ApiId::MemcpyAsync : ApiId::Memcpy;
    if (startsWith(name, "cudaMemset") || startsWith(name, "cuMemset"))
        return contains(name, "Async") ? ApiId::MemsetAsync : ApiId::Memset;
    if (startsWith(name, "cudaStreamCreate") || startsWith(name, "cuStreamCreate"))
        return ApiId::StreamCreate;
    if (startsWith(name, "cuStreamDestroy"))
        return ApiId::StreamDestroy;
    if (startsWith(name, "cudaEventCreate") || startsWith(name, "cuEventCreate"))
        return ApiId::EventCreate;
    if (startsWith(name, "cudaEventDestroy") || startsWith(name, "cuEventDestroy"))
        return ApiId::EventDestroy;
    return ApiId::Other;
}

bool isHostSyncApi(ApiId api) {
    return api == ApiId::DeviceSynchronize || api == ApiId::StreamSynchronize ||
           api == ApiId::EventSynchronize;
}

bool isFrameworkApi(ApiId api) {
    return api == ApiId::CpuSynchronize || api == ApiId::EmptyCache || api == ApiId::TensorAlloc ||
           api == ApiId::TensorFree || api == ApiId::RecordStream;
}

std::string_view memcpyKindName(std::int64_t copy_kind) {
    static constexpr std::string_view kNames[] = {
        "Memcpy",      "Memcpy HtoD", "Memcpy DtoH", "Memcpy HtoA", "Memcpy AtoH", "Memcpy AtoA",
        "Memcpy AtoD", "Memcpy DtoA", "Memcpy DtoD", "Memcpy HtoH", "Memcpy PtoP"};
    return copy_kind >= 0 && copy_kind <= 10 ? kNames[copy_kind] : kNames[0];
}

}  // namespace syncscope
