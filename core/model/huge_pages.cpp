#include "core/model/huge_pages.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace syncscope {

namespace {

#if defined(__linux__) && defined(MADV_HUGEPAGE)
constexpr bool kSupported = true;
#else
constexpr bool kSupported = false;
#endif

// -1: not decided yet (read the environment on first use), 0: off, 1: on.
std::atomic<int> g_state{-1};

bool offByEnvironment() {
    const char* value = std::getenv("SYNCSCOPE_NO_HUGEPAGES");
    // Set and not "0": "1", "yes", "" from `SYNCSCOPE_NO_HUGEPAGES= cmd` all mean off.
    return value != nullptr && std::strcmp(value, "0") != 0;
}

}  // namespace

bool HugePages::supported() {
    return kSupported;
}

bool HugePages::enabled() {
    int state = g_state.load(std::memory_order_relaxed);
    if (state < 0) {
        state = kSupported && !offByEnvironment() ? 1 : 0;
        g_state.store(state, std::memory_order_relaxed);
    }
    return state == 1;
}

void HugePages::useEnvironment() {
    g_state.store(-1, std::memory_order_relaxed);
}

void HugePages::setEnabled(bool on) {
    g_state.store(on && kSupported ? 1 : 0, std::memory_order_relaxed);
}

bool HugePages::advise([[maybe_unused]] const void* data, std::size_t bytes) {
    if (data == nullptr || bytes < kMinBytes || !enabled())
        return false;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Only whole aligned pages inside the buffer: advising beyond it would change the backing of
    // whatever the allocator keeps next to it.
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + kPageBytes - 1) & ~(std::uintptr_t{kPageBytes} - 1);
    const std::uintptr_t last = (begin + bytes) & ~(std::uintptr_t{kPageBytes} - 1);
    if (last <= first)
        return false;
    return madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE) == 0;
#else
    return false;
#endif
}

}  // namespace syncscope
