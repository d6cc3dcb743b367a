#include "core/scenario/buffer_lifecycle_check.h"

#include <algorithm>

#include "core/scenario/json_path.h"

namespace syncscope {

namespace {

enum class State : std::uint8_t { Never, Allocated, Freed };
// Who allocated a buffer: CUDA (cudaMalloc, cudaMallocAsync) or PyTorch's caching allocator. Each
// frees only its own.
enum class Owner : std::uint8_t { None, Cuda, Torch };

class Walker {
public:
    Walker(const Scenario& scenario, const BufferLifecycleCheck::Report& report)
        : scenario_(scenario),
          report_(report),
          states_(scenario.buffers.size(), State::Never),
          owners_(scenario.buffers.size(), Owner::None) {}

    void walk(const std::vector<Step>& steps, const std::string& path, const std::string& when) {
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const Step& step = steps[i];
            const std::string here = json_path::item(path, i);
            if (step.kind == StepKind::Repeat) {
                const std::uint32_t passes = std::min<std::uint32_t>(step.count, 2);
                for (std::uint32_t pass = 0; pass < passes; ++pass)
                    walk(step.body, json_path::child(here, "steps"),
                         pass == 0 ? when : " (in the repeat's second and later iterations)");
                continue;
            }
            visit(step, here, when);
        }
    }

private:
    void visit(const Step& step, const std::string& path, const std::string& when) {
        if (step.buffer >= states_.size())
            return;  // not a buffer op (or an index the validator reports)
        State& state = states_[step.buffer];
        Owner& owner = owners_[step.buffer];
        const std::string name = "'" + scenario_.buffers[step.buffer].name + "'";
        const bool torch = step.kind == StepKind::TensorAlloc ||
                           step.kind == StepKind::TensorFree || step.kind == StepKind::RecordStream;
        switch (step.kind) {
            case StepKind::Malloc:
            case StepKind::MallocAsync:
            case StepKind::TensorAlloc:
                if (state == State::Allocated)
                    fail(path + when,
                         "allocates buffer " + name + ", which is still allocated (free it first)");
                state = State::Allocated;
                owner = torch ? Owner::Torch : Owner::Cuda;
                break;
            case StepKind::Free:
            case StepKind::FreeAsync:
            case StepKind::TensorFree:
                if (state == State::Never)
                    fail(path + when, "frees buffer " + name + ", which is never allocated before");
                else if (state == State::Freed)
                    fail(path + when, "frees buffer " + name + " a second time");
                else if (owner != (torch ? Owner::Torch : Owner::Cuda))
                    fail(path + when, torch ? "frees buffer " + name +
                                                  " as a tensor, but cudaMalloc or "
                                                  "cudaMallocAsync allocated it (use free or "
                                                  "free_async)"
                                            : "frees buffer " + name +
                                                  " with CUDA, but it is a tensor of PyTorch's "
                                                  "caching allocator (use tensor_free)");
                state = State::Freed;
                break;
            case StepKind::RecordStream:
                if (state != State::Allocated || owner != Owner::Torch)
                    fail(path + when, "records a stream on buffer " + name +
                                          ", which is not a live tensor (allocate it with "
                                          "tensor_alloc first)");
                break;
            default:
                break;
        }
    }

    void fail(const std::string& path, std::string message) {
        // One report per place: a repeat's second pass repeats the first pass's findings.
        if (std::find(reported_.begin(), reported_.end(), path) != reported_.end())
            return;
        reported_.push_back(path);
        report_(path, std::move(message));
    }

    const Scenario& scenario_;
    const BufferLifecycleCheck::Report& report_;
    std::vector<State> states_;
    std::vector<Owner> owners_;
    std::vector<std::string> reported_;
};

}  // namespace

void BufferLifecycleCheck::check(const Scenario& scenario, const Report& report) {
    Walker(scenario, report).walk(scenario.program, "steps", "");
}

}  // namespace syncscope
