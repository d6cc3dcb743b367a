#include "core/model/sync_mode_steps.h"

namespace syncscope {

namespace {

constexpr StepKind kNoStep = StepKind::Repeat;  // never a sync step

// One row per mode, in the catalogue's order (checked by tst_sync_mode_steps). The steps follow
// docs/semantics.md section 1: an event sync is a record then a synchronize; a blocking copy is
// what tensor.item() does (a pageable copy on the stream, then a stream synchronize); the
// implicit syncs are a cudaMalloc and a cudaFree.
constexpr std::array<SyncModeSteps, kSyncModeCount> kTable{{
    {SyncMode::None, kNoStep, ApiId::None, {}, 0, SyncScope::None},
    {SyncMode::CpuSynchronize,
     StepKind::CpuSync,
     ApiId::CpuSynchronize,
     {StepKind::CpuSync},
     1,
     SyncScope::Once},
    {SyncMode::Device,
     StepKind::DeviceSync,
     ApiId::DeviceSynchronize,
     {StepKind::DeviceSync},
     1,
     SyncScope::Once},
    {SyncMode::Stream,
     StepKind::StreamSync,
     ApiId::StreamSynchronize,
     {StepKind::StreamSync},
     1,
     SyncScope::EachStream},
    {SyncMode::Event,
     StepKind::EventSync,
     ApiId::EventSynchronize,
     {StepKind::EventRecord, StepKind::EventSync},
     2,
     SyncScope::EachStream},
    {SyncMode::StreamWaitEvent,
     StepKind::StreamWaitEvent,
     ApiId::StreamWaitEvent,
     {StepKind::EventRecord, StepKind::StreamWaitEvent},
     2,
     SyncScope::LastToNext},
    {SyncMode::WaitStream,
     StepKind::WaitStream,
     ApiId::None,
     {StepKind::WaitStream},
     1,
     SyncScope::LastToNext},
    {SyncMode::EventQueryPoll,
     StepKind::EventQueryPoll,
     ApiId::EventQuery,
     {StepKind::EventRecord, StepKind::EventQueryPoll},
     2,
     SyncScope::EachStream},
    {SyncMode::HostCallback,
     StepKind::HostCallback,
     ApiId::LaunchHostFunc,
     {StepKind::HostCallback},
     1,
     SyncScope::LastStream},
    {SyncMode::BlockingCopy,
     kNoStep,
     ApiId::None,
     {StepKind::Memcpy, StepKind::StreamSync},
     2,
     SyncScope::LastStream},
    {SyncMode::ImplicitAlloc,
     kNoStep,
     ApiId::None,
     {StepKind::Malloc, StepKind::Free},
     2,
     SyncScope::Once},
    {SyncMode::LegacyDefaultStream, kNoStep, ApiId::None, {StepKind::Kernel}, 1, SyncScope::Once},
}};

}  // namespace

std::span<const SyncModeSteps> syncModeStepsTable() {
    return kTable;
}

const SyncModeSteps& syncModeSteps(SyncMode mode) {
    return kTable.at(static_cast<std::size_t>(mode));
}

SyncMode modeOfStep(const Step& step) {
    if (step.kind == kNoStep)
        return step.mode;
    for (const SyncModeSteps& row : kTable)
        if (row.call_step == step.kind)
            return row.mode;
    if (step.kind == StepKind::Memcpy && !step.async && step.mode == SyncMode::None)
        return SyncMode::BlockingCopy;
    return step.mode;
}

SyncMode syncModeOfCall(ApiId api) {
    if (api == ApiId::None)
        return SyncMode::None;
    for (const SyncModeSteps& row : kTable)
        if (row.call == api)
            return row.mode;
    return SyncMode::None;
}

bool isSyncStep(StepKind kind) {
    if (kind == StepKind::EventRecord)
        return true;
    for (const SyncModeSteps& row : kTable)
        if (row.call_step == kind && kind != kNoStep)
            return true;
    return false;
}

bool syncModeUsesEvents(SyncMode mode) {
    const SyncModeSteps& row = syncModeSteps(mode);
    for (std::uint8_t i = 0; i < row.count; ++i)
        if (row.steps[i] == StepKind::EventRecord)
            return true;
    return false;
}

std::uint64_t syncPointStepCount(SyncMode mode, std::uint64_t streams) {
    const SyncModeSteps& row = syncModeSteps(mode);
    return row.scope == SyncScope::EachStream ? row.count * streams : row.count;
}

}  // namespace syncscope
