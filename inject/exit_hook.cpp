// libsyncscope_exit.so: `syncscope-cli record` preloads it into every process of the recorded
// program. _exit and _Exit skip atexit handlers (Python's os._exit, a forked worker's end), so the
// recorder would lose what it has not yet written. Before the real call this asks the recorder to
// finish its file, if the recorder is loaded in this process (the library named by
// SYNCSCOPE_INJECT_LIB, looked up without loading it). It needs neither CUDA nor the C++ runtime
// beyond what every program has.
#include <dlfcn.h>

#include <cstdlib>

namespace {

void stopRecorder() {
    const char* lib = std::getenv("SYNCSCOPE_INJECT_LIB");
    if (lib == nullptr || *lib == '\0')
        return;
    void* handle = dlopen(lib, RTLD_NOW | RTLD_NOLOAD);
    if (handle == nullptr)
        return;
    using Stop = void (*)();
    if (auto stop = reinterpret_cast<Stop>(dlsym(handle, "syncscope_record_stop")))
        stop();
    dlclose(handle);
}

using Exit = void (*)(int);

[[noreturn]] void callNext(const char* name, int status) {
    if (auto next = reinterpret_cast<Exit>(dlsym(RTLD_NEXT, name)))
        next(status);
    std::abort();  // no libc below us: cannot happen in a dynamically linked program
}

}  // namespace

extern "C" {

__attribute__((visibility("default"), noreturn)) void _exit(int status) {
    stopRecorder();
    callNext("_exit", status);
}

__attribute__((visibility("default"), noreturn)) void _Exit(int status) {
    stopRecorder();
    callNext("_Exit", status);
}
}
