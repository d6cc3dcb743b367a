#pragma once

#include <cstddef>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace syncscope {

// glibc keeps freed heap for reuse rather than giving it back. After a big trace's analysis that
// is hundreds of MB the window holds for nothing (issue 14: a 10 M-event open rested at 102-106
// B/event, 87 after a trim). The trim walks the heap, so it runs on a worker, after big work only.
inline constexpr std::size_t kReleaseHeapFromEvents = 1'000'000;

inline void releaseFreedHeap() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace syncscope
