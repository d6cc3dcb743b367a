#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace syncscope {

// Inflates a gzip file held in memory (all members, as gzip -d does). On failure `error` says what
// and at which compressed byte; the output is then incomplete.
struct InflateResult {
    std::string data;  // has at least `padding` bytes of spare capacity, for simdjson
    std::string error;
};

class GzipInflater {
public:
    static bool looksLikeGzip(std::string_view bytes);
    static InflateResult inflate(std::string_view compressed, std::uint64_t max_bytes, std::size_t padding);
};

}  // namespace syncscope
