#pragma once

#include <cstdint>
#include <string_view>

namespace syncscope::recording_format {

// The recording file (docs/recorder.md "The recording file"): a header, then chunks appended while
// the program runs, each `u32 tag, u64 length, payload`, little-endian. A chunk is written with
// one write(), so a process that dies mid-write leaves at most its last chunk incomplete, which
// the reader skips with a warning. Strings are `u32 length, bytes`.
inline constexpr std::string_view kMagic = "syncscope-recording\n";
inline constexpr std::uint32_t kVersion = 1;

enum Tag : std::uint32_t {
    Process = 1,  // ProcessInfo
    Device = 2,   // RecordedDevice
    Names = 3,    // u8 domain (0 runtime, 1 driver), u32 count, (u32 cbid, string name)...
    Records = 4,  // a CuptiRecordBatch
    End = 5,      // RecordingEnd
};

// Bounds the reader holds a file to, so a corrupt or hostile file cannot make it allocate more
// than the file's own size suggests.
// The writer holds itself to them too: it cuts a longer string, and splits a larger batch.
inline constexpr std::uint32_t kMaxString = 1u << 20;
// A chunk is read whole before it is decoded: a claimed 4 GiB chunk (a sparse file) cost 4.2 GB
// and 40 s before it was refused.
inline constexpr std::uint64_t kMaxChunk = 64ull << 20;

}  // namespace syncscope::recording_format
