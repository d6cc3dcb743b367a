#pragma once

#include <exception>

namespace syncscope {

// The last line of defence of every entry point (README, "Errors and exit status"): no exception
// may end a process with an abort. Loaders and engines report running out of memory themselves;
// what still escapes (an analysis of a huge trace, a worker thread) ends the process with the
// documented "out of memory" message and exit status instead of `terminate called ...
// std::bad_alloc` and 134.
class ProcessGuard {
public:
    // bad_alloc and length_error: "PROGRAM: out of memory", the status of bad input (the input was
    // too large for this machine).
    static constexpr int kOutOfMemoryExit = 2;
    // Any other exception that reaches the top is a bug: "PROGRAM: internal error: WHAT".
    static constexpr int kInternalErrorExit = 70;  // EX_SOFTWARE

    // Call first thing in main(): installs the temporary-file cleanup on signals and a terminate
    // handler that reports an escaped exception (from any thread) as above, removes the temporary
    // files being written, and exits. `program` must outlive the process (a string literal).
    static void install(const char* program) noexcept;

    // In a catch (...) at the top of an entry point: prints what the exception means and returns
    // the exit status. Allocates nothing, so it works while memory is exhausted.
    static int report(const std::exception_ptr& error) noexcept;
    // The same, then removes the temporary files being written and exits at once.
    [[noreturn]] static void exitFor(const std::exception_ptr& error) noexcept;

    // Lets tests force an exception where no input can force one deterministically: when the
    // environment variable SYNCSCOPE_TEST_THROW is `SITE` (bad_alloc) or `SITE:length_error`,
    // throws it. Sites: "command" (the CLI, inside a command), "main" and "event" (the window's
    // process, before the event loop and inside an event handler).
    static void testHook(const char* site);
};

}  // namespace syncscope
