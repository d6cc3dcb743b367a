#pragma once

// What the benchmarks read of their own process from Linux's /proc/self/status.

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace syncscope::bench {

// Kilobytes of a /proc/self/status line ("VmRSS:", "VmHWM:"); -1 where there is none.
inline long statusKb(const char* key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::size_t n = std::strlen(key);
    while (std::getline(status, line))
        if (line.compare(0, n, key) == 0)
            return std::strtol(line.c_str() + n, nullptr, 10);
    return -1;
}

}  // namespace syncscope::bench
