#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/io/gzip_byte_source.h"

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
    // The inflated size the gzip data's trailer states (ISIZE: the last member's size modulo
    // 2^32), for sizing containers up front; 0 when `compressed_size` bytes ending in `tail`
    // cannot be gzip data that inflates to it (deflate inflates at most ~1032:1). Only a hint:
    // nothing is limited or trusted by it. Without it a .json.gz import grew its event list by
    // doubling, 5x the page faults of the plain file's (issue 14: gz first paint).
    static std::uint64_t inflatedSizeHint(std::string_view tail, std::uint64_t compressed_size);
    // The same for a file: its last four bytes (0 when it cannot be read).
    static std::uint64_t inflatedSizeHint(const std::string& path);
};

}  // namespace syncscope
