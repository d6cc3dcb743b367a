#include "core/code/scenario_code.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <utility>

#include "core/engine/caching_allocator.h"
#include "core/model/byte_format.h"
#include "core/model/sync_mode.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

namespace {

constexpr std::string_view kIndent = "    ";

// The comments' sentences, for the window to translate (the code itself is never translated).
TrText phrase(const char* pattern, std::vector<TrText> args = {}) {
    return TrText("ScenarioCode", pattern, std::move(args));
}

// Finds each note's English in `line` (in order) and records where it stands.
std::vector<CodeNote> placeNotes(const std::string& line, std::vector<CodeNote> notes) {
    std::vector<CodeNote> placed;
    std::size_t from = 0;
    for (CodeNote& note : notes) {
        const std::string english = note.text.english();
        const std::size_t at = line.find(english, from);
        if (at == std::string::npos)
            continue;
        from = at + english.size();
        note.at = at;
        placed.push_back(std::move(note));
    }
    return placed;
}

// Scenario names become identifiers in both languages.
std::string identifier(std::string_view name, std::string_view fallback) {
    std::string out;
    for (const char c : name)
        out += (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_') ? c : '_';
    if (out.empty())
        return std::string(fallback);
    if (std::isdigit(static_cast<unsigned char>(out.front())) != 0)
        out.insert(out.begin(), '_');
    return out;
}

// Microseconds as a literal: "2000", "0.5".
std::string micros(TimeNs ns) {
    if (ns % 1000 == 0)
        return std::to_string(ns / 1000);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", static_cast<double>(ns) / 1e3);
    std::string out = buffer;
    while (out.back() == '0')
        out.pop_back();
    return out;
}

std::string bytes(std::uint64_t n) {
    return std::to_string(n) + " /* " + formatBytes(n) + " */";
}

// The argument the article passed to torch.cpu.synchronize, when a step's label quotes the call
// with one ("torch.cpu.synchronize(2): nothing"); the scenario has no other place to keep it.
std::string cpuSyncArgument(const std::string& label) {
    static constexpr std::string_view kCall = "synchronize(";
    const auto at = label.find(kCall);
    if (at == std::string::npos)
        return {};
    const auto begin = at + kCall.size();
    const auto end = label.find(')', begin);
    if (end == std::string::npos || end == begin || end - begin > 16)
        return {};
    const std::string arg = label.substr(begin, end - begin);
    const bool plain = std::all_of(arg.begin(), arg.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    });
    return plain ? arg : std::string();
}

class Writer {
public:
    explicit Writer(const Scenario& scenario) : scenario_(scenario) {}

    std::vector<CodeLine> run() {
        setup();
        walk(scenario_.program, 0, {0});
        return std::move(lines_);
    }

private:
    std::string stream(std::uint32_t index) const {
        if (index >= scenario_.streams.size())
            return "stream";
        return identifier(scenario_.streams[index].name, "stream");
    }
    std::string cudaStream(std::uint32_t index) const {
        if (index < scenario_.streams.size()) {
            const StreamKind kind = scenario_.streams[index].kind;
            if (kind == StreamKind::LegacyDefault)
                return "0";
            if (kind == StreamKind::PerThreadDefault)
                return "cudaStreamPerThread";
        }
        return stream(index);
    }
    // PyTorch runs work on the current stream; the legacy default stream is current unless a
    // `with torch.cuda.stream(...)` block says otherwise.
    std::string onStream(std::uint32_t index) const {
        if (index < scenario_.streams.size() &&
            scenario_.streams[index].kind == StreamKind::LegacyDefault)
            return {};
        return "with torch.cuda.stream(" + stream(index) + "): ";
    }
    std::string event(std::uint32_t index) const {
        return index < scenario_.events.size() ? identifier(scenario_.events[index].name, "ev")
                                               : "ev";
    }
    std::string buffer(std::uint32_t index) const {
        return index < scenario_.buffers.size() ? identifier(scenario_.buffers[index].name, "buf")
                                                : "buf";
    }

    void add(std::string pytorch, std::string cuda, std::vector<std::uint32_t> steps = {}) {
        CodeLine line{std::move(pytorch), std::move(cuda), std::move(steps), {}, {}};
        line.pytorch_notes = placeNotes(line.pytorch, std::exchange(py_notes_, {}));
        line.cuda_notes = placeNotes(line.cuda, std::exchange(cuda_notes_, {}));
        lines_.push_back(std::move(line));
    }

    // A comment's words: kept to be placed by add(), returned in English for the line.
    std::string pyNote(TrText note) {
        std::string english = note.english();
        py_notes_.push_back({0, std::move(note), {}});
        return english;
    }
    std::string cuNote(TrText note) {
        std::string english = note.english();
        cuda_notes_.push_back({0, std::move(note), {}});
        return english;
    }
    // A step's label as a comment: the scenario's own words, in Japanese where it gives them.
    std::string labelNote(const LessonText& label) {
        cuda_notes_.push_back({0, TrText(label.en), label.ja});
        return label.en;
    }

    void setup() {
        if (scenario_.schedule != SchedulePolicy::Auto) {
            static constexpr std::string_view kFlags[] = {
                "cudaDeviceScheduleAuto", "cudaDeviceScheduleSpin", "cudaDeviceScheduleYield",
                "cudaDeviceScheduleBlockingSync"};
            add("# " + pyNote(phrase(SYNCSCOPE_TR_NOOP(
                           "ScenarioCode", "no PyTorch API: the schedule policy is set in CUDA"))),
                "cudaSetDeviceFlags(" +
                    std::string(kFlags[static_cast<std::size_t>(scenario_.schedule)]) + ");");
        }
        for (std::uint32_t i = 0; i < scenario_.streams.size(); ++i) {
            const StreamSpec& s = scenario_.streams[i];
            const std::string name = stream(i);
            switch (s.kind) {
                case StreamKind::LegacyDefault:
                    add(name + " = torch.cuda.default_stream()",
                        "cudaStream_t " + name + " = 0;  // " +
                            cuNote(phrase(
                                SYNCSCOPE_TR_NOOP("ScenarioCode", "the legacy default stream"))));
                    break;
                case StreamKind::PerThreadDefault:
                    add("# " + pyNote(phrase(
                                   SYNCSCOPE_TR_NOOP(
                                       "ScenarioCode",
                                       "%1: the per-thread default stream has no PyTorch name"),
                                   {name})),
                        "cudaStream_t " + name + " = cudaStreamPerThread;");
                    break;
                case StreamKind::NonBlocking:
                case StreamKind::Blocking: {
                    const bool blocking = s.kind == StreamKind::Blocking;
                    const std::string flags =
                        blocking ? "cudaStreamDefault" : "cudaStreamNonBlocking";
                    std::string code = name + " = torch.cuda.Stream(" +
                                       (s.priority != 0 ? "priority=" + std::to_string(s.priority)
                                                        : std::string()) +
                                       ")";
                    if (blocking)
                        code += "  # " +
                                pyNote(phrase(SYNCSCOPE_TR_NOOP(
                                    "ScenarioCode",
                                    "PyTorch streams are non-blocking; this one is blocking")));
                    add(code, s.priority != 0
                                  ? "cudaStreamCreateWithPriority(&" + name + ", " + flags + ", " +
                                        std::to_string(s.priority) + ");"
                                  : "cudaStreamCreateWithFlags(&" + name + ", " + flags + ");");
                    break;
                }
            }
        }
        for (std::uint32_t i = 0; i < scenario_.events.size(); ++i) {
            const EventSpec& e = scenario_.events[i];
            const std::string name = event(i);
            std::string py_args, flags;
            if (e.blocking_sync) {
                py_args = "blocking=True";
                flags = "cudaEventBlockingSync";
            }
            if (!e.disable_timing) {
                py_args += std::string(py_args.empty() ? "" : ", ") + "enable_timing=True";
            } else {
                flags += std::string(flags.empty() ? "" : " | ") + "cudaEventDisableTiming";
            }
            add(name + " = torch.cuda.Event(" + py_args + ")",
                "cudaEventCreateWithFlags(&" + name + ", " +
                    (flags.empty() ? std::string("cudaEventDefault") : flags) + ");");
        }
    }

    // `bases`: the expanded index of this block's first step in each instance of it.
    void walk(const std::vector<Step>& program, std::size_t depth,
              const std::vector<std::uint64_t>& bases) {
        std::string indent;
        for (std::size_t i = 0; i < depth; ++i)
            indent += kIndent;
        std::uint64_t offset = 0;
        for (const Step& step : program) {
            if (step.kind == StepKind::Repeat) {
                const std::uint64_t size = expandedStepCount(step.body);
                std::vector<std::uint64_t> inner;
                for (const std::uint64_t base : bases)
                    for (std::uint64_t k = 0; k < step.count; ++k)
                        if (base + offset + k * size < Scenario::kMaxExpandedSteps)
                            inner.push_back(base + offset + k * size);
                add(indent + "for i in range(" + std::to_string(step.count) + "):",
                    indent + "for (int i = 0; i < " + std::to_string(step.count) + "; ++i)");
                walk(step.body, depth + 1, inner);
                offset += step.count * size;
                continue;
            }
            std::vector<std::uint32_t> steps;
            steps.reserve(bases.size());
            for (const std::uint64_t base : bases)
                if (base + offset < Scenario::kMaxExpandedSteps)
                    steps.push_back(static_cast<std::uint32_t>(base + offset));
            auto [py, cuda] = line(step);
            if (!step.label.en.empty() && step.kind != StepKind::CpuSync)
                cuda += "  // " + labelNote(step.label);
            add(indent + py, indent + cuda, std::move(steps));
            ++offset;
        }
    }

    std::pair<std::string, std::string> kernel(const Step& step) {
        const std::string launch = "<<<" + std::to_string(step.grid) + ", " +
                                   std::to_string(step.block) + ", 0, " + cudaStream(step.stream) +
                                   ">>>";
        std::string py = onStream(step.stream);
        std::string cuda;
        switch (step.kernel) {
            case KernelKind::Spin:
                py += "torch.cuda._sleep(cycles_for_us(" + micros(step.duration_ns) + "))";
                cuda = "spin_kernel" + launch + "(" + micros(step.duration_ns) + " /* us */);";
                break;
            case KernelKind::Compute:
                py += "y = a @ w  # " +
                      pyNote(phrase(SYNCSCOPE_TR_NOOP("ScenarioCode", "about %1 us of math"),
                                    {micros(step.duration_ns)}));
                cuda = "compute_kernel" + launch + "(" + micros(step.duration_ns) + " /* us */);";
                break;
            case KernelKind::Memory:
                py += "dst.copy_(src)  # " + formatBytes(step.bytes);
                cuda = "copy_kernel" + launch + "(dst, src, " + bytes(step.bytes) + ");";
                break;
        }
        if (!launch_noted_) {
            // docs/semantics.md section 11, claim 3: the article's launcher does not exist.
            py += std::string(step.kernel == KernelKind::Spin ? "  #" : ";") + " " +
                  pyNote(phrase(SYNCSCOPE_TR_NOOP(
                      "ScenarioCode",
                      "not torch.cuda.launch_kernel (no such function): ops launch kernels")));
            launch_noted_ = true;
        }
        return {py, cuda};
    }

    std::pair<std::string, std::string> copy(const Step& step) {
        const std::string host = step.pinned ? "host_pinned" : "host_pageable";
        std::string dst, src, kind;
        switch (step.direction) {
            case CopyDirection::HostToDevice:
                dst = "x_gpu", src = host, kind = "cudaMemcpyHostToDevice";
                break;
            case CopyDirection::DeviceToHost:
                dst = host, src = "x_gpu", kind = "cudaMemcpyDeviceToHost";
                break;
            case CopyDirection::DeviceToDevice:
                dst = "y_gpu", src = "x_gpu", kind = "cudaMemcpyDeviceToDevice";
                break;
            case CopyDirection::HostToHost:
                dst = "y_" + host, src = host, kind = "cudaMemcpyHostToHost";
                break;
        }
        std::string py;
        if (!step.async && step.direction == CopyDirection::DeviceToHost)
            py = host + " = x_gpu.cpu()  # " +
                 pyNote(phrase(
                     SYNCSCOPE_TR_NOOP("ScenarioCode", "waits for the copy: a hidden sync")));
        else
            py = onStream(step.stream) + dst + ".copy_(" + src +
                 (step.async ? ", non_blocking=True)" : ")");
        if (step.async)
            return {py, "cudaMemcpyAsync(" + dst + ", " + src + ", " + bytes(step.bytes) + ", " +
                            kind + ", " + cudaStream(step.stream) + ");"};
        return {py,
                "cudaMemcpy(" + dst + ", " + src + ", " + bytes(step.bytes) + ", " + kind + ");"};
    }

    // A sync mode's call, spelled as the sync-mode table writes it (SyncModeInfo::pytorch_code,
    // cuda_code) with this step's stream, event and interval.
    std::pair<std::string, std::string> syncCall(const Step& step) const {
        const SyncModeInfo* info = nullptr;
        for (const SyncModeSteps& mode : syncModeStepsTable())
            if (mode.call_step == step.kind)
                info = &syncModeInfo(mode.mode);
        if (info == nullptr)
            return {};
        const std::initializer_list<std::pair<std::string_view, std::string>> values = {
            {"s", stream(step.stream)},
            {"cs", cudaStream(step.stream)},
            {"o", stream(step.other_stream)},
            {"co", cudaStream(step.other_stream)},
            {"e", event(step.event)},
            {"us", micros(step.poll_interval_ns)},
            {"arg", cpuSyncArgument(step.label.en)}};
        return {syncModeCode(info->pytorch_code, values), syncModeCode(info->cuda_code, values)};
    }

    std::pair<std::string, std::string> line(const Step& step) {
        const std::string s = stream(step.stream);
        const std::string cs = cudaStream(step.stream);
        switch (step.kind) {
            case StepKind::Kernel:
                return kernel(step);
            case StepKind::Memcpy:
                return copy(step);
            case StepKind::Memset:
                if (step.async)
                    return {onStream(step.stream) + "x_gpu.zero_()",
                            "cudaMemsetAsync(x_gpu, 0, " + bytes(step.bytes) + ", " + cs + ");"};
                return {"x_gpu.zero_()", "cudaMemset(x_gpu, 0, " + bytes(step.bytes) + ");"};
            case StepKind::Malloc:
                return {buffer(step.buffer) + " = torch.empty(" + std::to_string(step.bytes) +
                            ", dtype=torch.uint8, device=\"cuda\")",
                        "cudaMalloc(&" + buffer(step.buffer) + ", " + bytes(step.bytes) + ");"};
            case StepKind::Free:
                return {"del " + buffer(step.buffer), "cudaFree(" + buffer(step.buffer) + ");"};
            case StepKind::MallocAsync:
                return {onStream(step.stream) + buffer(step.buffer) + " = torch.empty(" +
                            std::to_string(step.bytes) + ", dtype=torch.uint8, device=\"cuda\")",
                        "cudaMallocFromPoolAsync(&" + buffer(step.buffer) + ", " +
                            bytes(step.bytes) + ", pool, " + cs + ");"};
            case StepKind::FreeAsync:
                return {"del " + buffer(step.buffer),
                        "cudaFreeAsync(" + buffer(step.buffer) + ", " + cs + ");"};
            case StepKind::TensorAlloc:
                return {
                    onStream(step.stream) + buffer(step.buffer) + " = torch.empty(" +
                        std::to_string(step.bytes) + ", dtype=torch.uint8, device=\"cuda\")",
                    "/* " +
                        cuNote(phrase(
                            SYNCSCOPE_TR_NOOP("ScenarioCode",
                                              "caching allocator: a cached block of %1, "
                                              "else cudaMalloc(&segment, %2)"),
                            {stream(step.stream), bytes(CachingAllocator::segmentSize(
                                                      CachingAllocator::roundSize(step.bytes)))})) +
                        " */"};
            case StepKind::TensorFree:
                return {"del " + buffer(step.buffer),
                        "/* " +
                            cuNote(phrase(SYNCSCOPE_TR_NOOP(
                                "ScenarioCode",
                                "the block returns to the allocator's cache: no cudaFree"))) +
                            " */"};
            case StepKind::RecordStream:
                return {buffer(step.buffer) + ".record_stream(" + s + ")",
                        "/* " +
                            cuNote(phrase(SYNCSCOPE_TR_NOOP("ScenarioCode",
                                                            "at the free: cudaEventRecord(ev, %1)"),
                                          {cs})) +
                            " */"};
            case StepKind::EmptyCache:
                return {
                    "torch.cuda.empty_cache()",
                    "cudaFree(segment);  // " +
                        cuNote(phrase(SYNCSCOPE_TR_NOOP(
                            "ScenarioCode", "each wholly free segment: synchronizes the device")))};
            case StepKind::PoolTrim:
                return {
                    "# " + pyNote(phrase(SYNCSCOPE_TR_NOOP(
                               "ScenarioCode", "no PyTorch call: trims a raw CUDA memory pool"))),
                    "cudaMemPoolTrimTo(pool, " + bytes(step.bytes) + ");"};
            case StepKind::EventRecord:
                return {event(step.event) + ".record(" + s + ")",
                        "cudaEventRecord(" + event(step.event) + ", " + cs + ");"};
            case StepKind::StreamWaitEvent: {
                // docs/semantics.md section 11, claim 4.
                auto [py, cu] = syncCall(step);
                return {py + "  # " +
                            pyNote(phrase(SYNCSCOPE_TR_NOOP(
                                "ScenarioCode",
                                "one event's last record, not every event of a stream; the host "
                                "does not wait (whole stream: wait_stream)"))),
                        std::move(cu)};
            }
            case StepKind::WaitStream:
            case StepKind::DeviceSync:
            case StepKind::StreamSync:
            case StepKind::EventSync:
            case StepKind::EventQueryPoll:
                return syncCall(step);
            case StepKind::CpuSync: {
                // docs/semantics.md section 11, claims 1 and 2.
                const std::string arg = cpuSyncArgument(step.label.en);
                const auto empty = [this] {
                    return "/* " +
                           cuNote(phrase(SYNCSCOPE_TR_NOOP(
                               "ScenarioCode", "no CUDA call: torch.cpu.synchronize() is empty"))) +
                           " */";
                };
                if (!arg.empty()) {
                    std::string py =
                        syncCall(step).first + "  # " +
                        pyNote(
                            phrase(SYNCSCOPE_TR_NOOP("ScenarioCode",
                                                     "waits for nothing: %1 is an ignored device, "
                                                     "not kernel %1; to wait for one kernel: "
                                                     "ev.record() after it, ev.synchronize()"),
                                   {arg}));
                    return {std::move(py), empty()};
                }
                std::string py =
                    syncCall(step).first + "  # " +
                    pyNote(phrase(SYNCSCOPE_TR_NOOP(
                        "ScenarioCode", "waits for nothing; use torch.cuda.synchronize()")));
                return {std::move(py), empty()};
            }
            case StepKind::HostCallback:
                return {"# " + pyNote(phrase(
                                   SYNCSCOPE_TR_NOOP(
                                       "ScenarioCode",
                                       "no PyTorch API: a host function run in stream order on %1"),
                                   {s})),
                        "cudaLaunchHostFunc(" + cs + ", host_fn /* " + micros(step.duration_ns) +
                            " us */, nullptr);"};
            case StepKind::HostWork:
                return {"busy_cpu(us=" + micros(step.duration_ns) + ")",
                        "busy_cpu(" + micros(step.duration_ns) + " /* us */);"};
            case StepKind::Repeat:
                break;
        }
        return {"", ""};
    }

    const Scenario& scenario_;
    std::vector<CodeLine> lines_;
    bool launch_noted_ = false;
    std::vector<CodeNote> py_notes_;  // the comments of the line being written, for add()
    std::vector<CodeNote> cuda_notes_;
};

}  // namespace

std::vector<CodeLine> ScenarioCode::generate(const Scenario& scenario) {
    return Writer(scenario).run();
}

std::optional<std::size_t> ScenarioCode::lineOfStep(const std::vector<CodeLine>& lines,
                                                    std::uint32_t step) {
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (std::binary_search(lines[i].steps.begin(), lines[i].steps.end(), step))
            return i;
    return std::nullopt;
}

}  // namespace syncscope
