#pragma once

#include <string>
#include <string_view>

namespace syncscope {

// Writes a whole file so that readers see either the old file or the complete new one, never a
// half-written one: the data goes to a temporary file beside the target (same directory, so the
// same file system), is flushed to disk, then renamed over the target. When anything fails the
// temporary file is removed and an existing target is left untouched.
class AtomicFile {
public:
    // Returns false and says why (naming the path) in `error`.
    static bool write(const std::string& path, std::string_view data, std::string& error);
    // Reads a whole file. Returns false and says why in `error`.
    static bool read(const std::string& path, std::string& data, std::string& error);
};

}  // namespace syncscope
