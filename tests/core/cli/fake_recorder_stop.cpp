// Stands in for the injection library in the exit hook's test: its syncscope_record_stop leaves a
// file, so the test sees that the hook called it before _exit ended the process.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

extern "C" __attribute__((visibility("default"))) void syncscope_record_stop() {
    if (const char* path = std::getenv("SYNCSCOPE_FAKE_STOP_FILE")) {
        const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            close(fd);
    }
}
