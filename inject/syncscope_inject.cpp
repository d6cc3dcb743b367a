// The entry points CUDA and NVTX look up in an injection library (docs/recorder.md). Everything
// else in the library is hidden (-fvisibility=hidden), so it cannot clash with the program's own
// symbols.
#include <cupti.h>
#include <dlfcn.h>

#include "inject/program_recorder.h"

namespace {

// CUPTI's own NVTX entry point. Found in the CUPTI this library linked (whatever its soname
// version), by the address of one of its functions; RTLD_NEXT only where that fails, since a
// library that NVTX dlopen()ed may not see its dependencies through it.
using NvtxInit = int (*)(const void*);
NvtxInit cuptiNvtxInit() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&cuptiGetVersion), &info) != 0 && info.dli_fname != nullptr)
        if (void* cupti = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD))
            if (void* init = dlsym(cupti, "InitializeInjectionNvtx2"))
                return reinterpret_cast<NvtxInit>(init);
    return reinterpret_cast<NvtxInit>(dlsym(RTLD_NEXT, "InitializeInjectionNvtx2"));
}

}  // namespace

extern "C" {

// CUDA calls this from cuInit when CUDA_INJECTION64_PATH names this library; 1 = success.
__attribute__((visibility("default"))) int InitializeInjection() {
    syncscope::ProgramRecorder::instance().start();
    return 1;
}

// NVTX calls this on its first call when NVTX_INJECTION64_PATH names this library: start
// recording (NVTX ranges may come before any CUDA call) and hand NVTX to CUPTI, which turns the
// ranges into MARKER records.
__attribute__((visibility("default"))) int InitializeInjectionNvtx2(const void* get_export_table) {
    syncscope::ProgramRecorder::instance().start();
    const NvtxInit cupti = cuptiNvtxInit();
    return cupti != nullptr ? cupti(get_export_table) : 0;
}

// The exit hook (libsyncscope_exit.so, preloaded by the recorder) calls this before _exit, which
// skips atexit: os._exit in Python, a forked worker's exit.
__attribute__((visibility("default"))) void syncscope_record_stop() {
    syncscope::ProgramRecorder::instance().stop("_exit");
}
}
