#include "core/io/temp_file_registry.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace syncscope {

namespace {

// A slot goes free -> claimed (being filled, invisible to the handler) -> live -> free.
enum SlotState : int { kFree = 0, kClaimed = 1, kLive = 2 };

struct Slot {
    std::atomic<int> state{kFree};
    char path[TempFileRegistry::kMaxPath];
};

Slot g_slots[TempFileRegistry::kSlots];

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

extern "C" void unlinkAndDie(int sig) {
    const int saved_errno = errno;
    TempFileRegistry::unlinkAll();
    // Die of the same signal, so the parent (a shell, a script) sees what happened. The signal is
    // blocked while this handler runs; it is delivered again as soon as the handler returns.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, nullptr);
    raise(sig);
    errno = saved_errno;
}

}  // namespace

int TempFileRegistry::add(const char* path) noexcept {
    const std::size_t length = std::strlen(path);
    if (length >= kMaxPath)
        return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (g_slots[i].state.compare_exchange_strong(expected, kClaimed)) {
            std::memcpy(g_slots[i].path, path, length + 1);
            g_slots[i].state.store(kLive, std::memory_order_release);
            return i;
        }
    }
    return -1;
}

void TempFileRegistry::remove(int slot) noexcept {
    if (slot >= 0 && slot < kSlots)
        g_slots[slot].state.store(kFree, std::memory_order_release);
}

void TempFileRegistry::unlinkAll() noexcept {
    for (Slot& slot : g_slots)
        if (slot.state.load(std::memory_order_acquire) == kLive)
            ::unlink(slot.path);
}

void TempFileRegistry::installSignalCleanup() noexcept {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGXFSZ}) {
        struct sigaction current {};
        if (sigaction(sig, nullptr, &current) != 0 || current.sa_handler != SIG_DFL ||
            (current.sa_flags & SA_SIGINFO) != 0)
            continue;
        struct sigaction action {};
        action.sa_handler = unlinkAndDie;
        sigemptyset(&action.sa_mask);
        sigaction(sig, &action, nullptr);
    }
}

}  // namespace syncscope
