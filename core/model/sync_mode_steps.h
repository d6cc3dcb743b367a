#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/model/scenario.h"
#include "core/model/sync_mode.h"
#include "core/model/trace.h"

namespace syncscope {

// Which streams one sync point covers when the batch generator places it.
enum class SyncScope : std::uint8_t {
    None,        // the mode emits no steps
    Once,        // one set of steps, on no stream (device sync, cudaMalloc/cudaFree)
    EachStream,  // each step kind once per stream in scope: all of the first kind, then the next
    LastStream,  // on the stream of the last kernel
    LastToNext,  // the next stream waits for the last kernel's stream
};

// How a sync mode is made of scenario steps: declared once here (docs/architecture.md section 4)
// and read by the batch generator (what a sync point emits), the simulator and the CUDA recorder
// (what mode a step's call shows), the importers (what mode a foreign call shows) and the editor
// (what mode a loaded program uses). The names and texts are in the catalogue (sync_mode.h).
struct SyncModeSteps {
    SyncMode mode;
    // The step whose call is this mode's sync, and that call; Repeat / ApiId::None when the mode
    // has no call of its own (no sync, a blocking copy is a Memcpy, the legacy stream a kernel).
    StepKind call_step;
    ApiId call;
    // What one sync point emits, in order (the first `count` entries), and over which streams.
    std::array<StepKind, 2> steps;
    std::uint8_t count;
    SyncScope scope;
};

std::span<const SyncModeSteps> syncModeStepsTable();
const SyncModeSteps& syncModeSteps(SyncMode mode);

// The mode a step's call shows on a timeline: a sync call is its own mode, a synchronous copy is a
// blocking copy; every other step shows the mode its generator gave it.
SyncMode modeOfStep(const Step& step);
// The mode a host call of a foreign trace demonstrates; None for calls that are no mode's sync.
SyncMode syncModeOfCall(ApiId api);
// A step that is part of a sync (a mode's own call, or the event record it waits on) rather
// than work or memory management.
bool isSyncStep(StepKind kind);
// Does the mode need one event per stream?
bool syncModeUsesEvents(SyncMode mode);
// How many steps one sync point emits when it covers `streams` streams.
std::uint64_t syncPointStepCount(SyncMode mode, std::uint64_t streams);

}  // namespace syncscope
