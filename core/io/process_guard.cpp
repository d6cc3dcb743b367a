#include "core/io/process_guard.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "core/io/temp_file_registry.h"

namespace syncscope {

namespace {

const char* g_program = "syncscope";

// write(2) rather than iostreams: no allocation, no locale, and safe after a failed allocation.
void say(const char* text) noexcept {
    std::size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, left);
        if (n <= 0)
            return;
        text += n;
        left -= static_cast<std::size_t>(n);
    }
}

[[noreturn]] void onTerminate() noexcept {
    // std::terminate also runs for reasons without an exception (a noexcept violation has one;
    // a joinable std::thread destroyed does not): then there is nothing to report but the abort.
    const std::exception_ptr error = std::current_exception();
    if (!error) {
        say(g_program);
        say(": terminated\n");
        TempFileRegistry::unlinkAll();
        std::abort();
    }
    ProcessGuard::exitFor(error);
}

}  // namespace

void ProcessGuard::install(const char* program) noexcept {
    g_program = program;
    TempFileRegistry::installSignalCleanup();
    std::set_terminate(onTerminate);
}

int ProcessGuard::report(const std::exception_ptr& error) noexcept {
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        say(g_program);
        say(": out of memory\n");
        return kOutOfMemoryExit;
    } catch (const std::length_error&) {
        // A container asked for more than it can ever hold: a size taken from the input.
        say(g_program);
        say(": out of memory (a size read from the input is too large)\n");
        return kOutOfMemoryExit;
    } catch (const std::exception& e) {
        say(g_program);
        say(": internal error: ");
        say(e.what());
        say("\n");
        return kInternalErrorExit;
    } catch (...) {
        say(g_program);
        say(": internal error: an unknown exception\n");
        return kInternalErrorExit;
    }
}

void ProcessGuard::exitFor(const std::exception_ptr& error) noexcept {
    const int status = report(error);
    TempFileRegistry::unlinkAll();
    // _Exit: the other threads may still hold the heap's or stdio's locks.
    std::_Exit(status);
}

void ProcessGuard::testHook(const char* site) {
    const char* wanted = std::getenv("SYNCSCOPE_TEST_THROW");
    if (wanted == nullptr)
        return;
    const std::size_t n = std::strlen(site);
    if (std::strncmp(wanted, site, n) != 0)
        return;
    if (wanted[n] == '\0')
        throw std::bad_alloc();
    if (std::strcmp(wanted + n, ":length_error") == 0)
        throw std::length_error("forced by SYNCSCOPE_TEST_THROW");
}

}  // namespace syncscope
