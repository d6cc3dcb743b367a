#pragma once

namespace syncscope {

// The temporary files this process is writing right now, kept where a signal handler can reach
// them: SIGINT or SIGTERM during a long export must not leave a half-written multi-megabyte
// temporary file behind. Fixed-size static storage and atomics only, because a signal handler may
// neither allocate nor take locks. Registration is best effort: when every slot is taken the file
// is simply not cleaned up on a signal (TempFile::removeStale still removes it on the next write).
class TempFileRegistry {
public:
    static constexpr int kSlots = 32;
    static constexpr int kMaxPath = 4096;

    // Returns the slot to pass to remove(), or -1 when the path is too long or every slot is used.
    static int add(const char* path) noexcept;
    static void remove(int slot) noexcept;
    // Unlinks every registered file. Async-signal-safe.
    static void unlinkAll() noexcept;
    // For SIGINT, SIGTERM, SIGHUP and SIGXFSZ (a write past `ulimit -f`), when they have their
    // default action (an ignored signal stays ignored, e.g. SIGINT of a background job): unlink the
    // registered files, then die of the signal as before. Entry points call this once; a command
    // that handles SIGINT itself (run's cancel) saves and restores the disposition around the part
    // it handles.
    static void installSignalCleanup() noexcept;
};

}  // namespace syncscope
