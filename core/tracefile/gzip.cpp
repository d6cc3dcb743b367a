#include "core/tracefile/gzip.h"

#include <zlib.h>

#include <algorithm>
#include <limits>

#include "core/tracefile/byte_source.h"

namespace syncscope {

namespace {
constexpr int kGzipWindow = 15 + 16;  // max window, gzip wrapper
constexpr std::size_t kChunk = 1 << 20;
constexpr uInt kMaxIn = std::numeric_limits<uInt>::max() / 2;
}  // namespace

bool Gzip::looksCompressed(std::string_view data) {
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
           static_cast<unsigned char>(data[1]) == 0x8b;
}

bool Gzip::compress(std::string_view data, std::string& out, std::string& error) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        error = "cannot start gzip compression";
        return false;
    }
    out.clear();
    std::size_t offset = 0;
    int rc = Z_OK;
    do {
        const std::size_t in = std::min<std::size_t>(data.size() - offset, kMaxIn);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + offset));
        z.avail_in = static_cast<uInt>(in);
        offset += in;
        const int flush = offset == data.size() ? Z_FINISH : Z_NO_FLUSH;
        do {
            const std::size_t size = out.size();
            out.resize(size + kChunk);
            z.next_out = reinterpret_cast<Bytef*>(out.data() + size);
            z.avail_out = static_cast<uInt>(kChunk);
            rc = deflate(&z, flush);
            out.resize(size + kChunk - z.avail_out);
        } while (z.avail_out == 0 && rc != Z_STREAM_END);
    } while (offset < data.size() && rc == Z_OK);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        error = "gzip compression failed";
        return false;
    }
    return true;
}

bool Gzip::decompress(std::string_view data, std::string& out, std::string& error,
                      std::uint64_t max_bytes) {
    MemoryByteSource compressed(data);
    GzipByteSource inflated(compressed, max_bytes);
    out.clear();
    for (;;) {
        const std::size_t size = out.size();
        out.resize(size + kChunk);
        const std::size_t got = inflated.read(out.data() + size, kChunk);
        out.resize(size + got);
        if (got == 0)
            break;
    }
    if (!inflated.error().empty()) {
        error = inflated.error();
        out.clear();
        return false;
    }
    return true;
}

}  // namespace syncscope
