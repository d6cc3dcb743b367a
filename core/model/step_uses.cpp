#include "core/model/step_uses.h"

namespace syncscope {

bool stepKindUsesStream(StepKind kind) {
    switch (kind) {
        case StepKind::Kernel:
        case StepKind::Memcpy:
        case StepKind::Memset:
        case StepKind::MallocAsync:
        case StepKind::FreeAsync:
        case StepKind::TensorAlloc:
        case StepKind::RecordStream:
        case StepKind::EventRecord:
        case StepKind::StreamWaitEvent:
        case StepKind::WaitStream:
        case StepKind::StreamSync:
        case StepKind::HostCallback:
            return true;
        default:
            return false;
    }
}

bool stepKindUsesEvent(StepKind kind) {
    return kind == StepKind::EventRecord || kind == StepKind::StreamWaitEvent ||
           kind == StepKind::EventSync || kind == StepKind::EventQueryPoll;
}

}  // namespace syncscope
