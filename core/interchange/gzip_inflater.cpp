#include "core/interchange/gzip_inflater.h"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace syncscope {

bool GzipInflater::looksLikeGzip(std::string_view bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

InflateResult GzipInflater::inflate(std::string_view compressed, std::uint64_t max_bytes, std::size_t padding) {
    InflateResult result;
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 16) != Z_OK) {
        result.error = "cannot initialise zlib";
        return result;
    }
    // Guess ~6x (JSON compresses well); grow geometrically.
    std::size_t capacity = std::min<std::uint64_t>(max_bytes, std::max<std::size_t>(compressed.size() * 6, 4096));
    result.data.resize(capacity);
    std::size_t produced = 0;
    std::size_t consumed = 0;
    while (true) {
        if (produced == result.data.size()) {
            if (produced >= max_bytes) {
                result.error = "inflates to more than " + std::to_string(max_bytes) + " bytes";
                break;
            }
            const std::uint64_t grown = std::min<std::uint64_t>(max_bytes, std::uint64_t{produced} * 2);
            result.data.resize(static_cast<std::size_t>(grown));
        }
        const std::size_t in_chunk = std::min<std::size_t>(compressed.size() - consumed, std::numeric_limits<uInt>::max());
        const std::size_t out_chunk = std::min<std::size_t>(result.data.size() - produced, std::numeric_limits<uInt>::max());
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + consumed));
        zs.avail_in = static_cast<uInt>(in_chunk);
        zs.next_out = reinterpret_cast<Bytef*>(result.data.data() + produced);
        zs.avail_out = static_cast<uInt>(out_chunk);
        const int rc = ::inflate(&zs, Z_NO_FLUSH);
        consumed += in_chunk - zs.avail_in;
        produced += out_chunk - zs.avail_out;
        if (rc == Z_STREAM_END) {
            // Concatenated members: go on while more bytes follow (trailing zeros are tolerated).
            const auto rest = compressed.substr(consumed);
            if (rest.find_first_not_of('\0') == std::string_view::npos) break;
            if (!looksLikeGzip(rest)) {
                result.error = "unexpected bytes after the gzip data at compressed byte " + std::to_string(consumed);
                break;
            }
            inflateReset(&zs);
            continue;
        }
        const bool stalled = in_chunk == zs.avail_in && out_chunk == zs.avail_out && out_chunk > 0;
        if ((rc == Z_BUF_ERROR || stalled) && consumed == compressed.size()) {
            result.error = "truncated gzip data (ends at compressed byte " + std::to_string(consumed) + ")";
            break;
        }
        if ((rc != Z_OK && rc != Z_BUF_ERROR) || stalled) {
            result.error = std::string("bad gzip data at compressed byte ") + std::to_string(consumed) + ": " +
                           (zs.msg != nullptr ? zs.msg : "inflate failed");
            break;
        }
    }
    inflateEnd(&zs);
    result.data.resize(produced);
    result.data.reserve(produced + padding);
    return result;
}

}  // namespace syncscope
