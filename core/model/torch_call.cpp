#include "core/model/torch_call.h"

#include <array>
#include <cctype>

namespace syncscope {

namespace {

struct CallInfo {
    std::string_view name;
    SyncMode mode;
    bool blocks_host;
};

// Index: TorchCall.
constexpr std::array<CallInfo, kTorchCallCount> kCalls{{
    {"", SyncMode::None, false},
    {"torch.cpu.synchronize", SyncMode::CpuSynchronize, false},
    {"torch.cuda.synchronize", SyncMode::Device, true},
    {"torch.accelerator.synchronize", SyncMode::Device, true},
    {"torch.cuda.Stream.synchronize", SyncMode::Stream, true},
    {"torch.cuda.Event.synchronize", SyncMode::Event, true},
    {"torch.cuda.Stream.query", SyncMode::None, false},
    {"torch.cuda.Event.query", SyncMode::EventQueryPoll, false},
    {"torch.cuda.Stream.wait_event", SyncMode::StreamWaitEvent, false},
    {"torch.cuda.Stream.wait_stream", SyncMode::WaitStream, false},
    {"Tensor.item", SyncMode::BlockingCopy, true},
    {"Tensor.cpu", SyncMode::BlockingCopy, true},
    {"Tensor.tolist", SyncMode::BlockingCopy, true},
    {"Tensor.to", SyncMode::Stream, true},
    {"Tensor.copy_", SyncMode::Stream, true},
    {"torch.cuda.empty_cache", SyncMode::ImplicitAlloc, true},
    {"torch.cuda.Stream.synchronize or Event.synchronize", SyncMode::Stream, true},
    {"torch.cuda.Stream.query or Event.query", SyncMode::None, false},
}};

// Names a record_function or NVTX range may carry: the canonical ones, and the spellings people
// write in their own annotations.
constexpr std::array<std::pair<std::string_view, TorchCall>, 22> kAnnotations{{
    {"torch.cpu.synchronize", TorchCall::CpuSynchronize},
    {"torch.cpu.synchronize()", TorchCall::CpuSynchronize},
    {"torch.cuda.synchronize", TorchCall::CudaSynchronize},
    {"torch.cuda.synchronize()", TorchCall::CudaSynchronize},
    {"torch.accelerator.synchronize", TorchCall::AcceleratorSynchronize},
    {"torch.cuda.Stream.synchronize", TorchCall::StreamSynchronize},
    {"Stream.synchronize", TorchCall::StreamSynchronize},
    {"torch.cuda.Event.synchronize", TorchCall::EventSynchronize},
    {"Event.synchronize", TorchCall::EventSynchronize},
    {"torch.cuda.Stream.query", TorchCall::StreamQuery},
    {"torch.cuda.Event.query", TorchCall::EventQuery},
    {"Event.query", TorchCall::EventQuery},
    {"torch.cuda.Stream.wait_event", TorchCall::StreamWaitEvent},
    {"Stream.wait_event", TorchCall::StreamWaitEvent},
    {"torch.cuda.Event.wait", TorchCall::StreamWaitEvent},
    {"torch.cuda.Stream.wait_stream", TorchCall::StreamWaitStream},
    {"Stream.wait_stream", TorchCall::StreamWaitStream},
    {"Tensor.item", TorchCall::TensorItem},
    {"Tensor.cpu", TorchCall::TensorCpu},
    {"Tensor.tolist", TorchCall::TensorToList},
    {"torch.cuda.empty_cache", TorchCall::EmptyCache},
    {"torch.cuda.empty_cache()", TorchCall::EmptyCache},
}};

struct Frame {
    std::string_view file;  // from "torch/" on
    std::string_view function;
    TorchCall call;
};

// Python frames of PyTorch's own files (with_stack=True): "torch/cuda/__init__.py(1123):
// synchronize". The line number changes between releases, so it is not part of the match.
constexpr std::array<Frame, 10> kFrames{{
    {"torch/cpu/__init__.py", "synchronize", TorchCall::CpuSynchronize},
    {"torch/cuda/__init__.py", "synchronize", TorchCall::CudaSynchronize},
    {"torch/accelerator/__init__.py", "synchronize", TorchCall::AcceleratorSynchronize},
    {"torch/cuda/memory.py", "empty_cache", TorchCall::EmptyCache},
    {"torch/cuda/streams.py", "synchronize", TorchCall::StreamOrEventSynchronize},
    {"torch/cuda/streams.py", "query", TorchCall::StreamOrEventQuery},
    {"torch/cuda/streams.py", "wait_event", TorchCall::StreamWaitEvent},
    {"torch/cuda/streams.py", "wait_stream", TorchCall::StreamWaitStream},
    // Event.wait(stream) is stream.wait_event(self).
    {"torch/cuda/streams.py", "wait", TorchCall::StreamWaitEvent},
    {"torch/_tensor.py", "tolist", TorchCall::TensorToList},
}};

constexpr std::array<std::pair<std::string_view, TorchCall>, 3> kBuiltins{{
    {"item", TorchCall::TensorItem},
    {"cpu", TorchCall::TensorCpu},
    {"tolist", TorchCall::TensorToList},
}};

constexpr std::array<std::pair<std::string_view, TorchCall>, 2> kAtenOps{{
    // Tensor.item() is aten::item, which calls aten::_local_scalar_dense: a device-to-host copy
    // and a sync of the current stream (memcpy_and_sync).
    {"aten::item", TorchCall::TensorItem},
    {"aten::_local_scalar_dense", TorchCall::TensorItem},
}};

TorchCall fromFrame(std::string_view name) {
    // "<path>torch/<file>.py(<line>): <function>"; Windows paths use backslashes.
    const auto open = name.rfind(".py(");
    if (open == std::string_view::npos)
        return TorchCall::None;
    const auto close = name.find("): ", open);
    if (close == std::string_view::npos)
        return TorchCall::None;
    for (std::size_t k = open + 4; k < close; ++k)
        if (std::isdigit(static_cast<unsigned char>(name[k])) == 0)
            return TorchCall::None;
    const std::string_view function = name.substr(close + 3);
    const std::string_view path = name.substr(0, open + 3);
    for (const Frame& frame : kFrames) {
        if (function != frame.function || path.size() < frame.file.size())
            continue;
        const std::string_view tail = path.substr(path.size() - frame.file.size());
        bool same = true;
        for (std::size_t k = 0; k < tail.size() && same; ++k)
            same = tail[k] == frame.file[k] || (tail[k] == '\\' && frame.file[k] == '/');
        // The file is PyTorch's own: the path ends there, or "torch/" starts a path segment.
        const std::size_t before = path.size() - frame.file.size();
        if (same && (before == 0 || path[before - 1] == '/' || path[before - 1] == '\\'))
            return frame.call;
    }
    return TorchCall::None;
}

TorchCall fromBuiltin(std::string_view name) {
    constexpr std::string_view head = "<built-in method ";
    constexpr std::string_view tail = " of Tensor object";
    if (name.substr(0, head.size()) != head)
        return TorchCall::None;
    const std::string_view rest = name.substr(head.size());
    for (const auto& [method, call] : kBuiltins)
        if (rest.substr(0, method.size()) == method &&
            rest.substr(method.size(), tail.size()) == tail)
            return call;
    return TorchCall::None;
}

}  // namespace

TorchCall recognizeTorchCall(std::string_view name) {
    if (name.empty())
        return TorchCall::None;
    for (const auto& [text, call] : kAnnotations)
        if (name == text)
            return call;
    for (const auto& [op, call] : kAtenOps)
        if (name == op)
            return call;
    if (name.front() == '<')
        return fromBuiltin(name);
    return fromFrame(name);
}

std::string_view torchCallName(TorchCall call) {
    return kCalls.at(static_cast<std::size_t>(call)).name;
}

SyncMode torchCallMode(TorchCall call) {
    return kCalls.at(static_cast<std::size_t>(call)).mode;
}

bool torchCallBlocksHost(TorchCall call) {
    return kCalls.at(static_cast<std::size_t>(call)).blocks_host;
}

ApiId torchCallApi(TorchCall call) {
    switch (call) {
        case TorchCall::None:
            return ApiId::None;
        case TorchCall::CpuSynchronize:
            return ApiId::CpuSynchronize;
        case TorchCall::EmptyCache:
            return ApiId::EmptyCache;
        default:
            return ApiId::TorchCall;
    }
}

bool isTorchCallApi(ApiId api) {
    return api == ApiId::CpuSynchronize || api == ApiId::EmptyCache || api == ApiId::TorchCall;
}

bool isTorchCallEvent(const TraceEvent& event) {
    return isTorchCallApi(event.api);
}

TorchCall torchCallOf(const Trace& trace, const TraceEvent& event) {
    if (event.api == ApiId::CpuSynchronize)
        return TorchCall::CpuSynchronize;
    if (event.api == ApiId::EmptyCache)
        return TorchCall::EmptyCache;
    if (event.api != ApiId::TorchCall || event.name >= trace.strings.size())
        return TorchCall::None;
    const TorchCall call = recognizeTorchCall(trace.nameOf(event));
    if (call == TorchCall::StreamOrEventSynchronize)
        return event.mode == SyncMode::Event    ? TorchCall::EventSynchronize
               : event.mode == SyncMode::Stream ? TorchCall::StreamSynchronize
                                                : call;
    if (call == TorchCall::StreamOrEventQuery)
        // Stream.query has no mode of its own: only an Event.query is told apart.
        return event.mode == SyncMode::EventQueryPoll ? TorchCall::EventQuery : call;
    if (call != TorchCall::None)
        return call;
    // A cpu_op the marker recognised by what it did: aten::to copying to the host and syncing
    // (Tensor.cpu()), or copying to the device and syncing the stream (Tensor.to, Tensor.copy_).
    if (event.mode == SyncMode::BlockingCopy)
        return TorchCall::TensorCpu;
    if (event.mode == SyncMode::Stream)
        return trace.nameOf(event) == "aten::copy_" ? TorchCall::TensorCopy : TorchCall::TensorTo;
    return TorchCall::None;
}

}  // namespace syncscope
