#include "core/analysis/host_activity.h"

#include <array>
#include <cctype>

namespace syncscope {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

bool contains(std::string_view s, std::string_view part) {
    return s.find(part) != std::string_view::npos;
}

// CUpti_ActivityOverheadKind as profilers name them (Kineto, Nsight Systems).
constexpr std::array<std::string_view, 5> kProfilerRows{"Activity Buffer Request", "Buffer Flush",
                                                        "CUPTI Buffer Flush", "Instrumentation",
                                                        "UVM Activity Init"};
constexpr std::array<std::string_view, 3> kStartupRows{"Runtime Triggered Module Loading",
                                                       "Lazy Function Loading", "Driver Compiler"};

// Calls and ranges of one-time setup: loading modules and libraries (the driver API under lazy
// loading), creating a context or a library handle, PyTorch's lazy CUDA init.
constexpr std::array<std::string_view, 10> kStartupPrefixes{"cuModuleLoad",
                                                            "cuLibraryLoad",
                                                            "cuModuleGetFunction",
                                                            "cuLibraryGetKernel",
                                                            "cuLibraryGetModule",
                                                            "cuGetProcAddress",
                                                            "cudaGetDriverEntryPoint",
                                                            "cuInit",
                                                            "cuCtxCreate",
                                                            "cuDevicePrimaryCtxRetain"};
constexpr std::array<std::string_view, 8> kStartupParts{
    "cublasCreate",     "cublasLtCreate", "cudnnCreate",  "cusparseCreate",
    "cusolverDnCreate", "cufftPlan",      "ncclCommInit", "): _lazy_init"};

// "file.py(12): f", "<string>(1): <module>": a frame's "(line): " after its file.
bool hasFrameLine(std::string_view name) {
    for (std::size_t open = name.find('('); open != std::string_view::npos;
         open = name.find('(', open + 1)) {
        std::size_t k = open + 1;
        while (k < name.size() && std::isdigit(static_cast<unsigned char>(name[k])) != 0)
            ++k;
        if (k > open + 1 && name.substr(k, 3) == "): ")
            return true;
    }
    return false;
}

}  // namespace

bool isRecorderOverheadRow(std::string_view name) {
    for (const std::string_view row : kProfilerRows)
        if (name == row)
            return true;
    for (const std::string_view row : kStartupRows)
        if (name == row)
            return true;
    return false;
}

HostActivity hostActivityOf(std::string_view name) {
    for (const std::string_view row : kProfilerRows)
        if (name == row)
            return HostActivity::ProfilerOverhead;
    for (const std::string_view row : kStartupRows)
        if (name == row)
            return HostActivity::Startup;
    for (const std::string_view prefix : kStartupPrefixes)
        if (startsWith(name, prefix))
            return HostActivity::Startup;
    for (const std::string_view part : kStartupParts)
        if (contains(name, part))
            return HostActivity::Startup;
    if (startsWith(name, "ProfilerStep#"))
        return HostActivity::Step;
    if (startsWith(name, "enumerate(DataLoader)"))
        return HostActivity::DataLoader;
    const bool frame = contains(name, ".py(") || hasFrameLine(name);
    // torch.profiler's own frames (profile.__enter__, step, __exit__): the recorder at work.
    if (frame && contains(name, "torch/profiler/"))
        return HostActivity::ProfilerOverhead;
    if (frame || startsWith(name, "<built-in") || startsWith(name, "<frozen") ||
        startsWith(name, "nn.Module: ") || name == "<module>")
        return HostActivity::Python;
    return HostActivity::Work;
}

}  // namespace syncscope
