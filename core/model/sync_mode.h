#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace syncscope {

// The sync-mode catalogue of docs/architecture.md section 4. The order is the order the UI shows.
enum class SyncMode : std::uint8_t {
    None,
    CpuSynchronize,
    Device,
    Stream,
    Event,
    StreamWaitEvent,
    WaitStream,
    EventQueryPoll,
    HostCallback,
    BlockingCopy,
    ImplicitAlloc,
    LegacyDefaultStream,
};
inline constexpr int kSyncModeCount = 12;

// Everything a person needs to understand a mode; shown verbatim by the UI and `syncscope-cli
// modes`.
struct SyncModeInfo {
    SyncMode mode;
    std::string_view id;           // stable key used in files, e.g. "stream-wait-event"
    std::string_view label;        // short human label
    std::string_view cuda_call;    // the CUDA runtime call(s), or "no call at all"
    std::string_view pytorch;      // PyTorch equivalent, or "—"
    std::string_view who_blocks;   // "host", "the waiting stream only", "nobody", ...
    std::string_view waits_for;    // what the call waits for
    std::string_view explanation;  // one paragraph
    bool host_blocks;              // does the calling host thread wait for GPU work?
    // The mode's call as the code view writes it, in PyTorch and in CUDA, for modes with a call
    // step (sync_mode_steps.h): {s}/{cs} the stream, {o}/{co} the other stream, {e} the event,
    // {us} a poll interval in µs, {arg} torch.cpu.synchronize()'s argument. "" where it is none.
    std::string_view pytorch_code = {};
    std::string_view cuda_code = {};
};

// `pattern` (a SyncModeInfo code form) with each {name} replaced by its value from `values`.
std::string syncModeCode(std::string_view pattern,
                         std::initializer_list<std::pair<std::string_view, std::string>> values);

std::span<const SyncModeInfo> syncModeCatalogue();
const SyncModeInfo& syncModeInfo(SyncMode mode);
std::optional<SyncMode> syncModeFromId(std::string_view id);

}  // namespace syncscope
