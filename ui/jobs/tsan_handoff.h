#pragma once

// ThreadSanitizer sees the synchronisation it can instrument: std::mutex, atomics, and the code
// built with -fsanitize=thread. Qt's own locks (the thread pool's queue, the event queue a queued
// call goes through) are in a Qt built without it, so a value handed to a worker or posted back
// looks unsynchronised. These marks tell it about the two hand-overs the job tracker makes, the
// way the ThreadSanitizer manual suggests for a synchronisation it cannot see; without
// -fsanitize=thread they are nothing.
#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#define SYNCSCOPE_TSAN_RELEASE(addr) __tsan_release(addr)
#define SYNCSCOPE_TSAN_ACQUIRE(addr) __tsan_acquire(addr)
#else
#define SYNCSCOPE_TSAN_RELEASE(addr) ((void)(addr))
#define SYNCSCOPE_TSAN_ACQUIRE(addr) ((void)(addr))
#endif
