#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace syncscope {

// gzip (RFC 1952) in memory, with zlib. Used for `.gz` traces (ours and PyTorch's .json.gz).
class Gzip {
public:
    static bool looksCompressed(std::string_view data);  // the gzip magic bytes
    static bool compress(std::string_view data, std::string& out, std::string& error);
    // Concatenated members are joined. Refuses output beyond `max_bytes` (a zip bomb guard).
    static bool decompress(std::string_view data, std::string& out, std::string& error,
                           std::size_t max_bytes = std::size_t{4} << 30);
};

}  // namespace syncscope
