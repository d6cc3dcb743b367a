#pragma once

#include <cstddef>
#include <vector>

namespace syncscope {

// Transparent huge pages for the few big buffers of a run (the trace's events and flows, the live
// deltas). First touching a 4 KiB page costs ~15 µs on small VMs, so filling a 160 MB event vector
// page by page spent most of a simulated run in page faults; one 2 MiB page per fault is 512 times
// fewer. Linux only: elsewhere, or where the kernel has no THP, advise() does nothing and the
// buffers keep ordinary pages. Nothing here changes what a buffer holds, only how it is backed.
//
// SYNCSCOPE_NO_HUGEPAGES=1 in the environment turns it off (to measure the difference); benches
// and tests may also switch it with setEnabled().
class HugePages {
public:
    static constexpr std::size_t kPageBytes = std::size_t{2} << 20;
    // Smaller buffers are left alone: they hold no whole aligned huge page worth asking for.
    static constexpr std::size_t kMinBytes = 2 * kPageBytes;

    // Whether advise() asks the OS at all: the platform supports it and it was not turned off.
    static bool enabled();
    static void setEnabled(bool on);
    // Forgets setEnabled() and reads SYNCSCOPE_NO_HUGEPAGES again (done once on first use anyway).
    static void useEnvironment();
    // Whether this build can ask at all (Linux with MADV_HUGEPAGE).
    static bool supported();

    // Asks the OS to back the whole aligned huge pages inside [data, data + bytes) with huge pages
    // (madvise(MADV_HUGEPAGE)); pages already touched keep what they have. Returns whether the OS
    // accepted the advice; false when disabled, unsupported, or the range holds no whole page.
    static bool advise(const void* data, std::size_t bytes);

    // vector.reserve(count), then advise() on its whole capacity: for a vector about to be filled.
    template <class T>
    static bool reserve(std::vector<T>& vector, std::size_t count) {
        vector.reserve(count);
        return advise(vector.data(), vector.capacity() * sizeof(T));
    }
};

}  // namespace syncscope
