#pragma once

#include <string>
#include <string_view>

namespace syncscope {

// Writes a whole file so that readers see either the old file or the complete new one, never a
// half-written one. The same writer as the streamed one (AtomicFileWriter, which says how), for
// data already in memory: when anything fails the temporary file is removed and an existing target
// is left untouched.
class AtomicFile {
public:
    // Returns false and says why (naming the path) in `error`.
    static bool write(const std::string& path, std::string_view data, std::string& error);
    // Reads a whole regular file (RegularFile: never a FIFO or a device). Returns false and says
    // why in `error`.
    static bool read(const std::string& path, std::string& data, std::string& error);
};

}  // namespace syncscope
