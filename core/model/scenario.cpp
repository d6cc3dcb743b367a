#include "core/model/scenario.h"

#include <array>
#include <limits>

namespace syncscope {

namespace {

void expandInto(const std::vector<Step>& program, std::uint32_t batch_offset,
                std::vector<Step>& out) {
    for (const Step& step : program) {
        if (step.kind != StepKind::Repeat) {
            out.push_back(step);
            if (out.back().batch != kNone)
                out.back().batch += batch_offset;
            continue;
        }
        for (std::uint32_t i = 0; i < step.count; ++i)
            expandInto(step.body, batch_offset + i * step.batch_stride, out);
    }
}

std::size_t saturatingAdd(std::size_t a, std::size_t b) {
    return a > std::numeric_limits<std::size_t>::max() - b ? std::numeric_limits<std::size_t>::max()
                                                           : a + b;
}

std::size_t saturatingMul(std::size_t a, std::size_t b) {
    if (a != 0 && b > std::numeric_limits<std::size_t>::max() / a)
        return std::numeric_limits<std::size_t>::max();
    return a * b;
}

}  // namespace

std::vector<Step> expandProgram(const std::vector<Step>& program) {
    std::vector<Step> out;
    out.reserve(std::min<std::size_t>(expandedStepCount(program), Scenario::kMaxExpandedSteps));
    expandInto(program, 0, out);
    return out;
}

std::size_t expandedStepCount(const std::vector<Step>& program) {
    std::size_t total = 0;
    for (const Step& step : program) {
        if (step.kind == StepKind::Repeat)
            total = saturatingAdd(total, saturatingMul(step.count, expandedStepCount(step.body)));
        else
            total = saturatingAdd(total, 1);
    }
    return total;
}

bool usesCachingAllocator(const std::vector<Step>& program) {
    for (const Step& step : program) {
        switch (step.kind) {
            case StepKind::TensorAlloc:
            case StepKind::TensorFree:
            case StepKind::RecordStream:
            case StepKind::EmptyCache:
                return true;
            case StepKind::Repeat:
                if (usesCachingAllocator(step.body))
                    return true;
                break;
            default:
                break;
        }
    }
    return false;
}

std::string_view toString(StreamKind kind) {
    static constexpr std::array<std::string_view, 4> names{"non-blocking", "blocking",
                                                           "legacy-default", "per-thread-default"};
    return names.at(static_cast<std::size_t>(kind));
}

std::string_view toString(DefaultStream which) {
    return which == DefaultStream::PerThread ? "per-thread" : "legacy";
}

bool takesNoStream(const Step& step) {
    return (step.kind == StepKind::Memcpy || step.kind == StepKind::Memset) && !step.async;
}

StreamKind defaultStreamKind(DefaultStream which) {
    return which == DefaultStream::PerThread ? StreamKind::PerThreadDefault
                                             : StreamKind::LegacyDefault;
}

namespace {

bool anyTakesNoStream(const std::vector<Step>& program) {
    for (const Step& step : program)
        if (takesNoStream(step) || (step.kind == StepKind::Repeat && anyTakesNoStream(step.body)))
            return true;
    return false;
}

void pointAt(std::vector<Step>& program, std::uint32_t stream) {
    for (Step& step : program) {
        if (takesNoStream(step))
            step.stream = stream;
        if (step.kind == StepKind::Repeat)
            pointAt(step.body, stream);
    }
}

}  // namespace

bool assignDefaultStream(Scenario& scenario) {
    if (!anyTakesNoStream(scenario.program))
        return true;
    const StreamKind kind = defaultStreamKind(scenario.default_stream);
    std::uint32_t index = kNone;
    for (std::uint32_t i = 0; i < scenario.streams.size(); ++i)
        if (scenario.streams[i].kind == kind)
            index = i;
    if (index == kNone) {
        if (scenario.streams.size() >= Scenario::kMaxStreams)
            return false;
        // The name the lane shows; a user's stream may already be called "default".
        std::string name = "default";
        for (int n = 2;; ++n) {
            bool taken = false;
            for (const auto& s : scenario.streams)
                taken = taken || s.name == name;
            if (!taken)
                break;
            name = "default " + std::to_string(n);
        }
        index = static_cast<std::uint32_t>(scenario.streams.size());
        scenario.streams.push_back({name, kind, 0});
    }
    pointAt(scenario.program, index);
    return true;
}

std::string_view toString(SchedulePolicy policy) {
    static constexpr std::array<std::string_view, 4> names{"auto", "spin", "yield",
                                                           "blocking-sync"};
    return names.at(static_cast<std::size_t>(policy));
}

std::string_view toString(KernelKind kind) {
    static constexpr std::array<std::string_view, 3> names{"spin", "compute", "memory"};
    return names.at(static_cast<std::size_t>(kind));
}

std::string_view toString(CopyDirection direction) {
    static constexpr std::array<std::string_view, 4> names{"h2d", "d2h", "d2d", "h2h"};
    return names.at(static_cast<std::size_t>(direction));
}

std::string_view toString(StepKind kind) {
    static constexpr std::array<std::string_view, kStepKindCount> names{
        "kernel",        "memcpy",
        "memset",        "malloc",
        "free",          "malloc_async",
        "free_async",    "pool_trim",
        "tensor_alloc",  "tensor_free",
        "record_stream", "empty_cache",
        "event_record",  "stream_wait_event",
        "wait_stream",   "device_sync",
        "stream_sync",   "event_sync",
        "cpu_sync",      "event_query_poll",
        "host_callback", "host_work",
        "repeat"};
    return names.at(static_cast<std::size_t>(kind));
}

}  // namespace syncscope
