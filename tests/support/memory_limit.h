#pragma once

// Hostile-input suites call limitAddressSpace() first thing in initTestCase(): a blow-up then
// fails the test (bad_alloc, an error result, or a killed child process) instead of taking the
// machine down. The limit is inherited by child processes (the CLI suites run syncscope-cli).
//
// Sanitizer builds reserve terabytes of shadow memory up front, so there the limit is skipped and
// the suite says so; those builds still catch the blow-up, just not by address space.

#include <sys/resource.h>

#include <QtGlobal>
#include <cstdint>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
#define SYNCSCOPE_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SYNCSCOPE_TEST_SANITIZED 1
#endif

namespace syncscope::test {

// Default: room for Qt, the test's own data and a 4-thread simdjson parse, far below the
// gigabytes the hostile inputs would take without their bounds.
inline constexpr std::uint64_t kHostileInputAddressSpace = std::uint64_t{3} << 30;

// True when the limit is in force.
inline bool limitAddressSpace(std::uint64_t bytes = kHostileInputAddressSpace) {
#if defined(SYNCSCOPE_TEST_SANITIZED)
    Q_UNUSED(bytes);
    qInfo("memory limit skipped: sanitizers reserve more address space than any sane limit");
    return false;
#else
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0)
        return false;
    // Never raise a limit someone already set lower (ulimit -v in the CTest command).
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= bytes)
        return true;
    limit.rlim_cur = static_cast<rlim_t>(bytes);
    if (setrlimit(RLIMIT_AS, &limit) != 0) {
        qWarning("memory limit not set: setrlimit(RLIMIT_AS) failed");
        return false;
    }
    qInfo("address space limited to %llu MiB", static_cast<unsigned long long>(bytes >> 20));
    return true;
#endif
}

}  // namespace syncscope::test
