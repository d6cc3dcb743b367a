#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/tracefile/gzip_byte_source.h"

namespace syncscope {

// gzip (RFC 1952) in memory, with zlib: the compressor for our `.gz` traces, and whole-buffer
// decompression through the one gzip reader (GzipByteSource), so that its limit and its error
// messages hold here too.
class Gzip {
public:
    static bool looksCompressed(std::string_view data);  // the gzip magic bytes
    static bool compress(std::string_view data, std::string& out, std::string& error);
    // Concatenated members are joined. Refuses output beyond `max_bytes` (a zip bomb guard).
    static bool decompress(std::string_view data, std::string& out, std::string& error,
                           std::uint64_t max_bytes = GzipByteSource::kMaxInflatedBytes);
};

}  // namespace syncscope
