#include "core/sim/program_walker.h"

#include <limits>

namespace syncscope {

namespace {

std::size_t saturating(std::size_t a, std::size_t b, std::size_t times) {
    constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
    if (times != 0 && b > kMax / times)
        return kMax;
    return a > kMax - b * times ? kMax : a + b * times;
}

}  // namespace

ProgramWalker::ProgramWalker(const std::vector<Step>& program) {
    stack_.push_back({&program, 0, 1, 0, 0});
}

const Step* ProgramWalker::next(std::uint32_t& batch) {
    while (!stack_.empty()) {
        Frame& frame = stack_.back();
        if (frame.index == frame.steps->size()) {
            if (frame.remaining > 1) {
                --frame.remaining;
                frame.index = 0;
                frame.offset += frame.stride;
            } else {
                stack_.pop_back();
            }
            continue;
        }
        const Step& step = (*frame.steps)[frame.index++];
        if (step.kind == StepKind::Repeat) {
            // Skipping bodies that expand to nothing keeps nested empty repeats from spinning.
            if (step.count > 0 && expandedStepCount(step.body) > 0)
                stack_.push_back({&step.body, 0, step.count, frame.offset, step.batch_stride});
            continue;
        }
        batch = step.batch == kNone ? kNone : step.batch + frame.offset;
        return &step;
    }
    return nullptr;
}

ProgramWalker::SizeHint ProgramWalker::traceSizeHint(const std::vector<Step>& program) {
    SizeHint hint;
    for (const Step& step : program) {
        std::size_t events = 2, flows = 1;  // an ApiCall and its GPU op, or a sync and its wait
        switch (step.kind) {
            case StepKind::Repeat: {
                const SizeHint body = traceSizeHint(step.body);
                hint.events = saturating(hint.events, body.events, step.count);
                hint.flows = saturating(hint.flows, body.flows, step.count);
                continue;
            }
            case StepKind::Memcpy:
                events = 3;
                flows = 2;
                break;
            case StepKind::StreamWaitEvent:
                flows = 2;
                break;
            case StepKind::WaitStream:
                events = 4;
                flows = 3;
                break;
            case StepKind::Malloc:
            case StepKind::PoolTrim:
            case StepKind::TensorAlloc:
            case StepKind::TensorFree:
            case StepKind::RecordStream:
            case StepKind::CpuSync:
            case StepKind::HostWork:
                events = 1;
                flows = 0;
                break;
            default:
                break;
        }
        hint.events = saturating(hint.events, events, 1);
        hint.flows = saturating(hint.flows, flows, 1);
    }
    return hint;
}

}  // namespace syncscope
